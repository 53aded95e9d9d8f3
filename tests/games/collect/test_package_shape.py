"""Collect! has the package shape every game takes (docs/CONTRIBUTING-GAMES.md), its spec points
at those modules, and the package has no import circle: the modules that need the rules class
for their type hints import it only under `TYPE_CHECKING`."""

from __future__ import annotations

import ast
from pathlib import Path

import bodoge.games.collect as collect
from bodoge.engine import get_spec
from bodoge.games.collect import bot, public, render, words
from bodoge.games.collect.observe import collect_observer
from bodoge.games.collect.rules import CollectState

PACKAGE = Path(collect.__file__).parent
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


def runtime_imports(path: Path) -> set[str]:
    """The modules of the package that `path` imports when it runs (not for type hints)."""
    found: set[str] = set()

    def visit(node: ast.AST) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.If) and "TYPE_CHECKING" in ast.unparse(child.test):
                continue
            if isinstance(child, ast.ImportFrom) and child.module:
                if child.module == "bodoge.games.collect":
                    found.update(alias.name for alias in child.names)
                elif child.module.startswith("bodoge.games.collect."):
                    found.add(child.module.split(".")[3])
            visit(child)

    visit(ast.parse(path.read_text("utf-8")))
    return {name for name in found if (PACKAGE / f"{name}.py").is_file()}


def test_no_import_circle_inside_the_package() -> None:
    graph = {path.stem: runtime_imports(path) for path in PACKAGE.glob("*.py")}
    graph.pop("__init__")  # the spec imports every module; none imports it back
    assert all("__init__" not in imported for imported in graph.values())
    done: set[str] = set()

    def walk(module: str, trail: tuple[str, ...]) -> None:
        assert module not in trail, " -> ".join((*trail, module))
        if module in done:
            return
        for imported in sorted(graph[module]):
            walk(imported, (*trail, module))
        done.add(module)

    for module in sorted(graph):
        walk(module, ())
