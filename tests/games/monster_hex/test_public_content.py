"""Monster Hex's public content (issue 15): what the browser draws the game from. It is JSON, in
both languages, the same whatever the seed, and agrees with the content files and the rules'
board tables (hexes, neighbours, start hexes, stones, units, factions, cards)."""

from __future__ import annotations

import json
import math
from pathlib import Path
from typing import Any

import pytest

from bodoge.engine import Match
from bodoge.games.monster_hex import GAME, content, hexgrid

DATA = Path(content.__file__).parent / "data"
DEFAULT = content.load()
ON = {"abilities": "on", "objectives": "on"}
SQRT3 = math.sqrt(3)


def texts(value: Any, path: str = "") -> list[tuple[str, dict[str, Any]]]:
    """Every {"en", "ja"} pair in a JSON value, with where it is."""
    found = []
    if isinstance(value, dict):
        if "en" in value:
            found.append((path, value))
        for key, item in value.items():
            found += texts(item, f"{path}.{key}")
    elif isinstance(value, list):
        for number, item in enumerate(value):
            found += texts(item, f"{path}[{number}]")
    return found


@pytest.mark.parametrize("players", [2, 3, 4])
def test_it_is_json_in_both_languages(players: int) -> None:
    data = GAME.public_content(players, ON)
    assert json.loads(json.dumps(data)) == data
    pairs = texts(data)
    assert len(pairs) > 100
    for where, pair in pairs:
        if isinstance(pair["en"], str):
            assert set(pair) == {"en", "ja"}, where
            assert pair["en"] and pair["ja"], where
            assert pair["en"] != pair["ja"], where
        else:  # a list of words, one per direction
            assert len(pair["en"]) == len(pair["ja"]) == 6, where


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_board_is_the_rules_board(players: int) -> None:
    board = DEFAULT.boards[players]
    drawn = GAME.public_content(players, {})["board"]
    assert drawn["name"] == {"en": board.en, "ja": board.ja}
    hexes = {h["id"]: h for h in drawn["hexes"]}
    assert list(hexes) == board.labels
    for cell, label in enumerate(board.labels):
        item = hexes[label]
        assert (item["q"], item["r"]) == board.hexes[cell]
        assert item["placeable"] == board.placeable[cell]
        assert item["start"] == board.start[cell]
        for d, other in enumerate(item["neighbours"]):
            if other is None:
                assert board.nbr[cell][d] == -1
            else:  # the neighbour in direction d is one step of that direction away
                dq, dr = hexgrid.DIRECTIONS[d]
                assert (hexes[other]["q"], hexes[other]["r"]) == (item["q"] + dq, item["r"] + dr)
    assert drawn["start"] == [board.labels[c] for c in board.start_cells]
    assert sum(h["placeable"] for h in drawn["hexes"]) == content.BOARD_PLACEABLE[players]
    stones = {s["id"]: s for s in drawn["stones"]}
    assert list(stones) == board.site_names
    for site, name in enumerate(board.site_names):
        assert stones[name]["cells"] == [board.labels[c] for c in board.site_cells[site]]
        stone = stones[name]
        if board.site_large[site]:
            assert hexes[stone["hex"]]["stone"] == name
            assert not hexes[stone["hex"]]["placeable"]
            assert (stone["x"], stone["y"]) == (hexes[stone["hex"]]["x"], hexes[stone["hex"]]["y"])
        else:  # drawn halfway between its two hexes, which are neighbours
            a, b = (hexes[cell] for cell in stone["cells"])
            assert b["id"] in a["neighbours"]
            middle = ((a["x"] + b["x"]) / 2, (a["y"] + b["y"]) / 2)
            assert (stone["x"], stone["y"]) == pytest.approx(middle, abs=1e-3)


def test_drawing_positions_are_a_honeycomb() -> None:
    """Neighbours' centres are exactly one hex width (sqrt 3 for circumradius 1) apart, and the
    direction a neighbour lies in has the expected angle (0 NE at -60 degrees, clockwise)."""
    hexes = {h["id"]: h for h in GAME.public_content(4, {})["board"]["hexes"]}
    pairs = 0
    for item in hexes.values():
        for d, other in enumerate(item["neighbours"]):
            if other is not None:
                dx, dy = hexes[other]["x"] - item["x"], hexes[other]["y"] - item["y"]
                assert dx**2 + dy**2 == pytest.approx(3, abs=1e-3)
                angle = math.radians(60 * d - 60)
                assert (dx, dy) == pytest.approx(
                    (SQRT3 * math.cos(angle), SQRT3 * math.sin(angle)), abs=1e-3
                )
                pairs += 1
    assert pairs > 100


def test_units_factions_tiles_and_cards_agree_with_the_files() -> None:
    data = GAME.public_content(2, ON)
    assert [f["key"] for f in data["factions"]] == ["red", "blue", "yellow", "green"]
    assert [f["name"]["ja"] for f in data["factions"]] == ["赤", "青", "黄", "緑"]
    assert all(f["color"].startswith("#") and len(f["color"]) == 7 for f in data["factions"])
    assert len({f["color"] for f in data["factions"]}) == 4
    units = {u["id"]: u for u in data["units"]}
    assert list(units) == DEFAULT.unit_names
    assert units["green-A2"]["faction"] == "green"
    assert units["green-A2"]["rank"] == "A"
    assert units["green-A2"]["edges"] == list(DEFAULT.units[2].edges)
    assert units["red-S"]["name"] == {"en": "Red Dragon", "ja": "赤のドラゴン"}
    assert [u["ability"] for u in data["units"][:10]] == [u.ability for u in DEFAULT.units]
    assert [t["key"] for t in data["tiles"]] == [t.key for t in DEFAULT.tiles]
    assert data["tiles"][0]["name"] == {"en": "the 7-point Red tile", "ja": "赤の7点タイル"}
    assert data["seven"] == "red7"
    abilities = {a["key"]: a for a in data["abilities"]}
    assert abilities["enchant"]["name"] == {"en": "Enchant", "ja": "強化"}
    assert abilities["enchant"]["faction"] == "red"
    assert [o["key"] for o in data["objectives"]] == [o.key for o in DEFAULT.objectives]
    line3 = data["objectives"][0]
    assert line3["kind"] == "formation" and line3["cells"] == [[0, 0], [1, 0], [2, 0]]
    assert line3["text"]["ja"].startswith("フォーメーション")
    assert data["rounds"] == 9 and data["shared_faction"] is True
    assert data["abilities_on"] and data["objectives_on"]


def test_it_is_the_same_whatever_the_seed_and_names_what_the_games_use() -> None:
    """Every state's view names hexes, stones, units and tiles the content holds."""
    data = GAME.public_content(2, ON)
    hexes = {h["id"] for h in data["board"]["hexes"]}
    stones = {s["id"] for s in data["board"]["stones"]}
    units = {u["id"] for u in data["units"]}
    tiles = {t["key"] for t in data["tiles"]}
    for seed in range(3):
        match = Match("monster_hex", 2, ON, seed)
        while not match.is_over():
            seat = match.pending()[0]
            match.apply(seat, match.state.legal_actions(seat)[seed % 2 - 1])
            view = match.state.view(seat)
            assert set(view["board"]) <= hexes
            assert {u.split("@")[0] for u in view["board"].values()} <= units
            assert set(view["stones"]) == stones
            assert set(view["hands"][seat]) <= units
            for stone in view["stones"].values():
                assert set(stone.get("tiles", [])) <= tiles
        assert GAME.public_content(2, ON) == data


def test_a_users_own_content_is_drawn(tmp_path: Path) -> None:
    text = (DATA / "units.toml").read_text("utf-8")
    (tmp_path / "units.toml").write_text(
        text.replace('color = "#2f6bd0"', 'color = "#123ABC"').replace("ドラゴン", "竜"), "utf-8"
    )
    data = GAME.public_content(3, {"content": str(tmp_path)})
    assert data["factions"][1]["color"] == "#123abc"
    assert data["units"][0]["name"]["ja"] == "赤の竜"
    assert data["board"]["placeable"] == 30
