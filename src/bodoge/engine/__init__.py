"""The engine: the game protocol, registry, seeded randomness and JSON. It knows no game."""

from bodoge.engine.errors import (
    BodogeError,
    ContentError,
    GameOver,
    IllegalAction,
    InvalidOptions,
    InvalidState,
    StaleMove,
    UndoRefused,
    UnknownGame,
    WrongSeat,
)
from bodoge.engine.events import Event, EventCatalog, visible_events
from bodoge.engine.match import Decision, Match
from bodoge.engine.options import OptionSpec
from bodoge.engine.registry import game_ids, get_game, state_from_json
from bodoge.engine.replay import replay, replay_from_json
from bodoge.engine.result import Result, ranked_result, ranks_from_keys
from bodoge.engine.rng import Rng
from bodoge.engine.state import GameInfo, State

__all__ = [
    "BodogeError",
    "ContentError",
    "Decision",
    "Event",
    "EventCatalog",
    "GameInfo",
    "GameOver",
    "IllegalAction",
    "InvalidOptions",
    "InvalidState",
    "Match",
    "OptionSpec",
    "Result",
    "Rng",
    "StaleMove",
    "State",
    "UndoRefused",
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
