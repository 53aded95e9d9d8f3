"""The engine: the game protocol and spec, the registry, seeded randomness and JSON. It knows no
game."""

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
from bodoge.engine.game import GameSpec, RulesPage
from bodoge.engine.match import Decision, Match
from bodoge.engine.options import OptionSpec
from bodoge.engine.registry import game_ids, get_game, get_spec, spec_of, specs, state_from_json
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
    "GameSpec",
    "IllegalAction",
    "InvalidOptions",
    "InvalidState",
    "Match",
    "OptionSpec",
    "Result",
    "Rng",
    "RulesPage",
    "StaleMove",
    "State",
    "UndoRefused",
    "UnknownGame",
    "WrongSeat",
    "game_ids",
    "get_game",
    "get_spec",
    "ranked_result",
    "ranks_from_keys",
    "replay",
    "replay_from_json",
    "spec_of",
    "specs",
    "state_from_json",
    "visible_events",
]
