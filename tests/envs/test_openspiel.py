"""bodoge's games in OpenSpiel: OpenSpiel's own random simulation test on every registered game
(with each kind of reward), the declared game type, seeds (which reading observations never
moves), strings and tensors from the seat's view, the returns of each kind of reward, resampling,
pickling and serialising by game record, and OpenSpiel's ISMCTS and outcome-sampling MCCFR
playing Monster Evolution, Collect! and Trick the Monster to the end.

A small sealed-bid toy with two options and an observer (below) covers what Monster Evolution
has not: options as parameters, secrets told to one seat, simultaneous decisions taken in turn.
"""

from __future__ import annotations

import importlib.util
import json
import pickle
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any, ClassVar

import pytest

pyspiel = pytest.importorskip("pyspiel")

import numpy as np  # noqa: E402
from open_spiel.python.algorithms import ismcts, mcts, outcome_sampling_mccfr  # noqa: E402

import toy_game  # noqa: E402
from bodoge.engine import (  # noqa: E402
    Event,
    GameInfo,
    GameSpec,
    InvalidOptions,
    InvalidState,
    Match,
    OptionSpec,
    Rng,
    game_ids,
    get_game,
    registry,
)
from bodoge.engine.observe import Observer, Piece, View, one_hot  # noqa: E402
from bodoge.engine.registry import get_spec, spec_of  # noqa: E402
from bodoge.envs import openspiel as bo  # noqa: E402
from bodoge.envs.aec import rewards_from  # noqa: E402
from toy_game import SealedBids  # noqa: E402

EVOLUTION = "python_bodoge_koremon_evolution"
BENCHMARK = Path(__file__).resolve().parents[2] / "benchmarks" / "game_lengths.py"


class ToyBids(SealedBids):
    """Sealed Bids with options (a tie's rule, a bonus per prize) and an observer."""

    info: ClassVar[GameInfo] = GameInfo(
        id="toy_openspiel_bids",
        title_en="Sealed Bids with options (test toy)",
        title_ja="封印入札・オプション付き（テスト用）",
        min_players=2,
        max_players=3,
        options=(
            OptionSpec(
                "tie", "nobody", "who takes a tied prize", "同点の賞品", ("nobody", "first_seat")
            ),
            OptionSpec("bonus", 0, "points added to each prize won", "賞品の加点", kind="int",
                       low=0, high=3),
        ),
    )  # fmt: skip
    __slots__ = ()

    def clone(self) -> ToyBids:
        new = super().clone()  # a SealedBids: the toy's clone names its class
        new.__class__ = ToyBids
        return new

    def _apply(self, seat: int, action: int) -> list[Event]:
        prize = self.prize
        events = super()._apply(seat, action)
        for event in events:
            if event["type"] != "reveal":
                continue
            winner = event["winner"]
            if winner is None and self.options["tie"] == "first_seat":
                winner = event["cards"].index(max(event["cards"]))
                event["winner"] = winner
                self.scores[winner] += prize
            if winner is not None:
                self.scores[winner] += self.options["bonus"]
        return events


def toy_observer(players: int, options: Mapping[str, Any]) -> Observer:
    def hand(view: View, block: list[float]) -> None:
        for card in view["hand"] or ():
            one_hot(block, card - 1)

    def sealed(view: View, block: list[float]) -> None:
        for seat, card in enumerate(view["sealed"]):
            block[seat] = 1.0 if card else 0.0

    def prize(view: View, block: list[float]) -> None:
        one_hot(block, view["prize"] - 1)

    return Observer(
        [
            Piece("hand", (9,), "1 if card c+1 is in the seat's hand", hand),
            Piece("sealed", (players,), "1 if seat s has sealed a card", sealed),
            Piece("prize", (4,), "1 if the prize is c+1 (none after the game)", prize),
        ]
    )


TOY = GameSpec(
    rules=ToyBids,
    event_catalog=toy_game.GAME.event_catalog,
    heuristic=toy_game.GAME.heuristic,
    observer=toy_observer,
    lengths={2: (6, 12), 3: (9, 18)},
)


@pytest.fixture(scope="module")
def toy() -> Iterator[str]:
    """The toy, registered with bodoge for these tests and with OpenSpiel for the process."""
    games = registry._all()
    games[ToyBids.info.id] = TOY
    assert bo.register(ToyBids.info.id)
    yield bo.short_name(ToyBids.info.id)
    games.pop(ToyBids.info.id, None)


def load(name: str = EVOLUTION, **params: Any) -> Any:
    return pyspiel.load_game(name, params)


def play_randomly(state: Any, rng: Rng, moves: int | None = None) -> Any:
    while not state.is_terminal() and moves != 0:
        legal = state.legal_actions()
        state.apply_action(legal[rng.below(len(legal))])
        moves = None if moves is None else moves - 1
    return state


# ---- registration and OpenSpiel's own test -------------------------------------------------


def test_every_game_with_an_observer_is_registered_and_every_game_has_lengths() -> None:
    for game_id in game_ids():
        game = get_game(game_id)
        info = game.info
        for players in range(info.min_players, info.max_players + 1):
            assert (game_id, players) in bo.GAME_LENGTHS, f"measure {game_id} ({players})"
        has_observer = spec_of(game).observer(info.min_players, {}) is not None
        assert (bo.short_name(game_id) in pyspiel.registered_names()) == has_observer
        assert (bo.short_name(game_id) in bo.REGISTERED) == has_observer


@pytest.mark.parametrize("name", bo.REGISTERED)
def test_openspiel_random_sim_test(name: str) -> None:
    """Two games at the fewest players, one at the most (the long ones take seconds each).
    serialize=False: OpenSpiel cannot serialise a Python game with sampled chance (see the
    module); our own serialisation is tested below."""
    info = get_game(name.removeprefix(bo.PREFIX)).info
    for players, sims in ((info.min_players, 2), (info.max_players, 1)):
        game = load(name, players=players)
        pyspiel.random_sim_test(game, num_sims=sims, serialize=False, verbose=False)


@pytest.mark.parametrize("reward", ["rank", "score"])
def test_openspiel_random_sim_test_with_the_other_rewards(reward: str) -> None:
    game = load("python_bodoge_koremon_trick", players=4, reward=reward)
    pyspiel.random_sim_test(game, num_sims=2, serialize=False, verbose=False)


def test_openspiel_random_sim_test_on_the_toy(toy: str) -> None:
    for params in ({"players": 2}, {"players": 3, "tie": "first_seat", "bonus": 2}):
        pyspiel.random_sim_test(load(toy, **params), num_sims=5, serialize=False, verbose=False)


# ---- what a game declares ----------------------------------------------------------------


def test_the_game_type_is_honest() -> None:
    kind = load().get_type()
    assert kind.short_name == EVOLUTION
    assert kind.dynamics == pyspiel.GameType.Dynamics.SEQUENTIAL
    assert kind.chance_mode == pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC
    assert kind.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    assert kind.utility == pyspiel.GameType.Utility.GENERAL_SUM
    assert kind.reward_model == pyspiel.GameType.RewardModel.TERMINAL
    assert (kind.min_num_players, kind.max_num_players) == (2, 5)
    assert kind.provides_information_state_string and not kind.provides_information_state_tensor
    assert kind.provides_observation_string and kind.provides_observation_tensor


def test_game_info_follows_the_parameters() -> None:
    for players in (2, 5):
        game = load(players=players)
        assert game.num_players() == players
        assert game.num_distinct_actions() == get_game("koremon_evolution").num_actions(players, {})
        assert (game.min_utility(), game.max_utility()) == (-1.0, 1.0)
        assert game.max_game_length() == bo.GAME_LENGTHS[("koremon_evolution", players)][1]
        assert game.max_chance_outcomes() == 0
        observer = get_spec("koremon_evolution").observer(players, {})
        assert observer is not None and game.observation_tensor_size() == observer.size


def test_parameters_are_players_seed_and_options_without_files(toy: str) -> None:
    assert bo.parameters(ToyBids) == {
        "players": 2,
        "seed": 0,
        "reward": "win",
        "tie": "nobody",
        "bonus": 0,
    }
    hex_params = bo.parameters(get_game("monster_hex"))
    assert "content" not in hex_params  # names a folder of files
    assert hex_params["factions"] == "choose" and hex_params["objectives"] == "off"
    game = load(toy, players=3, tie="first_seat", bonus=2)
    match = game.new_initial_state().match
    assert (match.players, match.options) == (3, {"tie": "first_seat", "bonus": 2})


def test_an_option_reaches_the_rules(toy: str) -> None:
    """A tie with tie=first_seat goes to the first tied seat, with the bonus (the toy's rule)."""
    game = load(toy, tie="first_seat", bonus=3)
    state = game.new_initial_state()
    state._table = bo._Table(Match.from_state(ToyBids.new(2, game.bodoge_options, 0)), {}, None)
    tables = state.match.state
    tables.hands = [[1, 5, 9], [2, 5, 8]]
    tables.deck, tables.prize, tables.prizes = [3, 4, 6, 7], 4, [1, 2, 3]
    state.apply_action(4)  # seat 0 seals the 5
    state.apply_action(4)  # seat 1 seals the 5: a tie
    assert tables.scores == [4 + 3, 0]


def test_bad_parameters_are_clear_errors() -> None:
    with pytest.raises(InvalidOptions, match="2-5 players"):
        load(players=9)
    with pytest.raises(InvalidOptions, match="seed must be"):
        load(seed=-2)
    with pytest.raises(InvalidOptions, match="reward must be one of win, rank, score"):
        load(reward="money")
    with pytest.raises(pyspiel.SpielError, match="Unknown parameter"):
        load(colour="red")


def test_a_bad_option_value_is_a_clear_error(toy: str) -> None:
    with pytest.raises(InvalidOptions, match="tie="):
        load(toy, tie="coin")
    with pytest.raises(InvalidOptions, match="bonus=7"):
        load(toy, bonus=7)


# ---- seeds -----------------------------------------------------------------------------


def seeds_of(game: Any, count: int) -> list[int]:
    return [game.new_initial_state().match.seed for _ in range(count)]


def test_the_seed_gives_the_sequence_of_games() -> None:
    first = seeds_of(load(seed=7), 3)
    assert first == seeds_of(load(seed=7), 3)
    assert len(set(first)) == 3
    assert first != seeds_of(load(seed=8), 3)
    rng = Rng(7)
    assert first == [rng.next64() >> 1 for _ in range(3)]  # the engine's generator from `seed`
    assert seeds_of(load(seed=-1), 1) != seeds_of(load(seed=-1), 1)  # fresh


def test_clones_draw_no_seed_and_play_the_same_game() -> None:
    game = load(seed=7)
    state = game.new_initial_state()
    copy = state.clone()  # OpenSpiel clones through new_initial_state
    assert copy.match.seed == state.match.seed
    expected = seeds_of(load(seed=7), 2)[1]
    assert game.new_initial_state().match.seed == expected
    rng_a, rng_b = Rng(1), Rng(1)
    assert str(play_randomly(state, rng_a)) == str(play_randomly(copy, rng_b))


def read_every_observation(game: Any, state: Any) -> list[Any]:
    """Every way of reading a seat's observation, for every seat: Python's override and
    OpenSpiel's C++ path of the tensor (which sizes it on a new initial state of its own, then
    drops it), the game's sizes, the strings, and `make_observation`."""
    from open_spiel.python.observation import make_observation

    read: list[Any] = [game.observation_tensor_size(), pyspiel.Game.observation_tensor_size(game)]
    observation = make_observation(game)
    for seat in range(game.num_players()):
        observation.set_from(state, seat)
        read += [
            state.observation_tensor(seat),
            pyspiel.State.observation_tensor(state, seat),
            state.observation_string(seat),
            state.information_state_string(seat),
            list(observation.tensor),
        ]
    return read


def test_reading_observations_draws_no_seed() -> None:
    """A state not yet played shows the deal it then plays, and the next state plays the next
    seed: reading observations (OpenSpiel's C++ path included) drew nothing."""
    game = load(seed=7)
    state = game.new_initial_state()
    before = read_every_observation(game, state)
    first, second = seeds_of(load(seed=7), 2)
    assert state.match.seed == first
    assert read_every_observation(game, state) == before  # the deal it showed
    assert game.new_initial_state().match.seed == second


@pytest.mark.parametrize(
    ("name", "players"),
    [(EVOLUTION, 3), ("python_bodoge_koremon_trick", 4), ("python_bodoge_collect", 2)],
)
def test_reading_observations_never_changes_the_games_played(name: str, players: int) -> None:
    """The same seed played with the same random choices, once without reading any observation
    and once reading every kind for every seat before each move: the same game records."""

    def records(observe: bool) -> list[str]:
        game = load(name, players=players, seed=11)
        rng = Rng(5)
        played = []
        for _ in range(3):
            state = game.new_initial_state()
            if observe:
                read_every_observation(game, state)
            while not state.is_terminal():
                legal = state.legal_actions()
                state.apply_action(legal[rng.below(len(legal))])
                if observe:
                    read_every_observation(game, state)
            played.append(state.match.record())
        return played

    assert records(observe=True) == records(observe=False)


# ---- the state ---------------------------------------------------------------------------


def test_returns_are_the_win_rewards_and_terminal_has_no_player() -> None:
    state = play_randomly(load(players=3, seed=2).new_initial_state(), Rng(3))
    result = state.match.result()
    assert result is not None
    assert state.returns() == rewards_from(result, "win")
    assert sorted(state.returns()) == [-1.0, -1.0, 1.0]
    assert state.current_player() == pyspiel.PlayerId.TERMINAL
    fresh = load(players=3).new_initial_state()
    assert fresh.returns() == [0.0, 0.0, 0.0]


@pytest.mark.parametrize("reward", ["win", "rank", "score"])
def test_the_reward_parameter_gives_the_pettingzoo_rewards(reward: str) -> None:
    """The same deal and moves under each `reward`: the returns are PettingZoo's rewards of that
    kind for the result, and the game declares their bounds and sum."""
    game = load("python_bodoge_collect", players=3, seed=2, reward=reward)
    state = play_randomly(game.new_initial_state(), Rng(3))
    result = state.match.result()
    assert result is not None
    assert state.returns() == rewards_from(result, reward)
    utility = pyspiel.GameType.Utility
    if reward == "win":
        assert game.get_type().utility == utility.GENERAL_SUM
        assert (game.min_utility(), game.max_utility()) == (-1.0, 1.0)
    else:
        assert game.get_type().utility == utility.ZERO_SUM and game.utility_sum() == 0.0
        assert sum(state.returns()) == pytest.approx(0.0, abs=1e-9)
        bound = 1.0 if reward == "rank" else float("inf")
        assert (game.min_utility(), game.max_utility()) == (-bound, bound)
    if reward == "score":  # the score kind differs from the win kind on this deal
        assert state.returns() != rewards_from(result, "win")


def test_actions_strings_and_render_are_the_engines() -> None:
    state = play_randomly(load(players=3, seed=4).new_initial_state(), Rng(5), moves=3)
    engine = state.match.state
    seat = state.current_player()
    assert state.legal_actions() == sorted(engine.legal_actions(seat))
    for action in state.legal_actions():
        assert state.action_to_string(seat, action) == engine.action_text(action)
    assert str(state) == spec_of(engine).render(engine, None, "en")
    assert state.legal_actions((seat + 1) % 3) == []


def test_observation_is_the_view_and_its_encoding() -> None:
    state = play_randomly(load(players=3, seed=4).new_initial_state(), Rng(5), moves=6)
    engine = state.match.state
    observer = get_spec("koremon_evolution").observer(3, {})
    assert observer is not None
    for seat in range(3):
        assert json.loads(state.observation_string(seat)) == engine.view(seat)
        assert state.observation_tensor(seat) == pytest.approx(observer.encode(engine.view(seat)))


def test_the_observation_tensor_is_the_encoders_by_every_path() -> None:
    state = play_randomly(load(players=3, seed=4).new_initial_state(), Rng(5), moves=6)
    game = state.get_game()
    observer = get_spec("koremon_evolution").observer(3, {})
    assert observer is not None
    assert game.observation_tensor_shape() == [observer.size]
    assert game.observation_tensor_size() == pyspiel.Game.observation_tensor_size(game)
    for seat in range(3):
        expected = observer.encode(state.match.state.view(seat))
        assert state.observation_tensor(seat) == expected
        assert pyspiel.State.observation_tensor(state, seat) == pytest.approx(expected)
    seat = state.current_player()
    assert state.observation_tensor() == observer.encode(state.match.state.view(seat))
    with pytest.raises(pyspiel.SpielError, match="player must be 0 to 2, not 3"):
        state.observation_tensor(3)
    finished = play_randomly(state, Rng(6))
    with pytest.raises(pyspiel.SpielError, match="terminal state has no player"):
        finished.observation_tensor()
    assert len(finished.observation_tensor(0)) == observer.size


def test_observation_tensor_has_the_named_pieces() -> None:
    from open_spiel.python.observation import make_observation

    game = load(players=3)
    observation = make_observation(game)
    observation.set_from(game.new_initial_state(), 1)
    observer = get_spec("koremon_evolution").observer(3, {})
    assert observer is not None
    assert list(observation.dict) == [piece.name for piece in observer.pieces]
    assert observation.dict["holds"].shape == (3, 15)
    info_state = make_observation(game, pyspiel.IIGObservationType(perfect_recall=True))
    assert info_state.tensor is None  # no information-state tensor: strings only
    with pytest.raises(InvalidOptions, match="one seat's view"):
        make_observation(game, pyspiel.IIGObservationType(perfect_recall=False, public_info=False))


def test_a_sealed_card_is_in_its_seats_information_only(toy: str) -> None:
    state = load(toy, players=2, seed=1).new_initial_state()
    card = state.legal_actions()[0]
    state.apply_action(card)  # seat 0 seals; seat 1 has not seen it
    mine, theirs = state.information_state_string(0), state.information_state_string(1)
    assert json.loads(mine)["history"][0]["action"] == f"play:{card + 1}"
    assert f"play:{card + 1}" not in theirs and '"card"' not in theirs
    assert '"card"' in mine  # its own private event, in full
    assert state.current_player() == 1  # the simultaneous decision, one seat after another


def test_information_state_is_perfect_recall() -> None:
    """Each information state extends the seat's previous one: nothing it was told is lost."""
    state = load(players=3, seed=6).new_initial_state()
    rng = Rng(2)
    before = [json.loads(state.information_state_string(s))["history"] for s in range(3)]
    while not state.is_terminal():
        play_randomly(state, rng, moves=1)
        now = [json.loads(state.information_state_string(s))["history"] for s in range(3)]
        for seat in range(3):
            assert now[seat][: len(before[seat])] == before[seat]
            assert len(now[seat]) == len(before[seat]) + 1
        before = now
    assert len(before[0]) == len(state.history())


# ---- resampling ----------------------------------------------------------------------------


def test_resampling_keeps_what_the_seat_knows_and_draws_new_chance(toy: str) -> None:
    for name, players in ((EVOLUTION, 3), (toy, 3)):
        state = play_randomly(load(name, players=players, seed=3).new_initial_state(), Rng(4), 4)
        seat = state.current_player()
        sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
        world = state.resample_from_infostate(seat, sampler)
        assert world.information_state_string(seat) == state.information_state_string(seat)
        assert world.observation_string(seat) == state.observation_string(seat)
        assert world.legal_actions() == state.legal_actions()
        assert world.match.state.rng.state != state.match.state.rng.state
        assert world.history() == []  # its past is not the real one
        play_randomly(world, Rng(5))  # and it plays on to an end
        assert world.is_terminal()


def test_resampled_seats_do_not_see_the_others_secrets(toy: str) -> None:
    state = load(toy, players=3, seed=1).new_initial_state()
    state.apply_action(state.legal_actions()[0])  # seat 0 seals
    world = bo.Resampler(9)(state, 2)
    assert world.information_state_string(2) == state.information_state_string(2)
    # seat 0's own history in the world holds only what seat 2 saw of it: the public shape
    public = [json.loads(entry) for entry in state._table.history(None)]
    assert json.loads(world.information_state_string(0))["history"] == public
    assert json.loads(state.information_state_string(0))["history"] != public
    assert '"card"' not in world.information_state_string(0)


def test_the_resampler_is_reproducible() -> None:
    state = play_randomly(load(seed=3).new_initial_state(), Rng(4), 5)
    one = bo.Resampler(11)(state, 0)
    two = bo.Resampler(11)(state, 0)
    assert one.match.state.rng.state == two.match.state.rng.state


# ---- pickling and serialising ----------------------------------------------------------------


def same_state(a: Any, b: Any) -> None:
    assert str(a) == str(b)
    assert a.history() == b.history()
    assert a.match.record() == b.match.record()
    assert a.match.state.to_json() == b.match.state.to_json()
    for seat in range(a.num_players()):
        assert a.information_state_string(seat) == b.information_state_string(seat)
        assert a.observation_tensor(seat) == b.observation_tensor(seat)


def test_pickling_round_trips(toy: str) -> None:
    for game in (load(players=4, seed=5), load(toy, players=3, tie="first_seat", bonus=1)):
        for moves in (0, 3, None):
            state = play_randomly(game.new_initial_state(), Rng(8), moves)
            again = pickle.loads(pickle.dumps(state))
            same_state(state, again)
            assert str(again.get_game()) == str(game)
            if not state.is_terminal():  # the same chance lies ahead
                same_state(play_randomly(state, Rng(9)), play_randomly(again, Rng(9)))


def test_a_pickled_game_keeps_its_place_in_the_seeds() -> None:
    game = load(seed=12)
    game.new_initial_state().match  # noqa: B018 (puts one state to use)
    again = pickle.loads(pickle.dumps(game))
    assert seeds_of(again, 2) == seeds_of(game, 2)


def test_serialising_round_trips_by_the_record(toy: str) -> None:
    game = load(toy, players=3, bonus=2, seed=4)
    state = play_randomly(game.new_initial_state(), Rng(3), 4)
    text = bo.serialize_game_and_state(game, state)
    assert state.match.record() in text
    game_again, state_again = bo.deserialize_game_and_state(text)
    assert str(game_again) == str(game)
    same_state(state, state_again)
    world = bo.Resampler(1)(state, state.current_player())
    _, world_again = bo.deserialize_game_and_state(bo.serialize_game_and_state(game, world))
    same_state(world, world_again)  # what each seat knew before the resample comes back too


def test_a_damaged_serialisation_is_a_clear_error() -> None:
    game = load()
    text = bo.serialize_game_and_state(game, game.new_initial_state())
    with pytest.raises(InvalidState, match="sections"):
        bo.deserialize_game_and_state(text.replace("[Past]", "[Gone]"))
    with pytest.raises(InvalidState, match="damaged"):
        bo.deserialize_game_and_state(text.replace("\n{}\n", "\n{nope\n"))
    other = load(players=4)
    with pytest.raises(InvalidState, match="another game"):
        bo._rebuild(other, game.new_initial_state().match.record(), {})


# ---- OpenSpiel's algorithms --------------------------------------------------------------


def test_ismcts_finishes_a_game_of_monster_evolution() -> None:
    game = load(players=3, seed=1)
    random_state = np.random.RandomState(3)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=random_state)
    bot = ismcts.ISMCTSBot(game, evaluator, uct_c=2.0, max_simulations=8,
                           random_state=random_state)  # fmt: skip
    bot.set_resampler(bo.Resampler(2))
    state = game.new_initial_state()
    while not state.is_terminal():
        state.apply_action(bot.step(state))
    assert sorted(state.returns())[-1] == 1.0
    default = ismcts.ISMCTSBot(game, evaluator, uct_c=2.0, max_simulations=4,
                               random_state=random_state)  # fmt: skip
    state = game.new_initial_state()
    while len(state.legal_actions()) < 2:
        state.apply_action(state.legal_actions()[0])
    assert default.step(state) in state.legal_actions()  # resample_from_infostate itself


def test_outcome_sampling_mccfr_trains_and_its_policy_plays_to_the_end() -> None:
    game = load(players=3, seed=2)
    np.random.seed(0)  # the solver samples with numpy's global generator
    solver = outcome_sampling_mccfr.OutcomeSamplingSolver(game)
    for _ in range(3):
        solver.iteration()
    assert solver._infostates  # what it learned, by information-state string
    policy = solver.average_policy()
    state = game.new_initial_state()  # a new deal: unseen information states play uniformly
    rng = np.random.RandomState(1)
    while not state.is_terminal():
        probabilities = policy.action_probabilities(state)
        actions = list(probabilities)
        assert actions == state.legal_actions()
        weights = np.array([probabilities[a] for a in actions])
        assert weights.sum() == pytest.approx(1.0)
        state.apply_action(actions[rng.choice(len(actions), p=weights)])
    assert state.returns() in ([1.0, -1.0, -1.0], [-1.0, 1.0, -1.0], [-1.0, -1.0, 1.0])


# Collect! (2 players, the longest games: a few hundred plies) and Trick the Monster (3 players,
# hidden hands): the same algorithms to the end of a game, kept small (few simulations).
LONGER_GAMES = [("python_bodoge_collect", 2), ("python_bodoge_koremon_trick", 3)]


@pytest.mark.parametrize(("name", "players"), LONGER_GAMES)
def test_ismcts_finishes_a_game(name: str, players: int) -> None:
    game = load(name, players=players, seed=4)
    random_state = np.random.RandomState(5)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=random_state)
    bot = ismcts.ISMCTSBot(game, evaluator, uct_c=2.0, max_simulations=3,
                           random_state=random_state)  # fmt: skip
    bot.set_resampler(bo.Resampler(6))
    state = game.new_initial_state()
    searched = 0
    while not state.is_terminal():
        legal = state.legal_actions()
        action = bot.step(state)
        assert action in legal
        searched += len(legal) > 1
        state.apply_action(action)
    assert searched > 0  # it did search, not only forced moves
    assert max(state.returns()) > 0 and min(state.returns()) == -1.0  # a winner, a loser


@pytest.mark.parametrize(("name", "players"), LONGER_GAMES)
def test_outcome_sampling_mccfr_finishes_a_game(name: str, players: int) -> None:
    # The solver recurses once per ply (`_episode`); Collect! 2p games stay under 400 plies
    # (GAME_LENGTHS), within Python's default limit of 1000 frames, so no limit is raised.
    game = load(name, players=players, seed=3)
    np.random.seed(1)  # the solver samples with numpy's global generator
    solver = outcome_sampling_mccfr.OutcomeSamplingSolver(game)
    for _ in range(2):
        solver.iteration()
    assert solver._infostates
    policy = solver.average_policy()
    state = game.new_initial_state()
    rng = np.random.RandomState(2)
    while not state.is_terminal():
        probabilities = policy.action_probabilities(state)
        actions = list(probabilities)
        assert actions == state.legal_actions()
        weights = np.array([probabilities[a] for a in actions])
        state.apply_action(actions[rng.choice(len(actions), p=weights / weights.sum())])
    assert max(state.returns()) > 0 and min(state.returns()) == -1.0


# ---- lengths -------------------------------------------------------------------------------


def test_random_games_stay_within_the_stated_lengths() -> None:
    spec = importlib.util.spec_from_file_location("game_lengths", BENCHMARK)
    assert spec is not None and spec.loader is not None
    lengths = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(lengths)
    for (game_id, players), (longest, bound) in bo.GAME_LENGTHS.items():
        if game_id == ToyBids.info.id:
            continue
        assert bound == lengths.MARGIN * longest
        # seeds the table was not measured with
        assert lengths.longest_game(game_id, players, games=6, first_seed=100_000) <= bound


@pytest.mark.parametrize("reward", ["win", "rank", "score"])
def test_a_game_over_before_anyone_decides_is_a_terminal_initial_state(reward: str) -> None:
    """Monster Hunt with dead_ring=end and mimics not placeable deals games that end at once
    (nothing placeable in the first ring): the initial state is terminal, with the result's
    returns, no player and no legal action, and its observations still read."""
    name, options = "python_bodoge_koremon_hunt", {"dead_ring": "end", "mimics_placeable": "no"}
    game = load(name, players=3, seed=0, reward=reward, **options)
    for _ in range(60):
        state = game.new_initial_state()
        if state.is_terminal():
            break
    else:
        pytest.fail("no deal over at once in 60 (about 12% of them are)")
    assert state.match.ply == 0 and state.current_player() == pyspiel.PlayerId.TERMINAL
    result = state.match.result()
    assert result is not None and state.returns() == rewards_from(result, reward)
    assert state.legal_actions() == [] and state.history() == []
    assert len(state.observation_tensor(0)) == game.observation_tensor_size()
    json.loads(state.information_state_string(2))
