"""The engine: the game protocol, registry, seeded randomness and JSON. It knows no game."""

from bodoge.engine.errors import (
    BodogeError,
    ContentError,
    IllegalAction,
    InvalidOptions,
    InvalidState,
    UnknownGame,
    WrongSeat,
)
from bodoge.engine.options import OptionSpec
from bodoge.engine.registry import game_ids, get_game, state_from_json
from bodoge.engine.replay import replay, replay_from_json
from bodoge.engine.result import Result, ranked_result, ranks_from_keys
from bodoge.engine.rng import Rng
from bodoge.engine.state import Event, GameInfo, State, visible_events

__all__ = [
    "BodogeError",
    "ContentError",
    "Event",
    "GameInfo",
    "IllegalAction",
    "InvalidOptions",
    "InvalidState",
    "OptionSpec",
    "Result",
    "Rng",
    "State",
    "UnknownGame",
    "WrongSeat",
    "game_ids",
    "get_game",
    "ranked_result",
    "ranks_from_keys",
    "replay",
    "replay_from_json",
    "state_from_json",
    "visible_events",
]
