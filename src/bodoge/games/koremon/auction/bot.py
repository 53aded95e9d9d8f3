"""Monster Auction's bot: the greedy bot's judgement of a position (`value`) and the search's
rules of thumb for its simulated games (`bid`, `bid_candidates`, `action`).

A random bidder spends most of its money on the first monster it sees, so the simulated bidders
follow rules of thumb instead. Each reads only what the moving seat may know (the table, the
pyramids, the money, its own bid) and keeps some randomness, so the simulated games still differ.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from typing import TYPE_CHECKING

from bodoge.engine import Rng
from bodoge.games.koremon.auction.codes import BID, OVER, PLACE_BASE, ROUNDS
from bodoge.games.koremon.common import pyramid as P
from bodoge.games.koremon.common.bot import (
    best_slot,
    card_worth,
    open_per_row,
    placeable,
    pyramid_potential,
)
from bodoge.games.koremon.common.cards import MIMIC

if TYPE_CHECKING:
    from bodoge.games.koremon.auction.rules import AuctionState

# ---- the greedy bot's judgement ---------------------------------------------------------------

OUT = -1000.0  # a seat that is out ranks last, whatever it holds
_ELIMINATION = 60.0  # the cost of a bid that may win an unplaceable card, per unit of chance


def _money_worth(state: AuctionState, seat: int, money: float) -> float:
    """Money buys future monsters: worth more the more rounds and open slots are left."""

    rounds_left = max(0, ROUNDS - state.round)
    room = state.pyramids[seat].count(P.EMPTY) - len(state.to_place[seat])
    if rounds_left == 0 or room <= 0:
        return money * 0.002  # only a tie-break
    return money * 0.06 * min(1.0, rounds_left / 5) + 0.002 * money


def win_chance(amount: int, rivals_money: Sequence[int], cards: int) -> float:
    """A rough chance that `amount` is the single highest bid on one of `cards` monsters, against
    rivals known only by their money: a rival with m money can bid at most m, and is guessed to
    put on one monster about twice an even share of it."""
    if amount <= 0:
        return 0.0
    chance = 1.0
    for money in rivals_money:
        if amount > money:
            continue
        spread = 2.0 * money / max(1, cards) + 1.0
        chance *= min(1.0, amount / spread) * 0.9
    return chance


def auction_value(state: AuctionState, seat: int) -> float:

    if state.out[seat]:
        return OUT + state.out[seat]
    rivals = [s for s in range(state.players) if s != seat and not state.out[s]]
    if state.phase == OVER:
        result = state.result()
        scores = state.scores()
        lead = scores[seat] - max((scores[s] for s in rivals), default=0)
        won = result is not None and seat in result.winners
        return (100.0 if won else 0.0) + lead + state.money[seat] * 0.002
    pyramid = state.pyramids[seat]
    t = state.t
    value = pyramid_potential(pyramid, t)
    money = float(state.money[seat])
    if state.to_place[seat]:  # won and known to fit: count them placed in their best slots
        after = list(pyramid)
        for card in state.to_place[seat]:
            slots = P.open_slots(after, card, state.mimics_ok, t)
            if slots:
                after[slots[0]] = card
        value = pyramid_potential(after, t)
    if state.phase == BID:
        bid = state.bids[seat]
        all_pay = state.options["payment"] == "all-pay"
        rivals_money = [state.money[s] for s in rivals]
        cards = len(state.table)
        wanted = [card for card, amount in zip(state.table, bid, strict=False) if amount > 0]
        together = P.can_place_all(pyramid, wanted, state.mimics_ok, t) if wanted else True
        for card, amount in zip(state.table, bid, strict=False):
            if amount <= 0:
                continue
            chance = win_chance(amount, rivals_money, cards)
            worth = card_worth(pyramid, card, t) if state.mimics_ok or card != MIMIC else -1.0
            if worth == float("-inf") or (not together and chance > 0.5):
                value -= _ELIMINATION * max(chance, 0.05)
            else:
                value += chance * worth
            money -= amount if all_pay else chance * amount
    value += _money_worth(state, seat, max(0.0, money))
    scores = state.scores()
    value -= 0.5 * max((scores[s] for s in rivals), default=0)
    return value


# ---- the search's rules of thumb ---------------------------------------------------------------

# The amounts the search weighs for one bid: every small amount, then coarser steps (a bid of 37
# and one of 40 rarely differ in what they win, and 101 choices would starve each of visits).
BID_GRID = (0, 1, 2, 3, 4, 5, 6, 7, 8, 10, 12, 14, 17, 20, 24, 28, 33, 40, 50, 60, 75, 100)
BID_CANDIDATES = tuple(
    [amount for amount in BID_GRID if amount < left] + [left] for left in range(BID_GRID[-1] + 1)
)


def fits_now(
    pyramid: Sequence[int], cards: Sequence[int], mimics_ok: bool, t: P.Tables = P.BUILTIN
) -> bool:
    """Whether `cards` fit the slots open now, each in its own (so any of them won alone or
    together can be placed; `can_place_all` would also count a slot that another of the cards
    opens, and winning that one alone would put the seat out)."""
    need = [0] * (P.ROWS + 1)  # monsters per row
    mimics = 0
    rank = t.rank
    seen = 0  # bit per species among the cards
    for card in cards:
        if card == MIMIC:
            mimics += 1
            continue
        if seen >> card & 1 or card in pyramid:
            return False
        seen |= 1 << card
        need[rank[card]] += 1
    open_by_row = open_per_row(tuple(pyramid))
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
    return fits_now(state.pyramids[seat], wanted, state.mimics_ok, state.t)


@lru_cache(maxsize=1 << 16)
def _placeable_count(
    pyramid: tuple[int, ...], table: tuple[int, ...], mimics_ok: bool, t: P.Tables
) -> int:
    """How many of the `table` cards could be placed in `pyramid` now."""
    open_by_row = open_per_row(pyramid)
    return sum(1 for card in table if placeable(pyramid, open_by_row, card, mimics_ok, t))


def _money_per_round(state: AuctionState, seat: int) -> float:
    """The seat's money spread over the rounds left, this one included."""

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
    placeable = _placeable_count(tuple(pyramid), tuple(state.table), mimics_ok, state.t)
    if rng.random() * placeable > _CARDS_PER_ROUND:
        return 0
    worth = 6 - state.t.rank[card] if card != MIMIC else 1
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

    if state.phase == BID:
        return auction_bid(state, seat, rng)
    options = [divmod(action - PLACE_BASE, P.SLOTS) for action in legal]
    return legal[best_slot(state.pyramids[seat], options, state.t)]
