"""The Koremon family's package shape: `common/` and one folder per game, each game's folder with
the same modules, and no import circle inside any of them at run time (imports inside functions
count; those under `if TYPE_CHECKING:` name a class for the type checker only). The graph:
tests/imports.py."""

from __future__ import annotations

from importlib import resources

import pytest

from imports import circles, describe, inside, run_time_edges

FAMILY = "bodoge.games.koremon"
GAMES = ("auction", "hunt", "trick", "evolution")
SHAPE = {"__init__", "rules", "state_json", "words", "render", "observe", "bot", "public", "codes"}


@pytest.mark.parametrize("folder", ["common", *GAMES])
def test_no_import_circle_inside_a_folder(folder: str) -> None:
    graph = run_time_edges(f"{FAMILY}.{folder}")
    assert graph  # its modules import each other: the graph is read
    assert not circles(graph), describe(circles(graph))


def test_no_import_circle_across_the_family() -> None:
    """A game's folder imports `common/` (and Trick's rules of the trick), never the other way."""
    graph = run_time_edges(FAMILY)
    assert not circles(graph), describe(circles(graph))
    common = f"{FAMILY}.common"
    for name, targets in graph.items():
        if inside(name, common):
            assert all(inside(other, common) for other in targets), name


@pytest.mark.parametrize("game", GAMES)
def test_every_game_has_the_one_shape(game: str) -> None:
    files = resources.files(f"{FAMILY}.{game}")
    names = {
        entry.name.removesuffix(".py") for entry in files.iterdir() if entry.name.endswith(".py")
    }
    assert names >= SHAPE, sorted(SHAPE - names)
    assert files.joinpath("data", "events.toml").is_file()
