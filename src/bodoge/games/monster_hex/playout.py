"""Monster Hex's simulated games for the search (`MonsterHex.playout`).

Uniformly random moves (Monster Hex has no rule of thumb), exactly those of `State.playout`:
the same legal lists in the same order, the same draws from the search's generator, so a
search at a seed chooses as before (tests/ai/test_playouts.py plays both ways). The two
decisions of nearly every turn, picking a unit and placing it, run here without events or the
protocol's per-move bookkeeping, and so does the turn's end (the refill of the hand) when the
placement completes no stone; the rest (stones resolved, a tile chosen, the ability option,
the choice of factions) goes through the state's own rules, whose events are dropped.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from bodoge.engine import Event
from bodoge.engine.rng import Rng
from bodoge.games.monster_hex.codes import OVER, PLACE, PLACE_BASE, UNIT, UNIT_BASE

if TYPE_CHECKING:
    from bodoge.games.monster_hex.rules import MonsterHex


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
            state.place_unit(cell, unit, r)  # `_place` without the ability option
            if state.queue:
                state.queue.sort()
                state._resolve_queue(dropped)
                dropped.clear()
            else:
                _end_turn(state)
        else:
            seat = state.pending()[0]
            legal = state._legal_actions(seat)
            state._apply(seat, legal[0] if len(legal) == 1 else legal[below(len(legal))])
    state._legal.clear()


def _end_turn(state: MonsterHex) -> None:
    """`MonsterHex._end_turn` without the draw events."""
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
    state._begin_turn()


def _draw(state: MonsterHex, seat: int, deck: list[int], up_to: int) -> None:
    """`MonsterHex._draw` without the event: from the top of `deck`, one at a time."""
    hand = state.hands[seat]
    count = up_to - len(hand)
    if count > len(deck):
        count = len(deck)
    for _ in range(count):
        hand.append(deck.pop())
