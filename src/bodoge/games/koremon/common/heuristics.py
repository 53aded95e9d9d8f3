"""Position judgements for the greedy bot in Monster Auction, Hunt the Monster and Trick the
Monster (the `heuristic` methods call these).

Each function reads only what `seat` may know: public cards, pyramids, money and won piles, and
the seat's own hand or bid. Other seats' hands and sealed bids, and the deck order, are never read,
since the greedy bot calls them on determinized states where those are guesses.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from bodoge.games.koremon.common import pyramid as P
from bodoge.games.koremon.common.cards import MIMIC
from bodoge.games.koremon.trick.tricks import POINTS, trick_winner

if TYPE_CHECKING:
    from bodoge.games.koremon.auction.rules import AuctionState
    from bodoge.games.koremon.hunt.rules import HuntState
    from bodoge.games.koremon.trick.rules import TrickState

# ---- the collection pyramid (Auction and Hunt) ------------------------------------------------

# How likely an empty slot is to be filled later, by how many of its supports are filled.
_READY = (0.2, 0.45, 1.0)  # indexed by filled supports (row 5 counts as both filled)
_SLOT_WEIGHT = 0.35  # share of a slot's points that its readiness is worth now


def pyramid_potential(pyramid: Sequence[int]) -> float:
    """Score plus the worth of the slots that future cards can still fill.

    An empty slot of row r is worth what a rank-r monster scores there (6 - r), scaled by how
    ready it is (both supports filled, one, none); a filled pyramid gets its bonus through the
    score, and a nearly full one part of it already."""
    value = float(P.score(pyramid))
    filled = 0
    for i, card in enumerate(pyramid):
        if card >= 0:
            filled += 1
            continue
        supports = P.SUPPORTS[i]
        ready = 2 if not supports else sum(pyramid[s] >= 0 for s in supports)
        value += _SLOT_WEIGHT * _READY[ready] * (6 - P.ROW_OF[i])
    if filled < P.SLOTS:
        value += P.FULL_BONUS * (filled / P.SLOTS) ** 4
    return value


def card_worth(pyramid: Sequence[int], card: int) -> float:
    """What placing `card` in its best open slot adds to the potential (None-like -inf when it
    cannot be placed at all)."""
    slots = P.open_slots(pyramid, card)
    if not slots:
        return float("-inf")
    base = pyramid_potential(pyramid)
    best = float("-inf")
    after = list(pyramid)
    for slot in slots:
        after[slot] = card
        best = max(best, pyramid_potential(after) - base)
        after[slot] = P.EMPTY
    return best


# ---- Monster Auction --------------------------------------------------------------------------

OUT = -1000.0  # a seat that is out ranks last, whatever it holds
_ELIMINATION = 60.0  # the cost of a bid that may win an unplaceable card, per unit of chance


def _money_worth(state: AuctionState, seat: int, money: float) -> float:
    """Money buys future monsters: worth more the more rounds and open slots are left."""
    from bodoge.games.koremon.auction.rules import ROUNDS

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
    from bodoge.games.koremon.auction.rules import BID, OVER

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
    value = pyramid_potential(pyramid)
    money = float(state.money[seat])
    if state.to_place[seat]:  # won and known to fit: count them placed in their best slots
        after = list(pyramid)
        for card in state.to_place[seat]:
            slots = P.open_slots(after, card, state.mimics_ok)
            if slots:
                after[slots[0]] = card
        value = pyramid_potential(after)
    if state.phase == BID:
        bid = state.bids[seat]
        all_pay = state.options["payment"] == "all-pay"
        rivals_money = [state.money[s] for s in rivals]
        cards = len(state.table)
        wanted = [card for card, amount in zip(state.table, bid, strict=False) if amount > 0]
        together = P.can_place_all(pyramid, wanted, state.mimics_ok) if wanted else True
        for card, amount in zip(state.table, bid, strict=False):
            if amount <= 0:
                continue
            chance = win_chance(amount, rivals_money, cards)
            worth = card_worth(pyramid, card) if state.mimics_ok or card != MIMIC else -1.0
            if worth == float("-inf") or (not together and chance > 0.5):
                value -= _ELIMINATION * max(chance, 0.05)
            else:
                value += chance * worth
            money -= amount if all_pay else chance * amount
    value += _money_worth(state, seat, max(0.0, money))
    scores = state.scores()
    value -= 0.5 * max((scores[s] for s in rivals), default=0)
    return value


# ---- Hunt the Monster ---------------------------------------------------------------------------


def hunt_value(state: HuntState, seat: int) -> float:
    result = state.result()
    scores = state.scores()
    lead = scores[seat] - max(s for other, s in enumerate(scores) if other != seat)
    if result is not None:
        return (100.0 if seat in result.winners else 0.0) + lead
    mine = pyramid_potential(state.pyramids[seat])
    best_other = max(
        pyramid_potential(pyr) for other, pyr in enumerate(state.pyramids) if other != seat
    )
    return mine - best_other


# ---- Trick the Monster --------------------------------------------------------------------------

_AVERAGE_CARD = 0.8  # the mean points of a Trick deck card: (3*(8+2*4+3*2+4*1) - 2*15) / 60
MIMIC_IN_HAND = -1.5  # a Mimic held must be dumped somewhere, and may have to be led (-10)
KEEP = 0.3  # chance the seat now winning a trick keeps it past each later seat
PAIR = 0.3  # per extra card of a species in hand: a majority to take a trick with
ONLY_MIMICS = -4.0  # per Mimic in a hand with no monster left: they must be led face up (-10)


def trick_value(state: TrickState, seat: int) -> float:
    scores = [float(s) for s in state.scores()]
    players = state.players
    if state.left and state.trick:
        # The trick in progress: the seat now winning it keeps it with a chance that shrinks
        # with each seat still to play (any of them can add to the top species).
        leader, _ = trick_winner(state.trick)
        to_play = players - state.led - len(state.trick)
        keep = KEEP**to_play
        points = sum(POINTS[card] for _, card, _ in state.trick) + to_play * _AVERAGE_CARD
        scores[leader] += keep * points
        share = (1 - keep) * points / max(1, players - 1)
        for other in range(players):
            if other != leader:
                scores[other] += share
    if state.left:
        hand = state.hands[seat]
        mimics = hand[MIMIC]
        monsters = sum(hand) - mimics
        value = mimics * MIMIC_IN_HAND
        if mimics and not monsters:
            value += mimics * ONLY_MIMICS
        # pairs of a species kept: a majority to take a later trick with
        value += PAIR * sum(count - 1 for count in hand[:MIMIC] if count > 1)
        scores[seat] += value
    best_other = max(s for other, s in enumerate(scores) if other != seat)
    return scores[seat] - best_other
