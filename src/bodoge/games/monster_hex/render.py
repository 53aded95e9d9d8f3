"""The terminal picture of a Monster Hex game: the board as text, then stones, scores and the
seat's hand.

Each hex is three lines. A unit shows its faction letter and tile key in the middle ("R:A2") and
its six edge powers where they face: NW and NE above, W and E beside, SW and SE below. An empty
hex shows its name ("d4"; a start hex "S d4"), a large stone its site and the tiles lying on it.
A small stone is listed below the board with the two hexes whose shared edge holds it; those hexes
carry a "*" beside their name. With the ability option a unit's Enchant and Curse counters show
above its name ("+2"), and a petrified hex shows its value ("#2pt d4").
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from bodoge.games.monster_hex import hexgrid
from bodoge.games.monster_hex.codes import PHASE_NAMES, PLACE, ROUNDS, UNIT
from bodoge.games.monster_hex.content import UNITS_PER_FACTION

if TYPE_CHECKING:
    from bodoge.games.monster_hex.game import MonsterHex


def _cell(state: MonsterHex, cell: int, small_cells: set[int]) -> tuple[str, str, str]:
    board, c = state.board, state.c
    label = board.labels[cell]
    unit = state.occ[cell]
    if unit >= 0:
        faction = c.factions[unit // UNITS_PER_FACTION].key[0].upper()
        name = f"{faction}:{c.units[unit % UNITS_PER_FACTION].key}"
        change = state.white[unit] - state.black[unit]  # Enchant and Curse counters
        mark = f" {change:+d}" if change else ""
        p = c.edge[unit % UNITS_PER_FACTION][state.rot[cell]]  # NE E SE SW W NW
        return (f"   {p[5]}  {p[0]}{mark}", f" {p[4]}{name:^6}{p[1]}", f"   {p[3]}  {p[2]}")
    if board.placeable[cell] and state.petrified[cell]:
        return ("  #####", f" #{state.petrified[cell]}pt {label}", "  #####")
    if board.placeable[cell]:
        mark = "*" if cell in small_cells else ""
        start = "S " if board.start[cell] else ""
        return ("   .  .", f" . {start}{label}{mark}", "   .  .")
    site = board.site_hex.index(cell)
    tiles = [c.tiles[t].key for t in state.site_tiles[site]]
    name = board.site_names[site]
    lines = tiles + [""] * (2 - len(tiles)) if tiles else ["(taken)", ""]
    return (f"  {lines[0][:8]}", f" <{name} {label}>", f"  {lines[1][:8]}")


def render(state: MonsterHex, seat: int | None) -> str:
    board, c = state.board, state.c
    small_sites = [s for s in range(len(board.site_names)) if not board.site_large[s]]
    small_cells = {cell for s in small_sites for cell in board.site_cells[s]}
    grid = hexgrid.text_grid(
        {board.hexes[cell]: _cell(state, cell, small_cells) for cell in range(len(board.hexes))}
    )
    out = [f"Monster Hex ({board.en}) - round {state.round_number()}/{ROUNDS[state.players]}", grid]

    stones = []
    for s in small_sites:
        a, b = (board.labels[cell] for cell in board.site_cells[s])
        won = state.small_won[s]
        status = (
            (f"won by {c.factions[won].key}" if won >= 0 else "nobody") if state.done[s] else "open"
        )
        stones.append(f"{board.site_names[s]} {a}|{b}: {status}")
    for s in board.large_sites:
        tiles = ", ".join(c.tiles[t].key for t in state.site_tiles[s]) or "-"
        status = "resolved" if state.done[s] else "open"
        stones.append(
            f"{board.site_names[s]} at {board.labels[board.site_hex[s]]}: {tiles} ({status})"
        )
    out.append("Stones: " + "; ".join(stones))

    points = state.points()
    lines = []
    for s, f in enumerate(state.factions):
        if f < 0:
            lines.append(f"  seat {s}: (choosing)")
            continue
        taken = ", ".join(c.tiles[t].key for t in state.taken[f]) or "-"
        hand = len(state.hands[s])
        ability = state.abilities[s]
        lines.append(
            f"  seat {s} {c.factions[f].key:7} {points[f]:3} pts  tiles: {taken:20} "
            f"hand {hand}, deck {len(state.decks[s])}"
            + (f", ability {c.abilities[ability].key}" if ability >= 0 else "")
        )
    if state.shared >= 0:
        f = state.shared
        taken = ", ".join(c.tiles[t].key for t in state.taken[f]) or "-"
        lines.append(f"  shared {c.factions[f].key:7} {points[f]:3} pts  tiles: {taken}")
    out.append("Scores:\n" + "\n".join(lines))

    if seat is not None and 0 <= seat < state.players:
        hand = state.hands[seat]
        shown = []
        for u in hand:
            info = c.units[u % UNITS_PER_FACTION]
            edges = "".join(map(str, info.edges))
            shown.append(f"{c.unit_names[u]} ({info.rank}, {edges})")
        out.append(f"Your hand (seat {seat}): " + (", ".join(shown) or "empty"))
    cards = [("public", o) for o in state.obj_public]
    for s, own in enumerate(state.obj_private):
        if s == seat or state.is_over():
            cards += [(f"seat {s}", o) for o in own]
    if cards:
        out.append("Objectives:")
        out += [f"  [{who}] {c.objectives[o].key}: {c.objectives[o].en} "
                f"({c.objectives[o].points} pts)" for who, o in cards]  # fmt: skip
    if state.selected >= 0:
        out.append(f"Placing: {c.unit_names[state.selected]}")
    if state.choice is not None:
        site, chooser, _ = state.choice
        out.append(f"{c.factions[chooser].key} chooses a tile at {board.site_names[site]}")
    if state.is_over():
        result = state.result()
        assert result is not None
        winners = ", ".join(f"seat {s}" for s in result.winners) or "nobody"
        out.append(f"Game over. Winner: {winners}")
    else:
        seat_to_move = state.pending()[0]
        doing = {
            "faction": "choose a faction",
            "shared": "choose the shared faction",
            "unit": "pick a unit to place",
            "place": "place the picked unit (hex@rotation)",
            "take": "take a stone tile",
            "ability": "choose an ability",
            "use": "use the ability of the unit just placed, or pass",
            "rotate": "turn the confused unit",
        }[PHASE_NAMES[state.phase]]
        if state.phase in (UNIT, PLACE) and state.turn_slot(state.turn)[1]:
            doing += f" of the shared faction ({c.factions[state.shared].key})"
        out.append(f"Seat {seat_to_move} to {doing}.")
    return "\n".join(out)
