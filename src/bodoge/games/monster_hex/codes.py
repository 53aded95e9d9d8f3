"""Monster Hex codes shared by the rules, the abilities and the JSON: phases, abilities, the
action space and a few counts."""

from __future__ import annotations

from functools import cache

from bodoge.games.monster_hex import content as content_mod
from bodoge.games.monster_hex.content import UNITS_PER_FACTION

# phases
FACTION, SHARED, ABILITY, UNIT, PLACE, USE, ROTATE, TAKE, OVER = range(9)
PHASE_NAMES = ("faction", "shared", "ability", "unit", "place", "use", "rotate", "take", "over")

# abilities (index in content.MECHANICS)
ENCHANT, REWARD, BLITZ, SCATTER, CONFUSE, SCHEME, CURSE, PETRIFY = range(8)
TARGETED = (ENCHANT, CONFUSE, CURSE, PETRIFY)  # abilities aimed at a hex, in action-block order

# action space: fixed blocks, then per-board blocks (placements, then one target block per
# targeted ability)
FACTION_BASE = 0
SHARED_BASE = FACTION_BASE + content_mod.FACTIONS
ABILITY_BASE = SHARED_BASE + content_mod.FACTIONS
UNIT_BASE = ABILITY_BASE + len(content_mod.MECHANICS)
TAKE_BASE = UNIT_BASE + content_mod.FACTIONS * UNITS_PER_FACTION
PASS = TAKE_BASE + content_mod.FACTIONS * content_mod.TILES_PER_COLOR
BLITZ_ACTION = PASS + 1
SCHEME_ACTION = PASS + 2
ROTATE_BASE = PASS + 3
PLACE_BASE = ROTATE_BASE + 6
KEEP_AT_END = {4: 2, 3: 0, 2: 1}  # own units each seat still holds when the game ends

POW6 = tuple(6**d for d in range(6))
ROTATIONS = tuple(tuple(r for r in range(6) if mask >> r & 1) for mask in range(64))  # per mask
ROUNDS = {4: 8, 3: 10, 2: 9}
COLOR_BONUS = 2


@cache
def place_actions(cells: int) -> tuple[tuple[tuple[int, ...], ...], ...]:
    """place_actions(cells)[cell][mask]: the place actions of `cell` in the rotations of the
    bitmask `mask`, for a board of `cells` hexes (the legal placements concatenate these)."""
    return tuple(
        tuple(tuple(PLACE_BASE + 6 * cell + r for r in ROTATIONS[mask]) for mask in range(64))
        for cell in range(cells)
    )
