"""Hermit crab (ヤドカリ): another turn if the row holds a crab or a chameleon; chains."""

from __future__ import annotations

from .helpers import CHAM, CRAB, HERMIT, LION, MONKEY, OCTO, kinds, load, phase, play, rows


def test_hermit_crab_with_a_crab_offers_another_turn() -> None:
    """Seed: 「自分の列に少なくとも1枚のカニ（またはカメレオン）がある場合、もう一度ターンを行います
    」"""
    state = load([[CRAB], [MONKEY]], [HERMIT, LION], [OCTO])
    play(state, 0, "draw:A", "keep", "right")
    assert state.legal_texts(0) == ["pass", "use"]
    events = state.apply_text(0, "use")
    assert kinds(events) == ["extra_turn"]
    assert state.active == 0
    assert phase(state) == "draw"
    play(state, 0, "draw:A", "keep", "right")
    assert rows(state) == [[CRAB, HERMIT, LION], [MONKEY]]
    assert state.active == 1


def test_hermit_crab_with_a_chameleon_offers_another_turn() -> None:
    """Seed: 「カニ（またはカメレオン）」: a chameleon is enough."""
    state = load([[CHAM], [MONKEY]], [HERMIT], [OCTO])
    play(state, 0, "draw:A", "keep", "left")
    assert state.legal_texts(0) == ["pass", "use"]
    state.apply_text(0, "use")
    assert state.active == 0


def test_hermit_crab_without_crab_or_chameleon_ends_the_turn() -> None:
    """Seed: 「自分の列に少なくとも1枚のカニ…がある場合」: no crab, no extra turn, no decision."""
    state = load([[LION], [MONKEY]], [HERMIT], [OCTO])
    play(state, 0, "draw:A", "keep", "left")
    assert state.active == 1
    assert phase(state) == "draw"


def test_a_crab_in_another_row_does_not_count() -> None:
    """Seed: 「自分の列に」: only the own row counts."""
    state = load([[LION], [CRAB]], [HERMIT], [OCTO])
    play(state, 0, "draw:A", "keep", "left")
    assert state.active == 1


def test_hermit_crab_may_pass() -> None:
    """RULINGS §1: "Abilities (all optional except the chameleon rule)"."""
    state = load([[CRAB], [MONKEY]], [HERMIT], [OCTO])
    play(state, 0, "draw:A", "keep", "right", "pass")
    assert state.active == 1
    assert state.to_json()["extra_turn"] is False


def test_hermit_crabs_chain_extra_turns() -> None:
    """Seed: 「(訳注: 追加ターンでもヤドカリをプレイしたなら、連続して追加ターンを行うこともできます
    )」"""
    state = load([[CRAB], [MONKEY]], [HERMIT, HERMIT, LION], [OCTO])
    play(state, 0, "draw:A", "keep", "right", "use")
    play(state, 0, "draw:A", "keep", "right")
    assert state.legal_texts(0) == ["pass", "use"]
    play(state, 0, "use")
    assert state.active == 0
    play(state, 0, "draw:A", "keep", "right")
    assert rows(state) == [[CRAB, HERMIT, HERMIT, LION], [MONKEY]]
    assert state.active == 1


def test_the_end_of_turn_check_comes_before_the_extra_turn() -> None:
    """RULINGS §1: "This turn's end-of-turn check happens first": the fourth hermit crab forms an
    alliance, so the round ends instead of the extra turn."""
    state = load([[CRAB, HERMIT, HERMIT, HERMIT], [MONKEY]], [HERMIT], [OCTO])
    play(state, 0, "draw:A", "keep", "right")
    events = state.apply_text(0, "use")
    assert kinds(events)[:4] == ["extra_turn", "alliance", "crown", "round"]
    assert state.to_json()["crowns"]["half"] == [1, 0]
    assert state.to_json()["round"] == 2
    assert state.active == 1
    assert state.to_json()["extra_turn"] is False
