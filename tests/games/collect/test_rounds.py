"""Rounds, crowns, game end and the start seat of each round."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

from bodoge.engine import IllegalAction
from bodoge.games.collect.animals import KEYS
from bodoge.games.collect.rules import CollectState

from .helpers import CROC, LION, MONKEY, OCTO, kinds, load, play


def win_now(state: CollectState, seat: int) -> list[dict[str, Any]]:
    """`seat` draws the lion on top of deck A and plays it right, completing four lions."""
    return play(state, seat, "draw:A", "keep", "right")


def test_a_round_win_takes_a_half_crown_and_starts_a_new_round() -> None:
    """Seed: 「そのプレイヤーはハーフ王冠1つ（残っていれば）を獲得し、ラウンドが終了します。その後、
    新しいラウンドが始まります。すべてのカードをシャッフルし直し、ターン順で次のプレイヤーから開始し
    ます。」"""
    state = load([[LION, LION, LION], [MONKEY]], [LION], [CROC])
    events = win_now(state, 0)
    assert events[-3:] == [
        {"type": "alliance", "seat": 0, "kind": "four"},
        {"type": "crown", "seat": 0, "crown": "half"},
        {"type": "round", "number": 2, "start": 1},
    ]
    data = state.to_json()
    assert data["crowns"] == {"half": [1, 0], "full": None}
    assert data["round"] == 2
    assert data["round_start"] == 1
    assert data["active"] == 1
    assert data["phase"] == "draw"
    assert data["rows"] == [[], []]
    assert data["history"] == [0]
    assert (len(data["decks"]["A"]), len(data["decks"]["B"])) == (32, 32)
    cards = data["decks"]["A"] + data["decks"]["B"]
    assert not any(card.endswith("*") for card in cards)
    assert Counter(cards) == dict.fromkeys(KEYS, 8)
    assert state.view(0)["crowns"]["half_left"] == 2


def test_the_next_round_starts_left_of_the_last_active_seat() -> None:
    """RULINGS §1: "A new round starts with the seat that would have moved next (the seat left of
    the round's last active seat)": seat 2 of 3 wins, seat 0 starts."""
    state = load([[CROC], [MONKEY], [LION, LION, LION]], [LION], [CROC], active=2)
    win_now(state, 2)
    assert state.to_json()["round_start"] == 0
    assert state.active == 0


def test_option_next_round_start_after_previous_start() -> None:
    """RULINGS §1 option `next_round_start` = seat after the previous round's start seat: round
    started by seat 2, seat 0 wins, seat 3 starts (the default would give seat 1)."""
    options = {"next_round_start": "after_previous_start"}
    layout = [[LION, LION, LION], [MONKEY], [CROC], [OCTO]]
    state = load(layout, [LION], [CROC], options=options, round_start=2)
    win_now(state, 0)
    assert state.to_json()["round_start"] == 3
    assert state.active == 3
    default = load(layout, [LION], [CROC], round_start=2)
    win_now(default, 0)
    assert default.to_json()["round_start"] == 1


def test_the_last_half_crown_then_the_full_crown() -> None:
    """Seed: 「ハーフ王冠が残っていない場合、ラウンドの勝者は代わりにフル王冠を獲得します。」 (4
    players, each of seats 0-2 holds one half crown; seat 3 wins the full crown and the game)."""
    layout = [[CROC], [MONKEY], [OCTO], [LION, LION, LION]]
    state = load(layout, [LION], [CROC], active=3, half=[1, 1, 1, 0])
    events = win_now(state, 3)
    assert {"type": "crown", "seat": 3, "crown": "full"} in events
    assert events[-1]["type"] == "game_over" and events[-1]["winners"] == [3]
    assert state.to_json()["crowns"] == {"half": [1, 1, 1, 0], "full": 3}
    result = state.result()
    assert result is not None
    assert result.winners == [3]
    assert result.scores == [1.0, 1.0, 1.0, 2.0]


def test_two_half_crowns_win_the_game() -> None:
    """Seed: 「ハーフ王冠2つ、またはフル王冠を獲得すればゲームに勝利します！」"""
    state = load([[LION, LION, LION], [MONKEY]], [LION], [CROC], half=[1, 1])
    events = win_now(state, 0)
    assert kinds(events)[-3:] == ["alliance", "crown", "game_over"]
    assert events[-1]["type"] == "game_over" and events[-1]["winners"] == [0]
    assert state.is_over()
    assert state.pending() == []
    assert state.legal_texts(0) == []
    assert state.to_json()["phase"] == "over"
    result = state.result()
    assert result is not None
    assert result.winners == [0]
    assert result.ranks == [1, 2]
    with pytest.raises(IllegalAction):
        state.apply_text(0, "draw:A")


def test_a_first_half_crown_with_others_held_does_not_end_the_game() -> None:
    """Seed: 「ハーフ王冠2つ」: seat 1 holding one half crown (it won round 1) does not help seat
    0's first, won in round 2."""
    state = load([[LION, LION, LION], [MONKEY]], [LION], [CROC], half=[0, 1])
    win_now(state, 0)
    assert not state.is_over()
    assert state.to_json()["crowns"]["half"] == [1, 1]
    assert state.to_json()["history"] == [1, 0]
    assert state.to_json()["round"] == 3


def test_with_three_players_the_third_half_crown_can_leave_no_winner() -> None:
    """RULINGS §1: "A round winner takes a half crown while any remain": halves 1-1-0, seat 2 takes
    the last one; nobody has two, so the game goes on for the full crown."""
    state = load([[CROC], [MONKEY], [LION, LION, LION]], [LION], [CROC], active=2, half=[1, 1, 0])
    win_now(state, 2)
    assert not state.is_over()
    assert state.view(None)["crowns"] == {"half": [1, 1, 1], "full": None, "half_left": 0}


def test_a_round_without_cards_is_drawn() -> None:
    """Seed: 「両方のデッキにカードがなくなった場合、そのラウンドは引き分けに終わります。」; RULINGS
    §1: "no crown, next round". (With 8 chameleons and at most one per row, the decks never both
    empty in a real game; the decks are emptied by hand here to reach the rule.)"""
    state = load([[CROC], [MONKEY]], [LION], [CROC])
    state.decks = [[6], []]  # deck A: one lion, deck B: empty (the card count no longer holds)
    events = play(state, 0, "draw:A", "right")
    assert kinds(events) == ["draw", "play", "round_drawn", "round"]
    assert events[-1] == {"type": "round", "number": 2, "start": 1}
    data = state.to_json()
    assert data["history"] == [None]
    assert data["crowns"]["half"] == [0, 0]
    assert data["rows"] == [[], []]
