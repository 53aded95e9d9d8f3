"""Placement rules (RULINGS §2 "Play"; seed 004 「1.ユニットの配置」), on the 2-player board
without the shared faction. Start hexes there are c1 and c7."""

from __future__ import annotations

from pathlib import Path

import pytest

from bodoge.engine import IllegalAction

from .helpers import SW, W, build, facing, placements, play

OPTIONS = {"shared_faction": "off"}


@pytest.fixture
def all_ones(tmp_path: Path) -> dict[str, str]:
    """Content whose C2, C3 and C4 tiles show power 1 on every edge (a user's own units.toml), so
    that a hand of them fits nowhere next to a tile without a 1."""
    text = (Path(__file__).parents[3] / "src/bodoge/games/monster_hex/data/units.toml").read_text()
    for edges in ("[1, 2, 1, 3, 2, 4]", "[3, 2, 2, 1, 1, 4]", "[1, 5, 1, 2, 3, 1]"):
        text = text.replace(f"edges = {edges}", "edges = [1, 1, 1, 1, 1, 1]")
    (tmp_path / "units.toml").write_text(text, encoding="utf-8")
    return {**OPTIONS, "content": str(tmp_path)}


def test_first_unit_goes_on_a_start_hex_in_any_rotation() -> None:
    """スタートプレイヤーは、最初の1枚目だけボード上に2つあるスタートマスのいずれか1マスを選び"""
    state = build(2, options=OPTIONS, hands=[["red-S", "red-A1", "red-C1"], ["blue-B1"]])
    assert state.legal_texts(0) == ["unit:red-S", "unit:red-A1", "unit:red-C1"]
    play(state, 0, "unit:red-A1")
    assert placements(state, 0) == {f"{hex_}@{r}" for hex_ in ("c1", "c7") for r in range(6)}


def test_a_unit_must_match_a_facing_edge_of_an_adjacent_unit() -> None:
    """少なくとも隣接するユニット同士の1辺が「同じパワー(同じドット数)」である必要があります.
    red-S@0 on c1 shows 5 to b1, 3 to c2 and 4 to d1. blue-C4 (1 5 1 2 3 1) shows 3 west only
    unturned, and 5 south-west only turned twice; it has no 4."""
    state = build(
        2, options=OPTIONS, turn=1, board={"c1": "red-S@0"}, hands=[["red-A1"], ["blue-C4"]]
    )
    play(state, 1, "unit:blue-C4")
    assert placements(state, 1) == {"c2@0", "b1@2"}
    with pytest.raises(IllegalAction, match="not legal"):
        state.apply_text(1, "place:c2@1")  # adjacent, but no facing pair matches
    with pytest.raises(IllegalAction, match="not legal"):
        state.apply_text(1, "place:c3@0")  # not adjacent to any unit


def test_one_matching_edge_is_enough_even_if_other_facing_edges_differ() -> None:
    """1辺だけが同じパワーであれば、他に隣接する辺同士のパワーが異なっていても構いません.
    On c2, blue-C4 faces red-S (c1, showing 3) to the west and red-C2 (d1, showing 1) to the
    south-west: a rotation matching either one is legal."""
    state = build(
        2,
        options=OPTIONS,
        turn=1,
        board={"c1": "red-S@0", "d1": "red-C2@0"},
        hands=[["red-A1"], ["blue-C4"]],
    )
    play(state, 1, "unit:blue-C4")
    on_c2 = {r for r in range(6) if f"c2@{r}" in placements(state, 1)}
    expected = {r for r in range(6) if facing("C4", r, W) == 3 or facing("C4", r, SW) == 1}
    assert on_c2 == expected == {0, 1, 3, 4}


def test_only_units_that_fit_somewhere_may_be_picked(all_ones: dict[str, str]) -> None:
    """The fallback is for a hand with no unit that fits (プレイヤーの手札に配置できるタイルがない
    場合): while one fits, the all-1 C3 and C4 that match nothing around red-S cannot be picked."""
    state = build(
        2,
        options=all_ones,
        turn=1,
        board={"c1": "red-S@0"},
        hands=[["red-A1"], ["blue-C4", "blue-C3", "blue-B1"]],
    )
    assert state.legal_texts(1) == ["unit:blue-B1"]


def test_no_fitting_unit_may_go_on_an_empty_start_hex(all_ones: dict[str, str]) -> None:
    """プレイヤーの手札に配置できるタイルがない場合は、空いているスタートマスにタイルを配置できます."""
    state = build(
        2,
        options=all_ones,
        turn=1,
        board={"c1": "red-S@0"},
        hands=[["red-A1"], ["blue-C2", "blue-C3", "blue-C4"]],
    )
    assert state.legal_texts(1) == ["unit:blue-C2", "unit:blue-C3", "unit:blue-C4"]
    play(state, 1, "unit:blue-C4")
    assert placements(state, 1) == {f"c7@{r}" for r in range(6)}


def test_no_fitting_unit_and_no_empty_start_hex_may_go_anywhere(all_ones: dict[str, str]) -> None:
    """空いているスタートマスがない場合は、任意の場所にタイルを配置できます."""
    state = build(
        2,
        options=all_ones,
        turn=1,
        board={"c1": "red-S@0", "c7": "red-A1@1"},  # A1 turned once shows 5, 3, 4 to its neighbours
        hands=[["red-A2"], ["blue-C2", "blue-C3", "blue-C4"]],
    )
    play(state, 1, "unit:blue-C4")
    empty = [label for label in state.board.labels if label not in ("b3", "d4", "c1", "c7")]
    assert len(empty) == 25
    assert placements(state, 1) == {f"{label}@{r}" for label in empty for r in range(6)}
    play(state, 1, "place:e3@5")
    assert state.to_json()["board"]["e3"] == "blue-C4@5"


def test_a_placement_updates_what_its_neighbours_must_match() -> None:
    """After a placement the new unit's edges count for the next seat's matching."""
    state = build(2, options=OPTIONS, board={"c1": "red-S@0"}, hands=[["red-C4"], ["blue-C4"]])
    play(state, 0, "unit:red-C4", "place:c2@0")  # red-C4 shows W 3 to red-S's E 3
    play(state, 1, "unit:blue-C4")
    # red-C4@0 on c2 shows 5 to c3 (E): blue-C4 needs 5 facing west there: turned 3 steps
    assert "c3@3" in placements(state, 1)
    assert facing("C4", 3, W) == 5
