"""Monster Hex's terminal text (issue 12 item 9), in English and Japanese: the picked unit and
what each legal rotation shows its neighbours and the stones, the powers facing an open stone in
words, and the game's own help (`MonsterHex.game_help`)."""

from __future__ import annotations

import re

import pytest

from bodoge.engine import visible_events
from bodoge.engine.game import notation_help
from bodoge.games.monster_hex import GAME
from bodoge.games.monster_hex.game import MonsterHex

from .helpers import CONTENT, NW, SW, W, build, facing, placements, play, turned

OFF = {"shared_faction": "off"}


def picked_c4() -> MonsterHex:
    """2 players: red-S@0 on c1 shows 5 to b1 (south-west of b1) and 3 to c2 (west of c2); blue
    picks blue-C4 (1 5 1 2 3 1), which fits on b1 turned 2 and on c2 unturned (test_placement)."""
    state = build(2, options=OFF, turn=1, board={"c1": "red-S@0"}, hands=[[], ["blue-C4"]])
    play(state, 1, "unit:blue-C4")
    assert placements(state, 1) == {"b1@2", "c2@0"}
    return state


def test_the_picked_unit_is_shown_with_its_powers_rank_and_faction() -> None:
    state = picked_c4()
    en = GAME.render(state, 1, "en")
    assert "Placing: blue-C4 (blue, rank C), powers clockwise from NE: 1 5 1 2 3 1" in en
    ja = GAME.render(state, 1, "ja")
    assert (
        "配置中：blue-C4 青のスケルトン（青、ランク C）、パワー（右上から時計回り）：1 5 1 2 3 1"
        in ja
    )


def test_each_legal_rotation_shows_what_it_faces() -> None:
    """b1@2 shows 5 south-west to red-S's 5 (a match) and 3 to small stone s1 (a1|b1); c2@0
    shows 3 west to red-S's 3. The powers are the rules' own: `facing` of the printed edges."""
    assert facing("C4", 2, SW) == 5 and facing("S", 0, (SW + 3) % 6) == 5
    state = picked_c4()
    lines = GAME.render(state, 1, "en").splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith("Where it can go"))
    assert lines[start + 1 : start + 3] == ["  b1@2  SW 5=5  >s1 3", "  c2@0  W 3=3"]
    ja = GAME.render(state, 1, "ja").splitlines()
    start = next(i for i, line in enumerate(ja) if line.startswith("置ける場所"))
    assert ja[start + 1 : start + 3] == ["  b1@2  左下 5=5  >s1 3", "  c2@0  左 3=3"]


def test_a_mismatching_facing_edge_is_marked() -> None:
    """一辺だけが同じパワーであれば…: on c2 blue-C4 faces red-S (c1, showing 3) to the west and
    red-C2 (d1, showing 1) to the south-west; each legal rotation marks the pair that matches
    with = and the other with /."""
    state = build(2, options=OFF, turn=1, board={"c1": "red-S@0", "d1": "red-C2@0"},
                  hands=[[], ["blue-C4"]])  # fmt: skip
    play(state, 1, "unit:blue-C4")
    on_c2 = [line for line in GAME.render(state, 1, "en").splitlines() if line.startswith("  c2@")]
    assert on_c2 == [
        "  c2@0  SW 2/1  W 3=3",
        "  c2@1  SW 1=1  W 2/3",
        "  c2@3  SW 1=1  W 5/3",
        "  c2@4  SW 1=1  W 1/3",
    ]
    assert [facing("C4", r, SW) for r in (0, 1, 3, 4)] == [2, 1, 1, 1]
    assert [facing("C4", r, W) for r in (0, 1, 3, 4)] == [3, 2, 5, 1]


def test_where_any_rotation_goes_and_nothing_is_near_the_hexes_share_a_line() -> None:
    """The first unit of the game: a start hex (c1 or c7), any rotation."""
    state = build(2, options=OFF, hands=[["red-A1"], []])
    play(state, 0, "unit:red-A1")
    assert "  any rotation (@0-@5), nothing next to it: c1, c7" in GAME.render(state, 0, "en")
    assert "  向きは自由（@0-@5、隣に何もない）：c1、c7" in GAME.render(state, 0, "ja")


def test_only_the_seat_placing_sees_the_list_of_placements() -> None:
    state = picked_c4()
    other = GAME.render(state, 0, "en")
    assert "Placing: blue-C4" in other and "Where it can go" not in other


def test_the_powers_facing_an_open_stone_are_words() -> None:
    """L1 (b3, 2-player board) is open with red-S showing it 5 from a3 and blue-C2 showing it 2
    from c4; c4 faces L2 (d4) too."""
    board = {"a3": turned("red-S", SW, 5), "c4": turned("blue-C2", NW, 2)}
    state = build(2, options=OFF, board=board, turn=2)
    en = GAME.render(state, 0, "en")
    assert "L1 at b3: red7, blue4 (open, facing it: red 5, blue 2)" in en
    assert "L2 at d4: green6, yellow5a (open, facing it: blue 2)" in en
    assert "{" not in en.split("Stones: ")[1]
    ja = GAME.render(state, 0, "ja")
    assert "L1（b3）：red7, blue4（未判定、向いたパワー：赤 5、青 2）" in ja


def test_a_petrified_hex_shows_its_value_and_the_powers_facing_it() -> None:
    options = {"abilities": "on"}
    abilities = ["enchant", "blitz", "confuse", "petrify"]
    board = {"a2": turned("red-A1", W, 3), "f5": "green-S@0"}  # a1 lies west of a2
    state = build(4, options=options, abilities=abilities, board=board, petrified={"a1": 2},
                  turn=4)  # fmt: skip
    assert "#a1 (a 2-point stone): open, facing it: red 3" in GAME.render(state, 0, "en")
    assert "#a1（2点の魔石）：未判定、向いたパワー：赤 3" in GAME.render(state, 0, "ja")


# ---- the game's own help ----

NOTATIONS = ("unit:red-A2", "place:d4@2", "take:red7", "faction:red", "shared:green",
             "ability:enchant", "enchant:d4", "curse:d4", "petrify:d4", "confuse:d4", "rotate:3",
             "blitz", "scheme", "pass")  # fmt: skip


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_help_names_every_step_and_how_rotation_works(lang: str) -> None:
    text = GAME.game_help(lang)
    for notation in NOTATIONS:
        assert notation in text
    state = MonsterHex.new(4, {"abilities": "on"}, 1)
    for notation in NOTATIONS:  # each one is the game's own notation
        assert state.action_text(state.parse_action(notation)) == notation
    if lang == "en":
        assert "clockwise from its north-east edge: NE E SE SW W NW" in text
    else:
        assert "右上の辺から時計回り" in text and "（右上 右 右下 左下 左 左上）" in text


@pytest.mark.parametrize(
    ("lang", "pattern", "names"),
    [
        ("en", r"Example: red-S \(([\d ]+)\) at @1 shows (.+)\.",
         ("NE", "E", "SE", "SW", "W", "NW")),
        ("ja", r"例：red-S（([\d ]+)）を @1 で置くと (.+)。",
         ("右上", "右", "右下", "左下", "左", "左上")),
    ],
)  # fmt: skip
def test_the_help_example_follows_the_rules(
    lang: str, pattern: str, names: tuple[str, ...]
) -> None:
    """The example turns red-S one step: each printed power faces one direction further
    clockwise, as the placement rules have it (`facing`)."""
    match = re.search(pattern, GAME.game_help(lang))
    assert match is not None
    assert match.group(1) == " ".join(map(str, CONTENT.units[0].edges))
    sep = ", " if lang == "en" else "、"
    shown = [part.split(" ") for part in match.group(2).split(sep)]
    assert [name for name, _ in shown] == list(names)
    assert [int(power) for _, power in shown] == [facing("S", 1, d) for d in range(6)]


def test_the_help_in_an_unknown_language_is_english() -> None:
    assert GAME.game_help("fr") == GAME.game_help("en") != GAME.game_help("ja")
    assert GAME.game_help("en") != notation_help("en")  # not the engine's one line


# ---- events in words ----


def test_a_large_stone_event_tells_the_totals_in_words() -> None:
    """大魔石の周囲6マスにある各勢力ごとのユニットが持つパワーの合計値を比較して…: the event's
    totals are read as words, not as a dict."""
    from .test_stones import surround

    _, events = surround(
        {"a2": ("red-S", 5), "a1": ("red-A1", 4), "c3": ("blue-B3", 3), "c2": ("blue-A2", 3),
         "b1": ("green-B1", 2)},
        ("b3", "yellow-A1", 1),
    )  # fmt: skip
    (event,) = [e for e in events if e["type"] == "large_stone"]
    state = MonsterHex.new(4, {}, 1)
    assert GAME.describe_event(state, event, "en") == (
        "Large stone L1: Red 9, Blue 6, Yellow 1, Green 2; place 1: Red, place 2: Blue"
    )
    assert (
        GAME.describe_event(state, event, "ja")
        == "大魔石L1：赤 9、青 6、黄 1、緑 2。1位 赤、2位 青"
    )


@pytest.mark.parametrize(
    ("event", "en", "ja"),
    [
        ({"type": "small_stone", "site": "s2", "faction": None},
         "Small stone s2: nobody takes it", "小魔石s2：獲得なし"),
        ({"type": "large_stone", "site": "L1", "totals": {"red": 18, "blue": 9}, "first": "red",
          "second": "blue", "overwhelming": True},
         "Large stone L1: Red 18, Blue 9; Red is overwhelming and takes both tiles",
         "大魔石L1：赤 18、青 9。赤の圧倒的ボーナス、2枚とも獲得"),
        ({"type": "petrified_stone", "hex": "a1", "points": 2, "totals": {"red": 3, "blue": 5},
          "faction": "blue"},
         "Petrified a1 (2 points): Red 3, Blue 5; Blue takes it",
         "魔石化a1（2点）：赤 3、青 5。青が獲得"),
        ({"type": "take", "faction": "red", "tile": "red7", "points": 9},
         "Red takes the 7-point Red tile (9 points)", "赤が赤の7点タイルを獲得（9点）"),
        ({"type": "place", "seat": 1, "unit": "blue-C4", "hex": "c2", "rot": 0},
         "Seat 2 placed Blue Skeleton (C) on c2, unturned",
         "席2が青のスケルトン（C）をc2に置いた（回転なし）"),
        ({"type": "ability", "seat": 0, "ability": "enchant"},
         "Seat 1 chose the ability Enchant", "席1が能力「強化」を選んだ"),
    ],
)  # fmt: skip
def test_events_in_words(event: dict[str, object], en: str, ja: str) -> None:
    state = MonsterHex.new(4, {}, 1)
    assert GAME.describe_event(state, event, "en") == en
    assert GAME.describe_event(state, event, "ja") == ja


def test_a_draw_tells_the_units_only_to_the_seat_that_drew() -> None:
    state = MonsterHex.new(4, {}, 1)
    event = {"type": "draw", "seat": 2, "count": 1, "private": {"units": ["yellow-S"]},
             "visible_to": [2]}  # fmt: skip
    (own,) = visible_events([event], 2)
    (other,) = visible_events([event], 0)
    assert GAME.describe_event(state, own, "en", viewer=2) == "You drew Yellow Dragon (S)"
    assert GAME.describe_event(state, other, "en", viewer=0) == "Seat 3 drew 1 unit from the deck"
    assert GAME.describe_event(state, other, "ja", viewer=0) == "席3が山札から1枚引いた"
