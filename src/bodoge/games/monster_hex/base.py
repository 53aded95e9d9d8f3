"""The fields of a Monster Hex state and the reads of the board and the scores that the rules
(`game.py`), the ability option (`abilities.py`) and the JSON (`state_json.py`) share.

The state is one chain of classes, `HexBase` -> `StateJson` -> `AbilityRules` -> `MonsterHex`,
each adding its part, so that the compiled build (mypyc, which gives a native class one base)
compiles it; the fields are declared here, at the root, where every part sees them.
"""

from __future__ import annotations

from abc import abstractmethod
from bisect import insort
from functools import cache

from bodoge.engine import Event, State
from bodoge.games.monster_hex import content as content_mod
from bodoge.games.monster_hex.codes import COLOR_BONUS, POW6
from bodoge.games.monster_hex.content import UNITS_PER_FACTION, Content


def turn_slot_of(players: int, shared_mode: bool, start: int, turn: int) -> tuple[int, bool]:
    """(seat, places a shared-faction unit) of turn number `turn` (see `MonsterHex.turn_slot`)."""
    if not shared_mode:
        return (start + turn) % players, False
    first = (start + turn // 3) % 2
    step = turn % 3
    return (1 - first if step == 1 else first), step == 2


@cache
def turn_order(
    players: int, shared_mode: bool, start: int, turns: int
) -> tuple[tuple[int, bool], ...]:
    """`turn_slot_of` for every turn of a game, worked out once per setup."""
    return tuple(turn_slot_of(players, shared_mode, start, turn) for turn in range(turns))


class HexBase(State):
    """The fields of `MonsterHex` (see its module) and the reads they share."""

    __slots__ = (
        "abilities",
        "abilities_on",
        "black",
        "blitz_step",
        "blitz_used",
        "board",
        "bonus",
        "c",
        "choice",
        "decks",
        "discarded",
        "done",
        "face",
        "factions",
        "hand_size",
        "hands",
        "last",
        "obj_deck",
        "obj_private",
        "obj_public",
        "objectives_on",
        "occ",
        "open",
        "order",
        "petrified",
        "petrified_done",
        "phase",
        "place_table",
        "queue",
        "rot",
        "same_faction_takes",
        "sdecks",
        "selected",
        "shared",
        "shared_mode",
        "site_left",
        "site_tiles",
        "small_won",
        "start",
        "taken",
        "target",
        "target_base",
        "turn",
        "turns",
        "white",
    )

    c: Content
    board: content_mod.Board
    shared_mode: bool
    same_faction_takes: bool  # option small_stone_same_faction=takes
    hand_size: int
    turns: int  # turns in the game
    place_table: tuple[tuple[tuple[int, ...], ...], ...]  # `codes.place_actions` of the board
    phase: int
    start: int  # start seat
    order: tuple[tuple[int, bool], ...]  # derived: turn_slot of every turn
    turn: int  # turns begun before the current one
    factions: list[int]  # per seat, -1 until chosen
    shared: int  # the shared faction, -1 if none
    occ: list[int]  # per cell: unit code or -1
    rot: list[int]  # per cell: rotation of its unit
    face: list[int]  # per cell, derived: printed powers facing an empty placeable cell
    open: list[int]  # derived: the cells with a non-zero face, in cell order
    hands: list[list[int]]
    decks: list[list[int]]  # own faction; top = end
    sdecks: list[list[int]]  # shared faction units of that seat (2 players, shared mode)
    selected: int  # unit picked this turn, -1 if none
    site_tiles: list[list[int]]  # large stones: tiles still lying there
    done: list[bool]  # per site: resolved
    site_left: list[int]  # per site, derived: its cells without a unit (0: complete)
    small_won: list[int]  # per site: faction that took the small stone, -1 none
    taken: list[list[int]]  # per faction: stone tiles taken
    discarded: list[int]
    choice: tuple[int, int, int] | None  # (site, chooser faction, faction taking the rest or -1)
    queue: list[int]  # completed sites waiting to be resolved (site codes, see `_site_name`)
    # the ability option
    abilities_on: bool
    objectives_on: bool
    target_base: int  # first target action (after the placement block)
    abilities: list[int]  # per seat: ability code (content order), -1 none
    white: list[int]  # per unit: Enchant counters (+1 power each at resolution)
    black: list[int]  # per unit: Curse counters (-1 power each at resolution)
    petrified: list[int]  # per cell: Petrify counters (the hex's value as a stone), 0 none
    petrified_done: list[int]  # cells whose Petrify stone has been resolved, in order
    bonus: list[int]  # per faction: Reward and Petrify points
    blitz_used: list[int]  # per seat: round in which it last used Blitz, -1 never
    blitz_step: int  # 0, 1 Blitz granted (a second placement follows), 2 in the second placement
    last: int  # cell of the unit just placed while its ability may be used, -1
    target: int  # cell of the unit Confuse is turning, -1
    # objective cards (codes in content order)
    obj_private: list[list[int]]  # per seat
    obj_public: list[int]
    obj_deck: list[int]  # top = end

    @abstractmethod
    def _resolve_queue(self, events: list[Event]) -> None:
        """Resolve the completed sites waiting in `queue` (the rules, `MonsterHex`)."""

    def turn_slot(self, turn: int) -> tuple[int, bool]:
        """(seat, places a shared-faction unit) of turn number `turn`.

        Normally seats take turns clockwise from the start seat. With the shared faction a round
        is: first player, second player, then the first player places a shared unit; the two
        swap roles every round."""
        return turn_slot_of(self.players, self.shared_mode, self.start, turn)

    def round_number(self) -> int:
        """The current round, counted from 1."""
        per_round = 3 if self.shared_mode else self.players
        return min(self.turn, self.turns - 1) // per_round + 1

    def _empty_cells(self) -> list[int]:
        """Empty placeable hexes (a petrified hex is not empty)."""
        occ, petrified = self.occ, self.petrified
        return [c for c in self.board.placeable_cells if occ[c] < 0 and not petrified[c]]

    def _around(self, cell: int) -> list[int]:
        """The placeable neighbours of `cell`."""
        placeable = self.board.placeable
        return [n for n in self.board.nbr[cell] if n >= 0 and placeable[n]]

    def _add_faces(self, cell: int, sign: int) -> None:
        """Add (sign 1) or take away (-1) the powers the unit on `cell` shows to its empty
        placeable neighbours."""
        adds = self.c.faces[self.occ[cell] % UNITS_PER_FACTION][self.rot[cell]]
        occ, petrified, face, open_ = self.occ, self.petrified, self.face, self.open
        for d, other in self.board.around[cell]:
            if occ[other] < 0 and not petrified[other]:
                before = face[other]
                face[other] = after = before + sign * adds[d]
                if after and not before:
                    insort(open_, other)
                elif before and not after:
                    open_.remove(other)

    def _set_face(self, cell: int, code: int) -> None:
        """Set the facing code of `cell`, keeping `open` in step."""
        before = self.face[cell]
        self.face[cell] = code
        if code and not before:
            insort(self.open, cell)
        elif before and not code:
            self.open.remove(cell)

    def _face_of(self, cell: int) -> int:
        code = 0
        for d, other in enumerate(self.board.nbr[cell]):
            if other >= 0 and self.occ[other] >= 0:
                unit = self.occ[other]
                power = self.c.edge[unit % UNITS_PER_FACTION][self.rot[other]][(d + 3) % 6]
                code += power * POW6[d]
        return code

    def power(self, cell: int, direction: int) -> int:
        """The power the unit on `cell` shows towards `direction` when stones are resolved:
        printed, +1 per Enchant counter, -1 per Curse counter, never below 0."""
        unit = self.occ[cell]
        power = self.c.edge[unit % UNITS_PER_FACTION][self.rot[cell]][direction]
        power += self.white[unit] - self.black[unit]
        return power if power > 0 else 0

    def totals(self, cells: tuple[int, ...], dirs: tuple[int, ...]) -> dict[int, int]:
        """Each faction's total power of the units on `cells` facing `dirs`."""
        totals: dict[int, int] = {}
        occ, rot, edge, white, black = self.occ, self.rot, self.c.edge, self.white, self.black
        for cell, d in zip(cells, dirs, strict=True):
            unit = occ[cell]
            # `power(cell, d)`, inline: printed, +1 per Enchant, -1 per Curse, never below 0
            power = edge[unit % UNITS_PER_FACTION][rot[cell]][d] + white[unit] - black[unit]
            faction = unit // UNITS_PER_FACTION
            totals[faction] = totals.get(faction, 0) + (power if power > 0 else 0)
        return totals

    @staticmethod
    def places(totals: dict[int, int]) -> tuple[int, int, list[int]]:
        """(place 1, place 2, the distinct totals from the highest): a faction, or -1 where the
        place is empty or shared."""
        distinct = sorted(set(totals.values()), reverse=True)
        places = []
        for total in distinct[:2]:
            holders = [f for f, t in totals.items() if t == total]
            places.append(holders[0] if len(holders) == 1 else -1)
        return places[0], (places[1] if len(places) > 1 else -1), distinct

    def _worth(self, tile: int, faction: int) -> int:
        info = self.c.tiles[tile]
        return info.value + (COLOR_BONUS if info.color == faction else 0)

    def points(self) -> list[int]:
        """Points of each faction (0..3) on the board: small stones, tiles taken (+2 per tile of
        its color), Reward and Petrify points. Objective cards come on top at the end."""
        scores = self.bonus[:]
        for faction in self.small_won:
            if faction >= 0:
                scores[faction] += 1
        for faction, tiles in enumerate(self.taken):
            scores[faction] += sum(self._worth(t, faction) for t in tiles)
        return scores
