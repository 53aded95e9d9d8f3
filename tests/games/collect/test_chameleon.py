"""Chameleon (カメレオン): wild in a row; two in one row both go to the bottom of the decks."""

from __future__ import annotations

from .helpers import CHAM, CRAB, CROC, LION, MONKEY, deck, kinds, load, phase, play, rows


def test_chameleon_is_wild_in_four_in_a_row() -> None:
    """Seed: 「3枚のカニと1枚のカメレオンが隣接している場合（カメレオンはプレイヤーの列にあるとき、
    ワイルドカードとして扱われます）」"""
    state = load([[LION, LION, CHAM], [CROC]], [LION], [CROC])
    events = play(state, 0, "draw:A", "keep", "right")
    assert {"type": "alliance", "seat": 0, "kind": "four"} in events


def test_a_played_chameleon_completes_four() -> None:
    """Seed: 「このカードは列の中で任意の動物としてカウントされます」"""
    state = load([[CROC, LION, LION, LION], [CROC]], [CHAM], [CROC])
    events = play(state, 0, "draw:A", "keep", "right")
    assert {"type": "alliance", "seat": 0, "kind": "four"} in events


def test_chameleon_copies_no_ability() -> None:
    """Seed: 「(訳注: 能力はコピーできません)」: played next to a crocodile, no ability follows."""
    state = load([[CROC], [MONKEY]], [CHAM], [CROC])
    events = play(state, 0, "draw:A", "keep", "left")
    assert kinds(events) == ["draw", "keep", "play"]
    assert rows(state) == [[CHAM, CROC], [MONKEY]]
    assert state.active == 1


def test_two_chameleons_leave_at_once_the_active_seat_picks_each_deck() -> None:
    """Seed: 「自分の列に2枚のカメレオンがある場合、ただちに両方をいずれかのデッキの一番下に戻さなけ
    ればなりません(訳注: 2枚とも同じデッキでも、1枚ずつ別々のデッキでも構いません)」 (one to
    each)."""
    state = load([[CHAM, LION], [MONKEY]], [CHAM], [CROC])
    size_a, size_b = len(deck(state, "A")) - 1, len(deck(state, "B"))
    events = play(state, 0, "draw:A", "keep", "right")
    assert kinds(events) == ["draw", "keep", "play", "chameleons"]
    assert rows(state) == [[LION], [MONKEY]]
    assert phase(state) == "chameleon"
    assert state.pending() == [0]
    assert state.legal_texts(0) == ["bottom:A", "bottom:B"]
    assert state.view(None)["chameleons_to_discard"] == 2
    events = state.apply_text(0, "bottom:B")
    assert events == [{"type": "bottom", "seat": 0, "card": "chameleon", "deck": "B"}]
    assert phase(state) == "chameleon"
    state.apply_text(0, "bottom:A")
    assert deck(state, "A")[-1] == "chameleon*"
    assert deck(state, "B")[-1] == "chameleon*"
    assert (len(deck(state, "A")), len(deck(state, "B"))) == (size_a + 1, size_b + 1)
    assert state.active == 1
    assert phase(state) == "draw"


def test_both_chameleons_may_go_to_the_same_deck() -> None:
    """Seed: 「(訳注: 2枚とも同じデッキでも…構いません)」"""
    state = load([[LION, CHAM], [MONKEY]], [CHAM], [CROC])
    play(state, 0, "draw:A", "keep", "left", "bottom:B", "bottom:B")
    assert deck(state, "B")[-2:] == ["chameleon*", "chameleon*"]
    assert rows(state) == [[LION], [MONKEY]]


def test_the_alliance_is_checked_after_the_chameleons_leave() -> None:
    """Seed: 「ただちに両方を…戻さなければなりません」 and 「ターンの終了：同盟が結成されたか確認し
    ます」: chameleon + 3 lions would be four, but both chameleons are gone by turn end."""
    state = load([[CHAM, LION, LION, LION], [MONKEY]], [CHAM], [CROC])
    events = play(state, 0, "draw:A", "keep", "left", "bottom:A", "bottom:A")
    assert "alliance" not in kinds(events)
    assert rows(state) == [[LION, LION, LION], [MONKEY]]
    assert state.active == 1


def test_only_bottom_choices_during_the_chameleon_discard() -> None:
    """RULINGS §1: the chameleon rule is not optional: no pass, no other seat."""
    state = load([[CHAM], [CRAB]], [CHAM], [CROC])
    play(state, 0, "draw:A", "keep", "left")
    assert state.legal_texts(0) == ["bottom:A", "bottom:B"]
    assert state.legal_texts(1) == []
