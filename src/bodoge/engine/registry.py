"""The game registry: every `GameSpec` bodoge can play.

Two places register games. Each package under `bodoge.games` defines `GAME = GameSpec(...)` (or
`GAMES = (...)` for a family). A game outside bodoge is a distribution with an entry point in the
group `bodoge.games` naming its package (`tiny = "tiny_game"`, holding `GAME` or `GAMES`) or its
spec itself (`tiny = "tiny_game:GAME"`); installing it is all it takes (docs/CONTRIBUTING-GAMES.md).
"""

from __future__ import annotations

import importlib
import pkgutil
import sys
from functools import cache
from importlib.metadata import entry_points
from types import ModuleType
from typing import Any

from bodoge.engine.errors import InvalidState, UnknownGame
from bodoge.engine.game import GameSpec
from bodoge.engine.state import State

ENTRY_POINTS = "bodoge.games"  # the entry point group of games from other distributions
_OWN = "bodoge.games."  # the package prefix of bodoge's own games


def specs_in(holder: object) -> tuple[GameSpec[Any], ...]:
    """The specs a module (its `GAME` or `GAMES`) or an entry point's object holds."""
    if isinstance(holder, GameSpec):
        return (holder,)
    if isinstance(holder, ModuleType):
        one = getattr(holder, "GAME", None)
        return (one,) if isinstance(one, GameSpec) else tuple(getattr(holder, "GAMES", ()))
    return tuple(holder) if isinstance(holder, tuple) else ()


@cache
def _found() -> tuple[dict[str, GameSpec[Any]], dict[str, str]]:
    """Every registered spec by game id, and the package each came from."""
    import bodoge.games

    specs: dict[str, GameSpec[Any]] = {}
    packages: dict[str, str] = {}
    for module in pkgutil.iter_modules(bodoge.games.__path__):
        name = _OWN + module.name
        for spec in specs_in(importlib.import_module(name)):
            specs[spec.id] = spec
            packages[spec.id] = name
    for point in entry_points(group=ENTRY_POINTS):
        try:
            loaded = point.load()
        except Exception as error:  # one broken game must not take the others down
            print(f"bodoge: cannot load game {point.name!r} ({error})", file=sys.stderr)
            continue
        for spec in specs_in(loaded):
            if spec.id not in specs:  # bodoge's own games keep their ids
                specs[spec.id] = spec
                packages[spec.id] = point.value.partition(":")[0]
    return dict(sorted(specs.items())), packages


def _all() -> dict[str, GameSpec[Any]]:
    return _found()[0]


def game_ids() -> list[str]:
    return list(_all())


def specs() -> list[GameSpec[Any]]:
    """Every registered game, by id."""
    return list(_all().values())


def get_spec(game_id: str) -> GameSpec[Any]:
    games = _all()
    if game_id not in games:
        raise UnknownGame(f"unknown game {game_id!r} (games: {', '.join(games)})")
    return games[game_id]


def get_game(game_id: str) -> type[State]:
    """The rules class (`State` subclass) of a registered game."""
    return get_spec(game_id).rules


def game_package(game_id: str) -> str:
    """The package a registered game's spec was found in (`bodoge.games.collect`)."""
    get_spec(game_id)
    return _found()[1][game_id]


def compiled_packages() -> list[str]:
    """bodoge's game packages the compiled build compiles: those whose specs say `compiled`
    (setup.py reads it; a game from another distribution builds its own way)."""
    found = _found()[1]
    return sorted(
        {found[spec.id] for spec in specs() if spec.compiled and found[spec.id].startswith(_OWN)}
    )


def spec_of(game: GameSpec[Any] | type[State] | State) -> GameSpec[Any]:
    """The spec of a game given by its spec, its rules class or one of its states: the registered
    one, else a `GAME`/`GAMES` beside the class (its module or a package above it: a game being
    prototyped, `module:Class`), else a spec with every default (a bare rules class)."""
    if isinstance(game, GameSpec):
        return game
    rules = game if isinstance(game, type) else type(game)
    return _spec_of_class(rules)


@cache
def _spec_of_class(rules: type[State]) -> GameSpec[Any]:
    registered = _all().get(rules.info.id)
    if registered is not None and registered.rules is rules:
        return registered
    module_name: str = getattr(rules, "__module__", "")  # through getattr: mypyc refuses a class's
    parts = module_name.split(".")
    for end in range(len(parts), 0, -1):
        module = sys.modules.get(".".join(parts[:end]))
        for spec in specs_in(module) if module is not None else ():
            if spec.rules is rules:
                return spec
    return GameSpec(rules=rules)


def forget() -> None:
    """Look for the games again (after a game was installed or a test registered one)."""
    _found.cache_clear()
    _spec_of_class.cache_clear()


def state_from_json(data: object) -> State:
    """Any game's state from its JSON, dispatching on the `game` field."""
    if not isinstance(data, dict) or not isinstance(data.get("game"), str):
        raise InvalidState('a state must be a JSON object with a "game" field')
    return get_game(data["game"]).from_json(data)
