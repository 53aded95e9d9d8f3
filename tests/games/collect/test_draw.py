"""The draw (keep, or return and take the other deck's top) and the placement at either end."""

from __future__ import annotations

import pytest

from bodoge.engine import IllegalAction, WrongSeat

from .helpers import CRAB, CROC, HERMIT, LION, MONKEY, OCTO, deck, kinds, load, phase, play, rows


def test_draw_reveals_the_top_card_to_everyone() -> None:
    """Seed: 「2つのデッキから1つを選び、一番上のカードを全員に見えるように公開します。」"""
    state = load([[CRAB], [MONKEY]], [LION, OCTO], [HERMIT])
    assert state.legal_texts(0) == ["draw:A", "draw:B"]
    events = state.apply_text(0, "draw:A")
    assert events == [{"type": "draw", "seat": 0, "deck": "A", "card": "lion"}]
    assert "visible_to" not in events[0]
    assert phase(state) == "keep"
    assert deck(state, "A")[0] == OCTO
    for seat in (None, 0, 1):
        assert state.view(seat)["held"] == "lion"


def test_after_a_draw_the_choices_are_keep_or_return_on_either_deck() -> None:
    """Seed: 「公開されたカードを獲得します。 または そのカードをいずれかのデッキの一番上に裏向きで
    戻し、もう一方のデッキの一番上のカードを公開して、それを獲得します」"""
    state = load([[CRAB], [MONKEY]], [LION], [HERMIT, OCTO])
    state.apply_text(0, "draw:B")
    assert state.legal_texts(0) == ["keep", "return:A", "return:B"]


def test_keep_then_play_at_the_right_end() -> None:
    """Seed: 「手順1で獲得したカードを、自分の列の左端または右端に置きます」 (right end)."""
    state = load([[CRAB, MONKEY], []], [LION], [HERMIT])
    play(state, 0, "draw:A", "keep")
    assert phase(state) == "place"
    assert state.legal_texts(0) == ["left", "right"]
    events = state.apply_text(0, "right")
    assert rows(state) == [[CRAB, MONKEY, LION], []]
    assert kinds(events) == ["play"]
    assert events[0] == {"type": "play", "seat": 0, "card": "lion", "side": "right"}
    assert state.active == 1
    assert phase(state) == "draw"


def test_keep_then_play_at_the_left_end() -> None:
    """Seed: 「自分の列の左端または右端に置きます」 (left end)."""
    state = load([[CRAB, MONKEY], []], [LION], [HERMIT])
    play(state, 0, "draw:A", "keep", "left")
    assert rows(state) == [[LION, CRAB, MONKEY], []]


def test_first_card_is_simply_placed() -> None:
    """Seed: 「(最初のターンでは、単に自分の前に置きます)」: no left/right decision."""
    state = load([[], []], [LION], [HERMIT])
    events = play(state, 0, "draw:A", "keep")
    assert rows(state) == [[LION], []]
    assert kinds(events) == ["draw", "keep", "play"]
    assert state.active == 1
    assert phase(state) == "draw"


def test_return_on_the_drawn_deck_takes_the_other_decks_top() -> None:
    """Seed: 「そのカードをいずれかのデッキの一番上に裏向きで戻し、もう一方のデッキの一番上のカード
    を公開して、それを獲得します」; RULINGS §1: the returned card stays public ("*")."""
    state = load([[CRAB], []], [LION, OCTO], [HERMIT, MONKEY])
    play(state, 0, "draw:A")
    events = state.apply_text(0, "return:A")
    assert events[0] == {
        "type": "return", "seat": 0, "card": "lion", "deck": "A", "took": "hermit_crab",
        "from": "B",
    }  # fmt: skip
    assert deck(state, "A")[:2] == ["lion*", OCTO]
    assert deck(state, "B")[0] == MONKEY
    assert phase(state) == "place"
    assert state.legal_texts(0) == ["left", "right"]
    state.apply_text(0, "left")
    assert rows(state) == [[HERMIT, CRAB], []]


def test_return_on_the_other_deck_takes_the_top_of_the_drawn_deck() -> None:
    """RULINGS §1: return it on top of either deck, then keep the top card of the *other* deck (the
    deck you did not return it to)."""
    state = load([[CRAB], []], [LION, OCTO], [HERMIT, MONKEY])
    play(state, 0, "draw:A", "return:B", "right")
    assert deck(state, "B")[:2] == ["lion*", HERMIT]
    assert deck(state, "A")[0] != OCTO
    assert rows(state) == [[CRAB, OCTO], []]


def test_the_second_revealed_card_must_be_kept() -> None:
    """Seed: 「(訳注: この2枚目に公開したカードは獲得しなければなりません)」: after a return the
    only choices are where to play the new card."""
    state = load([[CRAB], []], [LION, OCTO], [HERMIT, MONKEY])
    play(state, 0, "draw:A", "return:A")
    assert state.legal_texts(0) == ["left", "right"]
    with pytest.raises(IllegalAction):
        state.apply_text(0, "return:B")


def test_turns_go_clockwise_with_three_players() -> None:
    """Seed: 「時計回りにターンを進めます」: 0, 1, 2, then 0 again."""
    state = load([[CRAB], [MONKEY], [CROC]], [LION, LION, LION, OCTO], [HERMIT])
    order = []
    for _ in range(4):
        order.append(state.active)
        play(state, state.active, "draw:A", "keep", "right")
    assert order == [0, 1, 2, 0]
    assert rows(state) == [[CRAB, LION, OCTO], [MONKEY, LION], [CROC, LION]]


def test_wrong_seat_is_rejected_and_nothing_changes() -> None:
    """RULINGS §1 turn order: only the active seat decides; another seat's action is refused."""
    state = load([[CRAB], [MONKEY]], [LION], [HERMIT])
    before = state.to_json()
    with pytest.raises(WrongSeat):
        state.apply_text(1, "draw:A")
    assert state.to_json() == before
    assert state.legal_texts(1) == []


@pytest.mark.parametrize("text", ["keep", "left", "return:A", "pass", "card:0.0", "bottom:A"])
def test_an_action_of_another_step_is_rejected_and_nothing_changes(text: str) -> None:
    """RULINGS §1 "A turn, as atomic decisions": step 1 is choosing a deck; nothing else is legal
    before it."""
    state = load([[CRAB], [MONKEY]], [LION], [HERMIT])
    before = state.to_json()
    with pytest.raises(IllegalAction):
        state.apply_text(0, text)
    assert state.to_json() == before


@pytest.mark.parametrize("text", ["draw", "draw:C", "card:9.0", "to:x", "name:dragon", ""])
def test_unreadable_notation_is_rejected(text: str) -> None:
    """Protocol: text naming no action raises IllegalAction, and the state is unchanged."""
    state = load([[CRAB], [MONKEY]], [LION], [HERMIT])
    before = state.to_json()
    with pytest.raises(IllegalAction):
        state.apply_text(0, text)
    assert state.to_json() == before


def test_a_card_without_a_play_ability_ends_the_turn() -> None:
    """Seed 3.「プレイしたカードに能力がある場合」: a lion has no play ability, so the turn ends at
    once and the next seat draws."""
    state = load([[CRAB], [MONKEY]], [LION], [HERMIT])
    events = play(state, 0, "draw:A", "keep", "left")
    assert kinds(events) == ["draw", "keep", "play"]
    assert state.active == 1
    assert state.to_json()["last_active"] == 0
