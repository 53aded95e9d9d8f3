"""Trick the Monster: the play record of a deal and what the search infers from it.

The rules force no card (seed バリアント３: 「マストフォローの義務無し」), so inference is a
judgement: a card the search's own rule of thumb would clearly have played, passed up and never
played since, is dealt to that seat less often when the search guesses the hidden hands.
"""

from __future__ import annotations

import itertools
import math
from collections import Counter
from typing import Any

import pytest

from bodoge.engine import InvalidState, Rng
from bodoge.games.koremon.common import deck
from bodoge.games.koremon.common.cards import MIMIC, RANK, card_key, parse_card, trick_deck
from bodoge.games.koremon.trick.inference import (
    UNLIKELY,
    UNLIKELY_MIMIC,
    deal_weighted,
    unlikely_cards,
)
from bodoge.games.koremon.trick.rules import TrickState

from .test_trick import play, position

DRAGON, BAT, GOLEM = (parse_card(key) for key in ("dragon", "bat", "golem"))
BUILT_IN = deck.load()


def test_a_follower_that_let_a_dragon_go_probably_holds_no_dragon_and_no_mimic() -> None:
    """Seat 0 leads a Dragon, seat 1 plays a Bat and loses the trick (seed rule ③). A Dragon
    (rule ①: two Dragons, seat 1 last) or a Mimic named Dragon would have taken it."""
    doubts = unlikely_cards(3, ((0, DRAGON), (1, BAT)), BUILT_IN)
    assert doubts[1] == frozenset({DRAGON, MIMIC})


def test_a_rich_lead_doubts_the_cheaper_cards_and_a_cheap_one_nothing() -> None:
    """Leading gives the seats after the leader the chance to take the trick, so the rule of
    thumb leads its cheapest card: a Dragon led argues the leader holds nothing cheaper (every
    other species scores less, seed 得点表); a Bat (0 points) argues nothing."""
    dragon_lead = unlikely_cards(3, ((0, DRAGON),), BUILT_IN)
    assert dragon_lead[0] == frozenset(range(MIMIC)) - {DRAGON}
    assert unlikely_cards(3, ((0, BAT),), BUILT_IN) == (frozenset(),) * 3


def test_a_card_played_later_clears_the_doubt() -> None:
    """Seat 1 passed up the Dragon trick but plays a Mimic in the next trick: it held one."""
    named_bat = MIMIC + BAT  # action NAMED + species
    plays = ((0, DRAGON), (1, BAT), (2, BAT), (0, BAT), (1, named_bat))
    assert unlikely_cards(3, plays, BUILT_IN)[1] == frozenset({DRAGON})


def test_weighted_deal_fills_every_pile_with_the_pool() -> None:
    pool = [DRAGON, DRAGON, BAT, GOLEM, MIMIC, MIMIC, BAT]
    piles = deal_weighted(pool, [3, 0, 4], [frozenset({MIMIC}), frozenset(), frozenset()], Rng(3))
    assert [sum(pile) for pile in piles] == [3, 0, 4]
    dealt = Counter(card for pile in piles for card, n in enumerate(pile) for _ in range(n))
    assert dealt == Counter(pool)


@pytest.mark.parametrize(("card", "low", "high"), [(DRAGON, 0.15, 0.4), (MIMIC, 0.0, 0.1)])
def test_weighted_deal_gives_a_doubted_card_less_often(card: int, low: float, high: float) -> None:
    """Two piles of five and one doubted card: dealt uniformly it would land in each half the
    time; where it is unlikely, about w / (1 + w) of the time (w = UNLIKELY for a monster, 0.4,
    UNLIKELY_MIMIC for a Mimic, 0.05)."""
    pool = [card, *(other for other in range(10) if other != card)][:10]
    rng = Rng(8)
    doubted = sum(
        deal_weighted(pool, [5, 5], [frozenset({card}), frozenset()], rng)[0][card]
        for _ in range(2000)
    )
    assert UNLIKELY == 0.4 and UNLIKELY_MIMIC == 0.05
    assert low < doubted / 2000 < high


# ---- the weighted deal's distribution, exactly ------------------------------------------------
# A small deal: six cards, three piles of two, doubts on two piles (a Mimic doubted by pile 1, so
# its small weight UNLIKELY_MIMIC counts too).
SMALL_POOL = (DRAGON, BAT, GOLEM, MIMIC, MIMIC, BAT)
SMALL_SIZES = (2, 2, 2)
SMALL_DOUBTS = (frozenset(), frozenset({DRAGON, MIMIC}), frozenset({BAT}))
Deal = tuple[tuple[int, ...], ...]  # the piles, each as its sorted cards


def card_by_card(pool: tuple[int, ...], sizes: tuple[int, ...], doubts: Any) -> dict[Deal, float]:
    """The exact distribution of the deal as first written: the pool shuffled (every order
    alike), doubted cards moved first, then every card in turn to a pile with a chance in
    proportion to room x weight."""
    doubted_anywhere = frozenset().union(*doubts)
    orders = list(itertools.permutations(pool))
    chances: dict[Deal, float] = {}

    def deal(cards: tuple[int, ...], room: list[int], piles: list[list[int]], p: float) -> None:
        if not cards:
            key = tuple(tuple(sorted(pile)) for pile in piles)
            chances[key] = chances.get(key, 0.0) + p
            return
        card, rest = cards[0], cards[1:]
        doubt = UNLIKELY_MIMIC if card == MIMIC else UNLIKELY
        weights = [r * (doubt if card in d else 1.0) for r, d in zip(room, doubts, strict=True)]
        total = sum(weights)
        for pile, weight in enumerate(weights):
            if weight:
                room[pile] -= 1
                piles[pile].append(card)
                deal(rest, room, piles, p * weight / total)
                piles[pile].pop()
                room[pile] += 1

    for order in orders:
        cards = tuple(sorted(order, key=lambda card: card not in doubted_anywhere))
        deal(cards, list(sizes), [[] for _ in sizes], 1.0 / len(orders))
    return chances


def as_deal(piles: list[list[int]]) -> Deal:
    return tuple(tuple(card for card, n in enumerate(pile) for _ in range(n)) for pile in piles)


def test_the_weighted_deal_draws_each_deal_as_often_as_the_card_by_card_deal() -> None:
    """The deal draws the undoubted cards in one shuffle cut into the rooms left, not card by
    card; each deal's chance must stay what the card-by-card deal gives it. A chi-square over
    the deals of a small position (p = 0.001; the seed is fixed, so the test is deterministic)."""
    exact = card_by_card(SMALL_POOL, SMALL_SIZES, SMALL_DOUBTS)
    assert abs(sum(exact.values()) - 1.0) < 1e-9
    rng = Rng(11)
    total = 40_000
    counts = Counter(
        as_deal(deal_weighted(SMALL_POOL, SMALL_SIZES, SMALL_DOUBTS, rng)) for _ in range(total)
    )
    assert set(counts) <= set(exact)
    # cells expected at least 5 times; the rest pooled into one
    big = [deal for deal, p in exact.items() if p * total >= 5]
    observed = [counts[deal] for deal in big]
    expected = [exact[deal] * total for deal in big]
    observed.append(total - sum(observed))
    expected.append(total - sum(expected))
    chi2 = sum((o - e) ** 2 / e for o, e in zip(observed, expected, strict=True) if e > 0)
    # df = cells - 1; the critical value of chi-square at p = 0.001 by Wilson-Hilferty
    df = len(observed) - 1
    z = 3.0902
    critical = df * (1 - 2 / (9 * df) + z * math.sqrt(2 / (9 * df))) ** 3
    assert len(big) > 20 and chi2 < critical


def test_without_doubts_every_deal_is_equally_likely_per_order_of_the_pool() -> None:
    """No doubts: the deal is uniform, each way of splitting the pool into the piles' sizes as
    likely as the number of orders of the pool that give it (a hypergeometric split)."""
    doubts = (frozenset(),) * 3
    exact = card_by_card(SMALL_POOL, SMALL_SIZES, doubts)
    rng = Rng(12)
    total = 30_000
    counts = Counter(
        as_deal(deal_weighted(SMALL_POOL, SMALL_SIZES, doubts, rng)) for _ in range(total)
    )
    assert set(counts) == set(exact)
    chi2 = sum((counts[deal] - p * total) ** 2 / (p * total) for deal, p in exact.items())
    df = len(exact) - 1
    critical = df * (1 - 2 / (9 * df) + 3.0902 * math.sqrt(2 / (9 * df))) ** 3
    assert chi2 < critical


def deal_start(hands: list[list[str]]) -> TrickState:
    """A 3-player game at the start of its first deal (nothing played, record empty), seat 0 to
    lead: each hand is the cards given, filled to ten with the lowest monsters left that are no
    Dragon or Mimic; the rest is the reserve."""
    rest = Counter(card_key(card) for card in trick_deck())
    rest.subtract(card for hand in hands for card in hand)
    full = []
    for hand in hands:
        filler = sorted(
            (card for card in rest.elements() if card not in ("dragon", "mimic")),
            key=lambda key: -RANK[parse_card(key)],
        )[: 10 - len(hand)]
        rest.subtract(filler)
        full.append([*hand, *filler])
    data: dict[str, Any] = {
        "game": "koremon_trick", "players": 3, "options": {}, "seed": 1, "rng": 1,
        "dealer": 2, "game_number": 1, "leader": 0, "led_mimics": 0, "hands": full,
        "reserve": list(rest.elements()), "trick": [], "won": [[[], [], []], [[], [], []]],
        "face_up": [[0, 0, 0], [0, 0, 0]], "plays": [],
    }  # fmt: skip
    return TrickState.from_json(data)


def dragon_passed_up() -> TrickState:
    """Seat 0 leads a Dragon and seat 1 lets it go with a Bat; seat 2 to play."""
    state = deal_start([["dragon"], ["bat", "mimic"], ["kobold"]])
    play(state, "play:dragon", "play:bat")
    return state


def test_determinizations_deal_the_doubted_mimic_elsewhere() -> None:
    """Seen from seat 2, the unseen cards are the other two hands (nine each) and the 30 of the
    reserve. Dealt uniformly, seat 1 would get 9/48 of the unseen Mimics; it doubts holding
    any, so guesses give it clearly fewer."""
    state = dragon_passed_up()
    unseen = 15 - state.hands[2][MIMIC]
    rng = Rng(4)
    guesses = 500
    with_seat1 = sum(state.determinize(2, rng).hands[1][MIMIC] for _ in range(guesses))
    uniform = guesses * unseen * 9 / 48
    assert with_seat1 < 0.6 * uniform


def test_the_play_record_is_public_and_round_trips() -> None:
    state = dragon_passed_up()
    expected = [{"seat": 0, "play": "play:dragon"}, {"seat": 1, "play": "play:bat"}]
    for seat in (0, 1, 2, None):
        assert state.view(seat)["plays"] == expected
    again = TrickState.from_json(state.to_json())
    assert again.plays == state.plays and again.to_json() == state.to_json()


def test_a_hand_written_position_may_leave_the_record_out() -> None:
    """Without `plays` the record is unknown until the next deal (nothing is inferred), and the
    state still writes and reads back."""
    state = position([["golem"], ["dragon"], ["golem"], ["slime"]], rest_to=0)
    play(state, "play:golem")
    assert state.plays is None and state.to_json()["plays"] is None
    assert TrickState.from_json(state.to_json()).to_json() == state.to_json()


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda plays: plays.pop(), "every card played"),
        (lambda plays: plays.reverse(), "clockwise"),
        (lambda plays: plays[1].__setitem__("play", "play:slime"), "do not lead to this position"),
        (lambda plays: plays[1].__setitem__("play", "play:wyvern"), "plays: "),
        (lambda plays: plays.__setitem__(0, "dragon"), "must be an object"),
    ],
)
def test_a_record_that_does_not_lead_to_the_position_is_refused(change: Any, message: str) -> None:
    data = dragon_passed_up().to_json()
    change(data["plays"])
    with pytest.raises(InvalidState, match=message):
        TrickState.from_json(data)


def test_random_games_keep_a_full_record_that_replays() -> None:
    """Every position of a played game carries the whole deal's record, and reading it back
    replays it (`_check_plays`) to the same state."""
    state = TrickState.new(3, {"mimic_lead": "any-time"}, seed=21)
    rng = Rng(2)
    while not state.is_over():
        seat = state.pending()[0]
        legal = state.legal_actions(seat)
        state.apply(seat, legal[rng.below(len(legal))])
        data = state.to_json()
        assert TrickState.from_json(data).to_json() == data
        assert len(data["plays"]) == 30 - state.left  # each deal of 30 cards has its own record


def _deal_loop(
    doubted: list[tuple[int, tuple[float, ...]]], fractions: list[float], room: list[int]
) -> list[list[int]]:
    """The weighted deal's doubted cards as first written: weights summed and walked pile by
    pile, a full pile stepped past."""
    piles = [[0] * 16 for _ in room]
    count = len(room)
    for (card, scale), fraction in zip(doubted, fractions, strict=True):
        total = 0.0
        for pile in range(count):
            total += room[pile] * scale[pile]
        point = fraction * total
        pile = 0
        while pile < count - 1:
            weight = room[pile] * scale[pile]
            if point < weight:
                break
            point -= weight
            pile += 1
        while room[pile] == 0:
            pile = (pile + 1) % count
        piles[pile][card] += 1
        room[pile] -= 1
    return piles


def test_the_three_pile_deal_picks_the_piles_of_the_loop_to_the_last_bit() -> None:
    """`_deal_three` (every deal of three players) is the loop written out: the same pile for
    random fractions, the ends of the unit interval and the floats at and either side of each
    boundary between two piles, with empty piles among them."""
    from bodoge.games.koremon.trick.inference import _deal_each, _deal_three

    rng = Rng(18)
    scales = (1.0, UNLIKELY, UNLIKELY_MIMIC)
    for _ in range(1500):
        room = [rng.below(4) for _ in range(3)]
        room[rng.below(3)] += 1 + rng.below(6)
        rooms = [room[:], room[:], room[:]]
        piles: list[list[list[int]]] = [[[0] * 16 for _ in room] for _ in range(3)]
        for _ in range(rng.below(sum(room)) + 1):
            card = rng.below(16)
            scale = tuple(scales[rng.below(3)] for _ in range(3))
            weights = [r * s for r, s in zip(rooms[0], scale, strict=True)]
            total = weights[0] + weights[1] + weights[2]
            edge = (0.0, weights[0] / total, (weights[0] + weights[1]) / total, 1.0)[rng.below(4)]
            fraction = [rng.random(), edge, math.nextafter(edge, 0.0), math.nextafter(edge, 1.0)]
            fraction = [min(f, 1.0 - 2.0**-53) for f in fraction][rng.below(4)]
            expected = _deal_loop([(card, scale)], [fraction], rooms[0])
            for pile, deal in enumerate((_deal_three, _deal_each), 1):
                deal([(card, scale)], [fraction], rooms[pile], piles[pile])
            for pile in range(3):
                piles[0][pile][card] += expected[pile][card]
            assert rooms[1] == rooms[2] == rooms[0] and piles[1] == piles[2] == piles[0]


def test_a_deal_made_from_counts_is_the_deal_of_the_pool() -> None:
    from bodoge.games.koremon.trick.inference import WeightedDeal

    pool = sorted(trick_deck()[:40])
    counts = [pool.count(card) for card in range(16)]
    doubts = (frozenset(), frozenset({DRAGON, MIMIC}), frozenset({BAT}))
    deal = WeightedDeal(counts, [10, 15, 15], doubts)
    for seed in range(20):
        assert deal(Rng(seed)) == deal_weighted(pool, [10, 15, 15], doubts, Rng(seed))
