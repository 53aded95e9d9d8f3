"""Rules of thumb for the search's simulated games in Monster Auction, Hunt the Monster and Trick
the Monster (the `playout_action` and `search_actions` methods call these).

A tree search finishes each simulated game with these quick moves, so they are its model of how
everyone plays on. Random moves are a poor model here: a random bidder spends most of its money
on the first monster it sees, and a random trick player throws its best cards away. Each rule
reads only what the moving seat may know (public cards, pyramids, money, its own hand and bids)
and keeps some randomness, so the simulated games still differ.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from typing import TYPE_CHECKING

from bodoge.engine import Rng
from bodoge.games.koremon.common import pyramid as P
from bodoge.games.koremon.common.cards import MIMIC, RANK
from bodoge.games.koremon.common.heuristics import (
    KEEP,
    MIMIC_IN_HAND,
    ONLY_MIMICS,
    PAIR,
    pyramid_potential,
)
from bodoge.games.koremon.trick.tricks import LEAD_MIMIC, NAMED, POINTS, trick_entry, trick_winner

if TYPE_CHECKING:
    from bodoge.games.koremon.auction.rules import AuctionState
    from bodoge.games.koremon.trick.rules import TrickState

# ---- the collection pyramid (Auction and Hunt) ------------------------------------------------


# The simulated games meet the same pyramids again and again (a search's iterations start from
# one position), so what the rules of thumb ask of a pyramid is kept per pyramid, as a tuple.
_potential = lru_cache(maxsize=1 << 15)(pyramid_potential)


@lru_cache(maxsize=1 << 14)
def _open_by_row(pyramid: tuple[int, ...]) -> tuple[int, ...]:
    """How many slots of each row (index 1-5) are open now: empty, with their supports filled."""
    counts = [0] * (P.ROWS + 1)
    for slot in P.open_now(pyramid):
        counts[P.ROW_OF[slot]] += 1
    return tuple(counts)


def _placeable(pyramid: Sequence[int], open_by_row: Sequence[int], card: int, ok: bool) -> bool:
    """`P.can_place` from the pyramid's open slots per row."""
    if card == MIMIC:
        return ok and any(open_by_row)
    return open_by_row[RANK[card]] > 0 and card not in pyramid


def best_slot(pyramid: Sequence[int], options: Sequence[tuple[int, int]]) -> int:
    """Index into `options` ((card, slot) pairs) of the placement that leaves the pyramid with
    the most potential (the first such on a tie)."""
    if len(options) == 1:
        return 0
    best, best_value = 0, float("-inf")
    after = list(pyramid)
    for i, (card, slot) in enumerate(options):
        after[slot] = card
        value = _potential(tuple(after))
        after[slot] = P.EMPTY
        if value > best_value:
            best, best_value = i, value
    return best


# ---- Monster Auction ----------------------------------------------------------------------------

# The amounts the search weighs for one bid: every small amount, then coarser steps (a bid of 37
# and one of 40 rarely differ in what they win, and 101 choices would starve each of visits).
BID_GRID = (0, 1, 2, 3, 4, 5, 6, 7, 8, 10, 12, 14, 17, 20, 24, 28, 33, 40, 50, 60, 75, 100)
BID_CANDIDATES = tuple(
    [amount for amount in BID_GRID if amount < left] + [left] for left in range(BID_GRID[-1] + 1)
)


def fits_now(pyramid: Sequence[int], cards: Sequence[int], mimics_ok: bool) -> bool:
    """Whether `cards` fit the slots open now, each in its own (so any of them won alone or
    together can be placed; `can_place_all` would also count a slot that another of the cards
    opens, and winning that one alone would put the seat out)."""
    need = [0] * (P.ROWS + 1)  # monsters per row
    mimics = 0
    seen = 0  # bit per species among the cards
    for card in cards:
        if card == MIMIC:
            mimics += 1
            continue
        if seen >> card & 1 or card in pyramid:
            return False
        seen |= 1 << card
        need[RANK[card]] += 1
    open_by_row = _open_by_row(tuple(pyramid))
    spare = 0
    for row in range(1, P.ROWS + 1):
        if need[row] > open_by_row[row]:
            return False
        spare += open_by_row[row] - need[row]
    return mimics == 0 or (mimics_ok and mimics <= spare)


def _next_fits(state: AuctionState, seat: int) -> bool:
    """Whether the monster the seat bids on next fits now beside those it has already bid on."""
    bid = state.bids[seat]
    wanted = [card for card, amount in zip(state.table, bid, strict=False) if amount > 0]
    wanted.append(state.table[len(bid)])
    return fits_now(state.pyramids[seat], wanted, state.mimics_ok)


@lru_cache(maxsize=1 << 16)
def _placeable_count(pyramid: tuple[int, ...], table: tuple[int, ...], mimics_ok: bool) -> int:
    """How many of the `table` cards could be placed in `pyramid` now."""
    open_by_row = _open_by_row(pyramid)
    return sum(1 for card in table if _placeable(pyramid, open_by_row, card, mimics_ok))


def _money_per_round(state: AuctionState, seat: int) -> float:
    """The seat's money spread over the rounds left, this one included."""
    from bodoge.games.koremon.auction.rules import ROUNDS

    return state.money[seat] / max(1, ROUNDS - state.round + 1)


_CARDS_PER_ROUND = 1.5  # how many placeable monsters a simulated bidder goes for each round


def auction_bid(state: AuctionState, seat: int, rng: Rng) -> int:
    """A bid for the next monster on the table: nothing for a card that could not be placed with
    the ones already bid on this round (winning it would put the seat out), seldom anything for
    a Mimic; otherwise, for about one and a half placeable monsters a round, an amount around the
    seat's money per round left (more for a higher rank), so a simulated bidder spends its money
    over the game as a careful player does, and money saved is worth something in the search."""
    bid = state.bids[seat]
    left = state.money[seat] - sum(bid)
    if left <= 0:
        return 0
    card = state.table[len(bid)]
    pyramid = state.pyramids[seat]
    mimics_ok = state.mimics_ok
    if card == MIMIC and (not mimics_ok or rng.below(4)):
        return 0  # -2 points: only now and then worth a filler
    if not _next_fits(state, seat):
        return 0
    placeable = _placeable_count(tuple(pyramid), tuple(state.table), mimics_ok)
    if rng.random() * placeable > _CARDS_PER_ROUND:
        return 0
    worth = 6 - RANK[card] if card != MIMIC else 1
    amount = _money_per_round(state, seat) * (0.5 + rng.random()) * (0.6 + worth / 5)
    return min(left, int(amount) + 1)


def auction_bid_candidates(state: AuctionState, seat: int) -> list[int]:
    """The amounts the search weighs for the next bid: only 0 for a monster that does not fit
    the open slots beside the ones already bid on (winning it could put the seat out); else the
    grid up to two and a half times the seat's money per round left (at least 8), within the
    money left. More than that on one monster spends rounds of money at once, and the search
    cannot tell such moves apart in a few hundred simulated games."""
    if not _next_fits(state, seat):
        return [0]
    left = state.money[seat] - sum(state.bids[seat])
    cap = max(8.0, 2.5 * _money_per_round(state, seat))
    return [amount for amount in BID_CANDIDATES[left] if amount <= cap]


def auction_action(state: AuctionState, seat: int, legal: list[int], rng: Rng) -> int:
    from bodoge.games.koremon.auction.rules import BID, PLACE_BASE

    if state.phase == BID:
        return auction_bid(state, seat, rng)
    options = [divmod(action - PLACE_BASE, P.SLOTS) for action in legal]
    return legal[best_slot(state.pyramids[seat], options)]


# ---- Hunt the Monster ---------------------------------------------------------------------------


def hunt_action(pyramid: Sequence[int], card: int, legal: list[int]) -> int:
    """The placement (`1 + slot` actions) that leaves the most potential."""
    return legal[best_slot(pyramid, [(card, action - 1) for action in legal])]


# ---- Trick the Monster --------------------------------------------------------------------------

_EXPLORE = 0.15  # share of plain random moves, so the simulated games vary
_GIFT = 0.5  # points handed to a rival count half against the seat (it has two or more rivals)


def trick_action(state: TrickState, seat: int, legal: list[int], rng: Rng) -> int:
    """Take a trick worth having, feed a losing trick the seat's cheapest card (a Mimic, which
    costs its taker 2), never throw a rank-1 monster away; keep pairs and shed Mimics, as the
    greedy heuristic judges a hand. A trick the seat leads or joins early is judged as if the
    seats still to play might take it (each keeps it with the heuristic's chance KEEP).

    Played as a bot against two greedy players (600 games, 0% random moves), the hand's terms
    and KEEP lifted it from 4.5% to 33.7%: a policy that plays about as well as greedy makes
    the search's simulated games worth much more (docs/balance/README.md).

    Each action is valued as `play_value` values it; what the actions share (the trick's points
    and species, the chance of keeping it) is worked out once."""
    if rng.random() < _EXPLORE:
        return legal[rng.below(len(legal))]
    best, best_value = legal[0], float("-inf")
    hand = state.hands[seat]
    mimics = hand[MIMIC]
    monsters = sum(hand) - mimics
    trick = state.trick
    keep = KEEP ** (state.players - state.led - len(trick) - 1)
    taken = keep - (1 - keep) * _GIFT
    points = sum(POINTS[card] for _, card, _ in trick)
    kinds = tuple(kind for _, _, kind in trick)
    mine = len(trick)  # the index of the seat's own card in the trick
    random = rng.random
    for action in legal:
        if action == LEAD_MIMIC:
            value = -10.0
        else:
            card, kind = (action, action) if action < NAMED else (MIMIC, action - NAMED)
            at = _winner_index((*kinds, kind))
            winner = seat if at == mine else trick[at][0]
            value = (taken if winner == seat else -_GIFT) * (points + POINTS[card])
        value += _hand_change(hand, mimics, monsters, action)
        value += random() * 0.1  # random tie-break among equal cards
        if value > best_value:
            best, best_value = action, value
    return best


@lru_cache(maxsize=1 << 16)
def _winner_index(kinds: tuple[int, ...]) -> int:
    """The index of the winning card in a trick of these counted-as species (`trick_winner`)."""
    return trick_winner([(index, kind, kind) for index, kind in enumerate(kinds)])[0]


def _hand_change(hand: Sequence[int], mimics: int, monsters: int, action: int) -> float:
    """What playing `action` from `hand` (holding `mimics` Mimics and `monsters` monsters) does
    to it by the greedy heuristic's measure: a Mimic gone is one fewer to dump later, a broken
    pair one fewer majority, and a hand left with only Mimics must lead them face up."""
    if action < NAMED:
        value = -PAIR if hand[action] > 1 else 0.0
        monsters -= 1
    else:
        value = -MIMIC_IN_HAND
        mimics -= 1
    if mimics and not monsters:
        value += mimics * ONLY_MIMICS
    return value


def play_value(
    trick: Sequence[tuple[int, int, int]], led: int, players: int, seat: int, action: int
) -> float:
    """What the rule of thumb expects `action` to gain `seat` in a trick of `trick` entries
    ((seat, card, counted-as species)) after `led` led Mimics."""
    if action == LEAD_MIMIC:
        return -10.0
    to_play = players - led - len(trick) - 1
    keep = KEEP**to_play
    played = trick_entry(seat, action)
    total = sum(POINTS[card] for _, card, _ in trick) + POINTS[played[1]]
    winner, _ = trick_winner([*trick, played])
    # Taken: the points, unless a later seat takes them (then half a gift); lost: a gift.
    share = keep - (1 - keep) * _GIFT if winner == seat else -_GIFT
    return share * total
