"""Abilities and rules working together: chains, wild cards and start seats."""

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
    kinds,
    load,
    phase,
    play,
    rows,
)


def test_a_chained_crocodile_may_take_the_parrot_that_found_it() -> None:
    """Seed (オウム): 「そのカードをプレイする必要があります(能力を発動させることもできます。」 and
    RULINGS §1 (crocodile): "any card in any row except this crocodile itself"."""
    state = load([[LION], [MONKEY]], [PARROT, CROC], [HERMIT])
    play(state, 0, "draw:A", "keep", "right", "name:crocodile", "reveal:A", "right")
    assert "card:0.1" in state.legal_texts(0)
    play(state, 0, "card:0.1", "bottom:B")
    assert rows(state) == [[LION, CROC], [MONKEY]]
    assert deck(state, "B")[-1] == "parrot*"


def test_a_crab_can_move_a_chameleon_into_a_run() -> None:
    """Seed: 「3枚のカニと1枚のカメレオンが隣接している場合」 with the crab: 「その列の中で左右に好
    きな数だけ移動させます」."""
    state = load([[CHAM, OCTO, LION, LION, LION], [MONKEY]], [CRAB], [HERMIT])
    play(state, 0, "draw:A", "keep", "left", "card:0.1")
    events = state.apply_text(0, "to:5")
    assert {"type": "alliance", "seat": 0, "kind": "four"} in events


def test_more_than_four_in_a_row_also_wins() -> None:
    """Seed: 「同じ動物カードを4枚隣接させて並べた場合」: five lions hold four adjacent ones."""
    state = load([[LION, LION, LION, LION], [MONKEY]], [LION], [HERMIT])
    events = play(state, 0, "draw:A", "keep", "left")
    assert {"type": "alliance", "seat": 0, "kind": "four"} in events


def test_an_extra_turn_skips_nobody_else_in_three_player_order() -> None:
    """Seed: 「もう一度ターンを行います」: seat 1's extra turn, then seat 2, not seat 0."""
    state = load([[OCTO], [CRAB], [MONKEY]], [HERMIT, LION, LION], [OCTO], active=1)
    play(state, 1, "draw:A", "keep", "right", "use")
    assert state.active == 1
    play(state, 1, "draw:A", "keep", "right")
    assert state.active == 2
    assert rows(state)[1] == [CRAB, HERMIT, LION]


def test_a_round_won_in_an_extra_turn_starts_left_of_the_winner() -> None:
    """RULINGS §1: "A new round starts with ... the seat left of the round's last active seat": seat
    1 wins during its hermit-crab turn; seat 2 starts round 2."""
    state = load([[OCTO], [CRAB, LION, LION, LION], [MONKEY]], [HERMIT, LION], [OCTO], active=1)
    play(state, 1, "draw:A", "keep", "left", "use")
    events = play(state, 1, "draw:A", "keep", "right")
    assert {"type": "crown", "seat": 1, "crown": "half"} in events
    assert events[-1] == {"type": "round", "number": 2, "start": 2}


def test_a_drawn_round_with_option_after_previous_start() -> None:
    """RULINGS §1: "Same after a drawn round" and option `next_round_start`: round started by seat 1
    of 3 is drawn on seat 0's turn; seat 2 starts. (Decks emptied by hand: with 8 chameleons a real
    game never empties both.)"""
    options = {"next_round_start": "after_previous_start"}
    state = load([[CROC], [MONKEY], [OCTO]], [LION], [CROC], options=options, round_start=1)
    state.decks = [[6], []]
    events = play(state, 0, "draw:A", "right")
    assert kinds(events)[-2:] == ["round_drawn", "round"]
    assert events[-1]["start"] == 2
    assert phase(state) == "draw"


def test_a_monkey_brought_into_another_row_keeps_the_turn_with_the_active_seat() -> None:
    """Seed: 「(訳注: 位置を交換するだけなので、交換した動物のプレイ時能力は発動できません)」: the
    monkey now in seat 1's row does nothing; seat 1 simply takes the next turn."""
    state = load([[LION], [HERMIT, CRAB]], [MONKEY], [OCTO])
    play(state, 0, "draw:A", "keep", "right", "card:1.0")
    assert rows(state) == [[LION, HERMIT], [MONKEY, CRAB]]
    assert state.active == 1
    assert state.legal_texts(1) == ["draw:A", "draw:B"]
