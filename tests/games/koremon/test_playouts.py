"""The search's rules of thumb (each game's `bot.py` in `koremon/`): what the simulated players
do, and that they stay legal and never read another seat's secrets."""

from __future__ import annotations

import pytest

from bodoge.engine import Rng, get_game
from bodoge.games.koremon.auction.bot import BID_CANDIDATES, fits_now
from bodoge.games.koremon.common import pyramid as P
from bodoge.games.koremon.common.cards import MIMIC, parse_card
from bodoge.games.koremon.trick.bot import _EXPLORE, _hand_change, play_value, trick_action
from bodoge.games.koremon.trick.rules import TrickState

from .auction_positions import BOTTOM, auction
from .test_heuristics import hunt, trick


def cards(*keys: str) -> list[int]:
    return [parse_card(key) for key in keys]  # type: ignore[misc]


def pyramid(**slots: str) -> list[int]:
    out = P.empty()
    for label, key in slots.items():
        out[P.parse_slot(label.replace("_", "."))] = parse_card(key)  # type: ignore[index]
    return out


# ---- Monster Auction ----------------------------------------------------------------------------


def test_fits_now_counts_only_the_slots_open_now() -> None:
    """RULINGS §3 normal rules: a rank-4 Orc needs two filled row-5 supports. Won together with
    two row-5 monsters it fits (`can_place_all`), but won alone it would put its bidder out of
    the Auction (seed variant 1, 3.), so a simulated bidder never bids on it with them."""
    empty = P.empty()
    assert P.can_place_all(empty, cards("slime", "goblin", "orc"))
    assert not fits_now(empty, cards("slime", "goblin", "orc"), True)
    assert fits_now(empty, cards("slime", "goblin", "mimic"), True)
    assert not fits_now(empty, cards("slime", "mimic"), False)  # mimics_placeable=no
    assert not fits_now(empty, cards("slime", "slime"), True)  # one of each species
    full_row = pyramid(**{f"5_{j}": key for j, key in enumerate(BOTTOM.values(), 1)})
    assert not fits_now(full_row, cards("kobold"), True)  # row 5 is full
    assert fits_now(full_row, cards("orc", "harpy", "lizardman", "werewolf"), True)
    assert not fits_now(full_row, cards("orc", "harpy", "lizardman", "werewolf", "mimic"), True)


def test_bid_candidates_are_a_grid_within_the_money_left() -> None:
    """The search weighs 0, every small amount, coarser steps above, and all the money left."""
    assert BID_CANDIDATES[0] == [0]
    assert BID_CANDIDATES[5] == [0, 1, 2, 3, 4, 5]
    assert BID_CANDIDATES[30] == [0, 1, 2, 3, 4, 5, 6, 7, 8, 10, 12, 14, 17, 20, 24, 28, 30]
    state = auction(round=2, money=[100, 9, 100], bids=[[], [3], []])
    assert state.search_actions(1) == [0, 1, 2, 3, 4, 5, 6]  # 9 - 3 left
    assert set(state.search_actions(0)) <= set(state.legal_actions(0))


def test_simulated_bidder_skips_what_it_cannot_place() -> None:
    """Seat 0's row 5 is full: the Slime, Goblin and Bat on the table (all rank 5) can never be
    placed, so it bids 0 on them whatever the dice say."""
    state = auction(round=2, pyramids=[BOTTOM, {}, {}], money=[95, 100, 100])
    rng = Rng(1)
    for _ in range(50):
        assert state.playout_action(0, state.legal_actions(0), rng) == 0  # the Slime


def test_simulated_bidder_spends_around_its_money_per_round() -> None:
    """Round 1 of 15 with 100 money: bids on a placeable Slime stay near 100 / 15 per round and
    never exceed the money left."""
    state = auction()
    rng = Rng(2)
    amounts = [state.playout_action(0, state.legal_actions(0), rng) for _ in range(400)]
    assert 0 in amounts and max(amounts) <= 20
    positive = [a for a in amounts if a > 0]
    assert 3 <= sum(positive) / len(positive) <= 12


@pytest.mark.parametrize("payment", ["all-pay", "winner-pays"])
def test_policy_games_are_legal_and_nobody_goes_out(payment: str) -> None:
    """Games played only by the rule of thumb: every move is legal (apply checks it) and no seat
    ever wins a monster it cannot place."""
    game = get_game("koremon_auction")
    for seed in range(40):
        state = game.new(3 + seed % 4, {"payment": payment}, seed=seed)
        rng = Rng(seed)
        while not state.is_over():
            seat = state.pending()[0]
            state.apply(seat, state.playout_action(seat, state.legal_actions(seat), rng))
        assert not any(state.out)
        assert sum(P.count(p) for p in state.pyramids) > 0


# ---- Hunt the Monster ---------------------------------------------------------------------------


def test_hunt_rule_of_thumb_places_beside_the_orc() -> None:
    """The Harpy at 4.2 beside the Orc opens slot 3.1; at 4.4 it opens nothing (the same
    judgement as the heuristic's)."""
    state = hunt()
    assert state.legal_texts(0) == ["place:4.2", "place:4.3", "place:4.4"]
    chosen = state.playout_action(0, state.legal_actions(0), Rng(0))
    assert state.action_text(chosen) == "place:4.2"


# ---- Trick the Monster --------------------------------------------------------------------------


def test_trick_rule_of_thumb_takes_a_rich_trick_with_a_mimic() -> None:
    """Seat 3, last to play after a Dragon, a Griffin and a Slime: a Mimic named as any of them
    makes that species the majority with seat 3 its last player (seed 4 rule 1), taking
    8 + 4 + 0 - 2; the Orc would leave four species of one card and four ranks, so the smallest
    rank (the Dragon, rule 3) would give seat 0 the 13 points."""
    state = trick(
        [["goblin"], ["bat"], ["kobold"], ["mimic", "orc"]],
        trick=[(0, "dragon", "dragon"), (1, "griffin", "griffin"), (2, "slime", "slime")],
    )
    assert state.legal_texts(3) == [
        "play:orc", "play:mimic=dragon", "play:mimic=griffin", "play:mimic=slime",
    ]  # fmt: skip
    rng = Rng(3)
    picks = [state.action_text(state.playout_action(3, state.legal_actions(3), rng))
             for _ in range(40)]  # fmt: skip
    # The Orc only as one of the 15% random moves (a uniform pick would take it ~10 times).
    assert picks.count("play:orc") < 5
    assert set(picks) <= set(state.legal_texts(3))


def test_trick_rule_of_thumb_keeps_a_dragon_out_of_a_lost_trick() -> None:
    """After a Goblin and a Mimic named Goblin (seats 3 and 0), seat 1 with a Dragon and a Bat
    cannot take the trick: the Goblins are the majority either way (seed 4 rule 1). It feeds
    the Bat, not its 8 points (bar the 15% random moves)."""
    state = trick(
        [["slime"], ["dragon", "bat"], ["kobold", "orc"], ["harpy"]],
        trick=[(3, "goblin", "goblin"), (0, "mimic", "goblin")],
        leader=3,
    )
    rng = Rng(4)
    picks = [state.action_text(state.playout_action(1, state.legal_actions(1), rng))
             for _ in range(60)]  # fmt: skip
    assert picks.count("play:bat") > 45


def test_trick_rule_of_thumb_keeps_a_pair_for_later() -> None:
    """Leading an Orc or a Harpy (rank 4, 1 point each, seed 得点表) is the same for the trick;
    two Orcs in hand are a majority to take a later trick with (seed 4 rule 1), so the lead is
    the Harpy (bar the 15% random moves; a uniform pick would lead it half the time)."""
    state = trick(
        [["orc", "orc", "harpy"], ["bat", "slime", "goblin"], ["kobold", "skeleton", "bat"],
         ["slime", "goblin", "kobold"]],
    )  # fmt: skip
    rng = Rng(6)
    picks = [state.action_text(state.playout_action(0, state.legal_actions(0), rng))
             for _ in range(40)]  # fmt: skip
    assert picks.count("play:harpy") >= 32


def test_trick_rule_of_thumb_sheds_a_mimic_before_its_last_monster() -> None:
    """Seat 3, last after a Bat, a Slime and a Kobold, holds a Mimic and a Golem. For this trick
    alone the Golem is cheaper (it loses to the three rank-5 cards, seed 4 rule 2, handing 2
    points away; a Mimic named Bat takes the trick at -2). But keeping the Mimic would leave
    a hand of nothing but Mimics, to be led face up for -10 (RULINGS §3): it plays the Mimic."""
    state = trick(
        [["orc"], ["harpy"], ["goblin"], ["mimic", "golem"]],
        trick=[(0, "bat", "bat"), (1, "slime", "slime"), (2, "kobold", "kobold")],
    )
    rng = Rng(2)
    picks = [state.action_text(state.playout_action(3, state.legal_actions(3), rng))
             for _ in range(40)]  # fmt: skip
    assert picks.count("play:golem") <= 6


def test_trick_policy_games_are_legal() -> None:
    game = get_game("koremon_trick")
    for seed in range(30):
        state = game.new(3 + seed % 4, seed=seed)
        rng = Rng(seed)
        while not state.is_over():
            seat = state.pending()[0]
            state.apply(seat, state.playout_action(seat, state.legal_actions(seat), rng))
        assert state.result() is not None


def valued_one_by_one(state: TrickState, seat: int, legal: list[int], rng: Rng) -> int:
    """The Trick rule of thumb as first written: every action through `play_value` and
    `_hand_change` (the rule works out what the actions share once instead)."""
    if rng.random() < _EXPLORE:
        return legal[rng.below(len(legal))]
    best, best_value = legal[0], float("-inf")
    hand = state.hands[seat]
    mimics = hand[MIMIC]
    monsters = sum(hand) - mimics
    for action in legal:
        value = play_value(state.trick, state.led, state.players, seat, action, state.c)
        value += _hand_change(hand, mimics, monsters, action)
        value += rng.random() * 0.1
        if value > best_value:
            best, best_value = action, value
    return best


@pytest.mark.parametrize("players", [3, 6])
def test_trick_rule_of_thumb_chooses_as_play_value_values(players: int) -> None:
    """Over random games (the Mimic led any time too), the rule picks what valuing each action
    with `play_value` picks, from the same generator, and leaves the generator alike."""
    for seed in range(6):
        state = get_game("koremon_trick").new(players, {"mimic_lead": "any-time"}, seed)
        mover = Rng(seed)
        while not state.is_over():
            seat = state.pending()[0]
            legal = state.legal_actions(seat)
            one, other = Rng(seed * 7 + state.ply), Rng(seed * 7 + state.ply)
            assert trick_action(state, seat, legal, one) == valued_one_by_one(
                state, seat, legal, other
            )
            assert one.state == other.state
            state.apply(seat, legal[mover.below(len(legal))])
