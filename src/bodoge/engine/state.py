"""The game protocol: every game's rules are a `State` subclass, named by its `GameSpec`.

A turn is a sequence of small decisions. Each decision is an integer from a fixed action space
(`num_actions`), with a canonical text notation (`action_text` / `parse_action`), so bots and RL
code see stable indices and people see readable words. `apply` validates, changes the state and
returns events. All chance comes from `self.rng`, so (game, options, seed, actions) replays.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, ClassVar, TypeVar

from bodoge.engine.errors import GameOver, IllegalAction, InvalidOptions, InvalidState, WrongSeat
from bodoge.engine.events import Event
from bodoge.engine.native import mypyc_attr
from bodoge.engine.notation import normalize_action
from bodoge.engine.options import OptionSpec, resolve_options, shown_options
from bodoge.engine.result import Result
from bodoge.engine.rng import Rng, fresh_seed

S = TypeVar("S", bound="State")
JSON_FORMAT = 1
SEED_LIMIT = 1 << 64  # seeds and generator states are 64-bit: a larger one would be cut silently
PLY_LIMIT = 1 << 31  # far beyond any game's length; keeps a hand-written ply sane


@dataclass(frozen=True)
class GameInfo:
    id: str
    title_en: str
    title_ja: str
    min_players: int
    max_players: int
    options: tuple[OptionSpec, ...] = ()
    summary_en: str = ""
    summary_ja: str = ""

    def describe(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "title": {"en": self.title_en, "ja": self.title_ja},
            "summary": {"en": self.summary_en, "ja": self.summary_ja},
            "players": [self.min_players, self.max_players],
            "options": [spec.describe() for spec in self.options],
        }


# Monster Hex's state and the tests' toy games are classes of interpreted Python.
@mypyc_attr(allow_interpreted_subclasses=True)
class State(ABC):
    """Base of every game state. Subclasses implement the underscored hooks and the abstract API."""

    info: ClassVar[GameInfo]
    __slots__ = ("_legal", "options", "players", "ply", "rng", "seed")

    players: int
    options: dict[str, Any]
    seed: int
    rng: Rng
    ply: int  # decisions applied so far: the server's guard against stale moves
    _legal: dict[int, list[int]]

    # ---- construction -------------------------------------------------------------------

    @classmethod
    def new(
        cls: type[S],
        players: int,
        options: Mapping[str, Any] | None = None,
        seed: int | None = None,
    ) -> S:
        info = cls.info
        if not isinstance(players, int) or not info.min_players <= players <= info.max_players:
            raise InvalidOptions(
                f"{info.id} takes {info.min_players}-{info.max_players} players, not {players}"
            )
        resolved = resolve_options(info.options, options)
        # Both read before `seed is None` narrows seed to int: the compiled build (mypyc) would
        # read True as 1 from there on.
        given: object = seed
        whole = type(seed) is int
        if seed is None:
            seed = fresh_seed()
            whole = True
        if not whole or not 0 <= seed < SEED_LIMIT:  # True is no seed
            raise InvalidOptions(
                f"seed must be a whole number 0-{SEED_LIMIT - 1}, not {given!r:.40}"
            )
        new = cls.__new__  # in two steps: mypyc cannot compile cls.__new__(cls) in one
        state = new(cls)
        state._init_base(players, resolved, seed, Rng(seed), 0)
        state._check_options()
        state._setup()
        return state

    def _init_base(
        self, players: int, options: dict[str, Any], seed: int, rng: Rng, ply: int
    ) -> None:
        self.players = players
        self.options = options
        self.seed = seed
        self.rng = rng
        self.ply = ply
        self._legal = {}

    def _copy_base_to(self, other: State) -> None:
        other.players = self.players
        other.options = self.options  # never mutated after setup, so shared
        other.seed = self.seed
        other.rng = Rng(self.rng.state)
        other.ply = self.ply
        other._legal = {}

    def _check_options(self) -> None:
        """Reject option combinations that make no sense for this player count."""
        return None  # most games accept every combination

    @abstractmethod
    def _setup(self) -> None:
        """Deal and prepare a new game from `self.rng`."""

    @abstractmethod
    def clone(self: S) -> S: ...

    # ---- the protocol --------------------------------------------------------------------

    @classmethod
    @abstractmethod
    def num_actions(cls, players: int, options: Mapping[str, Any]) -> int:
        """Size of the fixed integer action space."""

    @abstractmethod
    def pending(self) -> list[int]:
        """Seats that must decide now (several for simultaneous decisions); empty when over."""

    @abstractmethod
    def _legal_actions(self, seat: int) -> list[int]: ...

    @abstractmethod
    def _apply(self, seat: int, action: int) -> list[Event]:
        """Carry out a validated action; must not raise."""

    @abstractmethod
    def is_over(self) -> bool: ...

    @abstractmethod
    def result(self) -> Result | None: ...

    @abstractmethod
    def action_text(self, action: int) -> str: ...

    @abstractmethod
    def _parse_action(self, text: str) -> int:
        """The action a notation names, given as `parse_action` read it (`bodoge.engine.notation`:
        NFKC-normalised, stripped, lower case, no spaces beside separators); raises
        IllegalAction when it names none."""

    @abstractmethod
    def _view(self, seat: int | None) -> dict[str, Any]:
        """Game fields of what `seat` (None: a spectator) may know."""

    @abstractmethod
    def _write(self) -> dict[str, Any]:
        """Game fields of the full state, secrets included, with readable names."""

    @abstractmethod
    def _read(self, data: dict[str, Any]) -> None:
        """Set game fields from `_write`'s output, raising InvalidState on anything wrong."""

    def determinize(self: S, seat: int | None, rng: Rng) -> S:
        """A full state consistent with what `seat` knows, hidden parts resampled from `rng`.

        The state's own generator is hidden from every seat (it decides future shuffles and dice),
        so the copy always gets a fresh one from `rng`. Games with hidden cards override this,
        resampling from a canonical order (sorted) so the result depends only on what `seat` knows.
        """
        other = self.clone()
        other.rng = rng.spawn()
        return other

    def determinizer(self: S, seat: int | None) -> Callable[[Rng], S]:
        """`determinize` for many draws from this position, as a search makes (one a search
        iteration): what every draw shares (the pool of hidden cards, what the plays argue) may
        be worked out once, here. Each call gives what `determinize(seat, rng)` gives with the
        same `rng`. Valid while this state does not change; the default shares nothing."""
        return lambda rng: self.determinize(seat, rng)

    def teams(self) -> list[list[int]] | None:
        return None

    def seats_in_play(self) -> list[int]:
        """The seats that may still decide something in this game (all of them until it ends;
        Monster Auction drops a seat that is out). A front end offers to skip to the end once
        no person's seat is among them."""
        return [] if self.is_over() else list(range(self.players))

    # The search protocol stays on the state, not the spec: the search calls it for every
    # simulated move, and a game's compiled playout loop calls it natively.

    def playout_action(self, seat: int, legal: list[int], rng: Rng) -> int:
        """A quick, plausible move for `seat` among `legal` in the search's simulated games
        (default: uniformly random). Games override it with a cheap rule of thumb, which should
        read only what `seat` may know, as the spec's `heuristic` does: the search models its
        opponents with it, and an opponent who could see the searcher's cards would be a wrong
        model."""
        return legal[rng.below(len(legal))] if len(legal) > 1 else legal[0]

    # Tuning a tree search should use for this game unless told otherwise: `prior_weight` (how
    # much the game's heuristic steers the search) and `widening` (progressive widening, ordered
    # by `playout_action`); see bodoge.ai.ismcts. Chosen by measurement (docs/balance/README.md).
    search_settings: ClassVar[Mapping[str, float]] = {}

    def search_actions(self, seat: int) -> list[int]:
        """The legal actions a tree search weighs for `seat` (default: all of them). A game whose
        legal list is a wide range of amounts (bids) may offer a representative subset, so a
        few hundred iterations are not spread over a hundred near-equal moves."""
        return self.legal_actions(seat)

    # ---- shared behaviour ----------------------------------------------------------------

    def legal_actions(self, seat: int) -> list[int]:
        """Legal actions of `seat` (empty unless pending). The list is cached: do not mutate it."""
        cached = self._legal.get(seat)
        if cached is None:
            cached = self._legal_actions(seat) if seat in self.pending() else []
            self._legal[seat] = cached
        return cached

    def apply(self, seat: object, action: object) -> list[Event]:
        """Apply `action` (an int) for `seat` (an int). Typed `object` because this is where
        that is checked: compiled (mypyc), a parameter typed int would take True as 1."""
        if type(action) is not int or type(seat) is not int:  # True == 1, but is no action
            raise IllegalAction(f"seat and action must be whole numbers, not {seat!r}, {action!r}")
        legal = self._legal.get(seat)
        if not legal:  # a non-empty cached list already proves the seat is pending at this ply
            if self.is_over():
                raise GameOver("the game is over", ja="ゲームは終了しています")
            if seat not in self.pending():
                waiting = self.pending()
                raise WrongSeat(
                    f"seat {seat} is not to move (waiting for {self._pending_text()})",
                    ja=f"席{seat}の手番ではありません（手番：席{'、'.join(map(str, waiting))}）",
                )
            legal = self.legal_actions(seat)
        if action not in legal:
            described = self._describe_action(action)
            raise IllegalAction(
                f"{described} is not legal for seat {seat} now",
                ja=f"{described} は今は席{seat}の合法手ではありません",
            )
        self._legal.clear()
        self.ply += 1
        events = self._apply(seat, action)
        if self.is_over():
            result = self.result()
            assert result is not None  # a game that is over has a result
            events.append(
                {"type": "game_over", "winners": result.winners, "result": result.to_json()}
            )
        return events

    def apply_quiet(self, seat: int, action: int) -> None:
        """`apply` for simulated games (a search's playouts), which throw the events away: no
        checks and no `game_over` event. The caller passes a pending seat and one of its
        `legal_actions`; anything else leaves the state undefined."""
        self._legal.clear()
        self.ply += 1
        self._apply(seat, action)

    def playout(self, rng: Rng, policy: bool = True, limit: int = 5_000) -> bool:
        """Play on to the end as a search's simulated game does; False if the game is not over
        after `limit` more moves. Each move: a lone legal action of the first pending seat is
        taken without a draw, else `playout_action(seat, legal, rng)` (with `policy` False, a
        uniformly random legal action, `legal[rng.below(len(legal))]`), applied quietly.

        A game may override this with a faster loop of its own (no events, no legal-action
        lists it does not need), which must make exactly the same moves with the same draws
        from `rng` and `self.rng` and leave exactly the same state, so the search's choices at
        a seed stay the same (tests/ai/test_playouts.py compares the two); only a game with
        `fast_chance` may draw its dice from `self.rng` its own way."""
        below = rng.below
        uniform = not policy or type(self).playout_action is State.playout_action
        is_over, pending, legal_actions = self.is_over, self.pending, self.legal_actions
        playout_action, apply = self.playout_action, self.apply_quiet
        for _ in range(limit):
            if is_over():
                return True
            seat = pending()[0]
            legal = legal_actions(seat)
            if len(legal) == 1:
                action = legal[0]
            elif uniform:  # what the default `playout_action` draws, inline
                action = legal[below(len(legal))]
            else:
                action = playout_action(seat, legal, rng)
            apply(seat, action)
        return is_over()

    # Whether a game's own `playout` and `skip_forced` may draw its chance (dice) from the same
    # distribution more cheaply than its rules do (`bodoge.engine.dice`): then they make the
    # rules' moves for other dice, and the search's choices at a seed are not the protocol
    # loop's. Set False, they must draw exactly as the rules do (the tests compare them so).
    fast_chance: ClassVar[bool] = False

    def skip_forced(self) -> None:
        """Apply the forced steps (one seat pending with one legal action: a die to roll) up to
        the next real choice or the end, quietly, as the search's tree does between its
        decisions. A game may override it with a faster loop that leaves the same state."""
        while True:
            group = self.pending()
            if len(group) != 1:
                return
            legal = self.legal_actions(group[0])
            if len(legal) != 1:
                return
            self.apply_quiet(group[0], legal[0])

    def parse_action(self, text: object) -> int:
        """The action a typed notation names, read by the one rule of `bodoge.engine.notation`
        (NFKC, plain ASCII numbers, any case, spaces beside separators dropped) before the
        game's own parser sees it."""
        return self._parse_action(normalize_action(text))

    def apply_text(self, seat: int, text: object) -> list[Event]:
        return self.apply(seat, self.parse_action(text))

    def legal_texts(self, seat: int) -> list[str]:
        return [self.action_text(action) for action in self.legal_actions(seat)]

    def _pending_text(self) -> str:
        seats = self.pending()
        return "seat " + ", ".join(map(str, seats)) if seats else "nobody"

    def _describe_action(self, action: int) -> str:
        try:
            return repr(self.action_text(action))
        except Exception:  # an index outside the action space has no text
            return f"action {action!r}"

    def view(self, seat: int | None = None) -> dict[str, Any]:
        given: object = seat  # read before `seat is not None` narrows it (see `new`)
        if seat is not None and not (type(given) is int and 0 <= seat < self.players):
            raise IllegalAction(f"there is no seat {given} in a {self.players}-player game")
        result = self.result()
        data: dict[str, Any] = {
            "game": self.info.id,
            "seat": seat,
            "players": self.players,
            "options": shown_options(self.info.options, self.options),  # a copy
            "ply": self.ply,
            "pending": list(self.pending()),  # a copy: a game may hand out its own list
            "over": self.is_over(),
            "result": result.to_json() if result else None,
        }
        teams = self.teams()
        if teams is not None:
            data["teams"] = teams
        data.update(self._view(seat))
        return data

    # ---- JSON ---------------------------------------------------------------------------

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "game": self.info.id,
            "format": JSON_FORMAT,
            "players": self.players,
            "options": shown_options(self.info.options, self.options),  # a copy
            "seed": self.seed,
            "rng": self.rng.state,
            "ply": self.ply,
        }
        data.update(self._write())
        return data

    @classmethod
    def from_json(cls: type[S], data: Any) -> S:
        if not isinstance(data, dict):
            raise InvalidState("a state must be a JSON object")
        if data.get("game") != cls.info.id:
            raise InvalidState(f"state is for game {data.get('game')!r}, not {cls.info.id!r}")
        fmt = data.get("format", JSON_FORMAT)
        if type(fmt) is not int or fmt != JSON_FORMAT:  # JSON true or 1.0 is no format number
            raise InvalidState(f"state format {fmt!r} is not {JSON_FORMAT}")
        players = data.get("players")
        info = cls.info
        if type(players) is not int or not info.min_players <= players <= info.max_players:
            raise InvalidState(f"players must be {info.min_players}-{info.max_players}")
        for key, limit in (("seed", SEED_LIMIT), ("rng", SEED_LIMIT), ("ply", PLY_LIMIT)):
            value = data.get(key, 0)
            if type(value) is not int or not 0 <= value < limit:
                raise InvalidState(f"{key} must be a whole number 0-{limit - 1}, not {value!r:.40}")
        try:
            options = resolve_options(info.options, data.get("options"))
        except InvalidOptions as refused:
            raise InvalidState(str(refused)) from None
        new = cls.__new__  # in two steps: mypyc cannot compile cls.__new__(cls) in one
        state = new(cls)
        state._init_base(
            players, options, data.get("seed", 0), Rng(data.get("rng", 0)), data.get("ply", 0)
        )
        try:
            state._check_options()
            state._read(data)
        except InvalidState:
            raise
        except InvalidOptions as refused:  # not `error`: compiled, a name keeps one type
            raise InvalidState(str(refused)) from None
        except (KeyError, TypeError, ValueError, IndexError, AttributeError) as error:
            raise InvalidState(
                f"state JSON is inconsistent: {type(error).__name__} {error}"
            ) from None
        # A misspelt field would otherwise be dropped in silence and its default used instead.
        unknown = sorted(set(data) - set(state.to_json()), key=str)
        if unknown:
            names = ", ".join(repr(name)[:40] for name in unknown[:5])
            raise InvalidState(f"unknown field{'s' if len(unknown) > 1 else ''} {names}")
        return state


def visible_events(events: list[Event], seat: int | None) -> list[Event]:
    """The events `seat` may see. An event with `visible_to` is private to those seats."""
    return [
        {key: value for key, value in event.items() if key != "visible_to"}
        for event in events
        if "visible_to" not in event or (seat is not None and seat in event["visible_to"])
    ]
