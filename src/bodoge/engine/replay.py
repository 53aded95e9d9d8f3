"""Replays: (game, players, options, seed, actions) rebuilds a game exactly."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from bodoge.engine.errors import InvalidState
from bodoge.engine.registry import get_game
from bodoge.engine.state import State


def replay(
    game_id: str,
    players: int,
    options: Mapping[str, Any] | None,
    seed: int,
    actions: Iterable[tuple[int, str]],
) -> State:
    """The state after applying `actions` (seat, notation) to a new game."""
    state = get_game(game_id).new(players, options, seed)
    for seat, text in actions:
        state.apply_text(seat, text)
    return state


def replay_from_json(data: Any) -> State:
    """A replay record: {"game", "players", "options", "seed", "actions": [[seat, text], ...]}."""
    if not isinstance(data, dict):
        raise InvalidState("a replay must be a JSON object")
    try:
        actions = [(int(seat), str(text)) for seat, text in data.get("actions", [])]
        return replay(data["game"], data["players"], data.get("options"), data["seed"], actions)
    except (KeyError, TypeError, ValueError) as error:
        raise InvalidState(f"replay JSON is malformed: {error}") from None
