"""bodoge's games for OpenSpiel (extra `rl`), on the match engine. See docs/rl.md.

Importing this module registers every bodoge game that has an observer with
`pyspiel.register_game` as `python_bodoge_<game id>`, found through the registry, so a game whose
observer lands later registers with no change here:

    import pyspiel
    import bodoge.envs.openspiel  # registers the games
    game = pyspiel.load_game("python_bodoge_koremon_evolution", {"players": 3})

What each game declares (`GameType`), and why:
- SEQUENTIAL: one seat decides at a time; simultaneous sealed decisions (Monster Auction's bids)
  are taken one seat after another, the views hiding what the others wrote until everyone has.
- SAMPLED_STOCHASTIC: chance is inside the transitions, drawn by the engine from the state's own
  seeded generator; there are no chance nodes. The `seed` parameter seeds the game's generator
  (-1: a fresh one from the system): each initial state, when first played (its player, its legal
  actions, an action, its returns) or cloned, plays the game bodoge deals from the next 63-bit
  number it draws, so a program replays exactly; OpenSpiel's clones (made through
  `new_initial_state`) draw nothing. Reading an observation draws nothing either: a state not yet
  played shows the deal it plays if it is the next one played (OpenSpiel's C++ core makes and
  drops such a state whenever it needs the observation tensor's size), so reading observations,
  or not, never changes which games a program plays.
- IMPERFECT_INFORMATION, TERMINAL rewards: the returns are PettingZoo's rewards
  (`bodoge.envs.aec.rewards_from`) of the kind the `reward` parameter names: "win" (default,
  GENERAL_SUM: +1/k for each of k tied winners, +1 for every member of a winning team, -1 for
  everyone else, in -1..1 with a varying sum), "rank" (ZERO_SUM: +1 for first down to -1 for
  last) or "score" (ZERO_SUM: the seat's score minus the mean of the others', unbounded).
- Parameters: `players` (default the fewest), `seed` (default 0), `reward` (default "win") and
  every option of the game with its default (choices as strings, whole numbers as ints); options
  that name files (Monster Hex `content`) are not parameters: they keep their default.

`max_game_length` is measured, not proven: the longest of many random games for each game and
player count, doubled (each spec's `lengths`, printed by benchmarks/game_lengths.py).

Observations come from the seat's view only (`State.view`): the observation tensor is the game's
observer (`bodoge.engine.observe`, pieces as named tensors) and the observation string the view as
JSON. `state.observation_tensor(player)` and the game's `observation_tensor_size()` and
`observation_tensor_shape()` are answered in Python from the encoder (OpenSpiel's own path would
first size the tensor by encoding a new initial state).

The information-state string is perfect recall: the view plus every event the seat was told, with
its own decisions, as JSON. There is no information-state tensor: the history is as long as
the game, and a fixed-size tensor holding it would have to stack `max_game_length` observations
that still need not hold every event; use the string (tabular methods) or the observation tensor
(recurrent networks) instead.

`resample_from_infostate(player, sampler)` gives a state the seat cannot tell from this one: the
game's `determinize(seat, rng)` with a fresh generator, so the future chance is unknown too. Its
past is not the real one: its `history()` is empty, its own information state keeps the seat's
(so ISMCTS finds it in the same node), and the other seats' keep only what the seat saw of theirs
(the public shape of their private events) plus their resampled views. `Resampler(seed)` does
the same from its own generator, for `ISMCTSBot.set_resampler`.

Pickling carries the game record (`Match.record()`), read back with `Match.from_record`, which
replays and checks it; a pickled game keeps its generator's place. OpenSpiel's own
`pyspiel.serialize_game_and_state` cannot serialise a Python game whose chance is sampled (it asks
the game for its generator through `Game::GetRNGState`, which OpenSpiel 2.0 gives Python games no
way to provide), so this module has its own `serialize_game_and_state` and
`deserialize_game_and_state`, in OpenSpiel's sectioned layout with the record as the state.
"""

from __future__ import annotations

import json
import math
import warnings
from collections.abc import Callable, Mapping
from typing import Any

import numpy as np
import pyspiel

from bodoge.engine import InvalidOptions, InvalidState, Match, Rng, State, game_ids
from bodoge.engine.game import GameSpec
from bodoge.engine.observe import Observer
from bodoge.engine.options import resolve_options
from bodoge.engine.registry import get_spec, specs
from bodoge.engine.rng import fresh_seed
from bodoge.envs.aec import REWARDS, rewards_from

PREFIX = "python_bodoge_"


def game_lengths() -> dict[tuple[str, int], tuple[int, int]]:
    """(game, players): (longest of many random games, bound stated to OpenSpiel = 2x that), from
    each registered spec's `lengths` (measured by benchmarks/game_lengths.py)."""
    return {
        (spec.id, players): length for spec in specs() for players, length in spec.lengths.items()
    }


GAME_LENGTHS = game_lengths()  # as registered when this module was imported

_SEED_BITS = 63  # a match seed JSON readers keep exact
_JSON: dict[str, Any] = {"sort_keys": True, "separators": (",", ":"), "ensure_ascii": False}


def short_name(game_id: str) -> str:
    return PREFIX + game_id


def parameters(game: type[State]) -> dict[str, Any]:
    """The OpenSpiel parameters of a game, with their defaults."""
    info = game.info
    params: dict[str, Any] = {"players": info.min_players, "seed": 0, "reward": "win"}
    for spec in info.options:
        if spec.kind == "choice":
            params[spec.key] = str(spec.default)
        elif spec.kind == "int":
            params[spec.key] = int(spec.default)
        # "text" options name files: not parameters (they keep their defaults)
    return params


def game_type(game: type[State], reward: str = "win") -> pyspiel.GameType:
    """What the game declares; the utility follows the rewards (`win` sums vary, `rank` and
    `score` sum to 0)."""
    info = game.info
    utility = pyspiel.GameType.Utility
    return pyspiel.GameType(
        short_name=short_name(info.id),
        long_name=f"bodoge {info.title_en}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=utility.GENERAL_SUM if reward == "win" else utility.ZERO_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=info.max_players,
        min_num_players=info.min_players,
        provides_information_state_string=True,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=parameters(game),
    )


class _Seeds:
    """The game's generator: one match seed for each initial state put to use, and the match the
    next one would play, to show before it is drawn."""

    def __init__(self, seed: int) -> None:
        self.rng = Rng(seed if seed >= 0 else fresh_seed())
        self._shown: Match | None = None  # the next seed's match, dealt to be observed

    def _next_seed(self, rng: Rng) -> int:
        return rng.next64() >> (64 - _SEED_BITS)

    def draw(self, game: BodogeGame) -> Match:
        """The next seed's match, for a state put to use (the one shown, if it was)."""
        seed = self._next_seed(self.rng)
        shown, self._shown = self._shown, None
        return shown if shown is not None and shown.seed == seed else game.new_match(seed)

    def shown(self, game: BodogeGame) -> Match:
        """The match the next state put to use will play, drawing nothing; only read from."""
        seed = self._next_seed(Rng(self.rng.state))
        if self._shown is None or self._shown.seed != seed:
            self._shown = game.new_match(seed)
        return self._shown


class BodogeGame(pyspiel.Game):  # type: ignore[misc]
    """One bodoge game for one set of parameters."""

    bodoge_spec: GameSpec[Any]  # set on each game's own subclass, made by `register`
    bodoge_game: type[State]  # its rules

    def __init__(self, params: Mapping[str, Any]) -> None:
        spec, game = self.bodoge_spec, self.bodoge_game
        info = game.info
        players = int(params["players"])
        seed = int(params["seed"])
        if seed < -1:
            raise InvalidOptions(f"seed must be -1 (fresh) or a whole number 0 or more, not {seed}")
        reward = str(params["reward"])
        if reward not in REWARDS:
            raise InvalidOptions(f"reward must be one of {', '.join(REWARDS)}, not {reward!r}")
        given = {
            key: value for key, value in params.items() if key not in ("players", "seed", "reward")
        }
        # the game's own checks (player count, combinations), and its options as its states
        # keep them (a Koremon game leaves out its built-in card list)
        options = game.new(players, resolve_options(info.options, given), 0).options
        observer = spec.observer(players, options)
        if observer is None:
            raise InvalidOptions(f"{info.id} has no observation encoder for these options")
        if players not in spec.lengths:
            raise InvalidOptions(
                f"{info.id} with {players} players has no measured length: run "
                "benchmarks/game_lengths.py and add it to the spec's lengths"
            )
        num_actions = game.num_actions(players, options)
        bound = math.inf if reward == "score" else 1.0
        game_info = pyspiel.GameInfo(
            num_distinct_actions=num_actions,
            max_chance_outcomes=0,
            num_players=players,
            min_utility=-bound,
            max_utility=bound,
            utility_sum=None if reward == "win" else 0.0,
            max_game_length=spec.lengths[players][1],
        )
        super().__init__(game_type(game, reward), game_info, dict(params))
        self.bodoge_players = players
        self.bodoge_options = options
        self.bodoge_observer = observer
        self.bodoge_reward = reward
        self._seeds = _Seeds(seed)

    def new_initial_state(self) -> BodogeState:
        return BodogeState(self, _Table.unstarted(self, self._seeds))

    def new_match(self, seed: int) -> Match:
        return Match(self.bodoge_game, self.bodoge_players, self.bodoge_options, seed)

    def observation_tensor_size(self) -> int:
        return self.bodoge_observer.size

    def observation_tensor_shape(self) -> list[int]:
        return [self.bodoge_observer.size]

    def __reduce__(self) -> tuple[Callable[..., BodogeGame], tuple[str, int]]:
        return _load_game, (str(self), self._seeds.rng.state)

    def make_py_observer(
        self, iig_obs_type: pyspiel.IIGObservationType | None = None, params: Any = None
    ) -> _PyObserver:
        if params:
            raise InvalidOptions(f"bodoge observers take no parameters, not {params!r:.60}")
        if iig_obs_type is None:
            iig_obs_type = pyspiel.IIGObservationType(perfect_recall=False)
        if (
            not iig_obs_type.public_info
            or iig_obs_type.private_info != pyspiel.PrivateInfoType.SINGLE_PLAYER
        ):
            raise InvalidOptions(
                "bodoge observes one seat's view: public_info=True, private_info=SINGLE_PLAYER"
            )
        return _PyObserver(self.bodoge_observer, iig_obs_type.perfect_recall)


class _Table:
    """What a state holds: its match, built when first used (so OpenSpiel's clones, which start
    from `new_initial_state`, draw no seed; reading an observation is no use, see `observed`),
    and what each seat knew before a resample.

    `past[seat]` is the history (as JSON entries) a seat had seen before this match began; the
    key None holds its public shape, for the seats whose own past the resampling seat cannot know.
    """

    def __init__(
        self,
        match: Match | None,
        past: dict[int | None, list[str]],
        source: tuple[BodogeGame, _Seeds] | None,
    ) -> None:
        self._match = match
        self.past = past
        self._source = source
        self._history: dict[int | None, list[str]] = {}  # JSON of the log's entries, per seat

    @classmethod
    def unstarted(cls, game: BodogeGame, seeds: _Seeds) -> _Table:
        return cls(None, {}, (game, seeds))

    @property
    def match(self) -> Match:
        if self._match is None:
            assert self._source is not None
            game, seeds = self._source
            self._match = seeds.draw(game)
            self._source = None
        return self._match

    def observed(self) -> Match:
        """The match to read observations from, drawing no seed: a state not yet used shows the
        match it plays if it is the next one used (OpenSpiel's core sizes the observation tensor
        on a new initial state it then drops)."""
        if self._match is not None:
            return self._match
        assert self._source is not None
        game, seeds = self._source
        return seeds.shown(game)

    def __deepcopy__(self, memo: dict[int, Any]) -> _Table:
        copy = _Table(self.match.clone(), self.past, None)  # `past` is never changed
        copy._history = {seat: list(lines) for seat, lines in self._history.items()}
        return copy

    def __reduce__(self) -> tuple[Callable[..., _Table], tuple[str, dict[int | None, list[str]]]]:
        return _table_from_record, (self.match.record(), self.past)

    def history(self, seat: int | None) -> list[str]:
        """The entries of the log as `seat` was told them (with its own decisions), as JSON."""
        match = self.observed()
        lines = self._history.setdefault(seat, [])
        if len(lines) < len(match.log):
            told = match.events_for(seat, match.log[len(lines)].ply - 1)
            for entry, seen in zip(match.log[len(lines) :], told, strict=True):
                if seat is not None and entry.seat == seat:
                    seen["action"] = match.notation(entry)
                lines.append(json.dumps(seen, **_JSON))
        return lines

    def information_state(self, seat: int) -> str:
        past = self.past.get(seat, self.past.get(None, []))
        history = ",".join([*past, *self.history(seat)])
        view = json.dumps(self.observed().state.view(seat), **_JSON)
        return f'{{"history":[{history}],"view":{view}}}'

    def resampled(self, seat: int, rng: Rng) -> _Table:
        world = self.match.state.determinize(seat, rng)
        public = [*self.past.get(None, []), *self.history(None)]
        own = [*self.past.get(seat, self.past.get(None, [])), *self.history(seat)]
        return _Table(Match.from_state(world), {None: public, seat: own}, None)


def _table_from_record(record: str, past: dict[int | None, list[str]]) -> _Table:
    return _Table(Match.from_record(record), past, None)


class BodogeState(pyspiel.State):  # type: ignore[misc]
    """A state of a bodoge game: a `Match` (its only attribute, which OpenSpiel deep-copies)."""

    def __init__(self, game: BodogeGame, table: _Table) -> None:
        super().__init__(game)
        self._table = table

    @property
    def match(self) -> Match:
        return self._table.match

    def current_player(self) -> int:
        match = self.match
        if match.is_over():
            return int(pyspiel.PlayerId.TERMINAL)
        return match.pending()[0]  # several pending (sealed bids): one after another

    def _legal_actions(self, player: int) -> list[int]:
        return sorted(self.match.state.legal_actions(player))

    def _apply_action(self, action: int) -> None:
        self.match.apply(self.current_player(), int(action))

    def _action_to_string(self, player: int, action: int) -> str:
        return self.match.state.action_text(action)

    def is_terminal(self) -> bool:
        return self.match.is_over()

    def returns(self) -> list[float]:
        result = self.match.result()
        if result is None:
            return [0.0] * self.match.players
        return rewards_from(result, self.get_game().bodoge_reward)

    def observation_tensor(self, player: int | None = None) -> list[float]:
        """The seat's observation (the seat to play's if none is named), straight from the
        game's observer: OpenSpiel's own path would first size the tensor on a new state."""
        match = self._table.observed()
        if player is None:
            if match.is_over():
                raise pyspiel.SpielError("a terminal state has no player to observe: name one")
            player = match.pending()[0]
        if not 0 <= player < match.players:
            raise pyspiel.SpielError(f"player must be 0 to {match.players - 1}, not {player}")
        observer: Observer = self.get_game().bodoge_observer
        return observer.encode(match.state.view(player))

    def __str__(self) -> str:
        match = self.match
        return match.spec.render(match.state, None, "en")  # a spectator's table: nothing secret

    def __reduce__(self) -> tuple[Callable[..., BodogeState], tuple[Any, ...]]:
        table = self._table
        return _rebuild, (self.get_game(), table.match.record(), table.past)

    def __deepcopy__(self, memo: dict[int, Any]) -> BodogeState:
        return self.clone()  # type: ignore[no-any-return]

    def resample(self, player_id: int, rng: Rng) -> BodogeState:
        """A state `player_id` cannot tell from this one, hidden parts drawn from `rng`."""
        game = self.get_game()
        return BodogeState(game, self._table.resampled(player_id, rng))

    def resample_from_infostate(
        self, player_id: int, probability_sampler: Callable[[], float]
    ) -> BodogeState:
        # 53 random bits from each of two draws make the 64-bit seed of the resampling generator
        high = int(probability_sampler() * (1 << 53)) & ((1 << 32) - 1)
        low = int(probability_sampler() * (1 << 53)) & ((1 << 32) - 1)
        return self.resample(player_id, Rng((high << 32) | low))


class Resampler:
    """`ISMCTSBot.set_resampler(Resampler(seed))`: resampled states from its own generator."""

    def __init__(self, seed: int | None = None) -> None:
        self.rng = Rng(fresh_seed() if seed is None else seed)

    def __call__(self, state: BodogeState, player_id: int) -> BodogeState:
        return state.resample(player_id, self.rng)


class _PyObserver:
    """OpenSpiel's Python observer: the game's observer over the seat's view (perfect_recall
    False), or the information-state string alone (perfect_recall True: no tensor)."""

    def __init__(self, observer: Observer, perfect_recall: bool) -> None:
        self.perfect_recall = perfect_recall
        self.observer = observer
        self.dict: dict[str, np.ndarray] = {}
        self.tensor: np.ndarray | None = None
        if not perfect_recall:
            self.tensor = np.zeros(observer.size, np.float32)
            for piece in observer.pieces:
                start = observer.offsets[piece.name]
                self.dict[piece.name] = self.tensor[start : start + piece.size].reshape(piece.shape)

    def set_from(self, state: BodogeState, player: int) -> None:
        if self.tensor is not None:
            self.tensor[:] = self.observer.encode(state._table.observed().state.view(player))

    def string_from(self, state: BodogeState, player: int) -> str:
        if self.perfect_recall:
            return state._table.information_state(player)
        return json.dumps(state._table.observed().state.view(player), **_JSON)


def _load_game(name: str, rng_state: int) -> BodogeGame:
    game = pyspiel.load_game(name)
    game._seeds.rng.state = rng_state
    return game  # type: ignore[no-any-return]


def _rebuild(game: BodogeGame, record: str, past: dict[int | None, list[str]]) -> BodogeState:
    """A state from its game record. A record played through OpenSpiel from its seed is played
    again through `apply_action`, so the state's `history()` comes back too; any other (a
    resampled world, a record from elsewhere) is the match the record replays to."""
    match = Match.from_record(record)
    if (match.game, match.players, match.options) != (
        game.bodoge_game,
        game.bodoge_players,
        game.bodoge_options,
    ):
        raise InvalidState(f"the record is of another game or options than {game}")
    decisions = match.decisions()
    if match.from_seed and not past and len(decisions) == len(match.log):
        state = BodogeState(
            game, _Table(Match(match.game, match.players, match.options, match.seed), {}, None)
        )
        for entry in decisions:
            if state.current_player() != entry.seat:
                break  # decided out of OpenSpiel's order: no history to give
            assert entry.action is not None
            state.apply_action(entry.action)
        else:
            return state
    return BodogeState(game, _Table(match, past, None))


_SECTIONS = ("[Game]", "[GameRNGState]", "[Past]", "[State]")


def serialize_game_and_state(game: BodogeGame, state: BodogeState) -> str:
    """The game and a state as text (what `pyspiel.serialize_game_and_state` cannot give for a
    Python game with sampled chance): the game string, its generator, what each seat knew before
    a resample (JSON, seats as strings, "public" for the public shape) and the game record."""
    table = state._table
    past = {"public" if seat is None else str(seat): lines for seat, lines in table.past.items()}
    return "\n".join(
        [
            "# bodoge game and state for OpenSpiel (bodoge.envs.openspiel)",
            "[Game]",
            str(game),
            "[GameRNGState]",
            str(game._seeds.rng.state),
            "[Past]",
            json.dumps(past, ensure_ascii=False),
            "[State]",
            table.match.record(),
        ]
    )


def deserialize_game_and_state(text: str) -> tuple[BodogeGame, BodogeState]:
    """The game and state `serialize_game_and_state` wrote (the record replayed and checked)."""
    lines = text.split("\n")
    try:
        at = [lines.index(section) for section in _SECTIONS]
    except ValueError:
        raise InvalidState(
            f"a serialised bodoge game has the sections {', '.join(_SECTIONS)}"
        ) from None
    if at != sorted(at) or at[1] != at[0] + 2 or at[2] != at[1] + 2 or at[3] != at[2] + 2:
        raise InvalidState(
            f"a serialised bodoge game has one line in each of {', '.join(_SECTIONS[:3])}"
        )
    try:
        rng_state = int(lines[at[1] + 1])
        raw = json.loads(lines[at[2] + 1])
        past = {
            None if key == "public" else int(key): list(map(str, value))
            for key, value in raw.items()
        }
    except (ValueError, TypeError, AttributeError) as error:
        raise InvalidState(f"a serialised bodoge game is damaged: {error}") from None
    game = _load_game(lines[at[0] + 1], rng_state)
    return game, _rebuild(game, "\n".join(lines[at[3] + 1 :]), past)


def register(game_id: str) -> bool:
    """Register one game (if it has an observer and measured lengths); True if it now is."""
    spec = get_spec(game_id)
    info = spec.info
    name = short_name(game_id)
    if name in pyspiel.registered_names():
        return True
    defaults = resolve_options(info.options, {})
    if spec.observer(info.min_players, defaults) is None:
        return False
    missing = [
        players
        for players in range(info.min_players, info.max_players + 1)
        if players not in spec.lengths
    ]
    if missing:
        warnings.warn(
            f"{game_id} is not registered for OpenSpiel: no measured length for {missing} "
            "players (run benchmarks/game_lengths.py and add them to the spec's lengths)",
            stacklevel=2,
        )
        return False

    # The creator is a class of its own, as OpenSpiel's Python games register theirs: OpenSpiel
    # keeps it until after the interpreter has ended, and a class (unlike a closure) is not freed
    # then, which would need the interpreter and abort the process at exit.
    attributes = {"bodoge_spec": spec, "bodoge_game": spec.rules}
    creator = type(f"BodogeGame_{game_id}", (BodogeGame,), attributes)
    pyspiel.register_game(game_type(spec.rules), creator)
    return True


def register_all() -> list[str]:
    """Register every game with an observer; the OpenSpiel names registered."""
    return [short_name(game_id) for game_id in game_ids() if register(game_id)]


REGISTERED = register_all()
