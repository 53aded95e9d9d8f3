"""Observations of Monster Hex, from a seat's view (see bodoge.engine.observe).

Seats are listed relative to the observing seat: "seat +0" is the observer, "+1" the next seat
clockwise, and so on (a spectator observes as seat 0 would sit), so one policy can play any seat.
Factions, stone tiles, abilities and objective cards are in the content's order (the default:
red, blue, yellow, green; tiles red7, red3, blue6, blue4, yellow5a, yellow5b, green6, green4);
hexes and stones in the board file's order for the player count. A unit is described the same
way everywhere: its faction, its rank, its six powers and whether it carries an ability.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from bodoge.engine.observe import Observer, Piece, View, one_hot, relative_seat, scaled
from bodoge.games.monster_hex import content as content_mod
from bodoge.games.monster_hex.codes import COLOR_BONUS, PHASE_NAMES, ROUNDS
from bodoge.games.monster_hex.content import MAX_POWER, MECHANICS, RANKS, UNITS_PER_FACTION
from bodoge.games.monster_hex.hexgrid import DIRECTION_NAMES

BLITZ_STEPS = 3  # 0 none, 1 Blitz granted, 2 in the second placement
MAX_WHITE = MAX_BLACK = 4  # one faction's ability units give at most 2 + 1 + 1 counters
MAX_PETRIFY = 2  # a petrified hex holds the counters of one ability unit (★ 2)
MAX_OBJECTIVES_HELD = 4  # the private card and one per Scheme (three ability units)


def monster_hex_observer(players: int, options: Mapping[str, Any]) -> Observer:
    """Monster Hex: every hex, the stones and their tiles, the seat's hand, decks, scores,
    abilities and objectives, the phase and the unit picked this turn."""
    c = content_mod.load(str(options.get("content", content_mod.DEFAULT)))
    board = c.boards[players]
    factions = len(c.factions)
    cells = len(board.hexes)
    large = board.large_sites
    small = [s for s, is_large in enumerate(board.site_large) if not is_large]
    sites = len(board.site_names)
    tiles = len(c.tiles)
    objectives = len(c.objectives)
    shared_mode = players == 2 and options.get("shared_faction", "on") == "on"
    hand_size = 4 if players == 4 else 3
    turns = ROUNDS[players] * (3 if shared_mode else players)
    points_top = sum(t.value + COLOR_BONUS for t in c.tiles) + len(small)
    unit_width = factions + len(RANKS) + 6 + 1
    site_of = {name: site for site, name in enumerate(board.site_names)}

    def faction(name: str) -> int:
        return c.faction_of[name.lower()]

    def unit_into(block: list[float], offset: int, name: str, rotation: int = 0) -> None:
        """The unit's faction, rank, powers facing directions 0-5 (turned by `rotation`) and
        whether it carries an ability, at `block[offset:offset + unit_width]`."""
        code = c.unit_of[name.lower()]
        kind = c.units[code % UNITS_PER_FACTION]
        block[offset + code // UNITS_PER_FACTION] = 1.0
        block[offset + factions + RANKS.index(kind.rank)] = 1.0
        for direction, power in enumerate(c.edge[code % UNITS_PER_FACTION][rotation]):
            block[offset + factions + len(RANKS) + direction] = scaled(power, MAX_POWER)
        block[offset + unit_width - 1] = 1.0 if kind.ability else 0.0

    def hexes(view: View, block: list[float]) -> None:
        for label, placed in view["board"].items():
            name, _, rotation = placed.partition("@")
            unit_into(block, board.cell_of[label] * unit_width, name, int(rotation))

    def counters(view: View, block: list[float]) -> None:
        units = {placed.partition("@")[0]: label for label, placed in view["board"].items()}
        for name, marks in view.get("counters", {}).items():
            if name in units:
                base = board.cell_of[units[name]] * 4
                block[base] = scaled(marks["white"], MAX_WHITE)
                block[base + 1] = scaled(marks["black"], MAX_BLACK)
        for label, count in view.get("petrified", {}).items():
            block[board.cell_of[label] * 4 + 2] = scaled(count, MAX_PETRIFY)
        for label in view.get("petrified_done", []):
            block[board.cell_of[label] * 4 + 3] = 1.0

    def last(view: View, block: list[float]) -> None:
        if view.get("last") is not None:
            one_hot(block, board.cell_of[view["last"]])

    def confuse_target(view: View, block: list[float]) -> None:
        if view.get("target") is not None:
            one_hot(block, board.cell_of[view["target"]])

    def large_tiles(view: View, block: list[float]) -> None:
        for row, site in enumerate(large):
            for key in view["stones"][board.site_names[site]]["tiles"]:
                block[row * tiles + c.tile_of[key.lower()]] = 1.0

    def resolved(view: View, block: list[float]) -> None:
        for name, stone in view["stones"].items():
            if stone["done"]:
                block[site_of[name]] = 1.0

    def small_won(view: View, block: list[float]) -> None:
        for row, site in enumerate(small):
            won = view["stones"][board.site_names[site]]["won"]
            if won is not None:
                block[row * factions + faction(won)] = 1.0

    def taken(view: View, block: list[float]) -> None:
        for name, keys in view["taken"].items():
            for key in keys:
                block[c.tile_of[key.lower()] * factions + faction(name)] = 1.0

    def discarded(view: View, block: list[float]) -> None:
        for key in view["discarded"]:
            block[c.tile_of[key.lower()]] = 1.0

    def tile_facts(view: View, block: list[float]) -> None:
        for code, tile in enumerate(c.tiles):
            block[code * (1 + factions)] = scaled(tile.value, content_mod.SEVEN)
            block[code * (1 + factions) + 1 + tile.color] = 1.0

    def choice_site(view: View, block: list[float]) -> None:
        if view["choice"] is not None:
            one_hot(block, site_of[view["choice"]["site"]])

    def choice_by(view: View, block: list[float]) -> None:
        if view["choice"] is not None:
            one_hot(block, faction(view["choice"]["by"]))
            if view["choice"]["rest"] is not None:
                one_hot(block, faction(view["choice"]["rest"]), factions)

    def seat_factions(view: View, block: list[float]) -> None:
        for seat, name in enumerate(view["factions"]):
            if name is not None:
                one_hot(block, faction(name), relative_seat(view, seat) * factions)

    def shared(view: View, block: list[float]) -> None:
        if view["shared"] is not None:
            one_hot(block, faction(view["shared"]))

    def hand(view: View, block: list[float]) -> None:
        seat = view["seat"]
        if seat is not None:
            for slot, name in enumerate(view["hands"][seat]):
                unit_into(block, slot * unit_width, name)

    def selected(view: View, block: list[float]) -> None:
        if view["selected"] is not None:
            unit_into(block, 0, view["selected"])

    def hand_counts(view: View, block: list[float]) -> None:
        for seat, held in enumerate(view["hands"]):
            counts: dict[str, int] = {}
            if isinstance(held, list):
                for name in held:
                    key = c.factions[c.unit_of[name.lower()] // UNITS_PER_FACTION].key
                    counts[key] = counts.get(key, 0) + 1
            else:
                counts = held
            for name, count in counts.items():
                block[relative_seat(view, seat) * factions + faction(name)] = scaled(
                    count, hand_size
                )

    def decks(view: View, block: list[float]) -> None:
        for seat, count in enumerate(view["decks"]):
            block[relative_seat(view, seat)] = scaled(count, UNITS_PER_FACTION)

    def shared_decks(view: View, block: list[float]) -> None:
        for seat, count in enumerate(view["shared_decks"] or []):
            block[relative_seat(view, seat)] = scaled(count, UNITS_PER_FACTION // 2)

    def points(view: View, block: list[float]) -> None:
        for name, value in view["points"].items():
            block[faction(name)] = scaled(value, points_top)

    def phase(view: View, block: list[float]) -> None:
        one_hot(block, PHASE_NAMES.index(view["phase"]))

    def to_move(view: View, block: list[float]) -> None:
        for seat in view["pending"]:
            one_hot(block, relative_seat(view, seat))

    def start(view: View, block: list[float]) -> None:
        one_hot(block, relative_seat(view, view["start"]))

    def progress(view: View, block: list[float]) -> None:
        block[0] = scaled(view["round"], view["rounds"])
        block[1] = scaled(view["turn"], turns)

    def abilities(view: View, block: list[float]) -> None:
        for seat, key in enumerate(view.get("abilities", [])):
            if key is not None:
                one_hot(block, MECHANICS.index(key), relative_seat(view, seat) * len(MECHANICS))

    def blitz(view: View, block: list[float]) -> None:
        for seat, used in enumerate(view.get("blitz_used", [])):
            if used == view["round"]:
                block[relative_seat(view, seat)] = 1.0

    def blitz_step(view: View, block: list[float]) -> None:
        one_hot(block, view.get("blitz_step", 0))

    def public_objectives(view: View, block: list[float]) -> None:
        for key in view.get("objectives", {}).get("public", []):
            block[c.objective_of[key.lower()]] = 1.0

    def private_objectives(view: View, block: list[float]) -> None:
        held = view.get("objectives", {}).get("private", [])
        for seat, cards in enumerate(held):
            if isinstance(cards, list):
                for key in cards:
                    one_hot(
                        block, c.objective_of[key.lower()], relative_seat(view, seat) * objectives
                    )

    def objectives_held(view: View, block: list[float]) -> None:
        held = view.get("objectives", {}).get("private", [])
        for seat, cards in enumerate(held):
            count = len(cards) if isinstance(cards, list) else cards
            block[relative_seat(view, seat)] = scaled(count, MAX_OBJECTIVES_HELD)

    def objective_deck(view: View, block: list[float]) -> None:
        block[0] = scaled(view.get("objectives", {}).get("deck", 0), objectives)

    rank_names = ", ".join(RANKS)
    directions = ", ".join(DIRECTION_NAMES)
    unit_columns = (
        f"columns 0-{factions - 1} its faction, {factions}-{factions + 3} its rank ({rank_names}), "
        f"{factions + 4}-{factions + 9} its powers facing {directions} / {MAX_POWER}"
    )
    return Observer(
        [
            Piece("hexes", (cells, unit_width), "the unit on each hex (board order: "
                  "a1, a2, ..., b1, ...): "
                  f"{unit_columns} (turned as it lies, so the rotation is implied), "
                  f"{unit_width - 1} 1 if it is an ability unit; all 0 for an empty hex", hexes),
            Piece("hex_counters", (cells, 4), f"per hex: Enchant counters on its unit / "
                  f"{MAX_WHITE}, Curse counters / {MAX_BLACK}, Petrify counters on it / "
                  f"{MAX_PETRIFY}, 1 if its Petrify stone has been resolved", counters),
            Piece("just_placed", (cells,), "1 at the hex of the unit just placed whose ability "
                  "may be used now", last),
            Piece("confuse_target", (cells,), "1 at the hex of the unit Confuse is turning",
                  confuse_target),
            Piece("large_stone_tiles", (len(large), tiles), "1 if tile t still lies on large "
                  "stone l (L1 first)", large_tiles),
            Piece("stone_resolved", (sites,), "1 if stone s (large stones, then small ones) has "
                  "been resolved", resolved),
            Piece("small_stone_won", (len(small), factions), "1 if faction f took small stone s",
                  small_won),
            Piece("tiles_taken", (tiles, factions), "1 if faction f took tile t", taken),
            Piece("tiles_discarded", (tiles,), "1 if tile t was discarded", discarded),
            Piece("tile_facts", (tiles, 1 + factions), f"tile t: column 0 its value / "
                  f"{content_mod.SEVEN}, 1 + f 1 if its colour is faction f (worth "
                  f"+{COLOR_BONUS} to that faction)", tile_facts),
            Piece("tile_choice_stone", (sites,), "1 at the stone whose tiles are being picked",
                  choice_site),
            Piece("tile_choice_factions", (2, factions), "row 0: 1 at the faction picking a tile; "
                  "row 1: 1 at the faction that takes the rest (none: all 0)", choice_by),
            Piece("seat_factions", (players, factions), "1 if seat +s plays faction f (seats from "
                  "the observer clockwise)", seat_factions),
            Piece("shared_faction", (factions,), "1 at the shared faction (2 players)", shared),
            Piece("hand", (hand_size, unit_width), "the observer's hand, slot by slot as the view "
                  f"lists it: {unit_columns} (as printed), {unit_width - 1} 1 if an ability unit; "
                  "all 0 for an empty slot", hand),
            Piece("selected", (unit_width,), "the unit picked this turn, to be placed (as in "
                  "hand)", selected),
            Piece("hand_counts", (players, factions), f"units of faction f in seat +s's hand / "
                  f"{hand_size}", hand_counts),
            Piece("decks", (players,), f"units in seat +s's deck / {UNITS_PER_FACTION}", decks),
            Piece("shared_decks", (players,), "shared-faction units in seat +s's pile / "
                  f"{UNITS_PER_FACTION // 2} (2 players with the shared faction)", shared_decks),
            Piece("points", (factions,), f"faction f's points so far / {points_top} (every tile "
                  "with its colour bonus and every small stone; clipped at 1)", points),
            Piece("phase", (len(PHASE_NAMES),), "1 at the step being decided: "
                  + ", ".join(PHASE_NAMES), phase),
            Piece("to_move", (players,), "1 if seat +s is to decide", to_move),
            Piece("start_seat", (players,), "1 if seat +s is the start seat", start),
            Piece("progress", (2,), f"the round / the rounds in the game, turns begun / {turns}",
                  progress),
            Piece("abilities", (players, len(MECHANICS)), "1 if seat +s chose ability m ("
                  + ", ".join(MECHANICS) + ")", abilities),
            Piece("blitz_used", (players,), "1 if seat +s used Blitz this round", blitz),
            Piece("blitz_step", (BLITZ_STEPS,), "1 at 0 (no Blitz), 1 (Blitz granted: a second "
                  "placement follows) or 2 (in the second placement)", blitz_step),
            Piece("public_objectives", (objectives,), "1 if objective card o is public",
                  public_objectives),
            Piece("private_objectives", (players, objectives), "1 if seat +s holds objective "
                  "card o and the observer may see it (its own; everyone's at the end)",
                  private_objectives),
            Piece("objectives_held", (players,), "private objective cards seat +s holds / "
                  f"{MAX_OBJECTIVES_HELD}", objectives_held),
            Piece("objective_deck", (1,), f"objective cards left in the deck / {objectives}",
                  objective_deck),
        ]
    )  # fmt: skip
