"""Monster Evolution in words (koremon_evolution): rolls, evolutions and the Dragon in English and
Japanese, action labels read from the position, who won, and that a roll cannot be taken back
(bodoge.engine.match: chance closes the turn)."""

from __future__ import annotations

import pytest

from bodoge.engine import Match, UndoRefused
from bodoge.games.koremon import EVOLUTION

from .test_evolution import position

NAMES = ["Ann", "Bo", "Cy"]


def describe(event: dict, viewer: int | None, lang: str, names: list[str] | None = None) -> str:
    return EVOLUTION.describe_event(
        position(["slime", "goblin", "bat"], (1, 1)), event, lang, viewer, names
    )


def test_roll_evolve_devolve_no_card_and_win() -> None:
    """Seed 2 and 3: the dice, one rank up at or under the rank, double six one rank down, no
    card when none of that rank is free, and the first Dragon wins."""
    roll = {"type": "roll", "seat": 1, "dice": [6, 5]}
    assert describe(roll, 1, "en") == "You rolled 6 and 5 (11)"
    assert describe(roll, 0, "ja", NAMES) == "Boがダイスで6と5（合計11）を出した"
    evolve = {"type": "evolve", "seat": 0, "from": "slime", "to": "harpy"}
    assert describe(evolve, 1, "en") == "Seat 1 evolved the Slime into the Harpy"
    assert describe(evolve, 0, "ja") == "あなたのスライムがハーピーに進化した"
    devolve = {"type": "devolve", "seat": 2, "from": "griffin", "to": "mermaid"}
    assert describe(devolve, 2, "en") == "Double six: you fell back from the Griffin to the Mermaid"
    assert describe(devolve, None, "ja", NAMES) == "6のゾロ目：Cyのグリフォンがマーメイドに退化した"
    no_card = {"type": "no_card", "seat": 0, "rank": 2}
    assert describe(no_card, None, "en") == "Seat 1 would take a rank 2 monster, but none is left"
    assert describe(no_card, 0, "ja") == "あなたはランク2のモンスターを受け取るはずが、残っていない"
    assert describe({"type": "win", "seat": 1}, 1, "en") == "You reached the Dragon first"
    assert describe({"type": "win", "seat": 1}, 0, "ja") == "席2が最初にドラゴンに進化した"


def test_nothing_in_evolution_is_hidden() -> None:
    catalog = EVOLUTION.event_catalog
    kinds = ("roll", "evolve", "devolve", "no_card", "win")
    assert not catalog.reveals([{"type": kind} for kind in kinds])


def test_the_roll_label_says_what_total_evolves_the_monster() -> None:
    """Seed 2: at or under the rank evolves; double six sets back, never below rank 5."""
    state = position(["golem", "slime"], (1, 1))
    assert EVOLUTION.action_label(state, 0, "en", None) == (
        "Roll two dice (3 or less evolves your Golem; double six sets it back)"
    )
    assert (
        EVOLUTION.action_label(state, 0, "ja", None)
        == "ダイスを2個振る（合計3以下でゴーレムが進化、6のゾロ目で退化）"
    )
    rank5 = position(["golem", "slime"], (1, 1), turn=1)
    assert (
        EVOLUTION.action_label(rank5, 0, "en", None)
        == "Roll two dice (5 or less evolves your Slime)"
    )


def test_the_take_label_names_the_monster_and_its_rank() -> None:
    state = position(["slime", "goblin"], (3, 2))
    take = state.parse_action("take:harpy")
    assert (
        EVOLUTION.action_label(state, take, "en", None) == "Take the Harpy (rank 4) from the supply"
    )
    assert EVOLUTION.action_label(state, take, "ja", None) == "中央からハーピー（ランク4）を取る"


def test_a_roll_cannot_be_undone_even_when_a_choice_follows() -> None:
    """3 + 2 = 5 at rank 5: the seat must still choose its rank-4 monster, but the dice were
    chance, so the roll stands."""
    match = Match.from_state(position(["slime", "goblin"], (3, 2)))
    match.apply(0, "roll")
    assert match.pending() == [0] and not match.can_undo(0)
    with pytest.raises(UndoRefused):
        match.undo(0)


def test_result_names_the_dragon_and_how_far_the_others_got() -> None:
    """Seed 3: the first Dragon wins; bodoge ranks the others by the rank they reached."""
    state = position(["slime", "vampire", "golem"], (1, 1), turn=1)
    state.apply_text(1, "roll")
    assert EVOLUTION.describe_result(state, "en", NAMES) == [
        "Winner: Bo, the first to evolve to the Dragon",
        "Cy: reached the Golem (rank 3)",
        "Ann: reached the Slime (rank 5)",
    ]
    assert EVOLUTION.describe_result(state, "ja", None) == [
        "勝者：席2（最初にドラゴンに進化）",
        "席3：ゴーレム（ランク3）まで",
        "席1：スライム（ランク5）まで",
    ]
