"""The Koremon family's package shape: `common/` and one folder per game, each game's folder with
the same modules, and no import circle inside any of them at run time (imports inside functions
count; those under `if TYPE_CHECKING:` name a class for the type checker only)."""

from __future__ import annotations

import ast
from importlib import resources

import pytest

FAMILY = "bodoge.games.koremon"
GAMES = ("auction", "hunt", "trick", "evolution")
SHAPE = {"__init__", "rules", "state_json", "words", "render", "observe", "bot", "public", "codes"}


def run_time_imports(source: str, package: str) -> set[str]:
    """The modules of `package` a module imports when it runs: at its top and inside functions,
    not under `if TYPE_CHECKING:`."""
    found: set[str] = set()

    def visit(node: ast.AST) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.If) and "TYPE_CHECKING" in ast.unparse(child.test):
                for other in child.orelse:
                    visit(other)
                continue
            if isinstance(child, ast.ImportFrom) and child.module:
                if child.module == package:
                    found.update(f"{package}.{alias.name}" for alias in child.names)
                elif child.module.startswith(package + "."):
                    found.add(child.module)
            elif isinstance(child, ast.Import):
                found.update(a.name for a in child.names if a.name.startswith(package + "."))
            visit(child)

    visit(ast.parse(source))
    return found


def modules(package: str) -> dict[str, str]:
    """Each module of `package` (not its `__init__`) with its source."""
    return {
        f"{package}.{entry.name.removesuffix('.py')}": entry.read_text("utf-8")
        for entry in resources.files(package).iterdir()
        if entry.name.endswith(".py") and entry.name != "__init__.py"
    }


def circle(graph: dict[str, set[str]]) -> list[str] | None:
    """One import circle of `graph`, or None."""
    state: dict[str, int] = {}  # 1: on the path, 2: done

    def walk(module: str, path: list[str]) -> list[str] | None:
        state[module] = 1
        for other in sorted(graph.get(module, ())):
            if state.get(other) == 1:
                return [*path[path.index(other) :], other]
            if other in graph and not state.get(other):
                found = walk(other, [*path, other])
                if found:
                    return found
        state[module] = 2
        return None

    for module in sorted(graph):
        if not state.get(module):
            found = walk(module, [module])
            if found:
                return found
    return None


@pytest.mark.parametrize("folder", ["common", *GAMES])
def test_no_import_circle_inside_a_folder(folder: str) -> None:
    package = f"{FAMILY}.{folder}"
    graph = {name: run_time_imports(text, package) for name, text in modules(package).items()}
    assert circle(graph) is None, " -> ".join(circle(graph) or [])


def test_no_import_circle_across_the_family() -> None:
    """A game's folder imports `common/` (and Trick's rules of the trick), never the other way."""
    graph: dict[str, set[str]] = {}
    for folder in ("common", *GAMES):
        for name, text in modules(f"{FAMILY}.{folder}").items():
            graph[name] = run_time_imports(text, FAMILY)
    assert circle(graph) is None, " -> ".join(circle(graph) or [])
    common = [name for name in graph if name.startswith(f"{FAMILY}.common.")]
    for name in common:
        assert all(other.startswith(f"{FAMILY}.common") for other in graph[name]), name


@pytest.mark.parametrize("game", GAMES)
def test_every_game_has_the_one_shape(game: str) -> None:
    files = resources.files(f"{FAMILY}.{game}")
    names = {
        entry.name.removesuffix(".py") for entry in files.iterdir() if entry.name.endswith(".py")
    }
    assert names >= SHAPE, sorted(SHAPE - names)
    assert files.joinpath("data", "events.toml").is_file()
