"""Crocodile (クロコダイル): put any other card of any row on the bottom of either deck."""

from __future__ import annotations

from .helpers import CRAB, CROC, HERMIT, LION, MONKEY, OCTO, deck, kinds, load, phase, play, rows


def test_crocodile_targets_every_other_card_of_every_row() -> None:
    """Seed: 「任意のプレイヤー(自分も含む)の列からカードを1枚選択します」; RULINGS §1: any card in
    any row except this crocodile itself; the ability is optional (pass)."""
    state = load([[CRAB, LION], [MONKEY, OCTO]], [CROC], [HERMIT])
    play(state, 0, "draw:A", "keep", "right")
    assert phase(state) == "ability"
    assert state.to_json()["placed"] == 2
    assert state.legal_texts(0) == ["pass", "card:0.0", "card:0.1", "card:1.0", "card:1.1"]


def test_crocodile_puts_an_opponents_card_on_the_bottom_of_deck_b() -> None:
    """Seed: 「それをいずれかのデッキの一番下に戻します。必要に応じて隙間を詰めます。」 (deck B,
    another seat's row; the card stays public: "*")."""
    state = load([[CRAB, LION], [MONKEY, OCTO]], [CROC], [HERMIT])
    play(state, 0, "draw:A", "keep", "right", "card:1.0")
    assert phase(state) == "crocodile_deck"
    assert state.legal_texts(0) == ["bottom:A", "bottom:B"]
    size_b = len(deck(state, "B"))
    events = state.apply_text(0, "bottom:B")
    assert events[0] == {
        "type": "crocodile", "seat": 0, "target": [1, 0], "card": "monkey", "deck": "B",
    }  # fmt: skip
    assert rows(state) == [[CRAB, LION, CROC], [OCTO]]
    assert deck(state, "B")[-1] == "monkey*"
    assert len(deck(state, "B")) == size_b + 1
    assert deck(state, "B")[0] == HERMIT
    assert state.active == 1
    assert phase(state) == "draw"


def test_crocodile_may_take_a_card_of_its_own_row_and_the_gap_closes() -> None:
    """Seed: 「(自分も含む)」「必要に応じて隙間を詰めます。」: own row, middle card, deck A."""
    state = load([[CRAB, LION, OCTO], [MONKEY]], [CROC], [HERMIT])
    play(state, 0, "draw:A", "keep", "left", "card:0.2", "bottom:A")
    assert rows(state) == [[CROC, CRAB, OCTO], [MONKEY]]
    assert deck(state, "A")[-1] == "lion*"
    assert deck(state, "A")[0] != "lion*"


def test_crocodile_may_pass() -> None:
    """RULINGS §1: "Abilities (all optional except the chameleon rule)"; seed 3.「能力を使う(任意)」
    ."""
    state = load([[CRAB, LION], [MONKEY, OCTO]], [CROC], [HERMIT])
    play(state, 0, "draw:A", "keep", "right")
    decks_before = state.to_json()["decks"]
    events = state.apply_text(0, "pass")
    assert kinds(events) == ["pass"]
    assert rows(state) == [[CRAB, LION, CROC], [MONKEY, OCTO]]
    assert state.to_json()["decks"] == decks_before
    assert state.active == 1


def test_a_lone_crocodile_has_nothing_to_take() -> None:
    """RULINGS §1: the crocodile cannot take itself; with no other card on the table its turn ends
    without an ability decision."""
    state = load([[], []], [CROC], [HERMIT])
    events = play(state, 0, "draw:A", "keep")
    assert kinds(events) == ["draw", "keep", "play"]
    assert rows(state) == [[CROC], []]
    assert state.active == 1
    assert phase(state) == "draw"


def test_crocodile_can_break_up_an_opponents_four() -> None:
    """Seed: 「任意のプレイヤー(自分も含む)の列からカードを1枚選択します」: taking a card of another
    row; the other row is not checked for an alliance during this turn, and no longer has one
    (seat 2 made seat 1's four in the turn before seat 0's)."""
    state = load([[CRAB], [LION, LION, LION, LION], [MONKEY]], [CROC], [HERMIT], active=0)
    play(state, 0, "draw:A", "keep", "right", "card:1.3", "bottom:A")
    assert rows(state) == [[CRAB, CROC], [LION, LION, LION], [MONKEY]]
    assert state.to_json()["crowns"]["half"] == [0, 0, 0]
    assert state.active == 1
