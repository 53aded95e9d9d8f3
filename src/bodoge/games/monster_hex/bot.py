"""The Monster Hex bot's rules of thumb: the greedy bot's judgement of a position
(`evaluate`) and the search's simulated games (`play_out`).

The judgement is from one seat's point of view and reads only what that seat may know: the
board, the stones, the points, the counters and its own hand (the greedy bot calls it on
determinized states, where every other hand and every deck order is a guess). The value is a
projected point margin:

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

The simulated games (`MonsterHex.playout`) make uniformly random moves (Monster Hex has no rule
of thumb for them), exactly those of `State.playout`: the same legal lists in the same order,
the same draws from the search's generator, so a search at a seed chooses as before
(tests/ai/test_playouts.py plays both ways). The two
decisions of nearly every turn, picking a unit and placing it, run here without events or the
protocol's per-move bookkeeping, and so does the turn's end (the refill of the hand) when the
placement completes no stone; the rest (stones resolved, a tile chosen, the ability option,
the choice of factions) goes through the state's own rules, whose events are dropped.
"""

from __future__ import annotations

from math import exp
from typing import TYPE_CHECKING

from bodoge.engine import Event
from bodoge.engine.rng import Rng
from bodoge.games.monster_hex import faces, stones
from bodoge.games.monster_hex.codes import (
    FACTION,
    OVER,
    PLACE,
    PLACE_BASE,
    ROTATIONS,
    SHARED,
    UNIT,
    UNIT_BASE,
)
from bodoge.games.monster_hex.content import UNITS_PER_FACTION

if TYPE_CHECKING:
    from bodoge.games.monster_hex.content import Board
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
            if faction in totals:  # `stones.power(state, cell, d)`, inline
                power = edge[unit % UNITS_PER_FACTION][rot[cell]][d] + white[unit] - black[unit]
                totals[faction] += power if power > 0 else 0
    first = _shares(totals, 1.0 + SPREAD * empty)
    out = {}
    for f, worth in worths.items():
        second = sum(p * first[f] / (1.0 - p) for g, p in first.items() if g != f and p < 1.0)
        out[f] = first[f] * worth[0] + (second * worth[1] if len(worth) > 1 else 0.0)
    return out


def projected(state: MonsterHex) -> dict[int, float]:
    """Points per faction in play: scored plus expected at the open stones."""
    in_play = [f for f in [*state.factions, state.shared] if f >= 0]
    scored = stones.points(state)
    value = {f: float(scored[f]) for f in in_play}
    board = state.board
    occ = state.occ
    for site, done in enumerate(state.done):
        if done:
            continue
        cells = board.site_cells[site]
        if board.site_large[site]:
            tiles = state.site_tiles[site]
            if not tiles:
                continue
            worths = {
                f: sorted((stones.worth(state, t, f) for t in tiles), reverse=True) for f in in_play
            }
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
                    value[owner] += min(stones.power(state, cell, d), 5) / 6.0
    if state.abilities_on:
        for cell, count in enumerate(state.petrified):
            if count:
                cells = tuple(faces.around(state, cell))
                dirs = tuple(board.nbr[n].index(cell) for n in cells)
                worths = {f: [count] for f in in_play}
                for f, points_f in _large_expectation(state, cells, dirs, worths).items():
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
    if stones.seven_holder(state) == mine:
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


def play_out(state: MonsterHex, rng: Rng, limit: int) -> None:
    """Play `limit` decisions at most, or to the end of the game."""
    below = rng.below
    dropped: list[Event] = []  # the events of the rules' own steps, never read
    for _ in range(limit):
        phase = state.phase
        if phase == OVER:
            break
        state.ply += 1
        if phase == UNIT:
            seat = state.order[state.turn][0]
            units = state._unit_actions(seat)
            unit = (units[0] if len(units) == 1 else units[below(len(units))]) - UNIT_BASE
            state.hands[seat].remove(unit)  # `_select`
            state.selected = unit
            state.phase = PLACE
        elif phase == PLACE and not state.abilities_on:
            seat = state.order[state.turn][0]
            places = state._placements(seat)
            action = places[0] if len(places) == 1 else places[below(len(places))]
            cell, r = divmod(action - PLACE_BASE, 6)
            unit = state.selected
            state.selected = -1
            faces.place_unit(state, cell, unit, r)  # `_place` without the ability option
            if state.queue:
                state.queue.sort()
                stones.resolve_queue(state, dropped)
                dropped.clear()
            else:
                _end_turn(state)
        else:
            seat = state.pending()[0]
            legal = state._legal_actions(seat)
            state._apply(seat, legal[0] if len(legal) == 1 else legal[below(len(legal))])
    state._legal.clear()


def _end_turn(state: MonsterHex) -> None:
    """`MonsterHex.end_turn` without the draw events (the fast path repeats it on purpose)."""
    seat, shared_step = state.order[state.turn]
    state.blitz_step = 0
    state.turn += 1
    if state.turn < state.turns:
        if not state.shared_mode:
            _draw(state, seat, state.decks[seat], state.hand_size)
        elif shared_step:  # a shared round ends: first refills, second draws a shared unit
            second = 1 - seat
            _draw(state, seat, state.decks[seat], state.hand_size)
            _draw(state, second, state.sdecks[second], len(state.hands[second]) + 1)
    state.begin_turn()


def _draw(state: MonsterHex, seat: int, deck: list[int], up_to: int) -> None:
    """`MonsterHex._draw` without the event: from the top of `deck`, one at a time."""
    hand = state.hands[seat]
    count = up_to - len(hand)
    if count > len(deck):
        count = len(deck)
    for _ in range(count):
        hand.append(deck.pop())
