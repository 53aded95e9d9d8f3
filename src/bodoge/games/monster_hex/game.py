"""Monster Hex (モンスターヘクス), RULINGS.md §2 and the seed text 004.

Decisions, in order (each a small list):
- ``faction:red`` each seat in turn order from the start seat (option ``factions=choose``);
  ``shared:green`` the second seat picks the shared faction (2 players, ``shared_faction=on``);
- a turn: ``unit:red-A2`` picks a unit from the hand (only units that can go somewhere under the
  matching rule, or every unit when none can), then ``place:d4@2`` puts it on hex d4 turned 2
  steps (60° each) clockwise (only legal hex and rotation pairs are offered);
- ``take:red7``: the seat whose faction holds place 1 alone at a large stone picks a tile (this
  may be a seat other than the active one).

With the ability option (``abilities=on``) each seat first picks one of its faction's two
abilities (``ability:enchant``), from the last seat counter-clockwise. After placing one of its
ability units a seat may use it before the stones are resolved: ``enchant:d4``, ``curse:d4``,
``confuse:d4`` then ``rotate:3``, ``petrify:d4``, ``blitz`` (then a second ``unit:``/``place:``),
``scheme`` (draw an objective card), or ``pass``. Scatter widens where an ability unit may go;
Reward is passive.

The state is lists of ints (codes in `content`): ``occ``/``rot`` per cell, hands and decks per
seat (the top of a deck is the end of its list), tiles per site. Three derived caches, kept in
step as units are placed and rebuilt from the board when a state is read (`_refresh_faces`):
``face``, for each empty placeable cell the printed powers facing it, one base-6 digit per
direction, so the legal rotations of a unit there are one byte of a table
(`Content.matching_rotations`) and the unit types that fit there at all two lookups; ``open``,
those cells (a non-zero ``face``) in cell order, so the legal placements are found without
scanning the board; ``site_left``, each stone's cells still without a unit, so a placement
sees the stones it completes at once.
"""

from __future__ import annotations

from bisect import insort
from collections.abc import Mapping
from typing import Any, ClassVar

from bodoge.engine import (
    Event,
    GameInfo,
    IllegalAction,
    OptionSpec,
    Result,
    Rng,
    ranks_from_keys,
)
from bodoge.engine.options import with_labels
from bodoge.engine.shuffle import shuffle
from bodoge.games.monster_hex import content as content_mod
from bodoge.games.monster_hex.abilities import AbilityRules
from bodoge.games.monster_hex.base import turn_order
from bodoge.games.monster_hex.codes import (
    ABILITY,
    ABILITY_BASE,
    BLITZ_ACTION,
    FACTION,
    FACTION_BASE,
    KEEP_AT_END,
    OVER,
    PASS,
    PLACE,
    PLACE_BASE,
    ROTATE,
    ROTATE_BASE,
    ROTATIONS,
    ROUNDS,
    SCATTER,
    SCHEME_ACTION,
    SHARED,
    SHARED_BASE,
    TAKE,
    TAKE_BASE,
    TARGETED,
    UNIT,
    UNIT_BASE,
    USE,
    place_actions,
)
from bodoge.games.monster_hex.content import HALF_CODES, UNITS_PER_FACTION
from bodoge.games.monster_hex.objectives import seat_points

OPTIONS = with_labels((
    OptionSpec(
        "factions",
        "choose",
        "each player picks a faction in turn from the start player, or they are dealt at random",
        "スタートプレイヤーから順に各自が派閥を選ぶか、ランダムに配るか",
        ("choose", "random"),
    ),
    OptionSpec(
        "shared_faction",
        "on",
        "2 players: with the shared faction, or without it: 9 rounds with the overwhelming bonus",
        "2人プレイ：共有色ありか、なし（9ラウンド、圧倒的ボーナス）か",
        ("on", "off"),
    ),
    OptionSpec(
        "small_stone_same_faction",
        "takes",
        "a small stone between two units of one faction goes to that faction, or they are "
        "compared like rivals' units (equal power and rank: nobody takes it)",
        "同じ派閥の2体の間の小魔石をその派閥が獲得するか、敵同士と同じく比べるか"
        "（パワーもランクも同じなら誰も獲得しない）",
        ("takes", "compare"),
    ),
    OptionSpec(
        "stone_layout",
        "random",
        "stone tiles shuffled onto the large stones, or placed as the board lists them",
        "魔石タイルをシャッフルして配置するか、ボードの指定どおりにするか",
        ("random", "fixed"),
    ),
    OptionSpec(
        "content",
        content_mod.DEFAULT,
        "default: bodoge's tiles, stones and boards; or a folder of your own TOML files",
        "default: bodoge のタイル・魔石・ボード／自分の TOML ファイルのフォルダ",
        kind="text",
    ),
    OptionSpec(
        "abilities",
        "off",
        "ability cards: each seat picks one of its faction's two abilities",
        "能力カード：各自が派閥の2つの能力から1つを選ぶ",
        ("off", "on"),
    ),
    OptionSpec(
        "objectives",
        "off",
        "objective cards: one private to each seat and two public, scored at the end",
        "目標カード：個人目標1枚と全体目標2枚、ゲーム終了時に得点",
        ("off", "on"),
    ),
), "bodoge.games.monster_hex")  # fmt: skip


class MonsterHex(AbilityRules):
    info = GameInfo(
        id="monster_hex",
        title_en="Monster Hex",
        title_ja="モンスターヘクス",
        min_players=2,
        max_players=4,
        options=OPTIONS,
        summary_en="Place monsters edge to matching edge and win the magic stones around them.",
        summary_ja="辺のパワーを合わせてモンスターを配置し、魔石を獲得するエリアマジョリティ。",
    )
    # The search leans on the heuristic: with four players, random playouts alone left ISMCTS
    # below its greedy rivals (docs/balance/README.md).
    search_settings: ClassVar[Mapping[str, float]] = {"prior_weight": 3.0}

    # ---- setup ------------------------------------------------------------------------------

    def _check_options(self) -> None:
        self._bind(self.players, self.options)

    def _bind(self, players: int, options: Mapping[str, Any]) -> None:
        """Attach the content and the per-game constants (player count and options)."""
        self.c = content_mod.load(str(options["content"]))
        self.board = self.c.boards[players]
        self.shared_mode = players == 2 and options["shared_faction"] == "on"
        self.same_faction_takes = options["small_stone_same_faction"] == "takes"
        self.hand_size = 4 if players == 4 else 3
        self.turns = ROUNDS[players] * (3 if self.shared_mode else players)
        self.abilities_on = options["abilities"] == "on"
        self.objectives_on = options["objectives"] == "on"
        self.target_base = PLACE_BASE + 6 * len(self.board.hexes)
        self.place_table = place_actions(len(self.board.hexes))

    def _setup(self) -> None:
        board = self.board
        self.start = self.rng.below(self.players)
        self._order_turns()
        self.turn = 0
        self.factions = [-1] * self.players
        self.shared = -1
        cells = len(board.hexes)
        self.occ = [-1] * cells
        self.rot = [0] * cells
        self.face = [0] * cells
        self.open = []
        self.hands = [[] for _ in range(self.players)]
        self.decks = [[] for _ in range(self.players)]
        self.sdecks = [[] for _ in range(self.players)]
        self.selected = -1
        sites = len(board.site_names)
        self.site_tiles = [[] for _ in range(sites)]
        self.done = [False] * sites
        self.site_left = [len(cells) for cells in board.site_cells]
        self.small_won = [-1] * sites
        self.taken = [[] for _ in range(content_mod.FACTIONS)]
        self.discarded = []
        self.choice = None
        self.queue = []
        self.abilities = [-1] * self.players
        units = content_mod.FACTIONS * UNITS_PER_FACTION
        self.white = [0] * units
        self.black = [0] * units
        self.petrified = [0] * cells
        self.petrified_done = []
        self.bonus = [0] * content_mod.FACTIONS
        self.blitz_used = [-1] * self.players
        self.blitz_step = 0
        self.last = -1
        self.target = -1
        self.obj_private = [[] for _ in range(self.players)]
        self.obj_public = []
        self.obj_deck = []
        large = board.large_sites
        if self.options["stone_layout"] == "fixed" and board.fixed_tiles:
            for site, pair in zip(large, board.fixed_tiles, strict=True):
                self.site_tiles[site] = list(pair)
        else:
            tiles = list(range(len(self.c.tiles)))
            self.rng.shuffle(tiles)
            for number, site in enumerate(large):
                self.site_tiles[site] = tiles[2 * number : 2 * number + 2]
        if self.options["factions"] == "random":
            order = list(range(content_mod.FACTIONS))
            self.rng.shuffle(order)
            for i in range(self.players):
                self.factions[(self.start + i) % self.players] = order[i]
            if self.shared_mode:
                self.shared = order[2]
            self._deal()
        else:
            self.phase = FACTION

    def _deal(self) -> None:
        """Shuffle each faction's units into its seat's deck and draw the first hands; deal the
        objective cards; then the seats choose abilities, or play begins."""
        rng = self.rng
        for seat, faction in enumerate(self.factions):
            deck = [faction * UNITS_PER_FACTION + t for t in range(UNITS_PER_FACTION)]
            rng.shuffle(deck)
            self.decks[seat] = deck
        if self.shared_mode:
            first, second = self.start, 1 - self.start
            pool = [self.shared * UNITS_PER_FACTION + t for t in range(UNITS_PER_FACTION)]
            rng.shuffle(pool)
            half = UNITS_PER_FACTION // 2
            self.sdecks[first], self.sdecks[second] = pool[:half], pool[half:]
            self.hands[first] = [self.decks[first].pop(), self.decks[first].pop()]
            self.hands[first].append(self.sdecks[first].pop())
            self.hands[second] = [self.decks[second].pop() for _ in range(3)]
        else:
            for seat in range(self.players):
                self.hands[seat] = [self.decks[seat].pop() for _ in range(self.hand_size)]
        if self.objectives_on or self.abilities_on:  # Scheme draws even without the option
            deck = list(range(len(self.c.objectives)))
            rng.shuffle(deck)
            if self.objectives_on:
                for seat in range(self.players):
                    self.obj_private[seat] = [deck.pop()]
                self.obj_public = [deck.pop(), deck.pop()]
            self.obj_deck = deck
        if self.abilities_on:
            self.phase = ABILITY
        else:
            self._begin_turn()

    def clone(self) -> MonsterHex:
        new = MonsterHex.__new__(MonsterHex)
        self._copy_base_to(new)
        new.c = self.c
        new.board = self.board
        new.shared_mode = self.shared_mode
        new.same_faction_takes = self.same_faction_takes
        new.hand_size = self.hand_size
        new.turns = self.turns
        new.abilities_on = self.abilities_on
        new.objectives_on = self.objectives_on
        new.target_base = self.target_base
        new.place_table = self.place_table
        new.phase = self.phase
        new.start = self.start
        new.order = self.order
        new.turn = self.turn
        new.factions = self.factions[:]
        new.shared = self.shared
        new.occ = self.occ[:]
        new.rot = self.rot[:]
        new.face = self.face[:]
        new.open = self.open[:]
        new.hands = [h[:] for h in self.hands]
        new.decks = [d[:] for d in self.decks]
        new.sdecks = [d[:] for d in self.sdecks]
        new.selected = self.selected
        new.site_tiles = [t[:] for t in self.site_tiles]
        new.done = self.done[:]
        new.site_left = self.site_left[:]
        new.small_won = self.small_won[:]
        new.taken = [t[:] for t in self.taken]
        new.discarded = self.discarded[:]
        new.choice = self.choice
        new.queue = self.queue[:]
        new.abilities = self.abilities[:]
        new.white = self.white[:]
        new.black = self.black[:]
        new.petrified = self.petrified[:]
        new.petrified_done = self.petrified_done[:]
        new.bonus = self.bonus[:]
        new.blitz_used = self.blitz_used[:]
        new.blitz_step = self.blitz_step
        new.last = self.last
        new.target = self.target
        new.obj_private = [o[:] for o in self.obj_private]
        new.obj_public = self.obj_public[:]
        new.obj_deck = self.obj_deck[:]
        return new

    # ---- turn structure ---------------------------------------------------------------------

    def _order_turns(self) -> None:
        """Work out the derived `order` (once the start seat is known)."""
        self.order = turn_order(self.players, self.shared_mode, self.start, self.turns)

    def active_seat(self) -> int:
        return self.turn_slot(self.turn)[0]

    def source_faction(self) -> int:
        """The faction whose units the active seat places this turn."""
        seat, shared = self.order[self.turn]
        return self.shared if shared else self.factions[seat]

    def _begin_turn(self) -> None:
        """Start turn `self.turn`, skipping a turn whose seat holds no unit to place, and the
        turns of a seat that used Blitz once its hand is down to what every seat keeps at the
        end (RULINGS §2), so that it never places more units than anyone else."""
        while self.turn < self.turns:
            seat, shared_step = self.order[self.turn]
            source = self.shared if shared_step else self.factions[seat]
            blitzed = not shared_step and self.blitz_used[seat] >= 0
            enough = KEEP_AT_END[self.players] + 1 if blitzed else 1
            for unit in self.hands[seat]:
                if unit // UNITS_PER_FACTION == source:
                    enough -= 1
                    if not enough:  # holds enough units of `source`
                        self.phase = UNIT
                        return
            self.turn += 1
        self.phase = OVER

    # ---- the protocol -----------------------------------------------------------------------

    @classmethod
    def num_actions(cls, players: int, options: Mapping[str, Any]) -> int:
        board = content_mod.load(str(options.get("content", content_mod.DEFAULT))).boards[players]
        return PLACE_BASE + (6 + len(TARGETED)) * len(board.hexes)

    def pending(self) -> list[int]:
        phase = self.phase
        if UNIT <= phase <= ROTATE:  # the phases the active seat decides
            return [self.order[self.turn][0]]
        if phase == TAKE:
            assert self.choice is not None
            return [self.factions.index(self.choice[1])]
        if phase == FACTION:
            chosen = self.players - self.factions.count(-1)
            return [(self.start + chosen) % self.players]
        if phase == SHARED:
            return [1 - self.start]
        if phase == ABILITY:  # from the last seat, counter-clockwise
            chosen = self.players - self.abilities.count(-1)
            return [(self.start - 1 - chosen) % self.players]
        return []

    def is_over(self) -> bool:
        return self.phase == OVER

    def _targets(self, unit_type: int) -> list[tuple[int, int]]:
        """(cell, rotation mask) of every empty hex where `unit_type` matches a facing edge."""
        rotations = self.c.rotations[unit_type]
        face = self.face
        found = []
        for cell in self.open:
            mask = rotations[face[cell]]
            if mask:
                found.append((cell, mask))
        return found

    def _unit_actions(self, seat: int) -> list[int]:
        """unit: the hand units (of this turn's faction) that may be picked, in code order:
        those that match a facing edge of some open hex, or every one when none does."""
        source = self.source_faction()
        units: list[int] = []  # their actions
        wanted = 0  # their types (bit t)
        for unit in self.hands[seat]:
            if unit // UNITS_PER_FACTION == source:
                units.append(UNIT_BASE + unit)
                wanted |= 1 << unit % UNITS_PER_FACTION
        if len(units) == 1:  # fitting or not, the one unit is the choice
            return units
        # the types that fit some open hex (none before the first unit: any unit may open)
        fit_low, fit_high = self.c.fit_low, self.c.fit_high
        face = self.face
        fits = 0
        for cell in self.open:
            code = face[cell]
            fits |= fit_low[code % HALF_CODES] | fit_high[code // HALF_CODES]
            if fits & wanted == wanted:
                break
        if fits & wanted == wanted:
            fitting = units
        else:
            fitting = [a for a in units if fits >> (a - UNIT_BASE) % UNITS_PER_FACTION & 1]
        if self.abilities_on and self.mechanic(seat) == SCATTER and not self._first_unit():
            fitting = [
                a
                for a in units
                if a in fitting
                or (self._scatter(seat, a - UNIT_BASE) == 1 and self.open)
                or (self._scatter(seat, a - UNIT_BASE) == 2 and self._empty_cells())
            ]
        actions = fitting or units  # no unit fits anywhere: every unit may use the fallback
        actions.sort()
        return actions

    def _first_unit(self) -> bool:
        """Whether the unit to place is the game's first (the board holds none yet)."""
        return not self.open and max(self.occ) < 0  # an open hex has a unit beside it

    def _placements(self, seat: int) -> list[int]:
        unit = self.selected
        # Scatter lifts the matching rule, not the first unit's start hex (RULINGS §2 "Play")
        scatter = self._scatter(seat, unit) if self.abilities_on and not self._first_unit() else 0
        if scatter:  # any rotation next to a unit (●) or anywhere (★)
            empty = self._empty_cells()
            targets = [(c, 63) for c in empty if scatter == 2 or self.face[c]]
        else:  # the matching rule: the rotations of every open hex (`_targets`) as actions
            rotations = self.c.rotations[unit % UNITS_PER_FACTION]
            face = self.face
            table = self.place_table
            actions: list[int] = []
            for cell in self.open:
                actions += table[cell][rotations[face[cell]]]
            if actions:
                return actions
            targets = []
        if not targets:  # fallback: an empty start hex, else any empty hex
            empty = [c for c in self.board.start_cells if self.occ[c] < 0 and not self.petrified[c]]
            targets = [(cell, 63) for cell in (empty or self._empty_cells())]
        return [PLACE_BASE + 6 * cell + r for cell, mask in targets for r in ROTATIONS[mask]]

    def _legal_actions(self, seat: int) -> list[int]:
        phase = self.phase
        if phase == UNIT:
            return self._unit_actions(seat)
        if phase == PLACE:
            return self._placements(seat)
        if phase == USE:
            return [PASS, *self._uses(seat)]
        if phase == ROTATE:
            return [ROTATE_BASE + r for r in range(6) if r != self.rot[self.target]]
        if phase == TAKE:
            assert self.choice is not None
            return sorted(TAKE_BASE + t for t in self.site_tiles[self.choice[0]])
        if phase in (FACTION, SHARED):
            base = FACTION_BASE if phase == FACTION else SHARED_BASE
            taken = set(self.factions)
            return [base + f for f in range(content_mod.FACTIONS) if f not in taken]
        if phase == ABILITY:
            return [ABILITY_BASE + a for a in self.c.faction_abilities(self.factions[seat])]
        return []

    def _apply(self, seat: int, action: int) -> list[Event]:
        phase = self.phase  # a turn's two decisions first: they are nearly every decision
        if phase == UNIT:
            return self._select(seat, action - UNIT_BASE)
        if phase == PLACE:
            cell, r = divmod(action - PLACE_BASE, 6)
            return self._place(seat, cell, r)
        if action >= self.target_base:
            kind, cell = divmod(action - self.target_base, len(self.board.hexes))
            return self._use_on(seat, TARGETED[kind], cell)
        if action >= PLACE_BASE:
            cell, r = divmod(action - PLACE_BASE, 6)
            return self._place(seat, cell, r)
        if action >= ROTATE_BASE:
            return self._rotate(seat, action - ROTATE_BASE)
        if action >= PASS:
            return self._use_other(seat, action)
        if action >= TAKE_BASE:
            return self._take(action - TAKE_BASE)
        if action >= ABILITY_BASE:
            self.abilities[seat] = action - ABILITY_BASE
            events: list[Event] = [
                {
                    "type": "ability",
                    "seat": seat,
                    "ability": self.c.abilities[action - ABILITY_BASE].key,
                }
            ]
            if -1 not in self.abilities:
                self._begin_turn()
            return events
        faction = action % content_mod.FACTIONS
        name = self.c.factions[faction].key
        if action >= SHARED_BASE:
            self.shared = faction
            events = [{"type": "shared_faction", "seat": seat, "faction": name}]
        else:
            self.factions[seat] = faction
            events = [{"type": "faction", "seat": seat, "faction": name}]
            if -1 in self.factions:
                return events
            if self.shared_mode:
                self.phase = SHARED
                return events
        self._deal()
        events.append({"type": "dealt", "hands": [len(h) for h in self.hands]})
        return events

    # ---- placing and resolving ----------------------------------------------------------------

    def _select(self, seat: int, unit: int) -> list[Event]:
        self.hands[seat].remove(unit)
        self.selected = unit
        self.phase = PLACE
        return [{"type": "select", "seat": seat, "unit": self.c.unit_names[unit]}]

    def place_unit(self, cell: int, unit: int, r: int) -> None:
        """Put `unit` on `cell` turned `r`, update the facing powers of its empty neighbours and
        the empty cells left around the stones it touches, and queue the stones it completes."""
        occ, petrified, face, open_ = self.occ, self.petrified, self.face, self.open
        occ[cell] = unit
        self.rot[cell] = r
        if face[cell]:
            face[cell] = 0
            open_.remove(cell)
        adds = self.c.faces[unit % UNITS_PER_FACTION][r]  # as `_add_faces(cell, 1)`
        for d, other in self.board.around[cell]:
            if occ[other] < 0 and not petrified[other]:
                before = face[other]
                face[other] = before + adds[d]
                if not before and adds[d]:
                    insort(open_, other)
        site_left = self.site_left
        for site in self.board.cell_sites[cell]:
            site_left[site] -= 1
            if not site_left[site]:
                self.queue.append(site)

    def _refresh_faces(self) -> None:
        """Recompute the derived `face`, `open` and `site_left` from the board (after reading a
        state)."""
        self.face = [0] * len(self.board.hexes)
        for cell in self._empty_cells():
            self.face[cell] = self._face_of(cell)
        self.open = [cell for cell, code in enumerate(self.face) if code]
        occ = self.occ
        self.site_left = [sum(occ[c] < 0 for c in cells) for cells in self.board.site_cells]

    def _place(self, seat: int, cell: int, r: int) -> list[Event]:
        unit = self.selected
        self.selected = -1
        self.place_unit(cell, unit, r)
        events: list[Event] = [
            {
                "type": "place",
                "seat": seat,
                "unit": self.c.unit_names[unit],
                "hex": self.board.labels[cell],
                "rot": r,
            }
        ]
        if self.abilities_on:
            occ = self.occ
            sites = len(self.site_left)
            for other in self._around(cell):
                if self.petrified[other] and all(occ[n] >= 0 for n in self._around(other)):
                    self.queue.append(sites + other)
            if self._ability_unit(seat, unit):
                self.last = cell
                if self._uses(seat):
                    self.phase = USE
                    return events
                self.last = -1
        self.queue.sort()
        self._resolve_queue(events)
        return events

    def _resolve_queue(self, events: list[Event]) -> None:
        """Resolve completed sites in site order; stop at a choice, else end the turn (or begin
        Blitz's second placement)."""
        queue = self.queue
        while queue:
            sites = len(self.board.site_names)
            site = queue.pop(0)
            if site >= sites:
                self._resolve_petrified(site - sites, events)
                continue
            self.done[site] = True
            if self.board.site_large[site]:
                if self._resolve_large(site, events):
                    return
            else:
                self._resolve_small(site, events)
        if self.blitz_step == 1:  # Blitz: the same seat places a second unit at once
            self.blitz_step = 2
            self.phase = UNIT
            return
        self._end_turn(events)

    def _resolve_small(self, site: int, events: list[Event]) -> None:
        """Small stone: higher facing power wins, then higher rank, else nobody. Two units of one
        faction: that faction takes it, since the seed compares rivals' units (お互いのユニット);
        with small_stone_same_faction=compare they are compared like rivals' (RULINGS §2)."""
        (a, b), (da, db) = self.board.site_cells[site], self.board.site_dirs[site]
        ua, ub = self.occ[a], self.occ[b]
        fa, fb = ua // UNITS_PER_FACTION, ub // UNITS_PER_FACTION
        if fa == fb and self.same_faction_takes:
            winner = fa
        else:
            pa, pb = self.power(a, da), self.power(b, db)
            if pa == pb:
                pa = self.c.units[ua % UNITS_PER_FACTION].strength
                pb = self.c.units[ub % UNITS_PER_FACTION].strength
            winner = fa if pa > pb else fb if pb > pa else -1
        self.small_won[site] = winner
        events.append(
            {
                "type": "small_stone",
                "site": self.board.site_names[site],
                "faction": self.c.factions[winner].key if winner >= 0 else None,
            }
        )

    def large_totals(self, site: int) -> dict[int, int]:
        """Each faction's total power facing the large stone `site`."""
        return self.totals(self.board.site_cells[site], self.board.site_dirs[site])

    def _resolve_large(self, site: int, events: list[Event]) -> bool:
        """Large stone. Returns True when a seat must now choose a tile (phase TAKE)."""
        totals = self.large_totals(site)
        first, second, distinct = self.places(totals)
        names = self.c.factions
        event: Event = {
            "type": "large_stone",
            "site": self.board.site_names[site],
            "totals": {names[f].key: t for f, t in sorted(totals.items())},
            "first": names[first].key if first >= 0 else None,
            "second": names[second].key if second >= 0 else None,
            "overwhelming": False,
        }
        events.append(event)
        if first >= 0 and self.abilities_on:
            self._reward(first, self.board.site_cells[site], events)
        tiles = self.site_tiles[site]
        overwhelming = (
            self.players == 2
            and not self.shared_mode
            and first >= 0
            and (len(distinct) == 1 or distinct[0] >= 2 * distinct[1])
        )
        if overwhelming:  # place 1 takes both tiles (2 players without the shared faction)
            event["overwhelming"] = True
            for tile in tiles[:]:
                self._give(site, tile, first, events)
            return False
        chooser, rest = (first, second) if first >= 0 else (second, -1)
        if chooser < 0:
            for tile in tiles[:]:
                self._discard(site, tile, events)
            return False
        if chooser == self.shared:  # the shared faction takes the tile worth more to it
            best = max(tiles, key=lambda t: (self._worth(t, chooser), -tiles.index(t)))
            self._give(site, best, chooser, events)
            self._give_rest(site, rest, events)
            return False
        self.choice = (site, chooser, rest)
        self.phase = TAKE
        return True

    def _give(self, site: int, tile: int, faction: int, events: list[Event]) -> None:
        self.site_tiles[site].remove(tile)
        self.taken[faction].append(tile)
        events.append(
            {
                "type": "take",
                "faction": self.c.factions[faction].key,
                "tile": self.c.tiles[tile].key,
                "points": self._worth(tile, faction),
            }
        )

    def _discard(self, site: int, tile: int, events: list[Event]) -> None:
        self.site_tiles[site].remove(tile)
        self.discarded.append(tile)
        events.append({"type": "discard", "tile": self.c.tiles[tile].key})

    def _give_rest(self, site: int, faction: int, events: list[Event]) -> None:
        for tile in self.site_tiles[site][:]:
            if faction >= 0:
                self._give(site, tile, faction, events)
            else:
                self._discard(site, tile, events)

    def _take(self, tile: int) -> list[Event]:
        assert self.choice is not None
        site, chooser, rest = self.choice
        self.choice = None
        events: list[Event] = []
        self._give(site, tile, chooser, events)
        self._give_rest(site, rest, events)
        self._resolve_queue(events)
        return events

    def _end_turn(self, events: list[Event]) -> None:
        """Refill hands, then move on to the next turn (or end the game)."""
        seat, shared_step = self.order[self.turn]
        self.blitz_step = 0
        self.turn += 1
        if self.turn < self.turns:
            if not self.shared_mode:
                self._draw(seat, self.decks[seat], self.hand_size, events)
            elif shared_step:  # a shared round ends: first refills, second draws a shared unit
                second = 1 - seat
                self._draw(seat, self.decks[seat], self.hand_size, events)
                self._draw(second, self.sdecks[second], len(self.hands[second]) + 1, events)
        self._begin_turn()  # at the end the engine adds the game_over event with the result

    def _draw(self, seat: int, deck: list[int], up_to: int, events: list[Event]) -> None:
        hand = self.hands[seat]
        count = up_to - len(hand)
        if count > len(deck):
            count = len(deck)
        if count > 0:
            names = self.c.unit_names
            drawn = []
            for _ in range(count):  # from the top, one at a time
                unit = deck.pop()
                hand.append(unit)
                drawn.append(names[unit])
            events.append(
                {"type": "draw", "seat": seat, "count": len(drawn), "private": {"units": drawn},
                 "visible_to": [seat]}
            )  # fmt: skip

    # ---- scoring ----------------------------------------------------------------------------

    def seven_holder(self) -> int:
        """The faction holding the 7-point stone tile, or -1."""
        for faction, tiles in enumerate(self.taken):
            if self.c.seven in tiles:
                return faction
        return -1

    def result(self) -> Result | None:
        if self.phase != OVER:
            return None
        points = self.points()
        scored = seat_points(self) if (self.obj_public or any(self.obj_private)) else None
        scores = [
            points[f] + (sum(scored[seat].values()) if scored else 0)
            for seat, f in enumerate(self.factions)
        ]
        seven = self.seven_holder()
        keys = [(score, f == seven) for score, f in zip(scores, self.factions, strict=True)]
        ranks = ranks_from_keys(keys)
        winners = [seat for seat, rank in enumerate(ranks) if rank == 1]
        detail: dict[str, Any] = {
            "factions": [self.c.factions[f].key for f in self.factions],
            "seven": self.c.tiles[self.c.seven].key,
            "seven_holder": self.c.factions[seven].key if seven >= 0 else None,
        }
        if scored is not None:
            detail["objectives"] = scored
        if self.shared_mode:
            shared_points = points[self.shared]
            detail["shared_faction"] = {
                "faction": self.c.factions[self.shared].key,
                "score": shared_points,
            }
            if all(score < shared_points for score in scores):
                detail["double_loss"] = True  # both players score below the shared faction
                detail["no_winner"] = True
                winners = []
                ranks = [2] * self.players  # both lose: neither outranks the other
        return Result(
            scores=[float(x) for x in scores], ranks=ranks, winners=winners, detail=detail
        )

    def playout(self, rng: Rng, policy: bool = True, limit: int = 5_000) -> bool:
        """`State.playout` (uniformly random moves: Monster Hex has no rule of thumb) in a loop
        of its own that skips most events (`monster_hex/playout.py`): the same moves, draws and
        state."""
        from bodoge.games.monster_hex.playout import play_out

        play_out(self, rng, limit)
        return self.phase == OVER

    # ---- notation -----------------------------------------------------------------------------

    def action_text(self, action: int) -> str:
        c = self.c
        if action >= self.target_base:
            kind, cell = divmod(action - self.target_base, len(self.board.hexes))
            return f"{content_mod.MECHANICS[TARGETED[kind]]}:{self.board.labels[cell]}"
        if action >= PLACE_BASE:
            cell, r = divmod(action - PLACE_BASE, 6)
            return f"place:{self.board.labels[cell]}@{r}"
        if action >= ROTATE_BASE:
            return f"rotate:{action - ROTATE_BASE}"
        if action >= PASS:
            return ("pass", "blitz", "scheme")[action - PASS]
        if action >= TAKE_BASE:
            return f"take:{c.tiles[action - TAKE_BASE].key}"
        if action >= UNIT_BASE:
            return f"unit:{c.unit_names[action - UNIT_BASE]}"
        if action >= ABILITY_BASE:
            return f"ability:{c.abilities[action - ABILITY_BASE].key}"
        if action >= SHARED_BASE:
            return f"shared:{c.factions[action - SHARED_BASE].key}"
        return f"faction:{c.factions[action - FACTION_BASE].key}"

    def _parse_action(self, text: str) -> int:
        word, _, arg = text.partition(":")
        c = self.c
        code: int | None = None
        words = {"pass": PASS, "blitz": BLITZ_ACTION, "scheme": SCHEME_ACTION}
        targeted = {content_mod.MECHANICS[m]: kind for kind, m in enumerate(TARGETED)}
        if word == "place":
            where, _, turn = arg.partition("@")
            cell = self.board.cell_of.get(where)
            if cell is not None and turn.isdigit() and int(turn) < 6:
                code = PLACE_BASE + 6 * cell + int(turn)
        elif word in targeted and arg in self.board.cell_of:
            cells = len(self.board.hexes)
            code = self.target_base + targeted[word] * cells + self.board.cell_of[arg]
        elif word in words and not arg:
            code = words[word]
        elif word == "rotate" and arg.isdigit() and int(arg) < 6:
            code = ROTATE_BASE + int(arg)
        elif word == "take" and arg in c.tile_of:
            code = TAKE_BASE + c.tile_of[arg]
        elif word == "unit" and arg in c.unit_of:
            code = UNIT_BASE + c.unit_of[arg]
        elif word == "ability" and arg in c.ability_of:
            code = ABILITY_BASE + c.ability_of[arg]
        elif word in ("faction", "shared") and arg in c.faction_of:
            code = (FACTION_BASE if word == "faction" else SHARED_BASE) + c.faction_of[arg]
        if code is None:
            raise IllegalAction(
                f"{text!r} is not a Monster Hex action (faction:red, shared:green, unit:red-A2, "
                "place:d4@2, take:red7, ability:enchant, enchant:d4, confuse:d4, rotate:3, "
                "curse:d4, petrify:d4, blitz, scheme, pass)"
            )
        return code

    # ---- hidden information ---------------------------------------------------------------------

    def determinize(self, seat: int | None, rng: Rng) -> MonsterHex:
        """Reshuffle what `seat` cannot see: every deck's order and the other seats' hands, the
        objective deck and the other seats' objective cards. Units only trade places with units
        of the same faction, since which faction's units fill a hand or a deck is public. Each
        pool is sorted before the shuffle, so the result depends only on what `seat` knows and
        on `rng`."""
        new = self.clone()
        new.rng = rng.spawn()
        slots: dict[int, list[tuple[list[int], int]]] = {}
        hidden = [*new.decks, *new.sdecks]
        hidden += [hand for s, hand in enumerate(new.hands) if s != seat]
        for pile in hidden:
            for i, unit in enumerate(pile):
                slots.setdefault(unit // UNITS_PER_FACTION, []).append((pile, i))
        # objective cards: the deck, and the other seats' cards until they are shown at the end
        cards = [new.obj_deck]
        if self.phase != OVER:
            cards += [o for s, o in enumerate(new.obj_private) if s != seat]
        slots[-1] = [(pile, i) for pile in cards for i in range(len(pile))]
        for group in slots.values():
            units = sorted(pile[i] for pile, i in group)
            shuffle(units, rng)
            for (pile, i), unit in zip(group, units, strict=True):
                pile[i] = unit
        return new
