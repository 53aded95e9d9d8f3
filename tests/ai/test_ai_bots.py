"""Bots: specifications, legality, sensible choices, and blindness to hidden information."""

from __future__ import annotations

import pytest

from bodoge.ai import (
    LEVEL_INFO,
    LEVELS,
    BotSpecError,
    GreedyBot,
    IsmctsBot,
    RandomBot,
    make_bot,
    parse_lineup,
    sample,
)
from bodoge.ai.ismcts import HIDDEN, rewards
from bodoge.engine import BodogeError, IllegalAction, Result, Rng, ranked_result
from toy_game import SealedBids

SPECS = ["random", "greedy", "greedy:2", "ismcts:40", "easy", "normal", "hard"]


def position(**fields: object) -> SealedBids:
    """A hand-written two-player position (round 2 of 3 unless told otherwise)."""
    data = {
        "game": "toy_sealed_bids",
        "players": 2,
        "seed": 7,
        "rng": 99,
        "deck": [4, 5, 6],
        "hands": [[1, 9], [2, 8]],
        "prizes": [1],
        "prize": 4,
        "sealed": [0, 0],
        "scores": [2, 0],
        "history": [[7, 3]],
        "round": 1,
    }
    data.update(fields)
    return SealedBids.from_json(data)


# ---- specifications ----------------------------------------------------------------------


def test_specs_name_the_documented_bots() -> None:
    assert isinstance(make_bot("random", 1), RandomBot)
    assert isinstance(make_bot("greedy", 1), GreedyBot)
    assert make_bot("greedy:8", 1).samples == 8  # type: ignore[attr-defined]
    assert make_bot("ismcts", 1).iterations == 300  # type: ignore[attr-defined]
    assert make_bot("ismcts:hard", 1).iterations == 1500  # type: ignore[attr-defined]
    assert make_bot("ismcts:500", 1).iterations == 500  # type: ignore[attr-defined]
    timed = make_bot("ismcts:1.5s", 1)
    assert timed.seconds == 1.5 and timed.iterations is None  # type: ignore[attr-defined]
    assert isinstance(make_bot("easy", 1), GreedyBot)
    assert make_bot("hard", 1).name == "hard"
    assert set(LEVELS) == {"easy", "normal", "hard"}
    # Every level has a name and a description in English and Japanese for players.
    assert set(LEVEL_INFO) == set(LEVELS)
    assert all(set(info) == {"en", "ja"} and all(info.values()) for info in LEVEL_INFO.values())


@pytest.mark.parametrize(
    "spec",
    ["", "minimax", "random:3", "greedy:0", "greedy:x", "ismcts:0", "ismcts:-1s", "ismcts:fast"],
)
def test_bad_specs_raise_one_clear_bodoge_error(spec: str) -> None:
    with pytest.raises(BotSpecError) as caught:
        make_bot(spec, 0)
    assert isinstance(caught.value, BodogeError)
    assert "\n" not in str(caught.value) and repr(spec) in str(caught.value)


def test_lineup_fills_or_checks_every_seat() -> None:
    assert parse_lineup("random", 3) == ["random"] * 3
    assert parse_lineup("hard, greedy", 2) == ["hard", "greedy"]
    with pytest.raises(BotSpecError, match="3 bots for 2 players"):
        parse_lineup("random,random,greedy", 2)
    with pytest.raises(BotSpecError, match="empty"):
        parse_lineup("random,,greedy", 3)
    with pytest.raises(BotSpecError, match="unknown bot"):
        parse_lineup("random,magic", 2)


# ---- play --------------------------------------------------------------------------------


@pytest.mark.parametrize("spec", SPECS[:4])
@pytest.mark.parametrize("players", [2, 3])
def test_bots_play_whole_games_legally(spec: str, players: int) -> None:
    for seed in range(3):
        state = SealedBids.new(players, seed=seed)
        bots = [make_bot(spec, seed * 10 + seat) for seat in range(players)]
        while not state.is_over():
            seat = state.pending()[-1]  # the last pending seat, so others' seals are hidden
            action = bots[seat].choose(state, seat)
            assert action in state.legal_actions(seat)
            state.apply(seat, action)
        assert state.result() is not None


def test_sample_reseeds_future_chance_and_keeps_the_view() -> None:
    """A bot's world agrees with its view but not with the real generator (future dice)."""
    state = position()
    rng = Rng(5)
    world = sample(state, 0, rng)
    assert world.view(0) == state.view(0)
    assert world.rng.state != state.rng.state


def test_greedy_takes_the_prize_it_can_see_it_wins() -> None:
    """Greedy, last to seal against a sealed card: the 9 beats any card, worth 4 points."""
    state = position(hands=[[1, 9], [8]], sealed=[0, 2])
    values = GreedyBot(3).evaluate(state, 0)
    assert values[8] > values[0]
    assert GreedyBot(3).choose(state, 0) == 8  # play:9


def test_greedy_keeps_high_cards_when_nothing_resolves() -> None:
    """Sealing first, the toy heuristic sees only the hand value, so greedy sheds its 1."""
    assert GreedyBot(3).choose(position(), 0) == 0  # play:1


def test_ismcts_bids_high_for_the_big_prize() -> None:
    """Round 2: prize 4 now, prize 1 last. The 9 wins the 4 for sure; the 1 probably loses it.
    (Seat 1 could tie at most by luck: 9 is the top card.)"""
    bot = IsmctsBot(11, iterations=400)
    assert bot.choose(position(), 0) == 8
    assert bot.last_root is not None
    table = bot.last_root.tables[0]
    assert table[8][0] > table[0][0]  # the search spent its visits on play:9


def test_ismcts_as_second_seat_of_a_simultaneous_decision() -> None:
    """Seat 1 decides while seat 0 is pending too: the root runs seat 1 first."""
    state = position(hands=[[1, 3], [2, 9]], scores=[0, 2], history=[[7, 8]])
    assert IsmctsBot(4, iterations=300).choose(state, 1) == 8


def test_time_budget_returns_a_legal_action() -> None:
    state = SealedBids.new(3, seed=1)
    assert IsmctsBot(2, iterations=None, seconds=0.05).choose(state, 2) in state.legal_actions(2)


def test_single_legal_action_is_returned_at_once() -> None:
    state = position(hands=[[9], [8]], round=2, prizes=[], history=[[7, 3], [1, 2]])
    bot = IsmctsBot(1, iterations=10)
    assert bot.choose(state, 0) == 8 and bot.last_root is None


def test_rewards_share_wins_and_rank() -> None:
    """Reward: 0.8 x win share + 0.2 x rank position."""

    class Done(SealedBids):  # a real state (the compiled build checks the type) with this result
        def result(self) -> Result:
            return ranked_result([5, 5, 1])

    done = Done.new(3, seed=1)
    assert rewards(done) == pytest.approx([0.6, 0.6, 0.0])
    # Half of it the score scaled from the lowest (0) to the highest (1).
    assert rewards(done, 0.5) == pytest.approx([0.8, 0.8, 0.0])


# ---- a bot cannot depend on hidden information ----------------------------------------


@pytest.mark.parametrize("spec", ["random", "greedy", "greedy:3", "ismcts:60", "ismcts:hard"])
@pytest.mark.parametrize("players", [2, 3])
def test_decisions_ignore_hidden_information(spec: str, players: int) -> None:
    """Same view, different hidden state (other hands, deck, sealed cards, prize order, future
    chance), same decision for a fixed seed: a bot sees only its seat's view."""
    checked = 0
    for seed in range(6):
        state = SealedBids.new(players, seed=seed)
        mover = RandomBot(seed)
        while not state.is_over():
            pending = state.pending()
            seat = pending[-1]
            other = state.determinize(seat, Rng(seed + 1000))
            other.rng = Rng(seed + 2000)
            assert other.view(seat) == state.view(seat)
            if other.to_json() != state.to_json():
                checked += 1
            mine = make_bot(spec, 42).choose(state, seat)
            theirs = make_bot(spec, 42).choose(other, seat)
            assert mine == theirs, f"{spec} changed its choice with hidden information"
            first = pending[0]
            state.apply(first, mover.choose(state, first))
    assert checked > 10


def test_endless_playouts_are_cut_off_and_scored_as_draws() -> None:
    """A playout that has not ended after `max_playout` moves stops (and counts as a draw)."""
    bot = IsmctsBot(1, iterations=20, max_playout=1)
    state = SealedBids.new(2, seed=3)
    assert bot._playout(state.clone()) is False
    assert IsmctsBot(1)._playout(state.clone()) is True
    assert bot.choose(state, 1) in state.legal_actions(1)


def test_simultaneous_node_is_decoupled() -> None:
    """Both seats pending at the root, searched (`opponents="search"`): each keeps its own
    statistics there, and the root's children are keyed by the choices as seat 1 sees them:
    its own card, and HIDDEN for seat 0's sealed card (a private event), so seat 1's tree never
    branches on a card it cannot see."""
    bot = IsmctsBot(8, iterations=200, opponents="search")
    bot.choose(position(), 1)
    root = bot.last_root
    assert root is not None and set(root.tables) == {0, 1}
    assert set(root.tables[1]) == {1, 7} and set(root.tables[0]) <= {0, 2, 3, 4, 5, 6, 8}
    visits = [sum(stat[0] for stat in root.tables[seat].values()) for seat in (0, 1)]
    assert visits == [200, 200]
    assert {key for key in root.children} == {(1, 1, 0, HIDDEN), (1, 7, 0, HIDDEN)}


def test_sealed_opponents_follow_the_playout_policy_by_default() -> None:
    """By default another seat's sealed choice in the tree comes from the game's playout policy
    (the toy game's default: uniformly random): it keeps no statistics of its own."""
    bot = IsmctsBot(8, iterations=200)
    assert bot.choose(position(), 1) in (1, 7)
    root = bot.last_root
    assert root is not None and set(root.tables) == {1}
    assert sum(stat[0] for stat in root.tables[1].values()) == 200
    assert {key[3] for key in root.children} == {HIDDEN}


def test_progressive_widening_bounds_the_root() -> None:
    """With widening w, a node adds an action only while it weighs fewer than w x sqrt(visits):
    after 200 visits, w = 0.05 (0.7) keeps the root at the first action tried, w = 0.1 (1.4)
    at two; without widening all three opening cards are tried."""
    state = SealedBids.new(2, seed=3)
    assert len(state.legal_actions(0)) == 3
    for widening, tried in ((0.05, 1), (0.1, 2), (0.0, 3)):
        bot = IsmctsBot(5, iterations=200, widening=widening)
        assert bot.choose(state, 0) in state.legal_actions(0)
        assert bot.last_root is not None and len(bot.last_root.tables[0]) == tried


def test_priors_order_the_first_tries() -> None:
    """With a prior weight, the untried action the game's heuristic likes best is tried first:
    after one iteration the root holds exactly greedy's choice."""
    state = position(hands=[[1, 9], [8]], sealed=[0, 2])
    bot = IsmctsBot(3, iterations=1, prior_weight=1.0)
    bot.choose(state, 0)
    assert bot.last_root is not None and set(bot.last_root.tables[0]) == {8}
    assert bot.last_root.priors[0][8] == 1.0 and bot.last_root.priors[0][0] == 0.0


def test_bad_search_settings_are_refused() -> None:
    with pytest.raises(ValueError, match="playout"):
        IsmctsBot(1, playout="smart")
    with pytest.raises(ValueError, match="opponents"):
        IsmctsBot(1, opponents="psychic")


@pytest.mark.parametrize("spec", ["random", "greedy", "ismcts:5"])
def test_a_bot_asked_for_a_seat_with_nothing_to_decide_fails_clearly(spec: str) -> None:
    state = position(hands=[[1, 9], [8]], sealed=[0, 2])  # seat 1 has sealed already
    with pytest.raises(IllegalAction, match="seat 1 has nothing to decide"):
        make_bot(spec, 0).choose(state, 1)
