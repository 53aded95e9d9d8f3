"""What the cards played so far in a Trick the Monster deal say about the hands still hidden.

No rule forces a card (there is no obligation to follow), so nothing is certain; but a player
who let a rival take a trick while holding a Mimic to feed it, passed up a trick worth having
that a card of the trick's species would have taken, or led a valuable card while holding a
cheap one, probably holds no such card. The judge of "probably" is the search's own rule of
thumb (`playouts.play_value`): each card type it would have clearly preferred to the one
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
from bodoge.games.koremon.cards import CARD_COUNT, MIMIC
from bodoge.games.koremon.playouts import play_value
from bodoge.games.koremon.trick_rules import LEAD_MIMIC, NAMED, trick_entry

# Weight of a card type the seat's plays argue against (1 for the others). Measured in 30
# games of three greedy players: a seat that passed up a Mimic held one in none of 480 checks
# (undoubted seats: 63%); a doubted monster type was held 8-15% of the time by rank (undoubted:
# 13-38%); doubts from leads were as often right as those from follows.
UNLIKELY = 0.4
UNLIKELY_MIMIC = 0.05
_MARGIN = 0.75  # how much better (in the rule of thumb's points) the card must have looked


@lru_cache(maxsize=256)
def unlikely_cards(players: int, plays: tuple[tuple[int, int], ...]) -> tuple[frozenset[int], ...]:
    """Per seat, the card types its plays in this deal argue it no longer holds: each type the
    rule of thumb would have played with a clearly better value (a Mimic only where it may be
    named, into a trick holding a monster), unless the seat played that type later."""
    doubts: list[tuple[int, int, int]] = []  # (seat, card, index of the play it was passed up)
    trick: list[tuple[int, int, int]] = []
    led = 0
    for index, (seat, action) in enumerate(plays):
        if action != LEAD_MIMIC:  # a led Mimic is forced (or a choice of -10): no judgement
            chosen = play_value(trick, led, players, seat, action)
            for card in range(MIMIC):
                if play_value(trick, led, players, seat, card) > chosen + _MARGIN:
                    doubts.append((seat, card, index))
            kinds = {kind for _, _, kind in trick}
            if action < NAMED and any(
                play_value(trick, led, players, seat, NAMED + kind) > chosen + _MARGIN
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
    """Deals of `pool` into piles of `sizes`, each card to a pile with a chance in proportion
    to the pile's room left, scaled by UNLIKELY (UNLIKELY_MIMIC) where the card is in that
    pile's `unlikely` set. Every pile ends exactly full (a weight is never 0). Made once for a
    position; each call deals anew from `rng`.

    The doubted cards (those in some pile's set) are dealt first, one at a time in a random
    order, while every pile has room: dealt last, one could find only the doubting pile left
    with room. Each of the other cards would go to a pile in proportion to its room alone,
    which deals them as a uniformly shuffled list cut into the rooms left: that is how they are
    dealt, in one shuffle and no draw per card (the same distribution)."""

    __slots__ = ("doubted", "plain", "scales", "sizes")

    def __init__(
        self, pool: Sequence[int], sizes: Sequence[int], unlikely: Sequence[frozenset[int]]
    ) -> None:
        doubted_anywhere = frozenset().union(*unlikely)
        self.doubted = [card for card in pool if card in doubted_anywhere]
        self.plain = [card for card in pool if card not in doubted_anywhere]
        self.sizes = list(sizes)
        # per doubted card type, each pile's weight per card of room
        self.scales = {
            card: [(UNLIKELY_MIMIC if card == MIMIC else UNLIKELY) if card in doubts else 1.0
                   for doubts in unlikely]
            for card in doubted_anywhere
        }  # fmt: skip

    def __call__(self, rng: Rng) -> list[list[int]]:
        room = self.sizes[:]
        piles: list[list[int]] = [[0] * CARD_COUNT for _ in room]
        if self.doubted:
            doubted = self.doubted[:]
            shuffle(doubted, rng)
            scales = self.scales
            count = len(room)
            last = count - 1
            for card, fraction in zip(doubted, rng.randoms(len(doubted)), strict=True):
                # each pile's weight is its room x its scale for the card (no list per card)
                scale = scales[card]
                total = 0.0
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
        plain = self.plain[:]
        shuffle(plain, rng)
        start = 0
        for counts, space in zip(piles, room, strict=True):
            for card in plain[start : start + space]:
                counts[card] += 1
            start += space
        return piles


def deal_weighted(
    pool: Sequence[int], sizes: Sequence[int], unlikely: Sequence[frozenset[int]], rng: Rng
) -> list[list[int]]:
    """One deal of `WeightedDeal(pool, sizes, unlikely)`."""
    return WeightedDeal(pool, sizes, unlikely)(rng)
