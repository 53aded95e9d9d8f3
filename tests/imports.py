"""The import graph of `bodoge`, read from its sources with `ast` (nothing is imported), and the
import circles in it: the one checker behind tests/test_layers.py and the game packages' shape
tests.

Every import counts, at a module's top and inside its functions (both run). An import under
`if TYPE_CHECKING:` is marked `typing_only`: the layer test counts it (a lower layer does not even
name a higher one), the circle checks do not (it never runs). A package is a node of its own,
named by the package (its `__init__`): `from pkg import mod` is an arrow to `pkg.mod` when `mod` is
a module, `from pkg import Name` an arrow to `pkg`.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass
from functools import cache
from pathlib import Path

SRC = Path(__file__).resolve().parents[1] / "src"
ROOT = "bodoge"


@dataclass(frozen=True)
class Import:
    source: str  # the importing module
    target: str  # the module imported (a bodoge module, or the top name of any other)
    line: int
    typing_only: bool  # under `if TYPE_CHECKING:`


@cache
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


def imports_in(
    source: str, name: str, *, is_package: bool = False, modules: dict[str, Path] | None = None
) -> list[Import]:
    """The imports of the module `name` whose text is `source`."""
    modules = module_names() if modules is None else modules
    package = name if is_package else name.rpartition(".")[0]
    found: list[Import] = []

    def resolve(base: str, names: list[str]) -> list[str]:
        """`from base import a, b`: the submodules a, b where they are modules, else base."""
        targets = [f"{base}.{each}" for each in names if f"{base}.{each}" in modules]
        return targets if len(targets) == len(names) else [*targets, base]

    def visit(node: ast.AST, typing_only: bool) -> None:
        for child in ast.iter_child_nodes(node):
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
                visit(child, typing_only)  # function bodies included: their imports run too

    visit(ast.parse(source, name), False)
    return found


@cache
def graph() -> tuple[Import, ...]:
    """Every import of every bodoge module (read once per test process)."""
    modules = module_names()
    return tuple(
        found
        for name, path in modules.items()
        for found in imports_in(
            path.read_text(encoding="utf-8"),
            name,
            is_package=path.name == "__init__.py",
            modules=modules,
        )
    )


def inside(module: str, package: str) -> bool:
    return module == package or module.startswith(package + ".")


def run_time_edges(package: str) -> dict[str, set[str]]:
    """The arrows among `package` and its modules that run (not under `TYPE_CHECKING`)."""
    edges: dict[str, set[str]] = {}
    for each in graph():
        if not each.typing_only and inside(each.source, package) and inside(each.target, package):
            edges.setdefault(each.source, set()).add(each.target)
    return edges


def circles(edges: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components with more than one module (or a module importing
    itself), by Tarjan's algorithm: each is an import circle, all its modules named."""
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


def describe(found: list[list[str]]) -> str:
    """The circles for an assertion's message, one a line."""
    return "\n".join(" <-> ".join(component) for component in found)
