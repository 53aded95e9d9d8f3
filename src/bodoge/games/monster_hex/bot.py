"""The greedy bot's judgement of a Monster Hex position, from one seat's point of view.

It reads only what that seat may know: the board, the stones, the points, the counters and its
own hand (the greedy bot calls it on determinized states, where every other hand and every deck
order is a guess). The value is a projected point margin:

- points already scored by each faction (small stones, tiles with their color bonus, Reward and
  Petrify points);
- plus the points each faction may still expect at every open stone: at a large stone (and a
  petrified hex) each faction's share of place 1 and place 2 grows with its facing power there
  against the others', and is the less certain the more neighbours are still empty; a small
  stone with one side filled leans to that side by its facing power;
- mine minus the strongest rival's (with 3-4 players, half the best and half the mean of the
  rivals). With the 2-player shared faction, the shared faction is a rival too: a seat wins only
  by beating the other player and not falling below the shared faction (RULINGS §2);
- plus, while this seat is to place a unit, the best facing power it can put towards open stones
  with the units it may place, and a little for every empty hex its hand can still match.

A finished game is worth +-100 on top of the margin. Everything is a few passes over at most 37
cells, so it stays cheap enough to run once per legal action.
"""

from __future__ import annotations

from math import exp
from typing import TYPE_CHECKING

from bodoge.games.monster_hex.codes import COLOR_BONUS, FACTION, PLACE, ROTATIONS, SHARED, UNIT
from bodoge.games.monster_hex.content import UNITS_PER_FACTION

if TYPE_CHECKING:
    from bodoge.games.monster_hex.content import Board, Content
    from bodoge.games.monster_hex.rules import MonsterHex

WIN = 100.0
SPREAD = 2.5  # how much an empty neighbour blurs a large stone's outcome (in power points)
PLACE_WEIGHT = 0.15  # per point of facing power a pending placement can add towards open stones
MATCH_WEIGHT = 0.03  # per empty hex the own hand can still match
SEVEN_WEIGHT = 0.5  # the 7-point tile breaks ties

# per board: for each cell, the open-stone edges it has: (site, direction of the facing edge)
_EDGES: dict[int, tuple[Board, list[list[tuple[int, int]]]]] = {}


def stone_edges(board: Board) -> list[list[tuple[int, int]]]:
    """For each cell, the (site, direction) of every stone it faces."""
    cached = _EDGES.get(id(board))
    if cached is None or cached[0] is not board:
        edges: list[list[tuple[int, int]]] = [[] for _ in board.hexes]
        for site, cells in enumerate(board.site_cells):
            for cell, d in zip(cells, board.site_dirs[site], strict=True):
                edges[cell].append((site, d))
        cached = (board, edges)
        _EDGES[id(board)] = cached
    return cached[1]


def _shares(totals: dict[int, float], spread: float) -> dict[int, float]:
    """Soft chance of each faction to hold the highest total."""
    weights = {f: exp(t / spread) for f, t in totals.items()}
    whole = sum(weights.values())
    return {f: w / whole for f, w in weights.items()}


def _large_expectation(
    state: MonsterHex, cells: tuple[int, ...], dirs: tuple[int, ...], worths: dict[int, list[int]]
) -> dict[int, float]:
    """Expected points per faction at an open large stone (or petrified hex) whose tiles are
    worth `worths[faction]` (highest first) to each faction in play."""
    occ, rot, edge, white, black = state.occ, state.rot, state.c.edge, state.white, state.black
    totals = dict.fromkeys(worths, 0.0)
    empty = 0
    for cell, d in zip(cells, dirs, strict=True):
        unit = occ[cell]
        if unit < 0:
            empty += 1
        else:
            faction = unit // UNITS_PER_FACTION
            if faction in totals:  # `state.power(cell, d)`, inline
                power = edge[unit % UNITS_PER_FACTION][rot[cell]][d] + white[unit] - black[unit]
                totals[faction] += power if power > 0 else 0
    first = _shares(totals, 1.0 + SPREAD * empty)
    out = {}
    for f, worth in worths.items():
        second = sum(p * first[f] / (1.0 - p) for g, p in first.items() if g != f and p < 1.0)
        out[f] = first[f] * worth[0] + (second * worth[1] if len(worth) > 1 else 0.0)
    return out


def _worth(c: Content, tile: int, faction: int) -> int:
    info = c.tiles[tile]
    return info.value + (COLOR_BONUS if info.color == faction else 0)


def projected(state: MonsterHex) -> dict[int, float]:
    """Points per faction in play: scored plus expected at the open stones."""
    in_play = [f for f in [*state.factions, state.shared] if f >= 0]
    points = state.points()
    value = {f: float(points[f]) for f in in_play}
    board, c = state.board, state.c
    occ = state.occ
    for site, done in enumerate(state.done):
        if done:
            continue
        cells = board.site_cells[site]
        if board.site_large[site]:
            tiles = state.site_tiles[site]
            if not tiles:
                continue
            worths = {f: sorted((_worth(c, t, f) for t in tiles), reverse=True) for f in in_play}
            expected = _large_expectation(state, cells, board.site_dirs[site], worths)
            for f, points_f in expected.items():
                value[f] += points_f
        else:
            a, b = cells
            filled = [(cell, d) for cell, d in zip(cells, board.site_dirs[site], strict=True)
                      if occ[cell] >= 0]  # fmt: skip
            if len(filled) == 1 and (occ[a] < 0) != (occ[b] < 0):
                cell, d = filled[0]
                owner = occ[cell] // UNITS_PER_FACTION
                if owner in value:
                    value[owner] += min(state.power(cell, d), 5) / 6.0
    if state.abilities_on:
        for cell, count in enumerate(state.petrified):
            if count:
                around = state._around(cell)
                dirs = tuple(board.nbr[n].index(cell) for n in around)
                worths = {f: [count] for f in in_play}
                for f, points_f in _large_expectation(state, tuple(around), dirs, worths).items():
                    value[f] += points_f
    return value


def placement_reach(state: MonsterHex, units: list[int]) -> tuple[int, int]:
    """(the most facing power one of `units` can put towards open stones in one legal placement,
    how many empty hexes at least one of them matches)."""
    board, c = state.board, state.c
    edges = stone_edges(board)
    done = state.done
    best = 0
    matched: set[int] = set()
    open_edges_at: dict[int, list[int]] = {}  # per cell: the directions of its open stones
    for unit in units:
        kind = unit % UNITS_PER_FACTION
        rotated = c.edge[kind]
        for cell, mask in state._targets(kind):
            matched.add(cell)
            open_edges = open_edges_at.get(cell)
            if open_edges is None:
                open_edges = open_edges_at[cell] = [d for site, d in edges[cell] if not done[site]]
            if not open_edges:
                continue
            for r in ROTATIONS[mask]:
                power = sum(rotated[r][d] for d in open_edges)
                if power > best:
                    best = power
    return best, len(matched)


def evaluate(state: MonsterHex, seat: int) -> float:
    if state.phase in (FACTION, SHARED):
        return 0.0  # factions still being chosen: nothing to judge yet
    mine = state.factions[seat]
    result = state.result()
    value = projected(state)
    own = value[mine]
    rivals = [v for f, v in value.items() if f != mine]
    if state.shared_mode:  # beat the other player and stay level with the shared faction
        against = max(rivals)
    else:
        against = 0.5 * max(rivals) + 0.5 * sum(rivals) / len(rivals)
    score = own - against
    if state.seven_holder() == mine:
        score += SEVEN_WEIGHT
    if result is not None:
        return score + (WIN if seat in result.winners else -WIN)
    if state.phase in (UNIT, PLACE) and state.pending() == [seat]:
        source = state.source_faction()
        if state.phase == PLACE:
            units = [state.selected]
        else:
            units = [u for u in state.hands[seat] if u // UNITS_PER_FACTION == source]
        reach, _ = placement_reach(state, units)
        score += PLACE_WEIGHT * reach
    own_units = [u for u in state.hands[seat] if u // UNITS_PER_FACTION == mine]
    score += MATCH_WEIGHT * placement_reach(state, own_units)[1]
    return score
