"""Stone resolution (RULINGS §2; seed 004 「2.魔石の獲得判定」): small stones, large stones with
every tie case the source gives, the place-1 choice, the color bonus and the overwhelming bonus.

Large stone L1 of the 4-player board lies on b2; its six neighbours face it with these edges.
"""

from __future__ import annotations

from typing import Any

import pytest

from bodoge.games.monster_hex import stones
from bodoge.games.monster_hex.rules import MonsterHex

from .helpers import NE, NW, SE, SW, E, W, anchor, build, of_type, place, play, turned

AROUND_L1 = {"a2": SW, "b3": W, "c3": NW, "c2": NE, "b1": E, "a1": SE}
FACTIONS = ["red", "blue", "yellow", "green"]
SPARE = "C3"  # a unit every seat keeps in hand so that play goes on


def surround(
    units: dict[str, tuple[str, int]],
    last: tuple[str, str, int],
    players: int = 4,
    options: dict[str, str] | None = None,
    **fields: Any,
) -> tuple[MonsterHex, list[dict[str, Any]]]:
    """L1's neighbours hold `units` (hex: (unit, power towards the stone)); the seat of the last
    unit's faction places it (hex b3, unit, power) and completes the stone. A unit on b4 (not
    next to the stone) gives it an edge to match."""
    hex_, unit, power = last
    assert hex_ == "b3"
    factions = fields.pop("factions", FACTIONS[:players])
    seat = factions.index(unit.split("-")[0])
    board = {h: turned(u, AROUND_L1[h], p) for h, (u, p) in units.items()}
    board["b4"] = anchor(unit, W, power, E, factions[seat])
    hands = [[f"{f}-{SPARE}"] for f in factions]
    hands[seat].append(unit)
    turn = fields.pop("turn", seat)
    state = build(
        players, board=board, hands=hands, turn=turn, options=options, factions=factions, **fields
    )
    events = place(state, seat, unit, hex_, AROUND_L1[hex_], power)
    return state, events


def large(events: list[dict[str, Any]]) -> dict[str, Any]:
    (event,) = of_type(events, "large_stone")
    return event


def test_distinct_totals_place_1_chooses_and_place_2_takes_the_other() -> None:
    """1位が2つの魔石から好きな1つを獲得します。2位は残った魔石を獲得します。 The choice is the
    decision of place 1's seat (red, seat 0) although yellow (seat 2) placed the unit."""
    state, events = surround(
        {"a2": ("red-S", 5), "a1": ("red-A1", 4), "c3": ("blue-B3", 3), "c2": ("blue-A2", 3),
         "b1": ("green-B1", 2)},
        ("b3", "yellow-A1", 1),
    )  # fmt: skip
    assert large(events)["totals"] == {"red": 9, "blue": 6, "yellow": 1, "green": 2}
    assert (large(events)["first"], large(events)["second"]) == ("red", "blue")
    assert state.pending() == [0] and state.active_seat() == 2
    assert state.legal_texts(0) == ["take:red7", "take:blue4"]
    events = play(state, 0, "take:red7")
    assert [(e["faction"], e["tile"], e["points"]) for e in of_type(events, "take")] == [
        ("red", "red7", 9),  # 7 + 2: the tile's color is red's own (ボーナス)
        ("blue", "blue4", 6),  # 4 + 2
    ]
    assert stones.points(state)[:2] == [9, 6]
    assert state.pending() == [3]  # play goes on with the seat after the active one


def test_color_bonus_only_for_a_tile_of_the_takers_color() -> None:
    """獲得した魔石の色が、自分の色と同じなら更に2点を獲得します: red taking blue4 scores 4, blue
    taking red7 scores 7."""
    state, _ = surround(
        {"a2": ("red-S", 5), "a1": ("red-A1", 4), "c3": ("blue-B3", 3), "c2": ("blue-A2", 3),
         "b1": ("green-B1", 2)},
        ("b3", "yellow-A1", 1),
    )  # fmt: skip
    play(state, 0, "take:blue4")
    assert stones.points(state)[:2] == [4, 7]


@pytest.mark.parametrize(
    ("units", "last", "first", "second", "chooser"),
    [
        pytest.param(
            {"a2": ("red-A1", 5), "a1": ("red-B1", 4), "c3": ("blue-A1", 5), "c2": ("blue-B1", 4),
             "b1": ("green-A1", 5)},
            ("b3", "yellow-A1", 1), None, "green", "green",
            id="1位の合計値が同じ→2位だけが好きな魔石を1つ獲得",
        ),
        pytest.param(
            {"a2": ("red-A1", 5), "a1": ("red-B1", 4), "c3": ("blue-A1", 5), "c2": ("blue-B1", 1),
             "b1": ("green-A1", 5)},
            ("b3", "green-B1", 1), "red", None, "red",
            id="2位の合計値が同じ→1位だけが好きな魔石を1つ獲得",
        ),
        pytest.param(
            {"a2": ("red-A1", 2), "a1": ("red-B1", 2), "c3": ("blue-A1", 1), "c2": ("blue-B1", 3),
             "b1": ("green-A1", 4)},
            ("b3", "yellow-A1", 5), "yellow", None, "yellow",
            id="4人のうち3人の合計値が同じ(2位)→残りの1人が好きな魔石を1つ獲得",
        ),
        pytest.param(
            {"a2": ("red-A1", 2), "a1": ("red-B1", 2), "c3": ("blue-A1", 1), "c2": ("blue-B1", 3),
             "b1": ("green-A1", 4)},
            ("b3", "yellow-A1", 1), None, "yellow", "yellow",
            id="4人のうち3人の合計値が同じ(1位)→残りの1人が好きな魔石を1つ獲得",
        ),
        pytest.param(
            {"a2": ("red-A1", 2), "a1": ("red-B1", 2), "c3": ("blue-A1", 1), "c2": ("blue-B1", 3),
             "b1": ("green-A1", 4)},
            ("b3", "yellow-A1", 4), None, None, None,
            id="全員の合計値が同じ→誰も魔石を獲得できない",
        ),
        pytest.param(
            {"a2": ("red-A1", 5), "a1": ("red-B1", 1), "c3": ("blue-A1", 5), "c2": ("blue-B1", 1),
             "b1": ("green-A1", 3)},
            ("b3", "yellow-A1", 3), None, None, None,
            id="two pairs tied: both places void, nobody",
        ),
        pytest.param(
            {"a2": ("red-A1", 5), "a1": ("red-B1", 5), "c3": ("blue-A1", 5), "c2": ("blue-B1", 5),
             "b1": ("green-A1", 4)},
            ("b3", "yellow-A1", 1), None, "green", "green",
            id="place 2 is the next distinct total: yellow's lower total gets nothing",
        ),
    ],
)  # fmt: skip
def test_a_place_shared_by_several_factions_is_void(
    units: dict[str, tuple[str, int]],
    last: tuple[str, str, int],
    first: str | None,
    second: str | None,
    chooser: str | None,
) -> None:
    """複数のプレイヤーで合計値が同じ場合は、小魔石の場合とは異なり、ランクの比較を行わず順位の
    対象外となります (RULINGS §2: place 1 = highest distinct total, place 2 = the next; a shared
    place is void; the one place held alone chooses one tile and the other is discarded)."""
    state, events = surround(units, last)
    event = large(events)
    assert (event["first"], event["second"]) == (first, second)
    if chooser is None:
        assert [e["tile"] for e in of_type(events, "discard")] == ["red7", "blue4"]
        assert not of_type(events, "take")
        return
    seat = FACTIONS.index(chooser)
    assert state.pending() == [seat]
    events = play(state, seat, "take:blue4")
    assert [(e["faction"], e["tile"]) for e in of_type(events, "take")] == [(chooser, "blue4")]
    assert [e["tile"] for e in of_type(events, "discard")] == ["red7"]
    assert state.discarded == [state.c.tile_of["red7"]]


def test_resolution_waits_for_all_six_neighbours() -> None:
    """大魔石の周囲6マスにユニットが配置された時、即座に魔石の獲得判定を行います: five are not
    enough."""
    board = {
        h: turned(u, AROUND_L1[h], 3)
        for h, u in {"a2": "red-A1", "a1": "red-B1", "c3": "blue-A1", "c2": "blue-B1"}.items()
    }
    board["b4"] = anchor("yellow-A1", W, 2, E, "yellow")
    state = build(
        4, board=board, hands=[["red-C3"], ["blue-C3"], ["yellow-C3", "yellow-A1"], ["green-C3"]],
        turn=2,
    )  # fmt: skip
    events = place(state, 2, "yellow-A1", "b3", W, 2)
    assert not of_type(events, "large_stone")
    assert state.pending() == [3]


# ---- small stones: s2 lies on the edge between c6 and c7 (c7 is east of c6) ----


@pytest.mark.parametrize(
    ("c6", "c7", "winner"),
    [
        (("red-A1", 5), ("blue-B1", 3), "red"),
        (("red-C4", 3), ("blue-B1", 5), "blue"),
        (("red-A1", 4), ("blue-B1", 4), "red"),  # equal power: A beats B
        (("red-C1", 4), ("blue-S", 4), "blue"),  # equal power: S beats C
        (("red-B1", 3), ("blue-B3", 3), None),  # equal power and rank: nobody
        (("red-B1", 1), ("red-S", 2), "red"),  # both units red: red takes it
    ],
)
def test_small_stone_higher_power_then_higher_rank_then_nobody(
    c6: tuple[str, int], c7: tuple[str, int], winner: str | None
) -> None:
    """小魔石に隣接したお互いのユニットのパワーを比較して、高い方が獲得します。パワーが同じ場合、
    ランクを比較して高い方(S>A>B>C)が獲得します。ランクも同じ場合は獲得できません。
    (Two units of one faction: that faction takes it, bodoge's ruling.) A yellow unit on d7
    (south-east of c7) gives c7 an edge to match."""
    placer = c7[0].split("-")[0]
    seat = FACTIONS.index(placer)
    hands = [[f"{f}-{SPARE}"] for f in FACTIONS]
    hands[seat].append(c7[0])
    state = build(
        4,
        board={"c6": turned(c6[0], E, c6[1]), "d7": anchor(c7[0], W, c7[1], SE, "yellow")},
        hands=hands,
        turn=seat,
    )
    events = place(state, seat, c7[0], "c7", W, c7[1])
    (event,) = of_type(events, "small_stone")
    assert event == {"type": "small_stone", "site": "s2", "faction": winner}
    points = dict(zip(FACTIONS, stones.points(state), strict=True))
    assert {f: p for f, p in points.items() if p} == ({winner: 1} if winner else {})


@pytest.mark.parametrize(
    ("option", "c6", "c7", "winner"),
    [
        (None, ("red-B1", 3), ("red-B2", 3), "red"),  # the default: takes
        ("takes", ("red-B1", 3), ("red-B2", 3), "red"),
        ("takes", ("red-B1", 5), ("red-S", 2), "red"),  # whatever the powers and ranks
        ("compare", ("red-B1", 3), ("red-B2", 3), None),  # equal power and rank: nobody
        ("compare", ("red-B1", 3), ("red-B3", 1), "red"),  # one of them wins: red all the same
        ("compare", ("red-C1", 4), ("red-S", 4), "red"),
    ],
)
def test_a_small_stone_between_units_of_one_faction(
    option: str | None, c6: tuple[str, int], c7: tuple[str, int], winner: str | None
) -> None:
    """RULINGS §2 (issue 11): the seed compares 「お互いのユニット」, rivals' units, so a small
    stone between two units of one faction is no contest and that faction takes it, whatever the
    powers and ranks (option small_stone_same_faction=takes, the default). With =compare they
    are compared like rivals' (パワーが同じ場合、ランクを比較…ランクも同じ場合は獲得できません):
    equal facing power and equal rank give the stone to nobody."""
    options = {"small_stone_same_faction": option} if option else {}
    hands = [[f"{f}-{SPARE}"] for f in FACTIONS]
    hands[0].append(c7[0])
    state = build(
        4,
        board={"c6": turned(c6[0], E, c6[1]), "d7": anchor(c7[0], W, c7[1], SE, "yellow")},
        hands=hands,
        options=options,
    )
    events = place(state, 0, c7[0], "c7", W, c7[1])
    (event,) = of_type(events, "small_stone")
    assert event == {"type": "small_stone", "site": "s2", "faction": winner}
    assert stones.points(state)[0] == (1 if winner else 0)


def test_the_small_stone_option_is_listed_with_its_choices() -> None:
    """`bodoge games` lists every option of the game's info with its values and default."""
    (spec,) = [o for o in MonsterHex.info.options if o.key == "small_stone_same_faction"]
    assert (spec.default, spec.choices) == ("takes", ("takes", "compare"))
    assert spec.help_en and spec.help_ja


def test_stones_completed_together_resolve_in_site_order() -> None:
    """After each placement, resolve every stone whose surroundings just became complete, in
    site-id order (RULINGS §2): c3 completes L1 (b2) and L3 (d3) at once."""
    around_l3 = {"c4": SW, "d4": W, "e3": NW, "e2": NE, "d2": E}
    board = {
        h: turned(u, AROUND_L1[h], 3)
        for h, u in zip(
            ["a2", "b3", "c2", "b1", "a1"],
            ["red-A1", "blue-A1", "red-A2", "blue-A2", "red-B1"],
            strict=True,
        )
    }
    board |= {h: turned(u, d, 2) for (h, d), u in
              zip(around_l3.items(), ["yellow-A1", "yellow-B1", "green-A1", "green-B1", "red-B3"],
                  strict=True)}  # fmt: skip
    state = build(4, board=board, hands=[["red-S"], ["blue-C3"], ["yellow-C3"], ["green-C3"]])
    events = place(state, 0, "red-S", "c3", None)
    assert [e["site"] for e in of_type(events, "large_stone")] == ["L1"]
    assert state.pending() == [0]  # red is place 1 at L1 (3+3+3 and red-S against blue's 6)
    assert state.to_json()["queue"] == ["L3"]  # L3 waits for red's choice at L1
    events = play(state, 0, "take:red7")
    assert [e["site"] for e in of_type(events, "large_stone")] == ["L3"]
    assert state.to_json()["queue"] == []


# ---- 2 players without the shared faction: the overwhelming bonus at L1 (b3) ----

AROUND_2P = {"a3": SW, "b4": W, "c4": NW, "c3": NE, "b2": E, "a2": SE}


def surround_2p(
    red: list[int], blue: list[int], options: dict[str, str], **fields: Any
) -> tuple[MonsterHex, list[dict[str, Any]]]:
    """Red's units face L1 with `red` powers, blue's with `blue` (6 in all); blue places last."""
    hexes = list(AROUND_2P)
    keys = ("A1", "A2", "B1", "B3", "S", "C1")
    units = [f"red-{k}" for k in keys][: len(red)] + [f"blue-{k}" for k in keys][: len(blue)]
    powers = red + blue
    board = {
        h: turned(u, AROUND_2P[h], p) for h, u, p in zip(hexes[:5], units, powers, strict=False)
    }
    last_unit, last_power = units[5], powers[5]
    seat = 0 if last_unit.startswith("red") else 1
    hands = [["red-C3"], ["blue-C3"]]
    hands[seat].append(last_unit)
    board["a1"] = anchor(last_unit, SE, last_power, W, last_unit.split("-")[0])
    state = build(2, board=board, hands=hands, turn=seat, options=options, **fields)
    return state, place(state, seat, last_unit, hexes[5], AROUND_2P[hexes[5]], last_power)


OFF = {"shared_faction": "off"}


@pytest.mark.parametrize(("red", "blue"), [([5, 5, 4, 4], [5, 4]), ([5, 4, 5, 5], [5, 4])])
def test_overwhelming_bonus_place_1_takes_both(red: list[int], blue: list[int]) -> None:
    """《圧倒的ボーナス》大魔石タイル獲得時、合計パワーの差が2倍以上の場合、2位の魔石も1位が獲得
    します (18 against 9 is exactly twice)."""
    state, events = surround_2p(red, blue, OFF)
    assert large(events)["overwhelming"] is True
    assert [(e["faction"], e["tile"]) for e in of_type(events, "take")] == [
        ("red", "red7"),
        ("red", "blue4"),
    ]
    assert stones.points(state) == [13, 0, 0, 0]  # 7 + 2 + 4
    assert state.choice is None


def test_less_than_twice_is_no_overwhelming_bonus() -> None:
    """17 against 9: place 1 chooses, place 2 takes the other."""
    state, events = surround_2p([5, 4, 4, 4], [5, 4], OFF)
    assert large(events)["overwhelming"] is False
    assert state.pending() == [0]
    play(state, 0, "take:blue4")
    assert stones.points(state)[:2] == [4, 7]


def test_a_lone_faction_is_overwhelming() -> None:
    """Only one faction around the stone: its total is at least twice the other's 0."""
    state, events = surround_2p([2, 2, 2, 2, 2, 2], [], OFF)
    assert large(events)["overwhelming"] is True
    assert stones.points(state)[0] == 13


def test_no_overwhelming_bonus_with_the_shared_faction() -> None:
    """The overwhelming bonus is a rule of 2 players without the shared faction."""
    state, events = surround_2p([5, 5, 4, 4], [5, 4], {"shared_faction": "on"}, shared="green")
    assert large(events)["overwhelming"] is False
    assert state.pending() == [0]


def test_tied_totals_with_two_players_give_nothing() -> None:
    _, events = surround_2p([3, 3, 3], [3, 3, 3], OFF)
    assert large(events)["first"] is None
    assert len(of_type(events, "discard")) == 2
