"""Monster Hex in words (words.py, events.toml): hand-built events told in English and Japanese
as each seat receives them, the labels of every kind of action in hand-built positions, and who
won and why at the end (RULINGS §2 scoring; seed 004 「ゲームの終了」)."""

from __future__ import annotations

from typing import Any

import pytest

from bodoge.engine import visible_events
from bodoge.engine.events import engine_catalog
from bodoge.games.monster_hex import GAME
from bodoge.games.monster_hex.game import MonsterHex

from . import test_objectives
from .helpers import around, build, play
from .test_abilities import ABILITIES, duel
from .test_flow import over
from .test_stones import OFF, surround_2p

STATE = MonsterHex.new(4, {}, 1)


def words(event: dict[str, Any], viewer: int | None = None) -> tuple[str, str]:
    return GAME.describe_event(STATE, event, "en", viewer), GAME.describe_event(
        STATE, event, "ja", viewer
    )


# ---- events ----


def test_monster_hex_has_its_own_catalogue_with_every_event_type() -> None:
    """Every type the rules emit (game.py and abilities.py) is listed, beside the engine's."""
    listed = set(GAME.event_catalog.types) - set(engine_catalog().types)
    assert listed == {
        "faction", "shared_faction", "dealt", "ability", "select", "place", "small_stone",
        "large_stone", "take", "discard", "draw", "enchant", "curse", "petrify", "confuse",
        "rotate", "blitz", "scheme", "reward", "petrified_stone",
    }  # fmt: skip


def test_what_reveals_hidden_information_is_marked() -> None:
    """Drawing units, drawing an objective card and dealing the hands make something hidden known
    (they end the chance to undo); picking and placing a unit, or resolving a stone, do not."""
    catalog = GAME.event_catalog
    revealing = {name for name, known in catalog.types.items() if known.reveals}
    assert revealing == {"dealt", "draw", "scheme"}


@pytest.mark.parametrize(
    ("event", "en", "ja"),
    [
        ({"type": "faction", "seat": 1, "faction": "yellow"},
         "Seat 2 chose Yellow", "席2が黄を選んだ"),
        ({"type": "shared_faction", "seat": 0, "faction": "green"},
         "Seat 1 chose Green as the shared faction", "席1が共有色に緑を選んだ"),
        ({"type": "dealt", "hands": [3, 3, 3]},
         "The units are dealt: hands of 3, 3, 3 units", "ユニットを配った：手札 3、3、3 枚"),
        ({"type": "select", "seat": 3, "unit": "green-A2"},
         "Seat 4 picked Green Vampire (A)", "席4が緑のヴァンパイア（A）を選んだ"),
        ({"type": "place", "seat": 2, "unit": "yellow-B1", "hex": "d4", "rot": 2},
         "Seat 3 placed Yellow Gargoyle (B) on d4, turned 2 (120° clockwise)",
         "席3が黄のガーゴイル（B）をd4に置いた（時計回りに120°）"),
        ({"type": "small_stone", "site": "s3", "faction": "blue"},
         "Small stone s3: Blue takes it (1 point)", "小魔石s3：青が獲得（1点）"),
        ({"type": "large_stone", "site": "L2", "totals": {"red": 7, "blue": 7, "green": 3},
          "first": None, "second": "green", "overwhelming": False},
         "Large stone L2: Red 7, Blue 7, Green 3; place 1 is shared, place 2: Green",
         "大魔石L2：赤 7、青 7、緑 3。1位は同点、2位 緑"),
        ({"type": "take", "faction": "green", "tile": "yellow5b", "points": 5},
         "Green takes the 5-point Yellow tile (second) (5 points)",
         "緑が黄の5点タイル（2枚目）を獲得（5点）"),
        ({"type": "discard", "tile": "blue4"},
         "The 4-point Blue tile is discarded", "青の4点タイルは捨て札になった"),
        ({"type": "enchant", "seat": 0, "hex": "c7", "counters": 2},
         "Seat 1 put 2 white counters on c7 (Enchant)",
         "席1がc7に白のカウンターを2個置いた（強化）"),
        ({"type": "curse", "seat": 3, "hex": "c6", "counters": 1},
         "Seat 4 put a black counter on c6 (Curse)",
         "席4がc6に黒のカウンターを1個置いた（呪い）"),
        ({"type": "rotate", "seat": 1, "hex": "b2", "rot": 0},
         "Seat 2 turned the unit on b2: now unturned",
         "席2がb2のユニットの向きを変えた（回転なし）"),
        ({"type": "reward", "faction": "red", "points": 3},
         "Red scores 3 more points for Reward", "赤が褒賞で3点"),
    ],
)  # fmt: skip
def test_events_in_both_languages(event: dict[str, Any], en: str, ja: str) -> None:
    assert words(event) == (en, ja)


def test_an_event_of_the_viewer_says_you() -> None:
    event = {"type": "place", "seat": 2, "unit": "yellow-C1", "hex": "a1", "rot": 5}
    assert words(event, viewer=2) == (
        "You placed Yellow Imp (C) on a1, turned 5 (300° clockwise)",
        "あなたが黄のインプ（C）をa1に置いた（時計回りに300°）",
    )


def test_a_drawn_objective_card_is_named_only_to_its_seat() -> None:
    """隠密: the card drawn is the seat's own secret; the others learn only that it drew one."""
    event = {"type": "scheme", "seat": 1, "private": {"card": "line3"}, "visible_to": [1]}
    (own,) = visible_events([event], 1)
    (other,) = visible_events([event], 0)
    (watcher,) = visible_events([event], None)
    assert words(own, viewer=1) == (
        "You drew the objective card “Formation: three of your units in a straight line” (Scheme)",
        "あなたが目標カード「フォーメーション：自軍ユニット3体が一直線に並ぶ」を引いた（隠密）",
    )
    assert words(other, viewer=0) == (
        "Seat 2 drew an objective card (Scheme)",
        "席2が目標カードを1枚引いた（隠密）",
    )
    assert words(watcher) == words(other, viewer=0)


def test_drawn_units_are_named_only_to_their_seat() -> None:
    event = {"type": "draw", "seat": 0, "count": 2, "private": {"units": ["red-S", "red-C3"]},
             "visible_to": [0]}  # fmt: skip
    (own,) = visible_events([event], 0)
    (other,) = visible_events([event], 3)
    assert words(own, viewer=0) == (
        "You drew Red Dragon (S), Red Slime (C)",
        "あなたが赤のドラゴン（S）、赤のスライム（C）を引いた",
    )
    assert words(other, viewer=3) == ("Seat 1 drew 2 units from the deck", "席1が山札から2枚引いた")


def test_names_stand_for_seats() -> None:
    event = {"type": "blitz", "seat": 1}
    assert (
        GAME.describe_event(STATE, event, "ja", 0, ["アキ", "ベン"])
        == "ベンが2体目を配置する（速攻）"
    )


# ---- actions ----


def labels(state: MonsterHex, seat: int, lang: str) -> list[str]:
    return [GAME.action_label(state, action, lang, None) for action in state.legal_actions(seat)]


def test_factions_and_abilities_are_chosen_by_name() -> None:
    state = MonsterHex.new(2, {"shared_faction": "on"}, 4)
    first = state.pending()[0]
    assert labels(state, first, "en") == [
        "Choose Red",
        "Choose Blue",
        "Choose Yellow",
        "Choose Green",
    ]
    assert labels(state, first, "ja") == ["赤を選ぶ", "青を選ぶ", "黄を選ぶ", "緑を選ぶ"]
    play(state, first, "faction:red")
    play(state, 1 - first, "faction:blue")
    assert labels(state, 1 - first, "en") == [
        "Choose Yellow as the shared faction",
        "Choose Green as the shared faction",
    ]
    assert labels(state, 1 - first, "ja") == ["共有色に黄を選ぶ", "共有色に緑を選ぶ"]
    cards = MonsterHex.new(4, {"abilities": "on", "factions": "random"}, 3)
    seat = cards.pending()[0]
    assert cards.factions[seat] == cards.c.faction_of["yellow"]
    assert labels(cards, seat, "en") == ["Choose the ability Confuse", "Choose the ability Scheme"]
    assert labels(cards, seat, "ja") == ["能力「混乱」を選ぶ", "能力「隠密」を選ぶ"]


def test_a_placement_says_which_neighbours_it_matches() -> None:
    """red-S@0 on c1 shows 5 to b1 (north-east of c1) and 3 to c2 (east of it); blue-C4 (1 5 1 2
    3 1) matches 3 west unturned on c2, and 5 south-west turned twice on b1."""
    state = build(2, options=OFF, turn=1, board={"c1": "red-S@0"}, hands=[["red-A1"], ["blue-C4"]])
    assert "Pick Blue Skeleton: rank C, powers 1 5 1 2 3 1" in labels(state, 1, "en")
    assert "青のスケルトンを選ぶ：ランクC、パワー 1 5 1 2 3 1" in labels(state, 1, "ja")
    play(state, 1, "unit:blue-C4")
    assert labels(state, 1, "en") == [
        "Place Blue Skeleton (C) on b1, turned 2 (120° clockwise); "
        "matches Red Dragon (S) south-west at 5",
        "Place Blue Skeleton (C) on c2, unturned; matches Red Dragon (S) west at 3",
    ]
    assert labels(state, 1, "ja") == [
        "青のスケルトン（C）をb1に置く（時計回りに120°）：南西の赤のドラゴン（S）とパワー5で一致",
        "青のスケルトン（C）をc2に置く（回転なし）：西の赤のドラゴン（S）とパワー3で一致",
    ]
    # turned once, blue-C4 shows 2 west against red-S's 3 (a fallback or Scatter placement)
    mismatch = state.parse_action("place:c2@1")
    assert GAME.action_label(state, mismatch, "en", None) == (
        "Place Blue Skeleton (C) on c2, turned 1 (60° clockwise); matches no neighbour"
    )
    assert GAME.action_label(state, mismatch, "ja", None) == (
        "青のスケルトン（C）をc2に置く（時計回りに60°）：一致する隣なし"
    )


def test_a_tile_is_offered_with_its_worth_to_the_chooser() -> None:
    """Place 1 (red, 17 against 9) chooses: its own color's tile is worth 2 more (色ボーナス)."""
    state, _ = surround_2p([5, 4, 4, 4], [5, 4], OFF)
    assert labels(state, 0, "en") == [
        "Take the 7-point Red tile (9 points for Red)",
        "Take the 4-point Blue tile (4 points for Red)",
    ]
    assert labels(state, 0, "ja") == [
        "赤の7点タイルを取る（赤に9点）",
        "青の4点タイルを取る（赤に4点）",
    ]


def test_an_ability_is_offered_with_what_it_does_here() -> None:
    """The S unit is ★: Enchant lays 2 white counters; a ● Curse unit lays 1 black counter."""
    state = duel(0, "red-S", 3, "blue-A1", 4, ABILITIES)
    assert labels(state, 0, "en") == [
        "Do not use Enchant",
        "Enchant: 2 white counters on Red Dragon (S) on c7",
    ]
    assert labels(state, 0, "ja") == [
        "能力「強化」を使わない",
        "強化：c7の赤のドラゴン（S）に白のカウンターを2個置く",
    ]
    state = duel(3, "green-C1", 4, "blue-A1", 4, [*ABILITIES[:3], "curse"])
    assert labels(state, 3, "en")[1] == "Curse: 1 black counter on Blue Golem (A) on c6"
    assert labels(state, 3, "ja")[1] == "呪い：c6の青のゴーレム（A）に黒のカウンターを1個置く"


def test_every_label_differs_from_the_others() -> None:
    """Two tiles of one color and worth (yellow5a, yellow5b) are told apart by their keys."""
    c = STATE.c
    tiles = [
        GAME.action_label(STATE, STATE.parse_action(f"take:{t.key}"), "en", None) for t in c.tiles
    ]
    assert len(set(tiles)) == len(tiles)
    assert "Take the 5-point Yellow tile (first)" in tiles


# ---- the result ----


def test_a_tie_broken_by_the_7_point_tile() -> None:
    """該当するプレイヤーが複数いる場合は、7点の魔石を獲得したプレイヤーが勝者です: red and blue
    both have 10, blue holds red7."""
    state = over(["L1", "L3", "L4"], taken={"red": ["blue6", "green4"], "blue": ["red7", "red3"]},
                 discarded=["blue4", "yellow5b"])  # fmt: skip
    assert GAME.describe_result(state, "en", None) == [
        "Seat 2 wins the tie on 10 points with seat 1, holding the 7-point Red tile",
        "Seat 1 (Red): 10 points = 6-point Blue tile 6, 4-point Green tile 4",
        "Seat 2 (Blue): 10 points = 7-point Red tile 7, 3-point Red tile 3 (holds the 7)",
        "Seat 3 (Yellow): 0 points = nothing",
        "Seat 4 (Green): 0 points = nothing",
    ]
    assert GAME.describe_result(state, "ja", ["アキ", "ベン", "チエ", "ダン"]) == [
        "ベンの勝ち：アキと10点で並び、赤の7点タイルを持つ",
        "アキ（赤）：10点 = 青の6点タイル 6、緑の4点タイル 4",
        "ベン（青）：10点 = 赤の7点タイル 7、赤の3点タイル 3（7点タイルを持つ）",
        "チエ（黄）：0点 = 得点なし",
        "ダン（緑）：0点 = 得点なし",
    ]


def test_both_players_lose_to_the_shared_faction() -> None:
    """お互いの得点が共有色の得点より低い場合、プレイヤーは2人ともゲームに敗北します: red 6, blue
    7 (two small stones and a tile), green 13 (its own 4-point tile +2, and red7)."""
    board = around(2, ["L1", "L2"], ["red", "blue", "green"])
    board |= {"a1": "blue-C1@0", "b1": "blue-C2@0", "d6": "blue-C3@0", "e5": "blue-C4@0"}
    state = build(
        2, phase="over", turn=27, stones={}, shared="green", board=board,
        done=["L1", "L2", "s1", "s2"], small_won={"s1": "blue", "s2": "blue"},
        taken={"red": ["blue6"], "blue": ["yellow5a"], "green": ["green4", "red7"]},
    )  # fmt: skip
    assert GAME.describe_result(state, "en", None) == [
        "The shared faction Green won with 13 points, each player scoring less: no player wins",
        "Seat 1 (Red): 6 points = 6-point Blue tile 6",
        "Seat 2 (Blue): 7 points = small stones 2, 5-point Yellow tile (first) 5",
        "Shared faction (Green): 13 points = 4-point Green tile (own color) 6, 7-point Red tile 7",
    ]
    assert GAME.describe_result(state, "ja", None) == [
        "共有色（緑）の勝ち：13点、2人ともそれより低い得点。どちらのプレイヤーも勝ちません",
        "席1（赤）：6点 = 青の6点タイル 6",
        "席2（青）：7点 = 小魔石 2、黄の5点タイル（1枚目） 5",
        "共有色（緑）：13点 = 緑の4点タイル（自分の色） 6、赤の7点タイル 7",
    ]
    words = GAME.result_words(state)  # what a page says in place of the winners' names
    assert words["outcome"] == {
        "en": "The shared faction Green won: no player wins",
        "ja": "共有色（緑）の勝ち。どちらのプレイヤーも勝ちません",
    }
    assert words["labels"]["no_winner"]["en"] == "The shared faction won: no player wins"


def test_objective_cards_are_counted_card_by_card() -> None:
    """Four red C units in a row hold two lines of three (line3, 2 points each) and rabble."""
    board = {"c1": "red-C1@0", "c2": "red-C2@0", "c3": "red-C3@0", "c4": "red-C4@0",
             "a1": "blue-C1@0", "a2": "blue-C2@0"}  # fmt: skip
    state = test_objectives.over(board, ["line3", "rabble"])
    assert GAME.describe_result(state, "en", None)[:2] == [
        "Seat 1 wins with 10 points",
        "Seat 1 (Red): 10 points = “Formation: three of your units in a straight line” 4, "
        "“Formation: three of your C units in a straight line” 6",
    ]
    assert GAME.describe_result(state, "ja", None)[:2] == [
        "席1の勝ち：10点",
        "席1（赤）：10点 = 「フォーメーション：自軍ユニット3体が一直線に並ぶ」 4、"
        "「フォーメーション：自軍のCランク3体が一直線に並ぶ」 6",
    ]
    # the browser's result table names the cards of the detail the same way
    assert GAME.result_words(state)["values"]["objectives"]["line3"] == {
        "en": "Formation: three of your units in a straight line",
        "ja": "フォーメーション：自軍ユニット3体が一直線に並ぶ",
    }


def test_a_game_in_progress_has_no_result_to_tell() -> None:
    assert GAME.describe_result(STATE, "en", None) == [] == GAME.describe_result(STATE, "ja", None)


def test_confuse_names_the_unit_it_turns_and_each_rotation() -> None:
    """混乱: the ● unit turns an adjacent enemy, blue-A1 on c6, to any other rotation."""
    state = duel(2, "yellow-C1", 2, "blue-A1", 3, ["enchant", "blitz", "confuse", "petrify"])
    assert labels(state, 2, "en") == [
        "Do not use Confuse",
        "Confuse: turn Blue Golem (A) on c6",
    ]
    assert labels(state, 2, "ja")[1] == "混乱：c6の青のゴーレム（A）の向きを変える"
    play(state, 2, "confuse:c6")
    turns = dict(zip(state.legal_texts(2), labels(state, 2, "en"), strict=True))
    assert turns["rotate:2"] == "Turn Blue Golem (A) on c6: turned 2 (120° clockwise)"
    turns_ja = dict(zip(state.legal_texts(2), labels(state, 2, "ja"), strict=True))
    assert turns_ja["rotate:0"] == "c6の青のゴーレム（A）の向きを変える（回転なし）"


def test_scheme_blitz_and_petrify_in_words() -> None:
    scheme = duel(2, "yellow-B1", 2, "blue-A1", 3, ["enchant", "blitz", "scheme", "curse"])
    assert labels(scheme, 2, "en") == ["Do not use Scheme", "Scheme: draw an objective card"]
    assert labels(scheme, 2, "ja") == ["能力「隠密」を使わない", "隠密：目標カードを1枚引く"]
    hands = [["red-C3"], ["blue-C3"], ["yellow-C3"], ["green-S", "green-C3"]]
    petrify = build(4, options={"abilities": "on"}, start=3, hands=hands,
                    abilities=["enchant", "blitz", "confuse", "petrify"])  # fmt: skip
    play(petrify, 3, "unit:green-S", "place:a4@0")
    texts = dict(zip(petrify.legal_texts(3), labels(petrify, 3, "en"), strict=True))
    assert texts["petrify:a1"] == "Petrify: make a1 a 2-point stone"  # ★: 2 counters
    texts_ja = dict(zip(petrify.legal_texts(3), labels(petrify, 3, "ja"), strict=True))
    assert texts_ja["petrify:a1"] == "魔石化：a1を2点の魔石にする"
    assert GAME.action_label(STATE, STATE.parse_action("blitz"), "en", None) == (
        "Blitz: place a second unit at once"
    )
    assert (
        GAME.action_label(STATE, STATE.parse_action("blitz"), "ja", None)
        == "速攻：続けて2体目を配置する"
    )


def test_two_units_of_one_name_are_told_apart_in_words() -> None:
    """A folder of one's own content may give two units of a faction one name: the printed rank
    tells them apart, and where the rank is the same too, a word does, never the id."""
    import copy
    import dataclasses

    from bodoge.games.monster_hex import content
    from bodoge.games.monster_hex.words import unit_name

    c = copy.copy(content.load())
    keys = [unit.key for unit in c.units]
    slime = c.units[keys.index("C3")]
    renamed = {"A2": ("Slime", "スライム"), "C4": ("Slime", "スライム")}
    c.units = [
        dataclasses.replace(u, en=renamed[u.key][0], ja=renamed[u.key][1]) if u.key in renamed
        else u
        for u in c.units
    ]  # fmt: skip
    code = {key: keys.index(key) + 1 * len(keys) for key in keys}  # blue's units
    assert slime.en == "Slime"
    assert unit_name(c, code["A2"], "en") == "Blue Slime (A)"
    assert unit_name(c, code["C3"], "en") == "Blue Slime (C, first)"
    assert unit_name(c, code["C4"], "en") == "Blue Slime (C, second)"
    assert unit_name(c, code["C4"], "ja") == "青のスライム（C・2体目）"
    assert unit_name(c, code["C4"], "en", rank=False) == "Blue Slime (second)"


@pytest.mark.parametrize(("players", "seed"), [(2, 4), (3, 5), (4, 8)])
def test_the_prompts_result_counts_the_objective_points(players: int, seed: int) -> None:
    """A finished game's prompt carries what a panel needs to show points that match the
    result: each faction's points on the board (the view) plus its seat's objective cards (the
    result's breakdown, each card named by its text) make the seat's score."""
    import random

    from bodoge.engine import Match

    match = Match("monster_hex", players, {"objectives": "on"}, seed)
    pick = random.Random(seed)
    while not match.is_over():
        seat = match.pending()[0]
        match.apply(seat, pick.choice(match.state.legal_actions(seat)))
    prompt = match.prompt(0)
    result, view = prompt["result"], prompt["view"]
    objectives = result["detail"]["objectives"]
    assert any(objectives)
    for seat, faction in enumerate(view["factions"]):
        assert view["points"][faction] + sum(objectives[seat].values()) == result["scores"][seat]
        for key in objectives[seat]:
            assert result["values"]["objectives"][key]["ja"]
    assert result["labels"]["objectives"] == {"en": "Objective points", "ja": "目標カードの得点"}
