"""Hex geometry (issue 3 item 1): axial coordinates, the six directions, neighbours, edge powers
under rotation, labels and the text map format."""

from __future__ import annotations

import pytest

from bodoge.games.monster_hex import hexgrid as H


def test_directions_run_clockwise_from_north_east_and_pair_with_their_opposites() -> None:
    """Pointy-top axial directions: 0 NE, 1 E, 2 SE, 3 SW, 4 W, 5 NW; opposite = d + 3."""
    assert H.DIRECTIONS == ((1, -1), (1, 0), (0, 1), (-1, 1), (-1, 0), (0, -1))
    for d in range(6):
        dq, dr = H.DIRECTIONS[d]
        assert H.DIRECTIONS[H.opposite(d)] == (-dq, -dr)


def test_neighbours_and_direction_between() -> None:
    centre = (2, 3)
    around = H.neighbours(centre)
    assert around == [(3, 2), (3, 3), (2, 4), (1, 4), (1, 3), (2, 2)]
    for d, other in enumerate(around):
        assert H.direction_between(centre, other) == d
        assert H.direction_between(other, centre) == H.opposite(d)
    assert H.direction_between(centre, (4, 3)) is None


def test_rotation_turns_printed_edges_clockwise() -> None:
    """Turned one step clockwise, the edge printed at NE faces E, and the NW edge faces NE."""
    edges = (5, 3, 4, 5, 2, 4)
    assert H.rotated(edges, 0) == edges
    assert H.rotated(edges, 1) == (4, 5, 3, 4, 5, 2)
    assert H.rotated(edges, 3) == (5, 2, 4, 5, 3, 4)
    assert all(H.rotated(edges, r) == H.rotated(H.rotated(edges, r - 1), 1) for r in range(1, 6))


def test_text_map_reads_as_a_honeycomb_and_labels_count_from_the_left() -> None:
    cells = H.parse_map([". .", " . S L"])
    assert cells == {(0, 0): ".", (1, 0): ".", (0, 1): ".", (1, 1): "S", (2, 1): "L"}
    assert H.labels(list(cells)) == {
        (0, 0): "a1", (1, 0): "a2", (0, 1): "b1", (1, 1): "b2", (2, 1): "b3",
    }  # fmt: skip
    # b1, drawn half a hex to the right, is the south-east neighbour of a1 and south-west of a2
    assert H.direction_between((0, 0), (0, 1)) == 2
    assert H.direction_between((1, 0), (0, 1)) == 3


def test_a_map_character_between_hexes_is_an_error_naming_row_and_column() -> None:
    with pytest.raises(ValueError, match=r"row 2 has '\.' at column 1"):
        H.parse_map([". .", ". ."])


def test_point_symmetry_helpers() -> None:
    hexes = [(0, 0), (1, 0)]
    centre = H.symmetry_centre(hexes)
    assert centre == (0.5, 0.0)
    assert H.point_image((0, 0), centre) == (1.0, 0.0)


def test_text_grid_shifts_each_row_half_a_hex() -> None:
    text = H.text_grid({(0, 0): ("", "A", ""), (0, 1): ("", "B", "")})
    lines = text.splitlines()
    assert lines[1].index("A") + H.CELL_WIDTH // 2 == lines[4].index("B")
