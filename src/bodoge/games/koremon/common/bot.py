"""What the bots of Monster Auction and Hunt the Monster share: how promising a collection pyramid
is (the greedy bot's judgement) and which placement leaves the most of it (the search's rule of
thumb for a placement).

Each function reads only what a seat may know (its pyramid and the card to place), so the bots
can call it on determinized states.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from bodoge.games.koremon.common import pyramid as P
from bodoge.games.koremon.common.cards import MIMIC

# How likely an empty slot is to be filled later, by how many of its supports are filled.
_READY = (0.2, 0.45, 1.0)  # indexed by filled supports (row 5 counts as both filled)
_SLOT_WEIGHT = 0.35  # share of a slot's points that its readiness is worth now


def pyramid_potential(pyramid: Sequence[int], t: P.Tables = P.BUILTIN) -> float:
    """Score plus the worth of the slots that future cards can still fill.

    An empty slot of row r is worth what a rank-r monster scores there (6 - r), scaled by how
    ready it is (both supports filled, one, none); a filled pyramid gets its bonus through the
    score, and a nearly full one part of it already."""
    value = float(P.score(pyramid, t))
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


def card_worth(pyramid: Sequence[int], card: int, t: P.Tables = P.BUILTIN) -> float:
    """What placing `card` in its best open slot adds to the potential (None-like -inf when it
    cannot be placed at all)."""
    slots = P.open_slots(pyramid, card, True, t)
    if not slots:
        return float("-inf")
    base = pyramid_potential(pyramid, t)
    best = float("-inf")
    after = list(pyramid)
    for slot in slots:
        after[slot] = card
        best = max(best, pyramid_potential(after, t) - base)
        after[slot] = P.EMPTY
    return best


# The simulated games meet the same pyramids again and again (a search's iterations start from
# one position), so what the rules of thumb ask of a pyramid is kept per pyramid, as a tuple
# (the built-in list's; another list's ranks score a pyramid differently, so its own cache).
potential = lru_cache(maxsize=1 << 15)(pyramid_potential)


_potential_other = lru_cache(maxsize=1 << 14)(pyramid_potential)


@lru_cache(maxsize=1 << 14)
def open_per_row(pyramid: tuple[int, ...]) -> tuple[int, ...]:
    """How many slots of each row (index 1-5) are open now: empty, with their supports filled."""
    counts = [0] * (P.ROWS + 1)
    for slot in P.open_now(pyramid):
        counts[P.ROW_OF[slot]] += 1
    return tuple(counts)


def placeable(
    pyramid: Sequence[int],
    open_by_row: Sequence[int],
    card: int,
    ok: bool,
    t: P.Tables = P.BUILTIN,
) -> bool:
    """`P.can_place` from the pyramid's open slots per row."""
    if card == MIMIC:
        return ok and any(open_by_row)
    return open_by_row[t.rank[card]] > 0 and card not in pyramid


def best_slot(
    pyramid: Sequence[int], options: Sequence[tuple[int, int]], t: P.Tables = P.BUILTIN
) -> int:
    """Index into `options` ((card, slot) pairs) of the placement that leaves the pyramid with
    the most potential (the first such on a tie)."""
    if len(options) == 1:
        return 0
    best, best_value = 0, float("-inf")
    after = list(pyramid)
    for i, (card, slot) in enumerate(options):
        after[slot] = card
        value = potential(tuple(after)) if t is P.BUILTIN else _potential_other(tuple(after), t)
        after[slot] = P.EMPTY
        if value > best_value:
            best, best_value = i, value
    return best
