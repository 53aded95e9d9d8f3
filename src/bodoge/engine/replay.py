"""Replays: (game, players, options, seed, actions) rebuilds a game exactly, through `Match`."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from bodoge.engine.errors import InvalidState
from bodoge.engine.match import Match
from bodoge.engine.state import State


def replay(
    game_id: str,
    players: int,
    options: Mapping[str, Any] | None,
    seed: int,
    actions: Iterable[Sequence[Any]],  # (seat, notation): tuples, or lists from JSON
) -> State:
    """The state after applying `actions` (seat, notation) to a new game."""
    match = Match(game_id, players, options, seed)
    for seat, text in actions:
        match.apply(seat, text)
    return match.state


def replay_from_json(data: Any) -> State:
    """A replay record: {"game", "players", "options", "seed", "actions": [[seat, text], ...]}."""
    if not isinstance(data, dict):
        raise InvalidState("a replay must be a JSON object")
    try:
        actions = [(int(seat), str(text)) for seat, text in data.get("actions", [])]
        return replay(data["game"], data["players"], data.get("options"), data["seed"], actions)
    except (KeyError, TypeError, ValueError) as error:
        raise InvalidState(f"replay JSON is malformed: {error}") from None
