"""Content as data (issue 3 item 2): bodoge's default files meet every rule of RULINGS §2, and
each kind of invalid file is rejected with a message naming the file, the item and the fault."""

from __future__ import annotations

from pathlib import Path

import pytest

from bodoge.engine import ContentError, get_game
from bodoge.games.monster_hex import content, hexgrid

DATA = Path(content.__file__).parent / "data"
DEFAULT = content.load()


# ---- the default content ----


def test_units_composition_and_ability_units() -> None:
    """10 unit tiles a faction: ranks S x1, A x2, B x3, C x4; six edge powers 1-5; the ability
    units are the S, one B and one C tile; higher ranks carry more total power."""
    assert len(DEFAULT.factions) == 4
    assert [f.key for f in DEFAULT.factions] == ["red", "blue", "yellow", "green"]
    assert [f.ja for f in DEFAULT.factions] == ["赤", "青", "黄", "緑"]
    ranks = [u.rank for u in DEFAULT.units]
    assert ranks == ["S", "A", "A", "B", "B", "B", "C", "C", "C", "C"]
    assert all(len(u.edges) == 6 and all(1 <= p <= 5 for p in u.edges) for u in DEFAULT.units)
    assert [u.key for u in DEFAULT.units if u.ability] == ["S", "B1", "C1"]
    totals = {rank: {sum(u.edges) for u in DEFAULT.units if u.rank == rank} for rank in "SABC"}
    assert min(totals["S"]) > max(totals["A"]) >= min(totals["A"]) > max(totals["B"])
    assert min(totals["B"]) > max(totals["C"])
    assert all(u.en and u.ja for u in DEFAULT.units)


def test_stone_tiles_two_of_each_color_and_exactly_one_seven() -> None:
    tiles = DEFAULT.tiles
    assert len(tiles) == 8
    assert sorted(t.color for t in tiles) == [0, 0, 1, 1, 2, 2, 3, 3]
    assert [t.value for t in tiles].count(7) == 1
    per_color = [sum(t.value for t in tiles if t.color == c) for c in range(4)]
    assert per_color == [10, 10, 10, 10]  # no color favoured by the +2 bonus


@pytest.mark.parametrize(("players", "placeable", "large", "small"), [(4, 32, 4, 4), (3, 30, 3, 2),
                                                                       (2, 27, 2, 2)])  # fmt: skip
def test_boards(players: int, placeable: int, large: int, small: int) -> None:
    """4-player: 32 placeable hexes, 4 large and 4 small stones; 3-player 30; 2-player 27; two
    start hexes; every large stone's six neighbours placeable; small stones on shared edges of
    placeable hexes; point-symmetric, stones and start hexes included."""
    board = DEFAULT.boards[players]
    assert len(board.placeable_cells) == placeable and len(board.start_cells) == 2
    assert sum(board.site_large) == large and board.site_large.count(False) == small
    for site, cells in enumerate(board.site_cells):
        assert all(board.placeable[c] for c in cells)
        assert len(cells) == (6 if board.site_large[site] else 2)
    hexes = board.hexes
    centre = hexgrid.symmetry_centre(hexes)

    def image(cell: int) -> int:
        x, y = hexgrid.point_image(hexes[cell], centre)
        return hexes.index((int(x), int(y)))

    kinds = [
        ("S" if board.start[c] else ".") if board.placeable[c] else "L" for c in range(len(hexes))
    ]
    assert all(kinds[image(c)] == kinds[c] for c in range(len(hexes)))
    smalls = {
        frozenset(cells) for s, cells in enumerate(board.site_cells) if not board.site_large[s]
    }
    assert {frozenset(image(c) for c in pair) for pair in smalls} == smalls
    assert board.en and board.ja


# ---- invalid content ----


def folder_with(tmp_path: Path, name: str, old: str, new: str) -> str:
    text = (DATA / name).read_text("utf-8")
    assert old in text, f"{old!r} not in {name}"
    (tmp_path / name).write_text(text.replace(old, new, 1), encoding="utf-8")
    return str(tmp_path)


@pytest.mark.parametrize(
    ("name", "old", "new", "message"),
    [
        ("units.toml", 'key = "A2"\nrank = "A"', 'key = "A2"\nrank = "B"',
         "a faction has 2 rank-A units, not 1"),
        ("units.toml", "edges = [5, 3, 4, 5, 2, 4]", "edges = [5, 3, 4, 5, 2, 6]",
         "unit 'S' has edge power 6, not 1-5"),
        ("units.toml", "edges = [5, 3, 4, 5, 2, 4]", "edges = [5, 3, 4, 5, 2]",
         "unit 'S' has 5 edges, not 6"),
        ("units.toml", 'rank = "S"', 'rank = "X"', "unit 'S' has rank 'X'"),
        ("units.toml", "edges = [3, 1, 4, 2, 5, 1]\nability = true", "edges = [3, 1, 4, 2, 5, 1]",
         "the ability units must be the S, one B and one C unit"),
        ("units.toml", 'key = "A2"', 'key = "A1"', "unit key 'A1' appears twice"),
        ("units.toml", 'en = "Dragon"\n', "", "unit #1 lacks 'en'"),
        ("units.toml", "[[faction]]\nkey = \"green\"", "[[nothing]]\nkey = \"green\"",
         "needs exactly 4 [[faction]] tables"),
        ("units.toml", "ability = true", 'ability = "yes"', "ability = 'yes', not true or false"),
        ("units.toml", 'color = "#2f6bd0"', 'color = "navy"',
         "faction 'blue' has color 'navy', not a colour like #d0433a"),
        ("stones.toml", "value = 7", "value = 6", "exactly one tile must be worth 7 (found 0)"),
        ("stones.toml", "value = 3", "value = 7",
         "exactly one tile must be worth 7 (found 2: red7, red3)"),
        ("stones.toml", 'color = "blue"', 'color = "purple"',
         "tile 'blue6' has color 'purple', not one of red, blue, yellow, green"),
        ("stones.toml", 'key = "blue6"\ncolor = "blue"', 'key = "blue6"\ncolor = "red"',
         "color 'red' has 3 tiles, not 2"),
        ("stones.toml", "value = 7", 'value = "seven"', "has value = 'seven', which is not a int"),
        ("stones.toml", 'key = "red3"', 'key = "red7"', "tile key 'red7' appears twice"),
        ("board_4p.toml", '"    . . . S .",', '"    . . . S . .",',
         "the map has 33 placeable hexes, a 4-player game needs 32"),
        ("board_4p.toml", '"     . S . . .",', '"     . . . . .",',
         "the map has 1 start hexes (S), not 2"),
        ("board_4p.toml", '"   . L . . . .",', '"   L . . . . .",',
         "large stone b1 needs six placeable neighbours, but its W neighbour is off the board"),
        ("board_4p.toml", '"    . . . S .",', '"    . . . S x",', "has 'x' at column 13"),
        ("board_4p.toml", '"    . . . S .",', '"   . . . S .",', "between hexes"),
        ("board_4p.toml", '["a3", "b3"]', '["a3", "c3"]', "#1: a3 and c3 are not neighbours"),
        ("board_4p.toml", '["a3", "b3"]', '["a3", "z3"]', "hex 'z3', which is not on the map"),
        ("board_4p.toml", '["a3", "b3"]', '["a2", "b2"]', "names b2, a large stone"),
        ("board_4p.toml", '["c6", "c7"]', '["b3", "a3"]', "the edge b3-a3 already has a stone"),
        ("board_4p.toml", '["red7", "blue4"]', '["red7", "red8"]', "names tile 'red8'"),
        ("board_4p.toml", '"red3"]]', '"red7"]]', "uses tile 'red7' a second time"),
        ("board_4p.toml", "players = 4", "players = 3", "players = 3, but this is the"),
        ("board_4p.toml", "map = [", "map = [[", "not valid TOML"),
        ("abilities.toml", 'key = "reward"', 'key = "fire"', "ability 'fire' is not one of"),
        ("abilities.toml", 'key = "blitz"\nfaction = "blue"', 'key = "blitz"\nfaction = "red"',
         "faction 'red' has 3 abilities, not 2"),
        ("abilities.toml", 'key = "curse"\nfaction = "green"', 'key = "curse"\nfaction = "pink"',
         "ability 'curse' has faction 'pink'"),
        ("objectives.toml", 'kind = "majority"\nmeasure', 'kind = "wish"\nmeasure', "kind 'wish'"),
        ("objectives.toml", 'measure = "tiles"', 'measure = "luck"', "has measure 'luck'"),
        ("objectives.toml", "cells = [[0, 0], [1, 0], [2, 0]]\nen", "cells = [[0, 0], [2, 0]]\nen",
         "its cells are not all connected"),
        ("objectives.toml", 'ranks = ["S", "A"]', 'ranks = ["S"]', "one rank (S, A, B, C or *)"),
        ("objectives.toml", "units = 3", "units = 9", "has units = 9, not 1-6"),
        ("objectives.toml", 'stones = "small"', 'stones = "huge"', "has stones = 'huge'"),
        ("objectives.toml", "points = 4", "points = 0", "worth 0 points"),
        ("objectives.toml", "[[objective]]\nkey = \"duel\"", "[[nothing]]\nkey = \"duel\"",
         "needs exactly 20 [[objective]] tables"),
    ],
)  # fmt: skip
def test_invalid_content_is_rejected_naming_file_item_and_fault(
    tmp_path: Path, name: str, old: str, new: str, message: str
) -> None:
    folder = folder_with(tmp_path, name, old, new)
    with pytest.raises(ContentError) as error:
        content.load(folder)
    assert str(tmp_path / name) in str(error.value)
    assert message in str(error.value)


def test_a_missing_content_folder_is_a_clear_error(tmp_path: Path) -> None:
    with pytest.raises(ContentError, match="does not exist"):
        content.load(str(tmp_path / "nowhere"))
    with pytest.raises(ContentError, match=r"holds none of units\.toml"):
        content.load(str(tmp_path))


def test_a_users_own_files_replace_the_defaults_and_the_rest_stay(tmp_path: Path) -> None:
    """Option content: a folder with only stones.toml uses its tiles and bodoge's units/boards."""
    folder = folder_with(tmp_path, "stones.toml", "value = 3", "value = 2")
    state = get_game("monster_hex").new(4, {"content": folder}, 1)
    assert state.c.tiles[1].value == 2  # red3 is worth 2 in this copy
    assert state.c.units == DEFAULT.units
    assert "(bodoge default)" in state.board.file


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_board_pictures_in_the_docs_are_drawn_from_the_data(players: int) -> None:
    """docs/games/img/monster_hex_board_Np.svg is what `python -m bodoge.games.monster_hex.draw`
    makes of the board file: valid SVG naming every hex and stone."""
    import xml.etree.ElementTree as ET

    from bodoge.games.monster_hex.draw import board_svg

    svg = board_svg(DEFAULT, players)
    ET.fromstring(svg)
    board = DEFAULT.boards[players]
    assert all(f">{label}<" in svg or f" {label}<" in svg for label in board.labels)
    assert all(f">{name}" in svg for name in board.site_names)
    picture = Path(__file__).parents[3] / f"docs/games/img/monster_hex_board_{players}p.svg"
    assert picture.read_text("utf-8") == svg, "run: python -m bodoge.games.monster_hex.draw"


def test_the_rotation_tables_match_the_edges_for_every_face_code() -> None:
    """`rotations[type][code]` (one lookup) and `fit_low`/`fit_high` (which types fit at all)
    agree with the rotations worked out from the printed edges, for every type, on every 13th
    face code (13 is prime to 6, so every digit takes every value at every place)."""
    c = content.load()
    for unit_type, rotated in enumerate(c.edge):
        table = c.rotations[unit_type]
        assert len(table) == 6**6
        for code in range(0, 6**6, 13):
            digits = [code // 6**d % 6 for d in range(6)]  # the power facing from direction d
            expected = sum(
                1 << r
                for r in range(6)
                if any(p and rotated[r][d] == p for d, p in enumerate(digits))
            )
            assert table[code] == expected
            fits = c.fit_low[code % 216] | c.fit_high[code // 216]
            assert bool(fits >> unit_type & 1) == bool(expected)
