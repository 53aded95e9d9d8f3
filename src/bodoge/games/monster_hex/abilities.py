"""The Monster Hex ability option (RULINGS.md §2 "Ability option"; seed 004
「オプション:能力カード」): how each ability is offered and carried out. The base class of
`MonsterHex` (see `base` for the chain), kept apart so that the base rules in `game.py` read on
their own.
"""

from __future__ import annotations

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
    REWARD,
    ROTATE,
    SCATTER,
    SCHEME,
    SCHEME_ACTION,
    TARGETED,
)
from bodoge.games.monster_hex.content import UNITS_PER_FACTION
from bodoge.games.monster_hex.state_json import StateJson


class AbilityRules(StateJson):
    __slots__ = ()

    def mechanic(self, seat: int) -> int:
        """The ability `seat` plays with (ENCHANT ... PETRIFY), -1 none."""
        code = self.abilities[seat]
        return self.c.mechanic[code] if code >= 0 else -1

    def _strength(self, unit: int) -> int:
        """An ability unit's strength: 2 for the S unit (★), 1 for the others (●)."""
        return 2 if self.c.units[unit % UNITS_PER_FACTION].rank == "S" else 1

    def _ability_unit(self, seat: int, unit: int) -> bool:
        """Whether `unit` carries the ability of `seat` (its own faction's ability unit)."""
        return (
            self.abilities_on
            and unit // UNITS_PER_FACTION == self.factions[seat]
            and self.c.units[unit % UNITS_PER_FACTION].ability
        )

    def _scatter(self, seat: int, unit: int) -> int:
        """Scatter's reach for `unit`: 0 none, 1 next to any unit (●), 2 any empty hex (★)."""
        if self.mechanic(seat) == SCATTER and self._ability_unit(seat, unit):
            return self._strength(unit)
        return 0

    def _uses(self, seat: int) -> list[int]:
        """The ways `seat` may use its ability after placing the unit on `self.last`."""
        mechanic = self.mechanic(seat)
        unit = self.occ[self.last]
        mine = self.factions[seat]
        occ = self.occ
        if mechanic == ENCHANT:
            cells = [c for c, u in enumerate(occ) if u >= 0 and u // UNITS_PER_FACTION == mine]
        elif mechanic in (CONFUSE, CURSE):
            near = (
                self.board.nbr[self.last]
                if mechanic == CONFUSE and self._strength(unit) == 1
                else None
            )
            cells = [
                c
                for c, u in enumerate(occ)
                if u >= 0 and u // UNITS_PER_FACTION != mine and (near is None or c in near)
            ]
        elif mechanic == PETRIFY:
            cells = self._petrifiable()
        elif mechanic == BLITZ:
            return [BLITZ_ACTION] if self._may_blitz(seat) else []
        elif mechanic == SCHEME:
            return [SCHEME_ACTION] if self.obj_deck else []
        else:
            return []
        base = self.target_base + TARGETED.index(mechanic) * len(self.board.hexes)
        return [base + c for c in cells]

    def _may_blitz(self, seat: int) -> bool:
        """Blitz: once a round, not from Blitz's own second placement, with a unit of its own in
        hand to place, while the seat's own units still to come (in hand and in its deck) are
        more than every seat keeps at the end, and with a later turn of its own to skip
        (RULINGS §2), so that it never places more units than anyone else. The deck counts: with
        the shared faction the round's first player holds a shared unit, and refills with its
        own at the round's end."""
        if self.blitz_step or self.blitz_used[seat] == self.round_number():
            return False
        mine = self.factions[seat]
        own = sum(1 for u in self.hands[seat] if u // UNITS_PER_FACTION == mine)
        if not own or own + len(self.decks[seat]) <= KEEP_AT_END[self.players]:
            return False
        return any(self.turn_slot(t) == (seat, False) for t in range(self.turn + 1, self.turns))

    def _petrifiable(self) -> list[int]:
        """Empty hexes a Petrify counter may go on (RULINGS §2): any but the last empty hex a
        stone waits for (the seed's only exception) and those next to another petrified hex
        (the two would wait for each other). A hex whose neighbours are all filled already is
        one too: it is resolved at once."""
        board, occ, petrified = self.board, self.occ, self.petrified
        waited: set[int] = set()
        for site, cells in enumerate(board.site_cells):
            if not self.done[site]:
                empty = [c for c in cells if occ[c] < 0]
                if len(empty) == 1:
                    waited.add(empty[0])
        for cell in board.placeable_cells:
            if petrified[cell]:
                empty = [n for n in self._around(cell) if occ[n] < 0]
                if len(empty) == 1:
                    waited.add(empty[0])
        return [
            cell
            for cell in self._empty_cells()
            if cell not in waited and not any(petrified[n] for n in self._around(cell))
        ]

    def _use_on(self, seat: int, mechanic: int, cell: int) -> list[Event]:
        """Enchant, Curse, Petrify on `cell`, or Confuse choosing the unit to turn."""
        strength = self._strength(self.occ[self.last])
        label = self.board.labels[cell]
        name = content_mod.MECHANICS[mechanic]
        event: Event = {"type": name, "seat": seat, "hex": label}
        if mechanic == CONFUSE:
            self.target = cell
            self.phase = ROTATE
            return [event]
        if mechanic == ENCHANT:
            self.white[self.occ[cell]] += strength
        elif mechanic == CURSE:
            self.black[self.occ[cell]] += strength
        else:
            self.petrified[cell] = strength
            self._set_face(cell, 0)
            if all(self.occ[n] >= 0 for n in self._around(cell)):  # nothing left to wait for
                self.queue.append(len(self.board.site_names) + cell)
        event["counters"] = strength
        events = [event]
        self._after_use(events)
        return events

    def _use_other(self, seat: int, action: int) -> list[Event]:
        """pass, blitz or scheme."""
        events: list[Event] = []
        if action == BLITZ_ACTION:
            self.blitz_used[seat] = self.round_number()
            self.blitz_step = 1
            events.append({"type": "blitz", "seat": seat})
        elif action == SCHEME_ACTION:
            card = self.obj_deck.pop()
            self.obj_private[seat].append(card)
            key = self.c.objectives[card].key
            events.append(
                {"type": "scheme", "seat": seat, "private": {"card": key}, "visible_to": [seat]}
            )
        self._after_use(events)
        return events

    def _rotate(self, seat: int, r: int) -> list[Event]:
        """Confuse: turn the target unit; nothing already resolved changes."""
        cell = self.target
        self._add_faces(cell, -1)
        self.rot[cell] = r
        self._add_faces(cell, 1)
        self.target = -1
        events: list[Event] = [
            {"type": "rotate", "seat": seat, "hex": self.board.labels[cell], "rot": r}
        ]
        self._after_use(events)
        return events

    def _after_use(self, events: list[Event]) -> None:
        self.last = -1
        self.queue.sort()
        self._resolve_queue(events)

    def _reward(self, faction: int, cells: tuple[int, ...], events: list[Event]) -> None:
        """Reward: place 1 scores +1 (★ +2) for each of its ability units around the stone."""
        seat = self.factions.index(faction) if faction in self.factions else -1
        if seat < 0 or self.mechanic(seat) != REWARD:
            return
        gained = sum(
            self._strength(self.occ[c]) for c in cells if self._ability_unit(seat, self.occ[c])
        )
        if gained:
            self.bonus[faction] += gained
            events.append(
                {"type": "reward", "faction": self.c.factions[faction].key, "points": gained}
            )

    def _resolve_petrified(self, cell: int, events: list[Event]) -> None:
        """A petrified hex whose neighbours all hold units: one large stone worth its counters
        (no color). Place 1 takes it; if place 1 is shared, place 2 does. The hex is free again."""
        around = self._around(cell)
        dirs = tuple(self.board.nbr[n].index(cell) for n in around)
        totals = self.totals(tuple(around), dirs)
        first, second, _ = self.places(totals)
        winner = first if first >= 0 else second
        value = self.petrified[cell]
        names = self.c.factions
        events.append(
            {
                "type": "petrified_stone",
                "hex": self.board.labels[cell],
                "points": value,
                "totals": {names[f].key: t for f, t in sorted(totals.items())},
                "faction": names[winner].key if winner >= 0 else None,
            }
        )
        if winner >= 0:
            self.bonus[winner] += value
        if first >= 0:
            self._reward(first, tuple(around), events)
        self.petrified[cell] = 0
        self.petrified_done.append(cell)
        self._set_face(cell, self._face_of(cell))
