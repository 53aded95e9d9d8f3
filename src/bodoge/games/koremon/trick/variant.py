"""Trick the Monster's variants: the shared Koremon card list (`common/variant.py`) and the
checks of its deal.

Its deck is the list with two of each species left in the box (seed バリアント３), so every
species needs two copies or more; and it is dealt out evenly at every player count (3 players:
in two halves), so its size is a multiple of 60 (the least common multiple of 6, 4, 5 and 6
hands), at most MAX_DECK.

Length: every move plays one card from a hand and a game ends when the hands are empty, so a
game has exactly as many moves as the deck has cards: at most MAX_DECK whatever the list.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from bodoge.engine.variants import Problem
from bodoge.games.koremon.common.variant import counts, make_kit

DEALT_EVENLY = 60  # 3 players x 2 games, 4, 5 and 6 players: every hand the same size
MAX_DECK = 120  # the length bound the game tells OpenSpiel (GameSpec.lengths)


def game_check(data: Mapping[str, Any]) -> list[Problem]:
    species, mimics = counts(data)
    found = [
        Problem(
            f"species[{i}].count",
            f"the count is {count}: Trick the Monster leaves two of each species in the box, "
            "so each needs at least 2",
            f"枚数が{count}です：トリック・ザ・モンスター！は各種族2枚を箱に残すので、"
            "2枚以上必要です",
        )
        for i, count in species
        if count < 2
    ]
    if found:
        return found
    size = sum(count - 2 for _, count in species) + mimics
    if size % DEALT_EVENLY or not DEALT_EVENLY <= size <= MAX_DECK:
        found.append(
            Problem(
                "species",
                f"Trick the Monster's deck (each count minus 2, and the Mimics) has {size} "
                f"cards; it must be 60 or 120 to be dealt evenly to 3-6 players",
                f"トリック・ザ・モンスター！の山札（各枚数−2とミミック）が{size}枚です。"
                "3〜6人に均等に配るには60枚か120枚でなければなりません",
            )
        )
    return found


KIT = make_kit(
    game_check,
    length_bound=(
        "each move plays one card from a hand and a game ends when the hands are empty; the "
        f"check holds the deck to 60 or {MAX_DECK} cards (dealt evenly to 3-6 players), so a "
        f"game ends after at most {MAX_DECK} moves whatever the list"
    ),
)
