"""Monster Evolution's numbers, shared by the rules, the JSON and the words: the action space and
the monsters of each rank and the names a player may type for them.

Each action number is `Final`, so the compiled build (mypyc) reads it as a constant.
"""

from __future__ import annotations

from typing import Final

from bodoge.games.koremon.common.cards import (
    MIMIC,
    card_counts,
    card_key,
    card_name,
    evolution_set,
    species_of_rank,
)

SPECIES_COUNT: Final = MIMIC
ROLL: Final = 0
TAKE: Final = 1  # action TAKE + c: take species c from the supply
ACTIONS: Final = TAKE + SPECIES_COUNT
BY_RANK = tuple(tuple(species_of_rank(rank)) for rank in range(6))  # BY_RANK[0] is empty
SET = evolution_set()
SET_COUNTS = card_counts(SET)
# Names a player may type for a monster: key, English and Japanese name.
CARD_BY_NAME = {
    name: code
    for code in SET
    for name in (card_key(code), card_name(code, "en").lower(), card_name(code, "ja"))
}
