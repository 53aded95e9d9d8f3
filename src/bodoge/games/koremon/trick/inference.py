"""What the cards played so far in a Trick the Monster deal say about the hands still hidden.

No rule forces a card (there is no obligation to follow), so nothing is certain; but a player
who let a rival take a trick while holding a Mimic to feed it, passed up a trick worth having
that a card of the trick's species would have taken, or led a valuable card while holding a
cheap one, probably holds no such card. The judge of "probably" is the search's own rule of
thumb (`bot.play_value`): each card type it would have clearly preferred to the one
played, and that the seat has not played since, becomes unlikely in that seat's hand. A
determinization then deals unlikely cards to a seat less often (`deal_weighted`), instead of
dealing every unseen card uniformly. Measured gain in strength: within the noise (54.0% against
two greedy players with it, 51.9% without, 240 games each; docs/balance/README.md).
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from bodoge.engine import Rng
from bodoge.engine.shuffle import shuffle
from bodoge.games.koremon.common.cards import CARD_COUNT, MIMIC
from bodoge.games.koremon.common.deck import Deck
from bodoge.games.koremon.trick.bot import play_value
from bodoge.games.koremon.trick.tricks import LEAD_MIMIC, NAMED, trick_entry

# Weight of a card type the seat's plays argue against (1 for the others). Measured in 30
# games of three greedy players: a seat that passed up a Mimic held one in none of 480 checks
# (undoubted seats: 63%); a doubted monster type was held 8-15% of the time by rank (undoubted:
# 13-38%); doubts from leads were as often right as those from follows.
UNLIKELY = 0.4
UNLIKELY_MIMIC = 0.05
_MARGIN = 0.75  # how much better (in the rule of thumb's points) the card must have looked


@lru_cache(maxsize=256)
def unlikely_cards(
    players: int, plays: tuple[tuple[int, int], ...], deck: Deck
) -> tuple[frozenset[int], ...]:
    """Per seat, the card types its plays in this deal argue it no longer holds: each type the
    rule of thumb would have played with a clearly better value (a Mimic only where it may be
    named, into a trick holding a monster), unless the seat played that type later."""
    doubts: list[tuple[int, int, int]] = []  # (seat, card, index of the play it was passed up)
    trick: list[tuple[int, int, int]] = []
    led = 0
    for index, (seat, action) in enumerate(plays):
        if action != LEAD_MIMIC:  # a led Mimic is forced (or a choice of -10): no judgement
            chosen = play_value(trick, led, players, seat, action, deck)
            for card in range(MIMIC):
                if play_value(trick, led, players, seat, card, deck) > chosen + _MARGIN:
                    doubts.append((seat, card, index))
            kinds = {kind for _, _, kind in trick}
            if action < NAMED and any(
                play_value(trick, led, players, seat, NAMED + kind, deck) > chosen + _MARGIN
                for kind in kinds
            ):
                doubts.append((seat, MIMIC, index))
        if action == LEAD_MIMIC:
            led += 1
        else:
            trick.append(trick_entry(seat, action))
        if led + len(trick) == players:
            trick, led = [], 0
    unlikely: list[set[int]] = [set() for _ in range(players)]
    for seat, card, index in doubts:
        # A card the seat played later was in its hand after all: the doubt was wrong.
        later = plays[index + 1 :]
        if card not in [trick_entry(other, action)[1] for other, action in later if other == seat]:
            unlikely[seat].add(card)
    return tuple(frozenset(cards) for cards in unlikely)


class WeightedDeal:
    """Deals of a pool of cards into piles of `sizes`, each card to a pile with a chance in
    proportion to the pile's room left, scaled by UNLIKELY (UNLIKELY_MIMIC) where the card is in
    that pile's `unlikely` set. Every pile ends exactly full (a weight is never 0). Made once
    for a position; each call deals anew from `rng`.

    The doubted cards (those in some pile's set) are dealt first, one at a time in a random
    order, while every pile has room: dealt last, one could find only the doubting pile left
    with room. Each of the other cards would go to a pile in proportion to its room alone,
    which deals them as a uniformly shuffled list cut into the rooms left: that is how they are
    dealt, in one shuffle and no draw per card (the same distribution)."""

    __slots__ = ("doubted", "plain", "sizes")

    doubted: list[tuple[int, tuple[float, ...]]]  # (card, each pile's weight per card of room)
    plain: list[int]
    sizes: list[int]

    def __init__(
        self, counts: Sequence[int], sizes: Sequence[int], unlikely: Sequence[frozenset[int]]
    ) -> None:
        """The deal of the pool holding `counts[c]` cards of each code c (in card order)."""
        scales = _scales(tuple(unlikely))
        self.doubted = []
        self.plain = []
        for card, count in enumerate(counts):
            if count:
                scale = scales[card]
                if scale is None:
                    self.plain += [card] * count
                else:
                    self.doubted += [(card, scale)] * count
        self.sizes = list(sizes)

    def __call__(self, rng: Rng) -> list[list[int]]:
        room = self.sizes[:]
        piles: list[list[int]] = [[0] * CARD_COUNT for _ in room]
        if self.doubted:
            doubted = self.doubted[:]
            shuffle(doubted, rng)  # the pairs move together: the cards' order as dealt
            fractions = rng.randoms(len(doubted))
            if len(room) == 3:
                _deal_three(doubted, fractions, room, piles)
            else:
                _deal_each(doubted, fractions, room, piles)
        plain = self.plain[:]
        shuffle(plain, rng)
        start = 0
        for counts, space in zip(piles, room, strict=True):
            for card in plain[start : start + space]:
                counts[card] += 1
            start += space
        return piles


def _deal_each(
    doubted: list[tuple[int, tuple[float, ...]]],
    fractions: list[float],
    room: list[int],
    piles: list[list[int]],
) -> None:
    """Deal each doubted card to a pile drawn with `fraction` in proportion to each pile's
    weight, its room x its scale for the card (no list per card); `room` is kept current."""
    count = len(room)
    last = count - 1
    for (card, scale), fraction in zip(doubted, fractions, strict=True):
        total = 0.0  # summed in pile order, not with `sum` (which compensates from 3.12)
        for pile in range(count):
            total += room[pile] * scale[pile]
        point = fraction * total
        pile = 0
        while pile < last:
            weight = room[pile] * scale[pile]
            if point < weight:
                break
            point -= weight
            pile += 1
        while room[pile] == 0:  # float edge: step past a full pile
            pile = (pile + 1) % count
        piles[pile][card] += 1
        room[pile] -= 1


def _deal_three(
    doubted: list[tuple[int, tuple[float, ...]]],
    fractions: list[float],
    room: list[int],
    piles: list[list[int]],
) -> None:
    """`_deal_each` for three piles (the reserve and two hands: every deal of three players),
    written out: the same floats to the last bit. A pile the walk stops at before the last
    has room (its weight beat a point >= 0); only the last may be full."""
    r0, r1, r2 = room
    p0, p1, p2 = piles
    for (card, (s0, s1, s2)), fraction in zip(doubted, fractions, strict=True):
        w0 = r0 * s0
        w1 = r1 * s1
        point = fraction * (w0 + w1 + r2 * s2)
        if point < w0:
            p0[card] += 1
            r0 -= 1
        elif point - w0 < w1:
            p1[card] += 1
            r1 -= 1
        elif r2:
            p2[card] += 1
            r2 -= 1
        elif r0:
            p0[card] += 1
            r0 -= 1
        else:
            p1[card] += 1
            r1 -= 1
    room[:] = r0, r1, r2


@lru_cache(maxsize=256)
def _scales(unlikely: tuple[frozenset[int], ...]) -> tuple[tuple[float, ...] | None, ...]:
    """Per card code, each pile's weight per card of room; None for a card no pile doubts."""
    return tuple(
        tuple((UNLIKELY_MIMIC if card == MIMIC else UNLIKELY) if card in doubts else 1.0
              for doubts in unlikely)
        if any(card in doubts for doubts in unlikely) else None
        for card in range(CARD_COUNT)
    )  # fmt: skip


def deal_weighted(
    pool: Sequence[int], sizes: Sequence[int], unlikely: Sequence[frozenset[int]], rng: Rng
) -> list[list[int]]:
    """One deal of the cards of `pool` by `WeightedDeal`."""
    return WeightedDeal([pool.count(card) for card in range(CARD_COUNT)], sizes, unlikely)(rng)
