"""The import graph of `bodoge` (read by tests/imports.py, nothing imported): the layers import
only downwards, the engine and the games only the standard library and themselves, and the
server and every game package hold no import circle among their modules at run time (imports
inside functions count; those under `if TYPE_CHECKING:` never run, so they do not).

Layers, lowest first: engine < games < ai < sim, server, envs < cli. An import inside
`if TYPE_CHECKING:` counts for the layers (a lower layer does not even name a higher one).
"""

from __future__ import annotations

import sys

from imports import ROOT, SRC, circles, describe, graph, imports_in, run_time_edges

LAYERS = {"engine": 0, "games": 1, "ai": 2, "sim": 3, "server": 3, "envs": 3, "cli": 4}
STDLIB_ONLY = ("engine", "games")
# The packages checked for circles: the server and every game package (a game added by a
# folder joins this list by being a folder).
NO_CIRCLES = (
    "bodoge.server",
    *sorted(
        f"bodoge.games.{path.parent.name}" for path in (SRC / ROOT / "games").glob("*/__init__.py")
    ),
)
# The engine's registry finds the game packages at run time (it iterates `bodoge.games`): a
# discovery, not a use of any game.
DISCOVERY = {("bodoge.engine.registry", "bodoge.games")}


def layer_of(module: str) -> str | None:
    parts = module.split(".")
    return parts[1] if len(parts) > 1 and parts[0] == ROOT and parts[1] in LAYERS else None


def test_the_graph_is_read() -> None:
    """The reader finds the imports it must (so the checks below cannot pass by reading none)."""
    edges = {(each.source, each.target) for each in graph()}
    assert ("bodoge.engine.match", "bodoge.engine.errors") in edges
    assert ("bodoge.cli.serve", "bodoge.server.config") in edges
    assert ("bodoge.games.monster_hex.rules", "bodoge.games.monster_hex.stones") in edges
    assert len(edges) > 200
    assert set(NO_CIRCLES) >= {
        "bodoge.games.collect",
        "bodoge.games.monster_hex",
        "bodoge.games.koremon",
    }


def test_the_reader_counts_what_runs() -> None:
    """Imports inside functions run, so they count; under `TYPE_CHECKING` only for the types;
    `from package import module` is an arrow to the module, `import Name` one to the package."""
    name = "bodoge.games.monster_hex.words"
    source = (
        "from typing import TYPE_CHECKING\n"
        "if TYPE_CHECKING:\n"
        "    from bodoge.games.monster_hex.rules import MonsterHex\n"
        "else:\n"
        "    from . import stones\n"
        "def f():\n"
        "    from bodoge.games.monster_hex import bot, GAME\n"
    )
    found = {(each.target, each.typing_only) for each in imports_in(source, name)}
    assert found == {
        ("typing", False),
        ("bodoge.games.monster_hex.rules", True),
        ("bodoge.games.monster_hex.stones", False),
        ("bodoge.games.monster_hex.bot", False),
        ("bodoge.games.monster_hex", False),
    }


def test_no_layer_imports_a_higher_one() -> None:
    upward = []
    for each in graph():
        source, target = layer_of(each.source), layer_of(each.target)
        if (each.source, each.target) in DISCOVERY:
            continue
        if source is not None and target is not None and LAYERS[target] > LAYERS[source]:
            upward.append(f"{each.source}:{each.line} imports {each.target}")
    assert not upward, "\n".join(upward)


def test_the_engine_and_the_games_import_only_the_standard_library_and_themselves() -> None:
    """(The games import the engine, the layer below: the layer test covers the rest.)"""
    outside = []
    allowed = set(sys.stdlib_module_names) | {ROOT, "__future__"}
    for each in graph():
        if each.typing_only:  # read by the type checker only (mypy_extensions), never run
            continue
        if layer_of(each.source) in STDLIB_ONLY and each.target.split(".")[0] not in allowed:
            outside.append(f"{each.source}:{each.line} imports {each.target}")
    assert not outside, "\n".join(outside)


def test_no_import_circle_inside_the_checked_packages() -> None:
    found = [component for package in NO_CIRCLES for component in circles(run_time_edges(package))]
    assert not found, describe(found)


def test_the_circle_finder_finds_circles() -> None:
    assert circles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    assert circles({"a": {"a"}}) == [["a"]]
    assert circles({"a": {"b"}, "b": set()}) == []
    assert circles({"a": {"b"}, "b": {"a"}, "c": {"d"}, "d": {"c"}}) == [["a", "b"], ["c", "d"]]
