"""The Monster Hex ability option (RULINGS.md §2 "Ability option"; seed 004
「オプション:能力カード」): how each ability is offered and carried out, as functions over the
state, kept apart so that the base rules in `rules.py` read on their own. Using an ability ends
with the stones resolved (`MonsterHex._after_use`); the passive Reward and the petrified hex's
stone are resolved with the other stones (`stones.py`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from bodoge.engine import Event
from bodoge.games.monster_hex import content as content_mod
from bodoge.games.monster_hex.codes import (
    BLITZ,
    BLITZ_ACTION,
    CONFUSE,
    CURSE,
    ENCHANT,
    KEEP_AT_END,
    PETRIFY,
    ROTATE,
    SCATTER,
    SCHEME,
    SCHEME_ACTION,
    TARGETED,
)
from bodoge.games.monster_hex.content import UNITS_PER_FACTION
from bodoge.games.monster_hex.faces import add_faces, around, empty_cells, set_face

if TYPE_CHECKING:
    from bodoge.games.monster_hex.rules import MonsterHex


def mechanic(state: MonsterHex, seat: int) -> int:
    """The ability `seat` plays with (ENCHANT ... PETRIFY), -1 none."""
    code = state.abilities[seat]
    return state.c.mechanic[code] if code >= 0 else -1


def strength(state: MonsterHex, unit: int) -> int:
    """An ability unit's strength: 2 for the S unit (★), 1 for the others (●)."""
    return 2 if state.c.units[unit % UNITS_PER_FACTION].rank == "S" else 1


def ability_unit(state: MonsterHex, seat: int, unit: int) -> bool:
    """Whether `unit` carries the ability of `seat` (its own faction's ability unit)."""
    return (
        state.abilities_on
        and unit // UNITS_PER_FACTION == state.factions[seat]
        and state.c.units[unit % UNITS_PER_FACTION].ability
    )


def scatter(state: MonsterHex, seat: int, unit: int) -> int:
    """Scatter's reach for `unit`: 0 none, 1 next to any unit (●), 2 any empty hex (★)."""
    if mechanic(state, seat) == SCATTER and ability_unit(state, seat, unit):
        return strength(state, unit)
    return 0


def uses(state: MonsterHex, seat: int) -> list[int]:
    """The ways `seat` may use its ability after placing the unit on `state.last`."""
    kind = mechanic(state, seat)
    unit = state.occ[state.last]
    mine = state.factions[seat]
    occ = state.occ
    if kind == ENCHANT:
        cells = [c for c, u in enumerate(occ) if u >= 0 and u // UNITS_PER_FACTION == mine]
    elif kind in (CONFUSE, CURSE):
        near = (
            state.board.nbr[state.last] if kind == CONFUSE and strength(state, unit) == 1 else None
        )
        cells = [
            c
            for c, u in enumerate(occ)
            if u >= 0 and u // UNITS_PER_FACTION != mine and (near is None or c in near)
        ]
    elif kind == PETRIFY:
        cells = petrifiable(state)
    elif kind == BLITZ:
        return [BLITZ_ACTION] if may_blitz(state, seat) else []
    elif kind == SCHEME:
        return [SCHEME_ACTION] if state.obj_deck else []
    else:
        return []
    base = state.target_base + TARGETED.index(kind) * len(state.board.hexes)
    return [base + c for c in cells]


def may_blitz(state: MonsterHex, seat: int) -> bool:
    """Blitz: once a round, not from Blitz's own second placement, with a unit of its own in
    hand to place, while the seat's own units still to come (in hand and in its deck) are
    more than every seat keeps at the end, and with a later turn of its own to skip
    (RULINGS §2), so that it never places more units than anyone else. The deck counts: with
    the shared faction the round's first player holds a shared unit, and refills with its
    own at the round's end."""
    if state.blitz_step or state.blitz_used[seat] == state.round_number():
        return False
    mine = state.factions[seat]
    own = sum(1 for u in state.hands[seat] if u // UNITS_PER_FACTION == mine)
    if not own or own + len(state.decks[seat]) <= KEEP_AT_END[state.players]:
        return False
    return any(state.turn_slot(t) == (seat, False) for t in range(state.turn + 1, state.turns))


def petrifiable(state: MonsterHex) -> list[int]:
    """Empty hexes a Petrify counter may go on (RULINGS §2): any but the last empty hex a
    stone waits for (the seed's only exception) and those next to another petrified hex
    (the two would wait for each other). A hex whose neighbours are all filled already is
    one too: it is resolved at once."""
    board, occ, petrified = state.board, state.occ, state.petrified
    waited: set[int] = set()
    for site, cells in enumerate(board.site_cells):
        if not state.done[site]:
            empty = [c for c in cells if occ[c] < 0]
            if len(empty) == 1:
                waited.add(empty[0])
    for cell in board.placeable_cells:
        if petrified[cell]:
            empty = [n for n in around(state, cell) if occ[n] < 0]
            if len(empty) == 1:
                waited.add(empty[0])
    return [
        cell
        for cell in empty_cells(state)
        if cell not in waited and not any(petrified[n] for n in around(state, cell))
    ]


def use_on(state: MonsterHex, seat: int, kind: int, cell: int) -> list[Event]:
    """Enchant, Curse, Petrify on `cell`, or Confuse choosing the unit to turn (then phase
    ROTATE: the stones wait for the turn)."""
    counters = strength(state, state.occ[state.last])
    label = state.board.labels[cell]
    name = content_mod.MECHANICS[kind]
    event: Event = {"type": name, "seat": seat, "hex": label}
    if kind == CONFUSE:
        state.target = cell
        state.phase = ROTATE
        return [event]
    if kind == ENCHANT:
        state.white[state.occ[cell]] += counters
    elif kind == CURSE:
        state.black[state.occ[cell]] += counters
    else:
        state.petrified[cell] = counters
        set_face(state, cell, 0)
        if all(state.occ[n] >= 0 for n in around(state, cell)):  # nothing left to wait for
            state.queue.append(len(state.board.site_names) + cell)
    event["counters"] = counters
    return [event]


def use_other(state: MonsterHex, seat: int, action: int) -> list[Event]:
    """pass, blitz or scheme."""
    events: list[Event] = []
    if action == BLITZ_ACTION:
        state.blitz_used[seat] = state.round_number()
        state.blitz_step = 1
        events.append({"type": "blitz", "seat": seat})
    elif action == SCHEME_ACTION:
        card = state.obj_deck.pop()
        state.obj_private[seat].append(card)
        key = state.c.objectives[card].key
        events.append(
            {"type": "scheme", "seat": seat, "private": {"card": key}, "visible_to": [seat]}
        )
    return events


def rotate(state: MonsterHex, seat: int, r: int) -> list[Event]:
    """Confuse: turn the target unit; nothing already resolved changes."""
    cell = state.target
    add_faces(state, cell, -1)
    state.rot[cell] = r
    add_faces(state, cell, 1)
    state.target = -1
    return [{"type": "rotate", "seat": seat, "hex": state.board.labels[cell], "rot": r}]
