"""Illegal choices inside a turn are rejected and leave the state unchanged."""

from __future__ import annotations

import pytest

from bodoge.engine import IllegalAction, InvalidState, WrongSeat
from bodoge.games.collect.rules import CollectState

from .helpers import CHAM, CRAB, CROC, HERMIT, LION, MONKEY, PARROT, build, load, phase, play


def refused(
    state: CollectState, seat: int, text: str, error: type[Exception] = IllegalAction
) -> None:
    before = state.to_json()
    legal = state.legal_texts(state.active)
    with pytest.raises(error):
        state.apply_text(seat, text)
    assert state.to_json() == before
    assert state.legal_texts(state.active) == legal


def test_crocodile_cannot_take_itself() -> None:
    """RULINGS §1: "choose any card in any row except this crocodile itself"."""
    state = load([[CRAB, LION], [MONKEY]], [CROC], [HERMIT])
    play(state, 0, "draw:A", "keep", "right")
    refused(state, 0, "card:0.2")


def test_monkey_cannot_swap_with_itself() -> None:
    """Seed: 「このカードを、…任意のカードと交換します」; RULINGS §1: "any other card"."""
    state = load([[CRAB, LION], [MONKEY]], [MONKEY], [HERMIT])
    play(state, 0, "draw:A", "keep", "left")
    refused(state, 0, "card:0.0")


def test_crab_must_move_its_target_somewhere_else() -> None:
    """RULINGS §1: "move it to any other position in the same row"."""
    state = load([[LION, LION], [MONKEY]], [CRAB], [HERMIT])
    play(state, 0, "draw:A", "keep", "right", "card:0.0")
    refused(state, 0, "to:0")
    refused(state, 0, "to:3")


def test_no_card_beyond_the_end_of_a_row() -> None:
    """Seed: 「任意のプレイヤー(自分も含む)の列からカードを1枚選択します」: only cards that
    exist."""
    state = load([[CRAB, LION], [MONKEY]], [CROC], [HERMIT])
    play(state, 0, "draw:A", "keep", "right")
    refused(state, 0, "card:1.1")
    refused(state, 0, "card:2.0")


def test_hermit_crab_without_crab_cannot_take_another_turn() -> None:
    """Seed: 「自分の列に少なくとも1枚のカニ（またはカメレオン）がある場合」: with no use to
    decide, the turn ends at once and seat 1 is to move."""
    state = load([[LION], [MONKEY]], [HERMIT], [CROC])
    play(state, 0, "draw:A", "keep", "right")
    assert state.active == 1 and phase(state) == "draw"
    refused(state, 0, "use", WrongSeat)
    data = build([[LION, HERMIT], [MONKEY]], [LION], [CROC], phase="ability", placed=1)
    with pytest.raises(InvalidState, match="ability can be used now, not the hermit_crab"):
        CollectState.from_json(data)


def test_parrot_must_name_before_revealing() -> None:
    """Seed: 「1種類の動物を宣言し、いずれかのデッキの一番上のカードを1枚公開します」: naming
    first."""
    state = load([[LION], [MONKEY]], [PARROT], [CROC])
    play(state, 0, "draw:A", "keep", "right")
    refused(state, 0, "reveal:A")


def test_a_parrot_match_cannot_be_returned() -> None:
    """Seed: 「それが宣言した動物であれば、そのカードをプレイする必要があります」."""
    state = load([[LION], [MONKEY]], [PARROT, CROC], [HERMIT])
    play(state, 0, "draw:A", "keep", "right", "name:crocodile", "reveal:A")
    refused(state, 0, "top:A")
    refused(state, 0, "pass")


def test_the_other_seat_cannot_choose_the_chameleons_decks() -> None:
    """RULINGS §1: "the **active seat** choosing the deck for each"."""
    state = load([[CHAM], [MONKEY]], [CHAM], [CROC])
    play(state, 0, "draw:A", "keep", "right")
    refused(state, 1, "bottom:A", WrongSeat)


def test_a_discarded_chameleon_cannot_be_passed() -> None:
    """Seed: 「ただちに両方を…戻さなければなりません」: not optional."""
    state = load([[CHAM], [MONKEY]], [CHAM], [CROC])
    play(state, 0, "draw:A", "keep", "right")
    refused(state, 0, "pass")
