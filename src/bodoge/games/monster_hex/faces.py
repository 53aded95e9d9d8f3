"""The units on a Monster Hex board and what they show to the empty hexes around them.

Three derived caches of the state are kept in step here as units are placed (`place_unit`) and
rebuilt from the board when a state is read (`refresh_faces`): ``face``, for each empty
placeable cell the printed powers facing it, one base-6 digit per direction, so the legal
rotations of a unit there are one byte of a table (`Content.matching_rotations`) and the unit
types that fit there at all two lookups; ``open``, those cells (a non-zero ``face``) in cell
order, so the legal placements are found without scanning the board; ``site_left``, each
stone's cells still without a unit, so a placement sees the stones it completes at once.
"""

from __future__ import annotations

from bisect import insort
from typing import TYPE_CHECKING

from bodoge.games.monster_hex.codes import POW6
from bodoge.games.monster_hex.content import UNITS_PER_FACTION

if TYPE_CHECKING:
    from bodoge.games.monster_hex.rules import MonsterHex


def empty_cells(state: MonsterHex) -> list[int]:
    """Empty placeable hexes (a petrified hex is not empty)."""
    occ, petrified = state.occ, state.petrified
    return [c for c in state.board.placeable_cells if occ[c] < 0 and not petrified[c]]


def around(state: MonsterHex, cell: int) -> list[int]:
    """The placeable neighbours of `cell`."""
    placeable = state.board.placeable
    return [n for n in state.board.nbr[cell] if n >= 0 and placeable[n]]


def add_faces(state: MonsterHex, cell: int, sign: int) -> None:
    """Add (sign 1) or take away (-1) the powers the unit on `cell` shows to its empty
    placeable neighbours."""
    adds = state.c.faces[state.occ[cell] % UNITS_PER_FACTION][state.rot[cell]]
    occ, petrified, face, open_ = state.occ, state.petrified, state.face, state.open
    for d, other in state.board.around[cell]:
        if occ[other] < 0 and not petrified[other]:
            before = face[other]
            face[other] = after = before + sign * adds[d]
            if after and not before:
                insort(open_, other)
            elif before and not after:
                open_.remove(other)


def set_face(state: MonsterHex, cell: int, code: int) -> None:
    """Set the facing code of `cell`, keeping `open` in step."""
    before = state.face[cell]
    state.face[cell] = code
    if code and not before:
        insort(state.open, cell)
    elif before and not code:
        state.open.remove(cell)


def face_of(state: MonsterHex, cell: int) -> int:
    """The facing code of `cell` worked out from its neighbours."""
    code = 0
    for d, other in enumerate(state.board.nbr[cell]):
        if other >= 0 and state.occ[other] >= 0:
            unit = state.occ[other]
            power = state.c.edge[unit % UNITS_PER_FACTION][state.rot[other]][(d + 3) % 6]
            code += power * POW6[d]
    return code


def place_unit(state: MonsterHex, cell: int, unit: int, r: int) -> None:
    """Put `unit` on `cell` turned `r`, update the facing powers of its empty neighbours and
    the empty cells left around the stones it touches, and queue the stones it completes."""
    occ, petrified, face, open_ = state.occ, state.petrified, state.face, state.open
    occ[cell] = unit
    state.rot[cell] = r
    if face[cell]:
        face[cell] = 0
        open_.remove(cell)
    adds = state.c.faces[unit % UNITS_PER_FACTION][r]  # as `add_faces(state, cell, 1)`
    for d, other in state.board.around[cell]:
        if occ[other] < 0 and not petrified[other]:
            before = face[other]
            face[other] = before + adds[d]
            if not before and adds[d]:
                insort(open_, other)
    site_left = state.site_left
    for site in state.board.cell_sites[cell]:
        site_left[site] -= 1
        if not site_left[site]:
            state.queue.append(site)


def refresh_faces(state: MonsterHex) -> None:
    """Recompute the derived `face`, `open` and `site_left` from the board (after reading a
    state)."""
    state.face = [0] * len(state.board.hexes)
    for cell in empty_cells(state):
        state.face[cell] = face_of(state, cell)
    state.open = [cell for cell, code in enumerate(state.face) if code]
    occ = state.occ
    state.site_left = [sum(occ[c] < 0 for c in cells) for cells in state.board.site_cells]
