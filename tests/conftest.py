"""Shared test helpers: makes `protocol_checks` and `toy_game` importable from every test
folder, and registers the toy game for the duration of a test that asks for `registered`."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

HERE = str(Path(__file__).resolve().parent)
if HERE not in sys.path:
    sys.path.insert(0, HERE)

from bodoge.engine import registry  # noqa: E402
from toy_game import GAME  # noqa: E402


@pytest.fixture
def registered() -> Iterator[str]:
    games = registry._all()
    games[GAME.id] = GAME
    yield GAME.id
    games.pop(GAME.id, None)
