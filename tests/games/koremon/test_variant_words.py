"""A designer's card list names and ranks the species wherever Trick the Monster and Monster
Evolution name one (issue 28): the terminal, the action labels, the event and result words and
the page's content, in English and Japanese. The built-in list's texts are pinned by the games'
own word and snapshot tests."""

from __future__ import annotations

from typing import Any

from bodoge.games.koremon import EVOLUTION, TRICK
from bodoge.games.koremon.common import variant as common_variant
from bodoge.games.koremon.evolution.variant import KIT as EVOLUTION_KIT

from .test_evolution import position as evolution_position
from .test_trick import position as trick_position
from .test_trick_variant import with_variant


def renamed() -> dict[str, Any]:
    """The Dragon renamed the Wyvern and made rank 2, the Griffin the Phoenix of rank 1."""
    data = common_variant.builtin()
    for item in data["species"]:
        if item["key"] == "dragon":
            item.update(en="Wyvern", ja="ワイバーン", rank=2)
        elif item["key"] == "griffin":
            item.update(en="Phoenix", ja="フェニックス", rank=1)
    return data


def test_trick_names_and_ranks_a_variants_species() -> None:
    hands = [["dragon", "griffin"], ["orc", "harpy"], ["slime", "goblin"], ["bat", "kobold"]]
    state = with_variant(trick_position(hands, leader=0, rest_to=0), renamed())
    en, ja = TRICK.render(state, 0, "en"), TRICK.render(state, 0, "ja")
    assert "Your hand: Wyvern ワイバーン (rank 2) x1; Phoenix フェニックス (rank 1) x1" in en
    assert "あなたの手札：ワイバーン（ランク2）x1、フェニックス（ランク1）x1" in ja
    assert "Dragon" not in en and "ドラゴン" not in ja
    dragon = state.parse_action("play:dragon")
    assert TRICK.action_label(state, dragon, "en", None) == "Play a Wyvern"
    assert TRICK.action_label(state, dragon, "ja", None) == "ワイバーンを出す"
    [event] = state.apply(0, dragon)
    assert TRICK.describe_event(state, event, "en").endswith("played a Wyvern")
    assert TRICK.describe_event(state, event, "ja").endswith("がワイバーンを出した")
    assert "Wyvern ワイバーン" in TRICK.render(state, None, "en")  # the trick on the table
    content = TRICK.public_content(4, state.options)
    faces = {face["key"]: face for face in content["cards"]}
    assert faces["dragon"]["name"] == {"en": "Wyvern", "ja": "ワイバーン"}
    assert faces["dragon"]["rank"] == 2 and faces["griffin"]["rank"] == 1
    assert content["ranks"][0]["species"] == ["griffin"]
    assert content["ranks"][1]["species"] == ["dragon", "vampire"]


def test_evolution_names_and_ranks_a_variants_species() -> None:
    options = EVOLUTION_KIT.options(renamed())
    # the Vampire (rank 2) rolls 1 + 1: the Phoenix is the only rank 1
    state = evolution_position(["vampire", "dragon"], (1, 1), options=options)
    roll = state.parse_action("roll")
    assert EVOLUTION.action_label(state, roll, "en", None) == (
        "Roll two dice (2 or less evolves your Vampire; double six sets it back)"
    )
    state.turn = 1  # the Wyvern's seat: rank 2 in this list
    assert EVOLUTION.action_label(state, roll, "en", None) == (
        "Roll two dice (2 or less evolves your Wyvern; double six sets it back)"
    )
    assert EVOLUTION.action_label(state, roll, "ja", None) == (
        "ダイスを2個振る（合計2以下でワイバーンが進化、6のゾロ目で退化）"
    )
    assert "seat 2: Wyvern ワイバーン (rank 2)" in EVOLUTION.render(state, None, "en")
    assert "席2：ワイバーン（ランク2）" in EVOLUTION.render(state, None, "ja")
    state.turn = 0
    events = state.apply(0, roll)
    evolve = next(event for event in events if event["type"] == "evolve")
    assert evolve["to"] == "griffin"
    assert EVOLUTION.describe_event(state, evolve, "en").endswith(
        "evolved the Vampire into the Phoenix"
    )
    assert EVOLUTION.describe_event(state, evolve, "ja").endswith(
        "のヴァンパイアがフェニックスに進化した"
    )
    assert "evolved to the Phoenix and wins!" in EVOLUTION.render(state, None, "en")
    assert "フェニックスに進化して勝利！" in EVOLUTION.render(state, None, "ja")
    result = EVOLUTION.describe_result(state, "en", None)
    assert result[0].endswith("the first to evolve to the Phoenix")
    assert result[1].endswith("reached the Wyvern (rank 2)")
    assert EVOLUTION.describe_result(state, "ja", None)[1].endswith("ワイバーン（ランク2）まで")
    assert EVOLUTION.result_words(state)["values"]["holds"]["dragon"] == {
        "en": "Wyvern",
        "ja": "ワイバーン",
    }
    content = EVOLUTION.public_content(2, options)
    assert content["goal"] == {
        "en": "the first to evolve into the Phoenix wins",
        "ja": "最初にフェニックスに進化した人の勝ち",
    }
    assert content["ranks"][0]["species"] == ["griffin"]
    assert (
        EVOLUTION.public_content(2, {})["goal"]["en"] == "the first to evolve into the Dragon wins"
    )
