"""Issue 12: a state's JSON and its views are snapshots, copies that share no list with the
state. In both directions: a later `apply` must not change a snapshot taken before it, and
editing a snapshot must not change the state (Monster Auction's `to_json` used to hand out its
live `bids`, `money` and `out` lists)."""

from __future__ import annotations

import json
from typing import Any

import pytest

from bodoge.engine import Rng, State, get_game

GAMES = [
    ("koremon_auction", 3, {}),
    ("koremon_auction", 5, {"payment": "winner-pays"}),
    ("koremon_hunt", 4, {}),
    ("koremon_trick", 3, {}),
    ("koremon_trick", 4, {"mimic_lead": "any-time"}),
    ("koremon_evolution", 3, {}),
]


def frozen(data: dict[str, Any]) -> dict[str, Any]:
    """A deep copy made through JSON text, which shares nothing."""
    return json.loads(json.dumps(data))


def scribble(value: Any) -> None:
    """Change every list and object inside `value` in place."""
    if isinstance(value, list):
        for item in value:
            scribble(item)
        value.append("scribble")
    elif isinstance(value, dict):
        for item in value.values():
            scribble(item)
        value["scribble"] = True


def snapshots(state: State) -> list[dict[str, Any]]:
    """The full state and every view of it."""
    return [state.to_json(), *(state.view(seat) for seat in [None, *range(state.players)])]


def play_one(state: State, rng: Rng) -> None:
    """A random legal move (in the Auction a small bid, so that its games last some rounds)."""
    seat = state.pending()[rng.below(len(state.pending()))]
    legal = state.legal_actions(seat)
    if state.info.id == "koremon_auction":
        legal = legal[:7]
    state.apply(seat, legal[rng.below(len(legal))])


@pytest.mark.parametrize(("game_id", "players", "options"), GAMES)
def test_a_later_apply_leaves_an_earlier_snapshot_alone(
    game_id: str, players: int, options: dict[str, str]
) -> None:
    for number in range(3):
        state = get_game(game_id).new(players, options, 500 + number)
        rng = Rng(number)
        while not state.is_over():
            taken = snapshots(state)
            copies = [frozen(snapshot) for snapshot in taken]
            play_one(state, rng)
            assert taken == copies, "a later apply changed an earlier snapshot"


@pytest.mark.parametrize(("game_id", "players", "options"), GAMES)
def test_editing_a_snapshot_leaves_the_state_alone(
    game_id: str, players: int, options: dict[str, str]
) -> None:
    """At a third of the positions of each game, and at its end."""
    for number in range(3):
        state = get_game(game_id).new(players, options, 700 + number)
        rng = Rng(number)
        while True:
            if state.is_over() or rng.below(3) == 0:
                before = [frozen(snapshot) for snapshot in snapshots(state)]
                for snapshot in snapshots(state):
                    scribble(snapshot)
                after = [frozen(snapshot) for snapshot in snapshots(state)]
                assert after == before, "editing a snapshot changed the state"
            if state.is_over():
                break
            play_one(state, rng)
