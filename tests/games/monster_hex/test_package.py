"""Monster Hex's package shape: one State class over no chain of bases, and its modules import
each other in one order (no import circle at run time; the helpers name the state's class only
for the type checker)."""

from __future__ import annotations

import ast
from importlib import resources

from bodoge.engine import State
from bodoge.games.monster_hex.rules import MonsterHex

PACKAGE = "bodoge.games.monster_hex"


def run_time_imports(source: str) -> set[str]:
    """The package's modules a module imports when it is run: its module-level imports and those
    inside functions, but not those under `if TYPE_CHECKING:`."""
    found: set[str] = set()

    def visit(node: ast.AST) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.If) and "TYPE_CHECKING" in ast.unparse(child.test):
                for other in child.orelse:
                    visit(other)
                continue
            if isinstance(child, ast.ImportFrom) and child.module:
                if child.module == PACKAGE:
                    found.update(f"{PACKAGE}.{alias.name}" for alias in child.names)
                elif child.module.startswith(PACKAGE + "."):
                    found.add(child.module)
            elif isinstance(child, ast.Import):
                found.update(a.name for a in child.names if a.name.startswith(PACKAGE + "."))
            visit(child)

    visit(ast.parse(source))
    return found


def import_graph() -> dict[str, set[str]]:
    folder = resources.files(PACKAGE)
    graph = {}
    for entry in folder.iterdir():
        if entry.name.endswith(".py") and entry.name != "__init__.py":
            name = f"{PACKAGE}.{entry.name.removesuffix('.py')}"
            graph[name] = run_time_imports(entry.read_text("utf-8"))
    return graph


def circle(graph: dict[str, set[str]]) -> list[str] | None:
    """One import circle of `graph`, or None."""
    state: dict[str, int] = {}  # 1 on the path, 2 done

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


def test_the_state_class_has_no_chain_of_bases() -> None:
    assert MonsterHex.__bases__ == (State,)


def test_the_modules_import_each_other_in_one_order() -> None:
    graph = import_graph()
    assert f"{PACKAGE}.rules" in graph and f"{PACKAGE}.stones" in graph[f"{PACKAGE}.rules"]
    assert circle(graph) is None, " -> ".join(circle(graph) or [])


def test_the_circle_finder_finds_a_circle() -> None:
    a, b, c = (f"{PACKAGE}.{name}" for name in "abc")
    assert circle({a: {b}, b: {c}, c: {a}}) == [a, b, c, a]
    assert circle({a: {b}, b: {c}, c: set()}) is None
    source = "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from x import y\n"
    typed = source.replace("from x import y", f"from {PACKAGE}.rules import MonsterHex")
    assert run_time_imports(typed) == set()
    assert run_time_imports(f"def f():\n    from {PACKAGE} import bot\n") == {f"{PACKAGE}.bot"}
