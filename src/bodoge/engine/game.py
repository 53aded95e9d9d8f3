"""`GameSpec`: everything the engine and the upper layers know about one game.

A game package's `__init__.py` defines `GAME = GameSpec(rules=TheState, ...)` (or `GAMES = (...)`
for a family of games); the registry (`bodoge.engine.registry`) finds it. The state class keeps the
rules and its JSON; the spec points at the game's other modules: its words, its terminal drawing,
its observer, its public content, its bot's judgement, its OpenSpiel lengths, its rules page and
whether the compiled build compiles it. `Match`, the bots, the simulator, the environments, the
server and the command line ask the spec, never the state, for these.

Each field that is a function is called with positional arguments in the order its type names
(`spec.render(state, seat, lang)`); every field but `rules` has a default that fits a game
without that part, so a tiny game is `GameSpec(rules=TinyState)`.

The search's inner loops (`State.playout_action`, `search_actions`, `playout`, `skip_forced`,
`determinize`) stay methods of the state: they run for every simulated move, and a game's compiled
playout loop calls them natively.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, Generic, TypeVar

from bodoge.engine.events import Event, EventCatalog, default_seat_name, engine_catalog
from bodoge.engine.observe import Observer
from bodoge.engine.state import GameInfo, State
from bodoge.engine.variants import VariantKit

S = TypeVar("S", bound=State)

# (state, kind, value, lang, event, viewer, names) -> the game's word for a value of one of its own
# event field kinds ("animal", "unit") as `viewer` reads it, or None for a kind it does not know.
EventWord = Callable[[S, str, Any, str, Event, "int | None", "list[str] | None"], "str | None"]
# (state, action, lang, seat) -> what the action does, in words, for the deciding seat.
ActionLabel = Callable[[S, int, str, "int | None"], str]
# (state, lang, names) -> who won and why, a line or a few ("you" is in the caller's `names`).
ResultLines = Callable[[S, str, "list[str] | None"], list[str]]
# (state) -> words for the result's `detail`: {"labels", "values", "seats"} (see `no_result_words`).
ResultWords = Callable[[S], dict[str, Any]]
# (lang) -> what a player types in this game, for the terminal's `?`.
GameHelp = Callable[[str], str]
# (state, seat, lang) -> the terminal's text of the table as `seat` (None: a spectator) may see it.
Render = Callable[[S, "int | None", str], str]
# (players, options) -> the fixed-size numeric encoding of a seat's view, or None for none yet.
ObserverFactory = Callable[[int, Mapping[str, Any]], "Observer | None"]
# (players, options) -> JSON-ready components every seat may know, fixed for the whole game.
PublicContent = Callable[[int, Mapping[str, Any]], dict[str, Any]]
# (state, seat) -> how good the position looks for `seat` from what it may know; higher is better.
Heuristic = Callable[[S, int], float]
# (finished state) -> a game's own figures for balance runs: {"stones": {name: outcome}} counted
# per name and outcome, {"groups": {kind: [value per seat]}} win rates per value (faction).
BalanceDetail = Callable[[S], dict[str, Any]]


def no_event_word(
    state: State, kind: str, value: Any, lang: str, event: Event, viewer: int | None,
    names: list[str] | None,
) -> str | None:  # fmt: skip
    """A game without field kinds of its own: the engine's kinds (seats, numbers) only."""
    return None


def notation_label(state: State, action: int, lang: str, seat: int | None) -> str:
    """An action's words where a game has none: its notation."""
    return state.action_text(action)


def score_lines(state: State, lang: str, names: list[str] | None) -> list[str]:
    """The winners and every seat's score, for a game without reasons of its own."""
    result = state.result()
    if result is None:
        return []
    label = (lambda s: names[s]) if names else (lambda s: default_seat_name(s, lang))
    scores = ", ".join(f"{label(s)} {score:g}" for s, score in enumerate(result.scores))
    winners = ("、" if lang == "ja" else ", ").join(label(s) for s in result.winners)
    if lang == "ja":
        return [f"勝者：{winners or 'なし'}", f"得点：{scores}"]
    return [f"winner: {winners or 'nobody'}", f"scores: {scores}"]


def no_result_words(state: State) -> dict[str, Any]:
    """Words for the keys and values of the result's `detail`, for a client that shows it
    (JSON-ready, in English and Japanese): `labels` {key: {"en", "ja"}} names each detail key
    ("{n}" in a label numbers the rows of a list of per-seat lists: "Game {n}"), `values`
    {key: {value: {"en", "ja"}}} names the values that are keys or codes, `seats` lists the keys
    whose value is a seat (-1 or null: nobody), and `outcome` {"en", "ja"}, where a game has one,
    is a sentence for an end the winners alone do not tell (Monster Hex: the shared faction won,
    so no player did). Empty: a game without a detail."""
    return {}


def notation_help(lang: str) -> str:
    """The terminal's `?` for a game without help of its own."""
    if lang == "ja":
        return "アクションの表記か番号を入力してください。"
    return "Type an action's notation or its number."


def json_render(state: State, seat: int | None, lang: str) -> str:
    """The terminal's table for a game without a drawing: the seat's view as JSON."""
    return json.dumps(state.view(seat), ensure_ascii=False, indent=2)


def no_observer(players: int, options: Mapping[str, Any]) -> Observer | None:
    """A game without an observer: no learning environments."""
    return None


def no_public_content(players: int, options: Mapping[str, Any]) -> dict[str, Any]:
    """A game whose views name everything a client draws."""
    return {}


def no_balance_detail(state: State) -> dict[str, Any]:
    """A game without figures of its own beyond wins, scores and lengths."""
    return {}


def result_heuristic(state: State, seat: int) -> float:
    """A game without judgement of its own: 1 for a finished game `seat` won, else 0."""
    result = state.result()
    if result is None:
        return 0.0
    return 1.0 if seat in result.winners else 0.0


@dataclass(frozen=True)
class RulesPage:
    """Where the rules page of a game is (served at `GET /api/games/{game}/rules`).

    `file` is a Markdown page in `docs/games/` (shipped as `bodoge/server/rules_pages/`), or in
    `package` for a game outside bodoge. A page holds more than the rules, so each language's page
    takes only the sections named here by their heading paths, from the page's top section down
    joined by " / " ("English / The card set [bodoge]")."""

    file: str
    en: tuple[str, ...]  # heading paths of the English page
    ja: tuple[str, ...]  # heading paths of the Japanese page
    intro: bool = False  # the text before the first section (English) opens the English page
    mixed: tuple[str, ...] = ()  # bilingual sections: split by paragraph, in both pages
    package: str | None = None  # the package holding `file`; None: bodoge's docs/games


@dataclass(frozen=True)
class GameSpec(Generic[S]):
    """One game: its rules class and what the engine and the upper layers ask about it.

    Every function field is called positionally in the order its type names; the defaults fit a
    game without that part (see the module's functions of the same job)."""

    rules: type[S]  # the State subclass: rules, notation, views, JSON
    # Every event type with its fields, secrets and words (`EventCatalog.load(package)`).
    event_catalog: EventCatalog = field(default_factory=engine_catalog)
    event_word: EventWord[S] = no_event_word  # (state, kind, value, lang, event, viewer, names)
    action_label: ActionLabel[S] = notation_label  # (state, action, lang, seat)
    describe_result: ResultLines[S] = score_lines  # (state, lang, names)
    result_words: ResultWords[S] = no_result_words  # (state)
    game_help: GameHelp = notation_help  # (lang)
    render: Render[S] = json_render  # (state, seat, lang)
    observer: ObserverFactory = no_observer  # (players, options)
    public_content: PublicContent = no_public_content  # (players, options)
    heuristic: Heuristic[S] = result_heuristic  # (state, seat): the greedy bot, search priors
    # OpenSpiel's lengths per player count: (longest of many random games, the bound stated to
    # OpenSpiel), printed by benchmarks/game_lengths.py; a count without one is not registered.
    lengths: Mapping[int, tuple[int, int]] = field(default_factory=dict)
    rules_page: RulesPage | None = None  # None: the server has no rules page for it
    compiled: bool = False  # the compiled build (BODOGE_COMPILE=1) compiles the game's package
    variants: VariantKit | None = None  # content as data (the studio); None: built-in only
    balance_detail: BalanceDetail[S] = no_balance_detail  # (finished state)

    @property
    def info(self) -> GameInfo:
        return self.rules.info

    @property
    def id(self) -> str:
        return self.rules.info.id

    def describe_event(
        self, state: S, event: Event, lang: str = "en", viewer: int | None = None,
        names: list[str] | None = None,
    ) -> str:  # fmt: skip
        """One sentence for an event as `viewer` received it (see `bodoge.engine.events`)."""
        word = self.event_word

        def words(
            kind: str, value: Any, lang: str, event: Event, viewer: int | None,
            names: list[str] | None,
        ) -> str | None:  # fmt: skip
            return word(state, kind, value, lang, event, viewer, names)

        return self.event_catalog.describe(event, lang, viewer, names, words)
