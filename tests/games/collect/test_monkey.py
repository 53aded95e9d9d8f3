"""Monkey (サル): swap this monkey with any other card in any row."""

from __future__ import annotations

from .helpers import (
    CHAM,
    CRAB,
    CROC,
    HERMIT,
    LION,
    MONKEY,
    OCTO,
    PARROT,
    deck,
    load,
    phase,
    play,
    rows,
)


def test_monkey_targets_every_other_card_of_every_row() -> None:
    """Seed: 「このカードを、任意のプレイヤー(自分も含む)の列にある任意のカードと交換します」;
    RULINGS §1: any other card in any row (own row included)."""
    state = load([[LION, OCTO], [CROC, PARROT]], [MONKEY], [HERMIT])
    play(state, 0, "draw:A", "keep", "right")
    assert state.legal_texts(0) == ["pass", "card:0.0", "card:0.1", "card:1.0", "card:1.1"]


def test_monkey_swaps_across_rows_without_triggering_the_arriving_card() -> None:
    """Seed: 「(訳注: 位置を交換するだけなので、交換した動物のプレイ時能力は発動できません)」;
    RULINGS §1: the monkey takes that card's place in the other row, the crocodile arrives in the
    monkey's place and its ability does not trigger: the turn ends."""
    state = load([[LION, OCTO], [CROC, PARROT]], [MONKEY], [HERMIT])
    play(state, 0, "draw:A", "keep", "right")
    events = state.apply_text(0, "card:1.0")
    assert events == [{"type": "monkey", "seat": 0, "target": [1, 0], "card": "crocodile"}]
    assert rows(state) == [[LION, OCTO, CROC], [MONKEY, PARROT]]
    assert state.active == 1
    assert phase(state) == "draw"


def test_monkey_swaps_within_its_own_row() -> None:
    """Seed: 「任意のプレイヤー(自分も含む)の列」: the own row, far end."""
    state = load([[LION, OCTO], [CROC]], [MONKEY], [HERMIT])
    play(state, 0, "draw:A", "keep", "right", "card:0.0")
    assert rows(state) == [[MONKEY, OCTO, LION], [CROC]]
    assert state.active == 1


def test_monkey_swap_completing_four_wins() -> None:
    """Seed: 「アクティブプレイヤーが同じ動物カードを4枚隣接させて並べた場合」: the crab that
    arrives by the swap completes four crabs; checked at turn end."""
    state = load([[CRAB, CRAB, CRAB], [CRAB, LION]], [MONKEY], [HERMIT])
    play(state, 0, "draw:A", "keep", "right")
    events = state.apply_text(0, "card:1.0")
    assert {"type": "alliance", "seat": 0, "kind": "four"} in events
    assert {"type": "crown", "seat": 0, "crown": "half"} in events


def test_monkey_bringing_a_second_chameleon_sends_both_to_the_decks() -> None:
    """Seed: 「自分の列に2枚のカメレオンがある場合、ただちに両方をいずれかのデッキの一番下に戻さなけ
    ればなりません」; RULINGS §1: checked after every change to any row, the active seat
    choosing."""
    state = load([[CHAM, LION], [CHAM, OCTO]], [MONKEY], [HERMIT])
    play(state, 0, "draw:A", "keep", "right")
    events = state.apply_text(0, "card:1.0")
    assert events[-1] == {"type": "chameleons", "row": 0}
    assert rows(state) == [[LION], [MONKEY, OCTO]]
    assert phase(state) == "chameleon"
    assert state.legal_texts(0) == ["bottom:A", "bottom:B"]
    play(state, 0, "bottom:A", "bottom:B")
    assert deck(state, "A")[-1] == "chameleon*"
    assert deck(state, "B")[-1] == "chameleon*"
    assert state.active == 1
    assert phase(state) == "draw"


def test_monkey_may_pass() -> None:
    """RULINGS §1: "Abilities (all optional except the chameleon rule)"."""
    state = load([[LION], [CROC]], [MONKEY], [HERMIT])
    play(state, 0, "draw:A", "keep", "left", "pass")
    assert rows(state) == [[MONKEY, LION], [CROC]]
    assert state.active == 1
