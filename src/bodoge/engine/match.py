"""The one way to drive a game: a `Match` holds the state and the log of decisions.

The terminal, the simulator, the random playouts, replays, the server and the research
environments all go through it, so every layer gets the same checks, records and undo. It does no
I/O: callers store what it returns.

- `apply(seat, action, expected_ply)`: one decision, as its action number or notation. A ply other
  than the current one is refused as stale (someone else moved first).
- `prompt(seat)`: everything a seat needs to decide: its view, the ply, the pending seats, every
  legal action with its number, notation and words in English and Japanese, and whether it may
  undo now.
- `events_for(seat, since_ply)`: what happened since a ply, as that seat may know it (a private
  event in its public shape for the others, see `bodoge.engine.events`).
- `record()` / `Match.from_record(text)`: the game record file (`bodoge.engine.record`).
- `undo(seat)`, by Board Game Arena's policy: a seat may take back its own decisions of its
  current turn while no other seat has decided since, no chance was drawn and nothing hidden was
  made known to anyone. A decision that ends the seat's turn (it is no longer pending), draws from
  the state's generator, or has an event the game's catalogue marks as revealing, closes the turn.

`ply` counts the log's entries, undos included, so it only grows: a client's expected ply from
before an undo is stale after it. The state's own `ply` counts the decisions in effect (the games'
rules and state checks rely on it), so the two differ once something was undone; a prompt's `ply`
is the match's.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, NamedTuple

from bodoge.engine.errors import GameOver, IllegalAction, StaleMove, UndoRefused
from bodoge.engine.events import Event, default_seat_name, visible_events
from bodoge.engine.game import GameSpec
from bodoge.engine.registry import get_spec, spec_of
from bodoge.engine.result import Result
from bodoge.engine.state import State

LANGS = ("en", "ja")
UNDO = "undo"  # the notation of an undo in the log and the record


class Decision(NamedTuple):
    """One entry of the log: a decision, or an undo (`action` None). (A named tuple: one is
    made per decision, also in simulations.)"""

    ply: int  # the match's ply after this entry: 1 for the first
    seat: int
    action: int | None
    by: str | None  # who decided for the seat when not its own player ("bot:normal")
    events: list[Event]  # in full, secrets included: pass them through `events_for`
    closes_turn: bool  # no undo across it (chance, a reveal, the end of the seat's turn)


class Match:
    """A game in progress (or finished) with its log of decisions."""

    def __init__(
        self,
        game: str | GameSpec[Any] | type[State],
        players: int,
        options: Mapping[str, Any] | None = None,
        seed: int | None = None,
        *,
        names: list[str] | None = None,
        tags: Mapping[str, str] | None = None,
    ) -> None:
        spec = get_spec(game) if isinstance(game, str) else spec_of(game)
        self._begin(spec.rules.new(players, options, seed), names, tags, True, spec)

    @classmethod
    def from_state(
        cls,
        state: State,
        *,
        names: list[str] | None = None,
        tags: Mapping[str, str] | None = None,
    ) -> Match:
        """A match that goes on from a position (a hand-written state, a puzzle). The match drives
        `state` itself, so the caller sees it change; its record carries the starting state."""
        match = cls.__new__(cls)
        match._begin(state, names, tags, False, spec_of(state))
        return match

    def _begin(
        self,
        state: State,
        names: list[str] | None,
        tags: Mapping[str, str] | None,
        from_seed: bool,
        spec: GameSpec[Any],
    ) -> None:
        if names is not None and len(names) != state.players:
            raise IllegalAction(f"{len(names)} names for {state.players} seats")
        from bodoge.engine.record import check_tags

        check_tags(tags or {})
        self.state = state
        self.game: type[State] = type(state)
        self.spec = spec  # the game's words, drawing and the rest (`bodoge.engine.game`)
        self.names = list(names) if names is not None else None
        self.tags = dict(tags or {})
        self.from_seed = from_seed
        self._start = state.clone()
        self._start_ply = state.ply
        self.log: list[Decision] = []
        self._open: list[int] = []  # log indices of the decisions that may still be undone

    def clone(self) -> Match:
        """An independent copy that goes on separately (tree searches, OpenSpiel's clones).
        The log's entries are shared: they are never changed once written."""
        other = Match.__new__(Match)
        other.state = self.state.clone()
        other.game = self.game
        other.spec = self.spec
        other.names = list(self.names) if self.names is not None else None
        other.tags = dict(self.tags)
        other.from_seed = self.from_seed
        other._start = self._start  # never changed: `start` and undo work on clones of it
        other._start_ply = self._start_ply
        other.log = list(self.log)
        other._open = list(self._open)
        return other

    # ---- what a match is ----------------------------------------------------------------

    @property
    def ply(self) -> int:
        return self._start_ply + len(self.log)

    @property
    def players(self) -> int:
        return self.state.players

    @property
    def options(self) -> dict[str, Any]:
        return dict(self.state.options)

    @property
    def seed(self) -> int:
        return self.state.seed

    @property
    def start_ply(self) -> int:
        """The ply the match started at (0 from a seed; a position's own ply otherwise)."""
        return self._start_ply

    @property
    def start(self) -> State:
        """A copy of the position the match started from."""
        return self._start.clone()

    def is_over(self) -> bool:
        return self.state.is_over()

    def pending(self) -> list[int]:
        return self.state.pending()

    def result(self) -> Result | None:
        return self.state.result()

    def notation(self, entry: Decision) -> str:
        """An entry's action notation, or "undo" (notations do not depend on the position)."""
        return UNDO if entry.action is None else self.state.action_text(entry.action)

    def decisions(self) -> list[Decision]:
        """The decisions in effect: the log without undos and what they took back."""
        kept: list[Decision] = []
        for entry in self.log:
            if entry.action is None:
                kept.pop()
            else:
                kept.append(entry)
        return kept

    # ---- deciding -----------------------------------------------------------------------

    def read_action(self, action: int | str) -> int:
        """An action number, or the number a typed notation names."""
        if isinstance(action, str):
            return self.state.parse_action(action)
        if type(action) is not int:  # True is no action
            raise IllegalAction(f"an action is a number or a notation, not {action!r:.40}")
        return action

    def apply(
        self,
        seat: int,
        action: int | str,
        expected_ply: int | None = None,
        by: str | None = None,
    ) -> list[Event]:
        """Apply one decision and return its events in full (for the caller's own use: what a
        seat may see comes from `events_for`). Nothing changes when it is refused."""
        self._check_turn(expected_ply)
        number = self.read_action(action)
        state = self.state
        chance = state.rng.state
        events = state.apply(seat, number)
        closes = (
            state.rng.state != chance
            or seat not in state.pending()
            or self.spec.event_catalog.reveals(events)
        )
        if self._open and self.log[self._open[-1]].seat != seat:
            self._open.clear()  # another seat has decided since
        index = len(self.log)
        self.log.append(Decision(self.ply + 1, seat, number, by, events, closes))
        if closes:
            self._open.clear()
        else:
            self._open.append(index)
        return events

    def play_out(
        self,
        choose: Callable[[State, int], int],
        max_decisions: int = 1_000_000,
        on_step: Callable[[int, int, list[Event]], None] | None = None,
        by: Callable[[int], str | None] | None = None,
    ) -> int:
        """Let `choose(state, seat)` decide every decision until the game ends (the first pending
        seat acts first where several are pending); `on_step(seat, action, events)` sees each
        one. Returns the number of decisions; RuntimeError if the game has not ended within
        `max_decisions` (a bug in a game, not bad input)."""
        state = self.state
        decisions = 0
        while not state.is_over():
            if decisions >= max_decisions:
                raise RuntimeError(f"{state.info.id} did not end within {max_decisions} decisions")
            seat = state.pending()[0]
            action = choose(state, seat)
            events = self.apply(seat, action, by=by(seat) if by is not None else None)
            decisions += 1
            if on_step is not None:
                on_step(seat, action, events)
            state = self.state
        return decisions

    def _check_turn(self, expected_ply: int | None) -> None:
        if self.state.is_over():
            raise GameOver("the game is over", ja="ゲームは終了しています")
        if expected_ply is not None and expected_ply != self.ply:
            raise StaleMove(
                f"the game is at ply {self.ply}, not {expected_ply!r:.20}: someone moved first",
                ja=f"局面は手数{self.ply}に進んでいます（送られた手数：{expected_ply!r:.20}）",
            )

    def can_undo(self, seat: int | None) -> bool:
        return (
            seat is not None
            and bool(self._open)
            and self.log[self._open[-1]].seat == seat
            and not self.state.is_over()
        )

    def undo(self, seat: int, expected_ply: int | None = None) -> list[Event]:
        """Take back `seat`'s last decision, if the undo policy allows it now."""
        self._check_turn(expected_ply)
        if not self.can_undo(seat):
            raise UndoRefused(
                f"seat {seat} cannot undo now: only its own decisions of this turn, before "
                "anything was drawn or revealed and before another seat decided",
                ja=f"席{seat}は今は取り消せません（取り消せるのは、この手番の自分の決定で、"
                "何も引かれず公開されず、他の席が決定する前のものだけです）",
            )
        undone = self.log[self._open.pop()]
        kept = self.decisions()[:-1]
        state = self._start.clone()
        for entry in kept:
            assert entry.action is not None
            state.apply(entry.seat, entry.action)
        self.state = state
        events: list[Event] = [{"type": "undo", "seat": seat, "undone": undone.ply}]
        self.log.append(Decision(self.ply + 1, seat, None, None, events, False))
        return events

    # ---- what a seat may know -----------------------------------------------------------

    def prompt(self, seat: int | None) -> dict[str, Any]:
        """What `seat` (None: a spectator) needs to decide now, JSON-ready."""
        state, spec = self.state, self.spec
        view = state.view(seat)
        legal = state.legal_actions(seat) if seat is not None else []
        actions = [
            {
                "index": index,
                "id": action,
                "notation": state.action_text(action),
                "label": {lang: spec.action_label(state, action, lang, seat) for lang in LANGS},
            }
            for index, action in enumerate(legal)
        ]
        result = view["result"]
        if result is not None:  # with the words a client shows the game's breakdown in
            result = {**result, **spec.result_words(state)}
        return {
            "game": state.info.id,
            "ply": self.ply,
            "seat": seat,
            "pending": state.pending(),
            "over": state.is_over(),
            "result": result,
            "view": view,
            "actions": actions,
            "can_undo": self.can_undo(seat),
        }

    def events_for(
        self,
        seat: int | None,
        since_ply: int = 0,
        *,
        texts: bool = False,
        names: Mapping[str, Sequence[str]] | None = None,
    ) -> list[dict[str, Any]]:
        """The entries after `since_ply`, each `{"ply", "seat", "by", "events"}` with the events as
        `seat` may know them. Which seat decided is public; a decision's action is not (a sealed
        bid), only its events say what may be known. With `texts`, each entry also has `"text":
        {"en": [...], "ja": [...]}`, the sentences of those events (`texts_of`)."""
        first = self._first_index_after(since_ply)
        entries = []
        for entry in self.log[first:]:
            shown = visible_events(entry.events, seat)
            found: dict[str, Any] = {
                "ply": entry.ply,
                "seat": entry.seat,
                "by": entry.by,
                "events": shown,
            }
            if texts:
                found["text"] = self.texts_of(shown, seat, names)
            entries.append(found)
        return entries

    def texts_of(
        self,
        events: list[Event],
        viewer: int | None,
        names: Mapping[str, Sequence[str]] | None = None,
    ) -> dict[str, list[str]]:
        """One sentence per event in each language, for events as `viewer` received them (pass
        them through `events_for` first: the words are built from what they hold, nothing else).
        `names` gives the seats' display names per language (default: the match's `names`, or
        "seat 2"); the viewer's own seat is "you"."""
        texts: dict[str, list[str]] = {}
        for lang in LANGS:
            seat_names = names.get(lang) if names is not None else self.names
            listed = list(seat_names) if seat_names is not None else None
            texts[lang] = [
                self.spec.describe_event(self.state, event, lang, viewer, listed)
                for event in events
            ]
        return texts

    def _first_index_after(self, ply: int) -> int:
        # Entries have plies start+1, start+2, ... in order.
        return max(0, min(len(self.log), ply - self._start_ply))

    def describe(self, event: Event, lang: str = "en", viewer: int | None = None) -> str:
        """One sentence for an event as `viewer` received it, with the match's seat names."""
        return self.spec.describe_event(self.state, event, lang, viewer, self.names)

    def seat_name(self, seat: int, lang: str = "en") -> str:
        if self.names is not None:
            return self.names[seat]
        return default_seat_name(seat, lang)

    # ---- records ------------------------------------------------------------------------

    def record(self) -> str:
        """The game record file: tags, then every entry of the log (see bodoge.engine.record)."""
        from bodoge.engine.record import write_record

        return write_record(self)

    @classmethod
    def from_record(cls, text: str) -> Match:
        """The match a record file describes, replayed entry by entry (and checked)."""
        from bodoge.engine.record import read_record

        return read_record(text)
