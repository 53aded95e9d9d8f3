"""The 2 vs 2 team mode (2vs2 モード)."""

from __future__ import annotations

import pytest

from bodoge.engine import InvalidOptions, InvalidState

from .helpers import CROC, LION, MONKEY, OCTO, build, load, play

LAYOUT = [[CROC], [MONKEY], [LION, LION, LION], [OCTO]]
TEAM = {"team_mode": "on"}


@pytest.mark.parametrize("players", [2, 3])
def test_team_mode_needs_four_players(players: int) -> None:
    """Seed: 「チームメイトはテーブルを挟んで向かい合って座らなければなりません。」; RULINGS §1:
    "Team mode (2 vs 2): exactly 4 players"."""
    from bodoge.games.collect.rules import CollectState

    with pytest.raises(InvalidOptions, match="4 players"):
        CollectState.new(players, TEAM, seed=1)
    with pytest.raises(InvalidState, match="4 players"):
        CollectState.from_json(build(LAYOUT[:players], options=TEAM))


def test_teammates_sit_opposite() -> None:
    """RULINGS §1: "seats 0+2 against 1+3 (teammates sit opposite)"."""
    state = load(LAYOUT, options=TEAM)
    assert state.teams() == [[0, 2], [1, 3]]
    assert state.view(1)["teams"] == [[0, 2], [1, 3]]
    assert "teams" not in load(LAYOUT).view(1)


def test_a_seats_second_half_crown_wins_for_its_team() -> None:
    """Seed: 「このモードでは、最初にハーフ王冠2つまたはフル王冠を獲得したプレイヤーのチームが勝利と
    なります。」: seat 2 takes its second half crown; seats 0 and 2 win."""
    state = load(LAYOUT, [LION], [CROC], options=TEAM, active=2, half=[0, 1, 1, 0])
    events = play(state, 2, "draw:A", "keep", "right")
    assert events[-1]["type"] == "game_over" and events[-1]["winners"] == [0, 2]
    result = state.result()
    assert result is not None
    assert result.winners == [0, 2]
    assert result.teams == [[0, 2], [1, 3]]
    assert result.ranks == [1, 3, 1, 3]


def test_crowns_are_not_pooled_across_teammates() -> None:
    """RULINGS §1: "Crowns are per seat, never pooled across teammates": seats 0 and 2 hold one half
    crown each, the game goes on."""
    state = load(LAYOUT, [LION], [CROC], options=TEAM, active=2, half=[1, 0, 0, 0])
    play(state, 2, "draw:A", "keep", "right")
    assert not state.is_over()
    assert state.to_json()["crowns"]["half"] == [1, 0, 1, 0]
    assert state.active == 3


def test_the_full_crown_wins_for_its_team() -> None:
    """Seed: 「フル王冠を獲得したプレイヤーのチームが勝利」: seat 3 takes the full crown."""
    layout = [[CROC], [MONKEY], [OCTO], [LION, LION, LION]]
    state = load(layout, [LION], [CROC], options=TEAM, active=3, half=[1, 1, 1, 0])
    play(state, 3, "draw:A", "keep", "right")
    result = state.result()
    assert result is not None
    assert result.winners == [1, 3]
    assert state.to_json()["crowns"]["full"] == 3
