"""Monster Hex's package shape: one State class over no chain of bases, and its modules import
each other in one order (no import circle at run time, imports inside functions included; the
helpers name the state's class only for the type checker). The graph: tests/imports.py."""

from __future__ import annotations

from bodoge.engine import State
from bodoge.games.monster_hex.rules import MonsterHex
from imports import circles, describe, run_time_edges

PACKAGE = "bodoge.games.monster_hex"


def test_the_state_class_has_no_chain_of_bases() -> None:
    assert MonsterHex.__bases__ == (State,)


def test_the_modules_import_each_other_in_one_order() -> None:
    graph = run_time_edges(PACKAGE)
    assert f"{PACKAGE}.stones" in graph[f"{PACKAGE}.rules"]
    assert not circles(graph), describe(circles(graph))
