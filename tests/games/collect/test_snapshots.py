"""`to_json()` and `view()` return snapshots (issue 12): no list or dict is shared with the live
state, so editing what they return cannot change the game, and playing on cannot change what
they returned earlier."""

from __future__ import annotations

import copy
from typing import Any

from bodoge.engine import Rng
from bodoge.games.collect.rules import CollectState


def vandalize(value: Any) -> None:
    """Change every list and dict inside `value`, in place."""
    if isinstance(value, dict):
        for item in list(value.values()):
            vandalize(item)
        value.clear()
        value["vandal"] = True
    elif isinstance(value, list):
        for item in value:
            vandalize(item)
        value.clear()
        value.append("vandal")


def snapshots(state: CollectState) -> list[Any]:
    return [state.to_json(), state.view(None), *(state.view(seat) for seat in range(state.players))]


def test_editing_a_snapshot_does_not_change_the_game() -> None:
    for seed in range(6):
        state = CollectState.new(2 + seed % 3, None, seed)
        rng = Rng(seed)
        while not state.is_over():
            before = copy.deepcopy(snapshots(state))
            for snapshot in snapshots(state):
                vandalize(snapshot)
            assert snapshots(state) == before
            seat = state.pending()[0]
            legal = state.legal_actions(seat)
            state.apply(seat, legal[rng.below(len(legal))])


def test_playing_on_does_not_change_an_earlier_snapshot() -> None:
    for seed in range(6):
        state = CollectState.new(2 + seed % 3, {"team_mode": "off"}, seed)
        rng = Rng(seed)
        while not state.is_over():
            taken = snapshots(state)
            kept = copy.deepcopy(taken)
            seat = state.pending()[0]
            legal = state.legal_actions(seat)
            state.apply(seat, legal[rng.below(len(legal))])
            assert taken == kept
