"""Monster Evolution's numbers, shared by the rules, the JSON and the words: the action space and
the monsters of each rank.

Each action number is `Final`, so the compiled build (mypyc) reads it as a constant.
"""

from __future__ import annotations

from typing import Final

from bodoge.games.koremon.common.cards import MIMIC, card_counts, evolution_set, species_of_rank

SPECIES_COUNT: Final = MIMIC
ROLL: Final = 0
TAKE: Final = 1  # action TAKE + c: take species c from the supply
ACTIONS: Final = TAKE + SPECIES_COUNT
BY_RANK = tuple(tuple(species_of_rank(rank)) for rank in range(6))  # BY_RANK[0] is empty
SET = evolution_set()
SET_COUNTS = card_counts(SET)
