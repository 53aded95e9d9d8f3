"""The import graph of `bodoge`, read from the sources with `ast` (nothing is imported): the
layers import only downwards, the engine and the games only the standard library and
themselves, and the packages in `NO_CIRCLES` hold no import circle among their modules.

Layers, lowest first: engine < games < ai < sim, server, envs < cli. An import inside
`if TYPE_CHECKING:` counts for the layers (a lower layer does not even name a higher one) but
not for the circles (it never runs).
"""

from __future__ import annotations

import ast
import sys
from dataclasses import dataclass
from pathlib import Path

SRC = Path(__file__).resolve().parents[1] / "src"
ROOT = "bodoge"
LAYERS = {"engine": 0, "games": 1, "ai": 2, "sim": 3, "server": 3, "envs": 3, "cli": 4}
STDLIB_ONLY = ("engine", "games")
# The packages checked for circles: the server and every game package (a game added by a
# folder joins this list).
NO_CIRCLES = (
    "bodoge.server",
    "bodoge.games.collect",
    "bodoge.games.monster_hex",
    "bodoge.games.koremon",
)
# The engine's registry finds the game packages at run time (it iterates `bodoge.games`): a
# discovery, not a use of any game.
DISCOVERY = {("bodoge.engine.registry", "bodoge.games")}


@dataclass(frozen=True)
class Import:
    source: str  # the importing module
    target: str  # the module imported (a bodoge module, or the top name of any other)
    line: int
    typing_only: bool  # under `if TYPE_CHECKING:`


def module_names() -> dict[str, Path]:
    """Every module of bodoge by its dotted name (a package by its own name)."""
    found = {}
    for path in sorted((SRC / ROOT).rglob("*.py")):
        parts = list(path.relative_to(SRC).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        found[".".join(parts)] = path
    return found


def _typing_guard(node: ast.If) -> bool:
    test = node.test
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def imports_of(name: str, path: Path, modules: dict[str, Path]) -> list[Import]:
    tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: list[Import] = []

    def resolve(base: str, names: list[str]) -> list[str]:
        """`from base import a, b`: the submodules a, b where they are modules, else base."""
        targets = [f"{base}.{each}" for each in names if f"{base}.{each}" in modules]
        return targets if len(targets) == len(names) else [*targets, base]

    def visit(node: ast.AST, typing_only: bool) -> None:
        for child in ast.iter_child_nodes(node):
            guarded = typing_only or (isinstance(child, ast.If) and _typing_guard(child))
            if isinstance(child, ast.Import):
                for alias in child.names:
                    found.append(Import(name, alias.name, child.lineno, typing_only))
            elif isinstance(child, ast.ImportFrom):
                if child.level:
                    base = package.rsplit(".", child.level - 1)[0] if child.level > 1 else package
                    base = f"{base}.{child.module}" if child.module else base
                else:
                    base = child.module or ""
                if base.split(".")[0] != ROOT:
                    found.append(Import(name, base, child.lineno, typing_only))
                    continue
                for target in resolve(base, [alias.name for alias in child.names]):
                    found.append(Import(name, target, child.lineno, typing_only))
            if isinstance(child, ast.If) and _typing_guard(child):
                for inner in child.body:
                    visit(ast.Module(body=[inner], type_ignores=[]), True)
                for inner in child.orelse:
                    visit(ast.Module(body=[inner], type_ignores=[]), typing_only)
            else:
                visit(child, guarded)

    visit(tree, False)
    return found


def graph() -> list[Import]:
    modules = module_names()
    return [found for name, path in modules.items() for found in imports_of(name, path, modules)]


def layer_of(module: str) -> str | None:
    parts = module.split(".")
    return parts[1] if len(parts) > 1 and parts[0] == ROOT and parts[1] in LAYERS else None


def circles(edges: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components with more than one module (or a module importing
    itself), by Tarjan's algorithm."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def connect(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for nxt in sorted(edges.get(node, ())):
            if nxt not in index:
                connect(nxt)
                low[node] = min(low[node], low[nxt])
            elif nxt in on_stack:
                low[node] = min(low[node], index[nxt])
        if low[node] == index[node]:
            component = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                component.append(member)
                if member == node:
                    break
            if len(component) > 1 or node in edges.get(node, ()):
                found.append(sorted(component))

    for node in sorted(edges):
        if node not in index:
            connect(node)
    return found


def test_the_graph_is_read() -> None:
    """The reader finds the imports it must (so the checks below cannot pass by reading none)."""
    edges = {(each.source, each.target) for each in graph()}
    assert ("bodoge.engine.match", "bodoge.engine.errors") in edges
    assert ("bodoge.cli.serve", "bodoge.server.config") in edges
    assert len(edges) > 200


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
    found = []
    for package in NO_CIRCLES:
        edges: dict[str, set[str]] = {}
        for each in graph():
            inside = (each.source, each.target)
            if each.typing_only or not all(
                name == package or name.startswith(package + ".") for name in inside
            ):
                continue
            edges.setdefault(each.source, set()).add(each.target)
        found += circles(edges)
    assert not found, "\n".join(" <-> ".join(component) for component in found)


def test_the_circle_finder_finds_circles() -> None:
    assert circles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    assert circles({"a": {"a"}}) == [["a"]]
    assert circles({"a": {"b"}, "b": set()}) == []
