"""Crab (カニ): move any card of any row to another position in the same row."""

from __future__ import annotations

from .helpers import CRAB, CROC, HERMIT, LION, MONKEY, OCTO, load, phase, play, rows


def test_crab_targets_any_card_of_a_row_with_room_to_move_it_itself_included() -> None:
    """Seed: 「任意のプレイヤー(自分も含む)の列からカードを1枚選択します。」; RULINGS §1: any card
    in any row (this crab included); a row of one card has nowhere to move it."""
    state = load([[LION, OCTO], [MONKEY], [CROC, HERMIT]], [CRAB], [HERMIT])
    play(state, 0, "draw:A", "keep", "right")
    assert state.legal_texts(0) == [
        "pass", "card:0.0", "card:0.1", "card:0.2", "card:2.0", "card:2.1",
    ]  # fmt: skip


def test_crab_moves_an_opponents_card_within_its_row() -> None:
    """Seed: 「その列の中で左右に好きな数だけ移動させます。」"""
    state = load([[LION, OCTO], [MONKEY, CROC, HERMIT]], [CRAB], [HERMIT])
    play(state, 0, "draw:A", "keep", "right", "card:1.2")
    assert phase(state) == "crab_to"
    assert state.legal_texts(0) == ["to:0", "to:1"]
    events = state.apply_text(0, "to:0")
    assert events[0] == {
        "type": "crab",
        "seat": 0,
        "target": [1, 2],
        "card": "hermit_crab",
        "to": 0,
    }
    assert rows(state) == [[LION, OCTO, CRAB], [HERMIT, MONKEY, CROC]]
    assert state.active == 1


def test_crab_moves_itself() -> None:
    """RULINGS §1: "choose any card in any row (this crab included)"."""
    state = load([[LION, OCTO], [MONKEY]], [CRAB], [HERMIT])
    play(state, 0, "draw:A", "keep", "right", "card:0.2")
    assert state.legal_texts(0) == ["to:0", "to:1"]
    state.apply_text(0, "to:1")
    assert rows(state) == [[LION, CRAB, OCTO], [MONKEY]]


def test_crab_moves_an_own_card_to_the_right_by_several_places() -> None:
    """Seed: 「左右に好きな数だけ移動させます」: from the left end to position 3 of 4."""
    state = load([[LION, OCTO, MONKEY], [MONKEY]], [CRAB], [HERMIT])
    play(state, 0, "draw:A", "keep", "right", "card:0.0")
    assert state.legal_texts(0) == ["to:1", "to:2", "to:3"]
    state.apply_text(0, "to:3")
    assert rows(state) == [[OCTO, MONKEY, CRAB, LION], [MONKEY]]


def test_a_crab_alone_on_the_table_ends_the_turn() -> None:
    """RULINGS §1: a card moves to *another* position; with single-card rows only there is none."""
    state = load([[], [MONKEY]], [CRAB], [HERMIT])
    play(state, 0, "draw:A", "keep")
    assert rows(state) == [[CRAB], [MONKEY]]
    assert state.active == 1
    assert phase(state) == "draw"


def test_crab_completing_four_wins_at_turn_end() -> None:
    """Seed: 「アクティブプレイヤーが同じ動物カードを4枚隣接させて並べた場合」: the crab moves the
    octopus out from between the lions; the alliance is checked at the end of the turn."""
    state = load([[LION, LION, OCTO, LION, LION], [MONKEY]], [CRAB], [HERMIT])
    play(state, 0, "draw:A", "keep", "right", "card:0.2")
    assert state.legal_texts(0) == ["to:0", "to:1", "to:3", "to:4", "to:5"]
    events = state.apply_text(0, "to:5")
    assert {"type": "alliance", "seat": 0, "kind": "four"} in events
    assert state.to_json()["crowns"]["half"] == [1, 0]


def test_crab_giving_an_opponent_four_does_not_win_for_them_now() -> None:
    """Seed: 「(訳注: 同盟結成は自分のターン終了時のみです。他のプレイヤーのターンに自分が条件を満た
    しても、ラウンドの勝利にはなりません)」"""
    state = load([[OCTO], [LION, LION, CROC, LION, LION]], [CRAB], [HERMIT])
    play(state, 0, "draw:A", "keep", "right", "card:1.2", "to:0")
    assert rows(state) == [[OCTO, CRAB], [CROC, LION, LION, LION, LION]]
    assert state.to_json()["crowns"]["half"] == [0, 0]
    assert state.active == 1
    assert phase(state) == "draw"
