"""Scoring Monster Hex objective cards at the end of a game (RULINGS.md §2 "Objective option").

Everything is read from the final position: units never leave the board, so the units next to a
stone when it was resolved are the units next to it at the end.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from bodoge.games.monster_hex.content import UNITS_PER_FACTION

if TYPE_CHECKING:
    from bodoge.games.monster_hex.rules import MonsterHex


def measure(state: MonsterHex, name: str, faction: int) -> int:
    """A majority card's quantity for `faction`."""
    board = state.board
    occ = state.occ
    own = [cell for cell, u in enumerate(occ) if u >= 0 and u // UNITS_PER_FACTION == faction]
    if name == "largest_group":
        best = 0
        seen: set[int] = set()
        mine = set(own)
        for cell in own:
            if cell in seen:
                continue
            size, todo = 0, [cell]
            seen.add(cell)
            while todo:
                here = todo.pop()
                size += 1
                for other in board.nbr[here]:
                    if other in mine and other not in seen:
                        seen.add(other)
                        todo.append(other)
            best = max(best, size)
        return best
    if name == "edge_units":
        return sum(1 for cell in own if -1 in board.nbr[cell])
    if name == "next_to_large":
        return sum(
            1 for cell in own if any(n >= 0 and not board.placeable[n] for n in board.nbr[cell])
        )
    if name == "small_stones":
        return state.small_won.count(faction)
    if name == "tiles":
        return len(state.taken[faction])
    if name == "start_hexes":
        return sum(1 for cell in own if board.start[cell])
    raise ValueError(name)


def times(state: MonsterHex, objective: int, faction: int, rivals: list[int]) -> int:
    """How many times `faction` meets the condition of `objective` (majority: 1 or 0 against
    the factions in `rivals`, which include `faction`)."""
    c = state.c
    info = c.objectives[objective]
    occ = state.occ
    if info.kind == "formation":
        count = 0
        for place in c.formation_places(state.players, objective):
            for cell, rank in place:
                unit = occ[cell]
                if unit < 0 or unit // UNITS_PER_FACTION != faction:
                    break
                if rank and c.units[unit % UNITS_PER_FACTION].rank != rank:
                    break
            else:
                count += 1
        return count
    if info.kind == "majority":
        mine = measure(state, info.measure, faction)
        best = max(measure(state, info.measure, f) for f in rivals)
        return 1 if mine > 0 and mine == best else 0
    board = state.board
    stones: list[tuple[int, ...]] = []
    for site, done in enumerate(state.done):
        large = board.site_large[site]
        if done and (info.stones == "any" or (info.stones == "large") == large):
            stones.append(board.site_cells[site])
    if info.stones != "small":
        for cell in state.petrified_done:
            stones.append(tuple(n for n in board.nbr[cell] if n >= 0 and board.placeable[n]))
    count = 0
    for cells in stones:
        mine = sum(1 for cell in cells if occ[cell] // UNITS_PER_FACTION == faction)
        if mine >= info.units:
            count += 1
    return count


def seat_points(state: MonsterHex) -> list[dict[str, int]]:
    """Per seat: points of each objective card it scores (public cards and its own)."""
    rivals = list(state.factions)
    out = []
    for seat, faction in enumerate(state.factions):
        scored: dict[str, int] = {}
        for objective in [*state.obj_public, *state.obj_private[seat]]:
            info = state.c.objectives[objective]
            points = info.points * times(state, objective, faction, rivals)
            if points:
                scored[info.key] = scored.get(info.key, 0) + points
        out.append(scored)
    return out
