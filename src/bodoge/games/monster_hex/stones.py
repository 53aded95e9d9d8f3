"""The magic stones of Monster Hex: the power each faction shows a stone, how a completed stone is
resolved (small, large, and a petrified hex's stone with the ability option), and the points
(RULINGS.md §2 "Stones"; seed 004). Functions over the state; the turn ends when the queue of
completed stones is empty (`MonsterHex.end_turn`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from bodoge.engine import Event
from bodoge.games.monster_hex.abilities import ability_unit, mechanic, strength
from bodoge.games.monster_hex.codes import COLOR_BONUS, REWARD, TAKE, UNIT
from bodoge.games.monster_hex.content import UNITS_PER_FACTION
from bodoge.games.monster_hex.faces import around, face_of, set_face

if TYPE_CHECKING:
    from bodoge.games.monster_hex.rules import MonsterHex


def power(state: MonsterHex, cell: int, direction: int) -> int:
    """The power the unit on `cell` shows towards `direction` when stones are resolved:
    printed, +1 per Enchant counter, -1 per Curse counter, never below 0."""
    unit = state.occ[cell]
    value = state.c.edge[unit % UNITS_PER_FACTION][state.rot[cell]][direction]
    value += state.white[unit] - state.black[unit]
    return value if value > 0 else 0


def totals(state: MonsterHex, cells: tuple[int, ...], dirs: tuple[int, ...]) -> dict[int, int]:
    """Each faction's total power of the units on `cells` facing `dirs`."""
    found: dict[int, int] = {}
    occ, rot, edge, white, black = state.occ, state.rot, state.c.edge, state.white, state.black
    for cell, d in zip(cells, dirs, strict=True):
        unit = occ[cell]
        # `power(state, cell, d)`, inline: printed, +1 per Enchant, -1 per Curse, never below 0
        value = edge[unit % UNITS_PER_FACTION][rot[cell]][d] + white[unit] - black[unit]
        faction = unit // UNITS_PER_FACTION
        found[faction] = found.get(faction, 0) + (value if value > 0 else 0)
    return found


def large_totals(state: MonsterHex, site: int) -> dict[int, int]:
    """Each faction's total power facing the large stone `site`."""
    return totals(state, state.board.site_cells[site], state.board.site_dirs[site])


def places(found: dict[int, int]) -> tuple[int, int, list[int]]:
    """(place 1, place 2, the distinct totals from the highest): a faction, or -1 where the
    place is empty or shared."""
    distinct = sorted(set(found.values()), reverse=True)
    ranked = []
    for total in distinct[:2]:
        holders = [f for f, t in found.items() if t == total]
        ranked.append(holders[0] if len(holders) == 1 else -1)
    return ranked[0], (ranked[1] if len(ranked) > 1 else -1), distinct


def worth(state: MonsterHex, tile: int, faction: int) -> int:
    """What `tile` is worth to `faction`: its value, +2 if it is of the faction's color."""
    info = state.c.tiles[tile]
    return info.value + (COLOR_BONUS if info.color == faction else 0)


def points(state: MonsterHex) -> list[int]:
    """Points of each faction (0..3) on the board: small stones, tiles taken (+2 per tile of
    its color), Reward and Petrify points. Objective cards come on top at the end."""
    scores = state.bonus[:]
    for faction in state.small_won:
        if faction >= 0:
            scores[faction] += 1
    for faction, tiles in enumerate(state.taken):
        scores[faction] += sum(worth(state, t, faction) for t in tiles)
    return scores


def seven_holder(state: MonsterHex) -> int:
    """The faction holding the 7-point stone tile, or -1."""
    for faction, tiles in enumerate(state.taken):
        if state.c.seven in tiles:
            return faction
    return -1


def resolve_queue(state: MonsterHex, events: list[Event]) -> None:
    """Resolve completed sites in site order; stop at a choice, else end the turn (or begin
    Blitz's second placement)."""
    queue = state.queue
    while queue:
        sites = len(state.board.site_names)
        site = queue.pop(0)
        if site >= sites:
            resolve_petrified(state, site - sites, events)
            continue
        state.done[site] = True
        if state.board.site_large[site]:
            if resolve_large(state, site, events):
                return
        else:
            resolve_small(state, site, events)
    if state.blitz_step == 1:  # Blitz: the same seat places a second unit at once
        state.blitz_step = 2
        state.phase = UNIT
        return
    state.end_turn(events)


def resolve_small(state: MonsterHex, site: int, events: list[Event]) -> None:
    """Small stone: higher facing power wins, then higher rank, else nobody. Two units of one
    faction: that faction takes it, since the seed compares rivals' units (お互いのユニット);
    with small_stone_same_faction=compare they are compared like rivals' (RULINGS §2)."""
    (a, b), (da, db) = state.board.site_cells[site], state.board.site_dirs[site]
    ua, ub = state.occ[a], state.occ[b]
    fa, fb = ua // UNITS_PER_FACTION, ub // UNITS_PER_FACTION
    if fa == fb and state.same_faction_takes:
        winner = fa
    else:
        pa, pb = power(state, a, da), power(state, b, db)
        if pa == pb:
            pa = state.c.units[ua % UNITS_PER_FACTION].strength
            pb = state.c.units[ub % UNITS_PER_FACTION].strength
        winner = fa if pa > pb else fb if pb > pa else -1
    state.small_won[site] = winner
    events.append(
        {
            "type": "small_stone",
            "site": state.board.site_names[site],
            "faction": state.c.factions[winner].key if winner >= 0 else None,
        }
    )


def resolve_large(state: MonsterHex, site: int, events: list[Event]) -> bool:
    """Large stone. Returns True when a seat must now choose a tile (phase TAKE)."""
    found = large_totals(state, site)
    first, second, distinct = places(found)
    names = state.c.factions
    event: Event = {
        "type": "large_stone",
        "site": state.board.site_names[site],
        "totals": {names[f].key: t for f, t in sorted(found.items())},
        "first": names[first].key if first >= 0 else None,
        "second": names[second].key if second >= 0 else None,
        "overwhelming": False,
    }
    events.append(event)
    if first >= 0 and state.abilities_on:
        reward(state, first, state.board.site_cells[site], events)
    tiles = state.site_tiles[site]
    overwhelming = (
        state.players == 2
        and not state.shared_mode
        and first >= 0
        and (len(distinct) == 1 or distinct[0] >= 2 * distinct[1])
    )
    if overwhelming:  # place 1 takes both tiles (2 players without the shared faction)
        event["overwhelming"] = True
        for tile in tiles[:]:
            give(state, site, tile, first, events)
        return False
    chooser, rest = (first, second) if first >= 0 else (second, -1)
    if chooser < 0:
        for tile in tiles[:]:
            discard(state, site, tile, events)
        return False
    if chooser == state.shared:  # the shared faction takes the tile worth more to it
        best = max(tiles, key=lambda t: (worth(state, t, chooser), -tiles.index(t)))
        give(state, site, best, chooser, events)
        give_rest(state, site, rest, events)
        return False
    state.choice = (site, chooser, rest)
    state.phase = TAKE
    return True


def give(state: MonsterHex, site: int, tile: int, faction: int, events: list[Event]) -> None:
    """`faction` takes `tile` from the large stone `site`."""
    state.site_tiles[site].remove(tile)
    state.taken[faction].append(tile)
    events.append(
        {
            "type": "take",
            "faction": state.c.factions[faction].key,
            "tile": state.c.tiles[tile].key,
            "points": worth(state, tile, faction),
        }
    )


def discard(state: MonsterHex, site: int, tile: int, events: list[Event]) -> None:
    """Nobody takes `tile`: it leaves the game."""
    state.site_tiles[site].remove(tile)
    state.discarded.append(tile)
    events.append({"type": "discard", "tile": state.c.tiles[tile].key})


def give_rest(state: MonsterHex, site: int, faction: int, events: list[Event]) -> None:
    """The tiles left on `site` go to `faction` (place 2), or are discarded (-1)."""
    for tile in state.site_tiles[site][:]:
        if faction >= 0:
            give(state, site, tile, faction, events)
        else:
            discard(state, site, tile, events)


def take(state: MonsterHex, tile: int) -> list[Event]:
    """The chooser of a large stone takes `tile`; place 2 gets the rest; resolving goes on."""
    assert state.choice is not None
    site, chooser, rest = state.choice
    state.choice = None
    events: list[Event] = []
    give(state, site, tile, chooser, events)
    give_rest(state, site, rest, events)
    resolve_queue(state, events)
    return events


def reward(state: MonsterHex, faction: int, cells: tuple[int, ...], events: list[Event]) -> None:
    """Reward: place 1 scores +1 (★ +2) for each of its ability units around the stone."""
    seat = state.factions.index(faction) if faction in state.factions else -1
    if seat < 0 or mechanic(state, seat) != REWARD:
        return
    gained = sum(
        strength(state, state.occ[c]) for c in cells if ability_unit(state, seat, state.occ[c])
    )
    if gained:
        state.bonus[faction] += gained
        events.append(
            {"type": "reward", "faction": state.c.factions[faction].key, "points": gained}
        )


def resolve_petrified(state: MonsterHex, cell: int, events: list[Event]) -> None:
    """A petrified hex whose neighbours all hold units: one large stone worth its counters
    (no color). Place 1 takes it; if place 1 is shared, place 2 does. The hex is free again."""
    cells = around(state, cell)
    dirs = tuple(state.board.nbr[n].index(cell) for n in cells)
    found = totals(state, tuple(cells), dirs)
    first, second, _ = places(found)
    winner = first if first >= 0 else second
    value = state.petrified[cell]
    names = state.c.factions
    events.append(
        {
            "type": "petrified_stone",
            "hex": state.board.labels[cell],
            "points": value,
            "totals": {names[f].key: t for f, t in sorted(found.items())},
            "faction": names[winner].key if winner >= 0 else None,
        }
    )
    if winner >= 0:
        state.bonus[winner] += value
    if first >= 0:
        reward(state, first, tuple(cells), events)
    state.petrified[cell] = 0
    state.petrified_done.append(cell)
    set_face(state, cell, face_of(state, cell))
