"""Hunt the Monster's variants: the shared Koremon card list (`common/variant.py`), of which the
game reads each species' rank (its pyramid row, and so its points: 6 - rank) and every count
(its deck is the whole list; Trick the Monster's points do not matter to it).

Its deal turns six cards into the ring (seed バリアント２ 1.「山札の上から６枚のカードをめくり」),
and every list the shared check passes has at least fifteen cards (each species once or more),
and gives every rank (pyramid row) a species; the game needs nothing more of the list, so its
own check adds nothing.

Length: it ends with probability 1, whatever the list. Each placement fills a pyramid slot and
takes a card from the deck (a dead ring's renewal takes six), so there are at most
min(15 x players, deck) placements before a full pyramid or an empty deck ends the game. Between
two placements the ring is not dead (bodoge's ruling: a dead ring is renewed or ends the game),
so some seat can place some ring card; on its turn its die reaches each of the six ring
positions with a chance of 1/6, so every round of turns places a card with a chance of at least
1/6. The rolls between placements are thus geometric, and the chance of a game longer than n
moves falls geometrically in n, as with bodoge's list.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from bodoge.engine.variants import Problem
from bodoge.games.koremon.common.variant import make_kit


def game_check(data: Mapping[str, Any]) -> list[Problem]:
    return []  # the shared check covers the ring's six cards and the pyramid's rows


KIT = make_kit(
    game_check,
    length_bound=(
        "ends with probability 1: at most 15 placements per seat (each fills a slot and takes a "
        "card from the deck), and between two placements some seat can place a ring card (a "
        "dead ring is renewed or ends the game), which its die reaches with a chance of 1/6 on "
        "its turn; the rolls between placements are geometric whatever the list"
    ),
)
