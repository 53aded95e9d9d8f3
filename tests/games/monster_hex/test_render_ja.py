"""Monster Hex's terminal text in Japanese (`render(seat, "ja")`): the same layout, Japanese words
and names, the action notations unchanged."""

from __future__ import annotations

from bodoge.games.monster_hex import GAME
from bodoge.games.monster_hex.game import MonsterHex

from .helpers import CONTENT, build


def test_japanese_render_has_the_title_and_unit_names() -> None:
    """A hand-built state: the Japanese text shows the title, the board's Japanese name and each
    hand unit's code (what `unit:` takes) with its Japanese faction and unit name."""
    state = build(
        2,
        shared="yellow",
        board={"c4": "red-A2@0"},
        hands=[["red-S", "red-B1", "yellow-C1"], ["blue-A1", "blue-C2", "blue-C3"]],
    )
    ja = GAME.render(state, 0, "ja")
    assert ja.startswith(f"{MonsterHex.info.title_ja}（{CONTENT.boards[2].ja}）- ラウンド ")
    dragon = CONTENT.units[[u.key for u in CONTENT.units].index("S")].ja
    assert f"red-S {CONTENT.factions[0].ja}の{dragon} (S, " in ja
    assert (
        "あなたの手札（席1、パワーは右上から時計回り）：" in ja
        and "得点：" in ja
        and "魔石：" in ja
    )
    assert "席1：配置するユニットを選んでください" in ja  # seats counted from 1
    assert "Your hand" not in ja and "Scores:" not in ja
    en = GAME.render(state, 0, "en")
    assert ja != en and en == GAME.render(state, 0, "en") and en.startswith("Monster Hex (")
    assert "Your hand (seat 1; powers clockwise from NE): red-S (S, 5 3 4 5 2 4)" in en


def test_japanese_render_of_a_seeded_game_from_start_to_end() -> None:
    """Every screen of a seeded game renders in both languages; the board drawing (hex names,
    unit codes, edge powers) is the same in both."""
    state = MonsterHex.new(3, {"abilities": "on", "objectives": "on"}, seed=3)
    assert GAME.render(state, None, "ja").startswith("モンスターヘクス")
    assert "派閥を選んでください" in GAME.render(state, 0, "ja")
    while not state.is_over():
        ja, en = GAME.render(state, 0, "ja"), GAME.render(state, 0, "en")
        assert ja != en
        grid_lines = len(en.split("\nStones: ")[0].splitlines())
        assert ja.splitlines()[1:grid_lines] == en.splitlines()[1:grid_lines]
        seat = state.pending()[0]
        state.apply(seat, state.legal_actions(seat)[-1])
    ja = GAME.render(state, None, "ja")
    assert "ゲーム終了。勝者：席" in ja and "目標カード：" in ja


def test_unknown_language_falls_back_to_english() -> None:
    state = MonsterHex.new(2, seed=1)
    assert GAME.render(state, 1, "fr") == GAME.render(state, 1, "en")
