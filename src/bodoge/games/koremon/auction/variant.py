"""Monster Auction's variants: the shared Koremon card list (`common/variant.py`), of which the
game reads each species' rank (its pyramid row, and so its points: 6 - rank) and every count
(its deck is the whole list; Trick the Monster's points do not matter to it).

Its deck is turned six cards a round for fifteen rounds (seed バリアント１ 2.「山札の上から６枚」,
4.「１５ラウンド行った後」), so the list needs at least ROUNDS x ROUND_CARDS = 90 cards for the
fifteen rounds to be played; the shared check already gives every rank (pyramid row) a species.

Length: proved, whatever the list. A game has at most ROUNDS rounds (it also ends when fewer
than six cards are left, or nobody still in has money), and a round has at most six bids per
seat and six placements (one per card won), so at most 15 x (6 x 6 + 6) = 630 moves.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from bodoge.engine.variants import Problem
from bodoge.games.koremon.auction.codes import ROUND_CARDS, ROUNDS
from bodoge.games.koremon.common.variant import counts, make_kit

MAX_PLAYERS = 6  # AuctionState.info.max_players
NEEDED = ROUNDS * ROUND_CARDS  # 90: six cards for each of fifteen rounds
MAX_MOVES = ROUNDS * (ROUND_CARDS * MAX_PLAYERS + ROUND_CARDS)


def game_check(data: Mapping[str, Any]) -> list[Problem]:
    species, mimics = counts(data)
    size = sum(count for _, count in species) + mimics
    if size >= NEEDED:
        return []
    return [
        Problem(
            "species",
            f"the deck (every count and the Mimics) has {size} cards; Monster Auction turns "
            f"{ROUND_CARDS} a round for {ROUNDS} rounds, so it needs at least {NEEDED}",
            f"山札（全種族の枚数とミミック）が{size}枚です。モンスター・オークションは"
            f"{ROUNDS}ラウンド毎回{ROUND_CARDS}枚めくるので、{NEEDED}枚以上必要です",
        )
    ]


KIT = make_kit(
    game_check,
    length_bound=(
        f"proved: at most {ROUNDS} rounds, each of at most six bids per seat and six placements "
        f"(one per card won), so at most {MAX_MOVES} moves with {MAX_PLAYERS} players whatever "
        "the list"
    ),
)
