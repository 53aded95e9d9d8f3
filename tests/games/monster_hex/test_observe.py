"""Monster Hex's observation (bodoge.games.monster_hex.observe): a hand-set position read back
number by number. What a seat may know: the board, stones, counters, abilities and public
objectives are public; a seat sees its own hand and private objectives, and of the others only
how many units of each faction they hold and how many cards (RULINGS.md §2)."""

from __future__ import annotations

from bodoge.games.monster_hex.content import MECHANICS
from bodoge.games.monster_hex.observe import monster_hex_observer

from .helpers import CONTENT, EDGES, build, facing

WIDTH = 15  # faction 4, rank 4, powers 6, ability 1
RED, BLUE = 0, 1
S, C = 4, 7  # rank columns


def test_a_position_read_from_the_second_seat() -> None:
    """Red's S unit lies on c1 turned one step, with two Enchant counters; blue (seat 1) is to
    pick a unit from its three C units."""
    options = {"shared_faction": "off", "abilities": "on", "objectives": "on"}
    state = build(
        2, options=options, turn=1, board={"c1": "red-S@1"}, hands=[["red-A1"], ["blue-C4"]],
        abilities=["enchant", "scatter"], counters={"red-S": {"white": 2, "black": 0}},
        objectives={"public": ["line3", "line4"], "private": [["diamond"], ["duel"]]},
    )  # fmt: skip
    observer = monster_hex_observer(2, state.options)
    seen = observer.split(observer.encode(state.view(1)))
    board = CONTENT.boards[2]
    c1 = board.cell_of["c1"] * WIDTH
    unit = seen["hexes"][c1 : c1 + WIDTH]
    assert unit[RED] == 1.0 and unit[S] == 1.0 and unit[14] == 1.0 and sum(unit[:8]) == 2.0
    assert unit[8:14] == [facing("S", 1, d) / 5 for d in range(6)]
    assert sum(seen["hexes"]) == sum(unit)  # every other hex empty
    assert seen["hex_counters"][board.cell_of["c1"] * 4] == 0.5  # 2 of at most 4
    hand = state.view(1)["hands"][1]
    assert hand[0] == "blue-C4"
    first = seen["hand"][:WIDTH]
    assert first[BLUE] == 1.0 and first[C] == 1.0 and first[14] == 0.0
    assert first[8:14] == [power / 5 for power in EDGES["C4"]]  # as printed
    assert seen["hand_counts"] == [0, 1, 0, 0, 1, 0, 0, 0]  # +0 blue 3 of 3, +1 red 3 of 3
    assert seen["seat_factions"] == [0, 1, 0, 0, 1, 0, 0, 0]
    scatter, enchant = MECHANICS.index("scatter"), MECHANICS.index("enchant")
    assert seen["abilities"][scatter] == 1.0 and seen["abilities"][8 + enchant] == 1.0
    duel, diamond = CONTENT.objective_of["duel"], CONTENT.objective_of["diamond"]
    assert seen["private_objectives"][duel] == 1.0
    assert sum(seen["private_objectives"]) == 1.0  # red's diamond is hidden from blue
    assert seen["objectives_held"] == [0.25, 0.25]
    public = [CONTENT.objective_of[key] for key in ("line3", "line4")]
    assert [i for i, x in enumerate(seen["public_objectives"]) if x] == sorted(public)
    assert seen["to_move"] == [1.0, 0.0]
    red_seen = observer.split(observer.encode(state.view(0)))
    assert red_seen["private_objectives"][diamond] == 1.0
