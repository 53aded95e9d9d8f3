"""A Monster Hex state as JSON: reading it (`read_state`), writing it (`write_state`) and the
per-seat view (`view`).

A position accounts for every component (the checks below `read_state`): the units of the
factions in play on the board, in hands and decks, the stone tiles on the large stones, taken or
discarded, and with the ability or objective option all objective cards; hands hold what the
round leaves in them. A hand-written one, turn 2 of a 2-player game without the shared faction:

```json
{"game": "monster_hex", "players": 2, "options": {"shared_faction": "off"},
 "phase": "unit", "start": 0, "turn": 2, "factions": ["red", "blue"],
 "board": {"c1": "red-S@0", "c2": "blue-A1@3"},
 "hands": [["red-A1", "red-C2", "red-C4"], ["blue-B1", "blue-C3", "blue-C4"]],
 "decks": [["red-A2", "red-B1", "red-B2", "red-B3", "red-C1", "red-C3"],
           ["blue-S", "blue-A2", "blue-B2", "blue-B3", "blue-C1", "blue-C2"]],
 "stones": {"L1": ["red7", "blue4"], "L2": ["green6", "yellow5a"]}}
```

Fields that may be empty have defaults: "shared" null, "decks"/"shared_decks" empty, "selected"
null, "done" [], "small_won" {}, "taken" {}, "discarded" [], "choice" null, "queue" []; with
the ability option "abilities" (null for each seat), "blitz_used", "blitz_step" 0,
"last"/"target" null, "counters" {}, "petrified" {}, "petrified_done" [], "bonus" {}; with
abilities or objectives "objectives" {"public": [], "private": [[]...], "deck": []}.
Everything is checked: unknown names, a unit or tile in two places or missing, a unit of a
faction not in play, a hand the round does not give, a completed stone that was never
resolved, a phase that does not fit the rest.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any, NoReturn

from bodoge.engine import InvalidState
from bodoge.games.monster_hex import content as content_mod
from bodoge.games.monster_hex.abilities import ability_unit, mechanic, strength
from bodoge.games.monster_hex.codes import (
    ABILITY,
    CURSE,
    ENCHANT,
    FACTION,
    KEEP_AT_END,
    OVER,
    PETRIFY,
    PHASE_NAMES,
    PLACE,
    ROTATE,
    ROUNDS,
    SCHEME,
    SHARED,
    TAKE,
    UNIT,
    USE,
)
from bodoge.games.monster_hex.content import TILES_PER_COLOR, UNITS_PER_FACTION
from bodoge.games.monster_hex.faces import around, refresh_faces
from bodoge.games.monster_hex.stones import points

if TYPE_CHECKING:
    from bodoge.games.monster_hex.rules import MonsterHex


def _fail(message: str) -> NoReturn:
    raise InvalidState(message)


def read_state(state: MonsterHex, data: dict[str, Any]) -> None:

    c = state.c
    board = state.board
    players = state.players

    def faction(name: Any, where: str, allow_none: bool = True) -> int:
        if name is None and allow_none:
            return -1
        code = c.faction_of.get(str(name).lower()) if isinstance(name, str) else None
        if code is None:
            _fail(f"{where}: {name!r} is not a faction ({', '.join(f.key for f in c.factions)})")
        assert code is not None
        return code

    def unit(name: Any, where: str) -> int:
        code = c.unit_of.get(name.lower()) if isinstance(name, str) else None
        if code is None:
            _fail(f"{where}: {name!r} is not a unit (units are named like red-A2)")
        assert code is not None
        return code

    def tile(name: Any, where: str) -> int:
        code = c.tile_of.get(name.lower()) if isinstance(name, str) else None
        if code is None:
            _fail(f"{where}: {name!r} is not a stone tile ({', '.join(t.key for t in c.tiles)})")
        assert code is not None
        return code

    def site(name: Any, where: str) -> int:
        if name not in board.site_names:
            _fail(f"{where}: {name!r} is not a stone site ({', '.join(board.site_names)})")
        return board.site_names.index(name)

    def hex_(label: Any, where: str) -> int:
        cell = board.cell_of.get(str(label).lower())
        if cell is None or not board.placeable[cell]:
            _fail(f"{where}: {label!r} is not a placeable hex of the {players}-player board")
        assert cell is not None
        return cell

    def per_seat(key: str, default: list[Any] | None = None) -> list[Any]:
        value = data.get(key, default)
        if not isinstance(value, list) or len(value) != players:
            _fail(f"{key} must be a list with one entry per seat ({players})")
        assert value is not None
        return value

    phase_name = data.get("phase")
    if phase_name not in PHASE_NAMES:
        _fail(f"phase must be one of {', '.join(PHASE_NAMES)}, not {phase_name!r}")
    state.phase = PHASE_NAMES.index(phase_name)
    start = data.get("start")
    if not isinstance(start, int) or not 0 <= start < players:
        _fail(f"start must be a seat 0-{players - 1}")
    state.start = start
    state.order_turns()
    state.turn = data.get("turn", 0)
    if not isinstance(state.turn, int) or not 0 <= state.turn <= state.turns:
        _fail(f"turn must be 0-{state.turns}")

    state.factions = [faction(f, "factions") for f in per_seat("factions")]
    state.shared = faction(data.get("shared"), "shared")
    in_play = [f for f in [*state.factions, state.shared] if f >= 0]
    if len(set(in_play)) != len(in_play):
        _fail("a faction is played twice (factions and shared must all differ)")
    if state.shared >= 0 and not state.shared_mode:
        _fail("a shared faction is set, but this game has none (2 players, shared_faction=on)")
    dealt = state.phase not in (FACTION, SHARED)
    if dealt and (-1 in state.factions or (state.shared_mode and state.shared < 0)):
        _fail(f"phase {phase_name} needs every faction chosen")

    cells = len(board.hexes)
    state.occ = [-1] * cells
    state.rot = [0] * cells
    seen: dict[int, str] = {}

    def claim(code: int, where: str) -> None:
        if code in seen:
            _fail(f"unit {c.unit_names[code]} is both in {seen[code]} and in {where}")
        if code // UNITS_PER_FACTION not in in_play:
            _fail(f"{where}: unit {c.unit_names[code]} belongs to a faction not in play")
        seen[code] = where

    placed = data.get("board", {})
    if not isinstance(placed, dict):
        _fail('board must be an object like {"d4": "red-A2@3"}')
    for label, text in placed.items():
        cell = board.cell_of.get(str(label).lower())
        if cell is None or not board.placeable[cell]:
            _fail(f"board: {label!r} is not a placeable hex of the {players}-player board")
        name, sep, turn = str(text).partition("@")
        if not sep or not turn.isdigit() or int(turn) > 5:
            _fail(f"board: {label} holds {text!r}; write a unit and its rotation, like red-A2@3")
        code = unit(name, f"board {label}")
        claim(code, f"board {label}")
        state.occ[cell] = code
        state.rot[cell] = int(turn)

    state.hands, state.decks, state.sdecks = [], [], []
    for key, piles in (
        ("hands", state.hands),
        ("decks", state.decks),
        ("shared_decks", state.sdecks),
    ):
        for s, pile in enumerate(per_seat(key, [[] for _ in range(players)])):
            if not isinstance(pile, list):
                _fail(f"{key}[{s}] must be a list of units")
            codes = [unit(name, f"{key}[{s}]") for name in pile]
            for code in codes:
                claim(code, f"{key}[{s}]")
            piles.append(codes)

    def only(where: str, pile: list[int], allowed: tuple[int, ...], what: str) -> None:
        for code in pile:
            if code // UNITS_PER_FACTION not in allowed:
                _fail(f"{where} holds {c.unit_names[code]}, but may hold only {what}")

    for s in range(players):
        own, shared = state.factions[s], state.shared
        only(f"decks[{s}]", state.decks[s], (own,), f"seat {s}'s own faction")
        only(f"shared_decks[{s}]", state.sdecks[s], (shared,), "the shared faction")
        only(f"hands[{s}]", state.hands[s], (own, shared), f"seat {s}'s and the shared faction")
    selected = data.get("selected")
    state.selected = -1 if selected is None else unit(selected, "selected")
    if state.selected >= 0:
        claim(state.selected, "selected")
    check_units(state, seen)

    sites = len(board.site_names)
    state.site_tiles = [[] for _ in range(sites)]
    used: dict[int, str] = {}

    def use(code: int, where: str) -> None:
        if code in used:
            _fail(f"stone tile {c.tiles[code].key} is both in {used[code]} and in {where}")
        used[code] = where

    stones = data.get("stones", {})
    if not isinstance(stones, dict):
        _fail('stones must be an object like {"L1": ["red7", "blue4"]}')
    for name, tiles in stones.items():
        s = site(name, "stones")
        if not board.site_large[s] or not isinstance(tiles, list):
            _fail(f"stones: {name} must be a large stone with a list of its tiles")
        for key in tiles:
            code = tile(key, f"stones {name}")
            use(code, f"stones {name}")
            state.site_tiles[s].append(code)
    state.done = [False] * sites
    for name in data.get("done", []):
        state.done[site(name, "done")] = True
    state.small_won = [-1] * sites
    for name, winner in data.get("small_won", {}).items():
        s = site(name, "small_won")
        if board.site_large[s] or not state.done[s]:
            _fail(f"small_won: {name} must be a small stone listed in done")
        state.small_won[s] = faction(winner, "small_won", allow_none=False)
    state.taken = [[] for _ in range(content_mod.FACTIONS)]
    for name, tiles in data.get("taken", {}).items():
        f = faction(name, "taken", allow_none=False)
        for key in tiles:
            code = tile(key, f"taken {name}")
            use(code, f"taken {name}")
            state.taken[f].append(code)
    state.discarded = []
    for key in data.get("discarded", []):
        code = tile(key, "discarded")
        use(code, "discarded")
        state.discarded.append(code)
    check_stone_tiles(state)

    choice = data.get("choice")
    state.choice = None
    if choice is not None:
        if not isinstance(choice, dict):
            _fail('choice must be {"site": "L1", "by": "red", "rest": "blue" or null}')
        s = site(choice.get("site"), "choice")
        chooser = faction(choice.get("by"), "choice by", allow_none=False)
        if chooser not in state.factions:
            _fail("choice: by must be the faction of a seat")
        if not board.site_large[s] or not state.done[s] or len(state.site_tiles[s]) != 2:
            _fail(
                f"choice: {choice.get('site')} must be a resolved large stone still holding 2 tiles"
            )
        state.choice = (s, chooser, faction(choice.get("rest"), "choice rest"))
    check_stones_resolved(state)
    state.queue = []
    for name in data.get("queue", []):
        if isinstance(name, str) and name.startswith("petrified:"):
            state.queue.append(sites + hex_(name.removeprefix("petrified:"), "queue"))
        else:
            state.queue.append(site(name, "queue"))
    read_options(state, data, hex_, unit, faction)

    # the phase must fit the rest
    if (state.phase == TAKE) != (state.choice is not None):
        _fail("phase take goes with a choice, and a choice with phase take")
    if state.queue and state.phase not in (TAKE, USE, ROTATE):
        _fail("a queue of stones to resolve needs phase take, use or rotate")
    if (state.phase in (USE, ROTATE)) != (state.last >= 0 and state.occ[state.last] >= 0):
        _fail("phases use and rotate go with last, the hex of the unit whose ability is used")
    if (state.phase == ROTATE) != (state.target >= 0 and state.occ[state.target] >= 0):
        _fail("phase rotate goes with target, the hex of the unit Confuse turns")
    if state.phase == ABILITY and not state.abilities_on:
        _fail("phase ability needs the option abilities=on")
    playing = state.phase in (UNIT, PLACE, USE, ROTATE, TAKE, OVER)
    if playing and state.abilities_on and -1 in state.abilities:
        _fail(f"phase {phase_name} needs every seat's ability chosen")
    if (state.phase == PLACE) != (state.selected >= 0):
        _fail("phase place goes with a selected unit, and a selected unit with phase place")
    if state.phase in (UNIT, PLACE, USE, ROTATE, TAKE) and state.turn >= state.turns:
        _fail(f"turn {state.turn} is past the last turn ({state.turns - 1})")
    if state.phase == OVER and state.turn < state.turns:
        _fail(f"phase over needs turn {state.turns}")
    if state.phase in (FACTION, SHARED, ABILITY) and state.turn:
        _fail(f"phase {phase_name} comes before the first turn (turn 0)")
    if state.blitz_step:
        seat = state.active_seat()
        if state.phase not in (
            (TAKE,) if state.blitz_step == 1 else (UNIT, PLACE, USE, ROTATE, TAKE)
        ):
            _fail(f"blitz_step {state.blitz_step} does not fit phase {phase_name}")
        if state.blitz_used[seat] != state.round_number():
            _fail(f"blitz_step needs blitz_used[{seat}] = {state.round_number()}, this round")
    if state.phase == UNIT:
        seat = state.active_seat()
        source = state.source_faction()
        if not any(u // UNITS_PER_FACTION == source for u in state.hands[seat]):
            _fail(f"seat {seat} is to place a {c.factions[source].key} unit but holds none")
    check_hands(state)
    check_objectives(state)
    check_counters(state)
    waiting = set(state.queue) | ({state.choice[0]} if state.choice else set())
    for s in range(sites):
        complete = all(state.occ[cell] >= 0 for cell in board.site_cells[s])
        if any(state.petrified[cell] for cell in board.site_cells[s]) and state.done[s]:
            _fail(f"stone {board.site_names[s]} is marked done but a neighbour is petrified")
        if complete and not state.done[s] and s not in waiting:
            _fail(f"stone {board.site_names[s]} is surrounded but not resolved (add it to done)")
        if state.done[s] and not complete:
            _fail(f"stone {board.site_names[s]} is marked done but not surrounded")
    for cell in board.placeable_cells:
        surrounded = all(state.occ[n] >= 0 for n in around(state, cell))
        if state.petrified[cell] and cell + sites not in waiting and surrounded:
            _fail(f"petrified hex {board.labels[cell]} is surrounded but not resolved")
    refresh_faces(state)


def read_options(
    state: MonsterHex, data: dict[str, Any], hex_: Any, unit: Any, faction: Any
) -> None:
    """The ability and objective fields (absent: none yet)."""
    c, board, players = state.c, state.board, state.players
    state.abilities = [-1] * players
    units = len(c.unit_names)
    state.white, state.black = [0] * units, [0] * units
    state.petrified = [0] * len(board.hexes)
    state.petrified_done = []
    state.bonus = [0] * content_mod.FACTIONS
    state.blitz_used = [-1] * players
    state.blitz_step = 0
    state.last = state.target = -1
    state.obj_private = [[] for _ in range(players)]
    state.obj_public, state.obj_deck = [], []
    option_keys = ("abilities", "blitz_used", "blitz_step", "last", "target", "counters",
                   "petrified", "petrified_done", "bonus")  # fmt: skip
    if not state.abilities_on:
        present = [key for key in option_keys if data.get(key)]
        if present:
            _fail(f"{present[0]} needs the option abilities=on")
    else:
        names = data.get("abilities", [None] * players)
        if not isinstance(names, list) or len(names) != players:
            _fail(f"abilities must be a list with one entry per seat ({players})")
        for seat, name in enumerate(names):
            if name is None:
                continue
            code = c.ability_of.get(name) if isinstance(name, str) else None
            if code is None or c.abilities[code].faction != state.factions[seat]:
                _fail(f"abilities[{seat}]: {name!r} is not an ability of seat {seat}'s faction")
            assert code is not None
            state.abilities[seat] = code
        used = data.get("blitz_used", [None] * players)
        if not isinstance(used, list) or len(used) != players:
            _fail("blitz_used must be a list with one round (or null) per seat")
        state.blitz_used = [-1 if r is None else int(r) for r in used]
        state.blitz_step = int(data.get("blitz_step", 0))
        if state.blitz_step not in (0, 1, 2):
            _fail("blitz_step must be 0, 1 or 2")
        last, target = data.get("last"), data.get("target")
        state.last = -1 if last is None else hex_(last, "last")
        state.target = -1 if target is None else hex_(target, "target")
        for name, counts in data.get("counters", {}).items():
            code = unit(name, "counters")
            if code not in state.occ:
                _fail(f"counters: {name} is not on the board")
            state.white[code] = int(counts.get("white", 0))
            state.black[code] = int(counts.get("black", 0))
            if state.white[code] < 0 or state.black[code] < 0:
                _fail(f"counters: {name} has a negative count")
        for label, count in data.get("petrified", {}).items():
            cell = hex_(label, "petrified")
            if state.occ[cell] >= 0 or count not in (1, 2):
                _fail(f"petrified: {label} must be an empty hex with 1 or 2 counters")
            state.petrified[cell] = count
        state.petrified_done = [
            hex_(label, "petrified_done") for label in data.get("petrified_done", [])
        ]
        for name, points in data.get("bonus", {}).items():
            state.bonus[faction(name, "bonus", allow_none=False)] = int(points)
    cards = data.get("objectives")
    if cards is not None:
        if not (state.abilities_on or state.objectives_on):
            _fail("objectives needs the option objectives=on or abilities=on")
        seen: set[int] = set()

        def card(key: Any) -> int:
            code = c.objective_of.get(key.lower()) if isinstance(key, str) else None
            if code is None:
                _fail(f"objectives: {key!r} is not an objective card")
            assert code is not None
            if code in seen:
                _fail(f"objectives: {key} appears twice")
            seen.add(code)
            return code

        private = cards.get("private", [[] for _ in range(players)])
        if not isinstance(private, list) or len(private) != players:
            _fail("objectives.private must be a list with one list of cards per seat")
        state.obj_public = [card(k) for k in cards.get("public", [])]
        state.obj_private = [[card(k) for k in keys] for keys in private]
        state.obj_deck = [card(k) for k in cards.get("deck", [])]


# ---- what a state must account for ---------------------------------------------------------------
#
# Checked when a state is read. Every component is in exactly one place: each unit of the factions
# in play on the board, in a hand, a deck or being placed (the other factions' units stay in the
# box); the stone tiles dealt to the large stones on a stone, taken or discarded (the rest in the
# box); with the ability or objective option every objective card in a hand, the public row or the
# deck. And the counts that follow from the rest: each hand for the round and the player count, a
# large stone's two tiles until it is resolved, the objective cards dealt, the counters the ability
# units could have laid.
#
# The turn is not checked against the number of units on the board (and so against the decks), so
# that a rule's scenario can put the units it needs around a stone without playing out the rounds
# before it.

PUBLIC_OBJECTIVES = 2  # 全体目標として、目標カードを表向きで2枚公開します
STONE_TILES = TILES_PER_COLOR  # tiles dealt to each large stone


def dealt(state: MonsterHex) -> bool:
    """Whether the units (and objective cards) have been dealt: every faction is chosen."""
    return state.phase not in (FACTION, SHARED)


def _count(number: int, word: str) -> str:
    """Like "1 card" or "2 cards"."""
    return f"{number} {word}{'' if number == 1 else 's'}"


def _do_not_add_up(kind: str, missing: list[str]) -> InvalidState:
    more = f" and {len(missing) - 1} more are" if len(missing) > 1 else " is"
    return InvalidState(f"{kind} do not add up: {missing[0]}{more} missing")


def check_units(state: MonsterHex, places: dict[int, str]) -> None:
    """`places` holds every unit read (unit -> where). Before the deal no unit is anywhere;
    afterwards every unit of the factions in play is somewhere."""
    names = state.c.unit_names
    if not dealt(state):
        if places:
            unit, where = next(iter(places.items()))
            raise InvalidState(
                f"{where} holds {names[unit]}, but units are dealt once every faction is chosen"
            )
        return
    in_play = sorted(f for f in {*state.factions, state.shared} if f >= 0)
    missing = [
        names[unit]
        for faction in in_play
        for unit in range(faction * UNITS_PER_FACTION, (faction + 1) * UNITS_PER_FACTION)
        if unit not in places
    ]
    if missing:
        raise _do_not_add_up("units", missing)


def placed_this_turn(state: MonsterHex) -> int:
    """Units the seat to move has placed in its current turn: one once it is past its placement
    (using an ability, or waiting for a stone choice), one more in Blitz's second placement."""
    return int(state.phase in (USE, ROTATE, TAKE)) + int(state.blitz_step == 2)


def hands_at_turn_start(state: MonsterHex) -> list[list[int]]:
    """Per seat, [own units, shared-faction units] in hand at the start of the current turn: the
    deal, then every earlier turn placing one unit and refilling as after a turn in play (a turn
    whose seat held no unit to place is skipped). Blitz is not foreseen: see `check_hands`."""
    players, size, half = state.players, state.hand_size, UNITS_PER_FACTION // 2
    hand = [[size, 0] for _ in range(players)]
    deck = [[UNITS_PER_FACTION - size, 0] for _ in range(players)]
    if state.shared_mode:  # 先手は自分の色を2枚と共有色を1枚、後手は自分の色を3枚引きます
        first, second = state.start, 1 - state.start
        hand[first], deck[first] = [size - 1, 1], [UNITS_PER_FACTION - size + 1, half - 1]
        deck[second][1] = half
    for turn in range(state.turn):
        seat, shared_step = state.turn_slot(turn)
        kind = int(shared_step)
        if not hand[seat][kind]:
            continue
        hand[seat][kind] -= 1
        if turn + 1 >= state.turns:  # no refill after the last turn
            continue
        if shared_step:  # the second seat draws one shared unit
            other = 1 - seat
            if deck[other][1]:
                deck[other][1] -= 1
                hand[other][1] += 1
        if not state.shared_mode or shared_step:  # refill from the own deck
            drawn = min(deck[seat][0], size - sum(hand[seat]))
            if drawn > 0:
                deck[seat][0] -= drawn
                hand[seat][0] += drawn
    return hand


def check_hands(state: MonsterHex) -> None:
    """Each hand holds what the deal and the refills leave in this round: the hand size of the
    player count while the deck lasts, fewer towards the end, less what the seat to move has
    placed this turn. A seat that has used Blitz placed extra units, so its hand may be short by
    them, but never below what every seat keeps at the end, except in the round of its Blitz
    with the shared faction (the round's first player holds a shared unit, and refills with its
    own only at the round's end)."""
    if not dealt(state):
        return
    c, players = state.c, state.players
    expected = hands_at_turn_start(state)
    in_turn = state.phase in (UNIT, PLACE, USE, ROTATE, TAKE)
    active, shared_step = state.turn_slot(state.turn) if in_turn else (-1, False)
    when = "at the end" if state.phase == OVER else f"in round {state.round_number()}"
    for seat, units in enumerate(state.hands):
        own = state.factions[seat]
        mine = sum(1 for u in units if u // UNITS_PER_FACTION == own)
        held = [mine, len(units) - mine]  # [own, shared]
        gone = [0, 0]  # left the hand this turn: placed, or picked to be placed
        if seat == active:
            gone[int(shared_step)] += placed_this_turn(state)
            if state.selected >= 0:
                gone[int(state.selected // UNITS_PER_FACTION != own)] += 1
        for kind, faction in enumerate((own, state.shared)):
            if faction < 0:
                continue
            most = expected[seat][kind]
            least = most
            if kind == 0 and state.abilities_on and state.blitz_used[seat] >= 0:
                least = min(most, KEEP_AT_END[players])
                if state.shared_mode and state.blitz_used[seat] == state.round_number():
                    least = max(0, least - 1)  # the round's first player refills at its end
            if not least <= held[kind] + gone[kind] <= most:
                low, high = least - gone[kind], most - gone[kind]
                want = f"{low}-{high} (Blitz used)" if low < high else f"{high}"
                counted = _count(held[kind], f"{c.factions[faction].key} unit")
                raise InvalidState(
                    f"hands[{seat}] holds {counted}, but "
                    f"{when} of a {players}-player game it holds {want}"
                )


def check_stone_tiles(state: MonsterHex) -> None:
    """The tiles dealt to the large stones (two each) are on a stone, taken or discarded; the
    others stay in the box. A large stone holds both its tiles or none."""
    c, board = state.c, state.board
    large = board.large_sites
    for site in large:
        count = len(state.site_tiles[site])
        if count not in (0, STONE_TILES):
            raise InvalidState(
                f"stones: {board.site_names[site]} holds {_count(count, 'tile')}; a large stone "
                f"keeps its {STONE_TILES} tiles until it is resolved"
            )
    listed = [t for s in large for t in state.site_tiles[s]]
    listed += [t for tiles in state.taken for t in tiles] + state.discarded
    deal = STONE_TILES * len(large)
    known: set[int] | None = None  # the tiles dealt, when the state tells them
    if deal == len(c.tiles):
        known = set(range(len(c.tiles)))
    elif state.options["stone_layout"] == "fixed" and board.fixed_tiles:
        known = {t for pair in board.fixed_tiles for t in pair}
    if known is not None:
        missing = [c.tiles[t].key for t in sorted(known - set(listed))]
        if missing:
            raise _do_not_add_up("stone tiles", missing)
        extra = sorted(set(listed) - known)
        if extra:
            raise InvalidState(
                f"stone tiles do not add up: {c.tiles[extra[0]].key} stays in the box "
                "(stone_layout=fixed)"
            )
    elif len(listed) != deal:
        raise InvalidState(
            f"stone tiles do not add up: {len(listed)} on the large stones, taken or discarded, "
            f"but the {len(large)} large stones were dealt {deal}"
        )


def check_stones_resolved(state: MonsterHex) -> None:
    """A large stone holds its tiles until it is resolved and none after, except the one whose
    tile is being chosen."""
    board = state.board
    choosing = state.choice[0] if state.choice else -1
    for site in board.large_sites:
        name, holds = board.site_names[site], bool(state.site_tiles[site])
        if not state.done[site] and not holds:
            raise InvalidState(f"stones: {name} holds no tiles but is not resolved")
        if state.done[site] and holds and site != choosing:
            raise InvalidState(
                f"stones: {name} is resolved but still holds its tiles (they are taken or "
                "discarded when it is resolved)"
            )


def _ability_units_placed(state: MonsterHex, seat: int) -> Iterable[int]:
    """The strengths (★ 2, ● 1) of `seat`'s ability units on the board."""
    return (
        strength(state, unit) for unit in state.occ if unit >= 0 and ability_unit(state, seat, unit)
    )


def check_objectives(state: MonsterHex) -> None:
    """With the ability or objective option every objective card is in a hand, the public row
    or the deck once dealt: one private card each and two public with the objective option, and
    any more in a hand only as Scheme's draws, one for each of the seat's ability units placed."""
    c = state.c
    cards = [*state.obj_public, *state.obj_deck, *(o for own in state.obj_private for o in own)]
    if not dealt(state) or not (state.abilities_on or state.objectives_on):
        if cards:
            raise InvalidState(
                f"objectives: {c.objectives[cards[0]].key} is dealt before every faction is "
                "chosen (the cards are dealt with the units)"
            )
        return
    missing = [c.objectives[o].key for o in range(len(c.objectives)) if o not in set(cards)]
    if missing:
        raise _do_not_add_up("objective cards", missing)
    public = PUBLIC_OBJECTIVES if state.objectives_on else 0
    if len(state.obj_public) != public:
        raise InvalidState(
            f"objectives.public holds {_count(len(state.obj_public), 'card')}, but {public} are "
            "turned up" + ("" if state.objectives_on else " without the objective option")
        )
    base = 1 if state.objectives_on else 0
    for seat, own in enumerate(state.obj_private):
        drawn = 0
        if state.abilities_on and mechanic(state, seat) == SCHEME:
            drawn = sum(1 for _ in _ability_units_placed(state, seat))
        if not base <= len(own) <= base + drawn:
            most = f"{base}" + (f" and up to {drawn} drawn with Scheme" if drawn else "")
            raise InvalidState(
                f"objectives.private[{seat}] holds {_count(len(own), 'card')}; seat {seat} was "
                f"dealt {most}"
            )


def check_counters(state: MonsterHex) -> None:
    """Enchant's white and Curse's and Petrify's black counters come only from ability units
    placed (★ two, ● one each); using an ability is optional, so fewer is fine."""
    if not state.abilities_on:
        return
    counts = (
        (ENCHANT, "Enchant", "white", sum(state.white)),
        (CURSE, "Curse", "black", sum(state.black)),
        # a resolved petrified hex's counters are back in the box
        (PETRIFY, "Petrify", "black", sum(state.petrified)),
    )
    for kind, ability, colour, count in counts:
        seats = [s for s in range(state.players) if mechanic(state, s) == kind]
        most = sum(sum(_ability_units_placed(state, s)) for s in seats)
        if count > most:
            why = f"the {ability} units placed lay at most {most}" if seats else "no seat has it"
            raise InvalidState(
                f"counters: {_count(count, f'{colour} {ability} counter')} on the board, but {why}"
            )


# ---- writing -------------------------------------------------------------------------------------


def _faction_name(state: MonsterHex, faction: int) -> str | None:
    return state.c.factions[faction].key if faction >= 0 else None


def _units(state: MonsterHex, units: list[int]) -> list[str]:
    return [state.c.unit_names[u] for u in units]


def _board_json(state: MonsterHex) -> dict[str, str]:
    labels = state.board.labels
    return {
        labels[cell]: f"{state.c.unit_names[u]}@{state.rot[cell]}"
        for cell, u in enumerate(state.occ)
        if u >= 0
    }


def _stones_json(state: MonsterHex) -> dict[str, Any]:
    board = state.board
    stones: dict[str, Any] = {}
    for site, name in enumerate(board.site_names):
        if board.site_large[site]:
            stones[name] = {
                "hex": board.labels[board.site_hex[site]],
                "tiles": [state.c.tiles[t].key for t in state.site_tiles[site]],
                "done": state.done[site],
            }
        else:
            stones[name] = {
                "between": [board.labels[c] for c in board.site_cells[site]],
                "done": state.done[site],
                "won": _faction_name(state, state.small_won[site]),
            }
    return stones


def site_name(state: MonsterHex, code: int) -> str:
    """A queued site's name: "L1", "s2", or "petrified:d4" for a petrified hex."""
    sites = len(state.board.site_names)
    if code >= sites:
        return f"petrified:{state.board.labels[code - sites]}"
    return state.board.site_names[code]


def _option_json(state: MonsterHex, seat: int | None, full: bool) -> dict[str, Any]:
    """The ability and objective fields: everything (`full`), or what `seat` may see."""
    c, labels = state.c, state.board.labels
    data: dict[str, Any] = {}
    if state.abilities_on:
        data["abilities"] = [c.abilities[a].key if a >= 0 else None for a in state.abilities]
        data["blitz_used"] = [r if r >= 0 else None for r in state.blitz_used]
        data["blitz_step"] = state.blitz_step
        data["last"] = labels[state.last] if state.last >= 0 else None
        data["target"] = labels[state.target] if state.target >= 0 else None
        counters = {}
        for unit, (white, black) in enumerate(zip(state.white, state.black, strict=True)):
            if white or black:
                counters[c.unit_names[unit]] = {"white": white, "black": black}
        data["counters"] = counters
        data["petrified"] = {labels[x]: n for x, n in enumerate(state.petrified) if n}
        data["petrified_done"] = [labels[x] for x in state.petrified_done]
        data["bonus"] = {c.factions[f].key: n for f, n in enumerate(state.bonus) if n}
    if state.abilities_on or state.objectives_on:
        keys: list[Any] = [[c.objectives[o].key for o in cards] for cards in state.obj_private]
        if not full and state.phase != OVER:  # each seat's cards are shown at the end
            keys = [k if s == seat else len(k) for s, k in enumerate(keys)]
        deck = [c.objectives[o].key for o in state.obj_deck]
        data["objectives"] = {
            "public": [c.objectives[o].key for o in state.obj_public],
            "private": keys,
            "deck": deck if full else len(deck),
        }
    return data


def _choice_json(state: MonsterHex) -> dict[str, Any] | None:
    if state.choice is None:
        return None
    site, chooser, rest = state.choice
    return {
        "site": state.board.site_names[site],
        "by": _faction_name(state, chooser),
        "rest": _faction_name(state, rest),
    }


def view(state: MonsterHex, seat: int | None) -> dict[str, Any]:
    c = state.c
    scores = points(state)
    in_play = [f for f in [*state.factions, state.shared] if f >= 0]
    hands: list[Any] = []
    for s, hand in enumerate(state.hands):
        if s == seat:
            hands.append(_units(state, hand))
        else:
            counts: dict[str, int] = {}
            for u in hand:
                key = c.factions[u // UNITS_PER_FACTION].key
                counts[key] = counts.get(key, 0) + 1
            hands.append(counts)
    return {
        "phase": PHASE_NAMES[state.phase],
        "start": state.start,
        "round": state.round_number(),
        "rounds": ROUNDS[state.players],
        "turn": state.turn,
        "board_name": {"en": state.board.en, "ja": state.board.ja},
        "factions": [_faction_name(state, f) for f in state.factions],
        "shared": _faction_name(state, state.shared),
        "board": _board_json(state),
        "stones": _stones_json(state),
        "choice": _choice_json(state),
        "selected": c.unit_names[state.selected] if state.selected >= 0 else None,
        "hands": hands,
        "decks": [len(d) for d in state.decks],
        "shared_decks": [len(d) for d in state.sdecks] if state.shared_mode else None,
        "points": {c.factions[f].key: scores[f] for f in in_play},
        "taken": {c.factions[f].key: [c.tiles[t].key for t in state.taken[f]] for f in in_play},
        "discarded": [c.tiles[t].key for t in state.discarded],
        **_option_json(state, seat, full=False),
    }


def write_state(state: MonsterHex) -> dict[str, Any]:
    c = state.c
    return {
        "phase": PHASE_NAMES[state.phase],
        "start": state.start,
        "turn": state.turn,
        "factions": [_faction_name(state, f) for f in state.factions],
        "shared": _faction_name(state, state.shared),
        "board": _board_json(state),
        "selected": c.unit_names[state.selected] if state.selected >= 0 else None,
        "hands": [_units(state, h) for h in state.hands],
        "decks": [_units(state, d) for d in state.decks],
        "shared_decks": [_units(state, d) for d in state.sdecks],
        "stones": {
            state.board.site_names[s]: [c.tiles[t].key for t in state.site_tiles[s]]
            for s in state.board.large_sites
        },
        "done": [state.board.site_names[s] for s, done in enumerate(state.done) if done],
        "small_won": {
            state.board.site_names[s]: c.factions[f].key
            for s, f in enumerate(state.small_won)
            if f >= 0
        },
        "taken": {
            c.factions[f].key: [c.tiles[t].key for t in tiles]
            for f, tiles in enumerate(state.taken)
            if tiles
        },
        "discarded": [c.tiles[t].key for t in state.discarded],
        "choice": _choice_json(state),
        "queue": [site_name(state, s) for s in state.queue],
        **_option_json(state, None, full=True),
    }
