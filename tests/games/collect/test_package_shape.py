"""Collect! has the package shape every game takes (docs/CONTRIBUTING-GAMES.md), its spec points
at those modules, and the package has no import circle: the modules that need the rules class
for their type hints import it only under `TYPE_CHECKING`."""

from __future__ import annotations

from pathlib import Path

import bodoge.games.collect as collect
from bodoge.engine import get_spec
from bodoge.games.collect import bot, public, render, words
from bodoge.games.collect.observe import collect_observer
from bodoge.games.collect.rules import CollectState
from imports import circles, describe, run_time_edges

PACKAGE = Path(collect.__file__).parent
NAME = "bodoge.games.collect"
SHAPE = ("__init__", "rules", "state_json", "words", "render", "observe", "bot", "public")


def test_the_package_has_the_standard_files() -> None:
    for name in SHAPE:
        assert (PACKAGE / f"{name}.py").is_file(), name
    assert {path.name for path in (PACKAGE / "data").glob("*.toml")} == {
        "animals.toml",
        "events.toml",
        "options.toml",
    }


def test_the_registered_spec_is_the_packages_and_points_at_its_modules() -> None:
    spec = get_spec("collect")
    assert spec is collect.GAME and spec.rules is CollectState
    assert spec.render is render.render and spec.game_help is render.game_help
    assert spec.action_label is words.action_label and spec.event_word is words.event_word
    assert spec.heuristic is bot.evaluate and spec.public_content is public.public_content
    assert spec.observer is collect_observer and spec.compiled


def test_no_import_circle_inside_the_package() -> None:
    """No module imports the package (its spec imports them all), and none imports another in
    a circle, imports inside functions included. The graph: tests/imports.py."""
    graph = run_time_edges(NAME)
    assert f"{NAME}.rules" in graph[NAME]  # the spec imports the rules: the graph is read
    assert all(NAME not in imported for imported in graph.values())
    assert not circles(graph), describe(circles(graph))
