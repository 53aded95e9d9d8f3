"""The last won round's row and alliance are kept (public) until the next round's first move, so
the terminal can still show them after the reshuffle (issue 12, item 10)."""

from __future__ import annotations

from typing import Any

import pytest

from bodoge.engine import InvalidState
from bodoge.games.collect.rules import CollectState

from .helpers import CHAM, CROC, LION, MONKEY, build, load, play

WON = {"seat": 0, "alliance": "four", "row": [LION, LION, LION, LION]}


def round_just_won() -> CollectState:
    """Seed: 「同じ動物カードを4枚隣接させて並べた場合」: seat 0 completes four lions; round 2
    has been dealt and seat 1 is to start it."""
    state = load([[LION, LION, LION], [MONKEY]], [LION], [CROC])
    play(state, 0, "draw:A", "keep", "right")
    return state


def test_the_winning_row_is_kept_until_the_next_rounds_first_move() -> None:
    state = round_just_won()
    data = state.to_json()
    assert data["round"] == 2 and data["rows"] == [[], []]
    assert data["last_win"] == WON
    assert state.view(1)["last_win"] == WON  # public
    assert CollectState.from_json(data).to_json() == data
    state.apply_text(1, "draw:A")
    assert state.to_json()["last_win"] is None


def test_at_the_games_end_the_last_win_is_the_winning_row() -> None:
    """Seed: 「ハーフ王冠2つ」: seat 0's second half crown ends the game; its row stays."""
    state = load([[LION, LION, LION], [MONKEY]], [LION], [CROC], half=[1, 0])
    play(state, 0, "draw:A", "keep", "right")
    data = state.to_json()
    assert data["phase"] == "over"
    assert data["last_win"] == WON
    del data["last_win"]  # left out by hand, it follows from the winner's row
    assert CollectState.from_json(data).to_json()["last_win"]["row"] == data["rows"][0]


def edited(**changes: Any) -> dict[str, Any]:
    data = round_just_won().to_json()
    data["last_win"] = {**WON, **changes}
    return data


@pytest.mark.parametrize(
    ("data", "message"),
    [
        (edited(seat=1), "last_win.seat is 1, but round 1 was won by seat 0 in history"),
        (edited(alliance="lion"), "last_win.row forms a four alliance, not lion"),
        (edited(alliance="king"), "last_win.alliance 'king' is not one of four, octopus, lion"),
        (edited(row=[LION, CROC, LION, LION]), "last_win.row forms no alliance, not four"),
        (edited(row=[CHAM, LION, LION, CHAM]), "last_win.row cannot hold two chameleons"),
        (edited(row=[LION] * 9), "last_win.row holds more than 8 lion"),
        (edited(row=["tiger"]), "last_win.row[0]: 'tiger' is not an animal"),
        (edited(extra=1), 'last_win must be null or an object with "seat", "alliance", "row"'),
    ],
    ids=["seat", "alliance", "unknown alliance", "no alliance", "chameleons", "nine", "card",
         "keys"],
)  # fmt: skip
def test_a_last_win_that_does_not_fit_is_refused(data: dict[str, Any], message: str) -> None:
    with pytest.raises(InvalidState) as error:
        CollectState.from_json(data)
    assert message in str(error.value)


def test_the_last_win_is_gone_once_the_next_round_has_begun() -> None:
    data = build([[CROC], [MONKEY]], half=[1, 0], last_win=WON)
    with pytest.raises(InvalidState, match="kept only until round 2's first move"):
        CollectState.from_json(data)


def test_in_phase_over_the_last_win_is_the_winners_row() -> None:
    layout = [[LION, LION, LION, LION, CROC], [MONKEY]]
    data = build(layout, phase="over", half=[2, 0], last_win=WON)
    with pytest.raises(InvalidState, match=r"last_win.row must be rows\[0\]"):
        CollectState.from_json(data)
    data["last_win"] = None
    with pytest.raises(InvalidState, match="last_win must name the winning row in phase over"):
        CollectState.from_json(data)
