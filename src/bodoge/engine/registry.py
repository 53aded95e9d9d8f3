"""The game registry. Each package under `bodoge.games` lists its state classes in `GAMES`."""

from __future__ import annotations

import importlib
import pkgutil
from functools import cache

from bodoge.engine.errors import InvalidState, UnknownGame
from bodoge.engine.state import State


@cache
def _all() -> dict[str, type[State]]:
    import bodoge.games

    found: dict[str, type[State]] = {}
    for module in pkgutil.iter_modules(bodoge.games.__path__):
        package = importlib.import_module(f"bodoge.games.{module.name}")
        for state_class in getattr(package, "GAMES", ()):
            found[state_class.info.id] = state_class
    return dict(sorted(found.items()))


def game_ids() -> list[str]:
    return list(_all())


def get_game(game_id: str) -> type[State]:
    games = _all()
    if game_id not in games:
        raise UnknownGame(f"unknown game {game_id!r} (games: {', '.join(games)})")
    return games[game_id]


def state_from_json(data: object) -> State:
    """Any game's state from its JSON, dispatching on the `game` field."""
    if not isinstance(data, dict) or not isinstance(data.get("game"), str):
        raise InvalidState('a state must be a JSON object with a "game" field')
    return get_game(data["game"]).from_json(data)
