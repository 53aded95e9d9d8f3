"""Monster Hex codes shared by the rules, the abilities and the JSON: phases, abilities, the
action space and a few counts.

Each is `Final`, so the compiled build (mypyc) reads it as a constant rather than looking the
name up in this module at every use.
"""

from __future__ import annotations

from functools import cache
from typing import Final

from bodoge.games.monster_hex import content as content_mod
from bodoge.games.monster_hex.content import UNITS_PER_FACTION

# phases
FACTION: Final = 0
SHARED: Final = 1
ABILITY: Final = 2
UNIT: Final = 3  # UNIT to ROTATE: the phases of the active seat's turn
PLACE: Final = 4
USE: Final = 5
ROTATE: Final = 6
TAKE: Final = 7
OVER: Final = 8
PHASE_NAMES: Final = (
    "faction", "shared", "ability", "unit", "place", "use", "rotate", "take", "over",
)  # fmt: skip

# abilities (index in content.MECHANICS)
ENCHANT: Final = 0
REWARD: Final = 1
BLITZ: Final = 2
SCATTER: Final = 3
CONFUSE: Final = 4
SCHEME: Final = 5
CURSE: Final = 6
PETRIFY: Final = 7
# abilities aimed at a hex, in action-block order
TARGETED: Final = (ENCHANT, CONFUSE, CURSE, PETRIFY)

# action space: fixed blocks, then per-board blocks (placements, then one target block per
# targeted ability)
FACTION_BASE: Final = 0
SHARED_BASE: Final = FACTION_BASE + content_mod.FACTIONS
ABILITY_BASE: Final = SHARED_BASE + content_mod.FACTIONS
UNIT_BASE: Final = ABILITY_BASE + len(content_mod.MECHANICS)
TAKE_BASE: Final = UNIT_BASE + content_mod.FACTIONS * UNITS_PER_FACTION
PASS: Final = TAKE_BASE + content_mod.FACTIONS * content_mod.TILES_PER_COLOR
BLITZ_ACTION: Final = PASS + 1
SCHEME_ACTION: Final = PASS + 2
ROTATE_BASE: Final = PASS + 3
PLACE_BASE: Final = ROTATE_BASE + 6
KEEP_AT_END: Final = {4: 2, 3: 0, 2: 1}  # own units each seat still holds when the game ends

POW6: Final = tuple(6**d for d in range(6))
# per mask
ROTATIONS: Final = tuple(tuple(r for r in range(6) if mask >> r & 1) for mask in range(64))
ROUNDS: Final = {4: 8, 3: 10, 2: 9}
COLOR_BONUS: Final = 2


@cache
def place_actions(cells: int) -> tuple[tuple[tuple[int, ...], ...], ...]:
    """place_actions(cells)[cell][mask]: the place actions of `cell` in the rotations of the
    bitmask `mask`, for a board of `cells` hexes (the legal placements concatenate these)."""
    return tuple(
        tuple(tuple(PLACE_BASE + 6 * cell + r for r in ROTATIONS[mask]) for mask in range(64))
        for cell in range(cells)
    )
