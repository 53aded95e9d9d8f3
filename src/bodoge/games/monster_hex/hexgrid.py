"""Hex geometry for Monster Hex: pointy-top hexes in axial coordinates.

A hex is (q, r) in axial coordinates. Boards are written as text maps in *doubled* coordinates
(x = 2q + r, y = r): row y of the map holds hexes at character columns x with x + y even, so the
text already looks like a honeycomb. A hex's label is its row letter and its place in that row
counted from the left (:func:`labels`): "d4" is the fourth hex of the fourth row, which is also
how the terminal and the pictures name it.

The six directions are numbered clockwise from north-east: 0 NE, 1 E, 2 SE, 3 SW, 4 W, 5 NW, and
``opposite(d) == (d + 3) % 6``. A tile lists its six edge powers clockwise starting at its NE edge
when unrotated. Rotating a tile by ``rot`` steps of 60° clockwise makes the edge printed at position
``i`` face direction ``(i + rot) % 6``, so the power facing direction ``d`` is
``edges[(d - rot) % 6]`` (:func:`rotated`).
"""

from __future__ import annotations

from collections.abc import Sequence

Hex = tuple[int, int]

DIRECTIONS: tuple[Hex, ...] = ((1, -1), (1, 0), (0, 1), (-1, 1), (-1, 0), (0, -1))
DIRECTION_NAMES = ("NE", "E", "SE", "SW", "W", "NW")
ROW_LETTERS = "abcdefghijklmnopqrstuvwxyz"


def opposite(direction: int) -> int:
    return (direction + 3) % 6


def neighbour(hex_: Hex, direction: int) -> Hex:
    dq, dr = DIRECTIONS[direction]
    return (hex_[0] + dq, hex_[1] + dr)


def neighbours(hex_: Hex) -> list[Hex]:
    return [neighbour(hex_, d) for d in range(6)]


def direction_between(a: Hex, b: Hex) -> int | None:
    """The direction from `a` to `b` if they are neighbours, else None."""
    delta = (b[0] - a[0], b[1] - a[1])
    return DIRECTIONS.index(delta) if delta in DIRECTIONS else None


def rotated(edges: Sequence[int], rot: int) -> tuple[int, ...]:
    """The powers facing each direction 0..5 of a tile printed with `edges`, turned `rot` steps
    clockwise."""
    return tuple(edges[(d - rot) % 6] for d in range(6))


def to_doubled(hex_: Hex) -> tuple[int, int]:
    q, r = hex_
    return (2 * q + r, r)


def from_doubled(x: int, y: int) -> Hex:
    if (x + y) % 2:
        raise ValueError(f"({x}, {y}) is not on the doubled grid (x + y must be even)")
    return ((x - y) // 2, y)


def labels(hexes: Sequence[Hex]) -> dict[Hex, str]:
    """Each hex's label: row letter (top row "a") and its place in the row from the left."""
    named: dict[Hex, str] = {}
    rows = sorted({to_doubled(h)[1] for h in hexes})
    for letter, y in zip(ROW_LETTERS, rows, strict=False):
        in_row = sorted((h for h in hexes if h[1] == y), key=lambda h: to_doubled(h)[0])
        for place, h in enumerate(in_row, start=1):
            named[h] = f"{letter}{place}"
    return named


def parse_map(rows: Sequence[str]) -> dict[Hex, str]:
    """The hexes of a text map: {hex: its character}. Spaces are no hex. Raises ValueError for a
    character off the doubled grid, naming its row and column."""
    cells: dict[Hex, str] = {}
    for y, row in enumerate(rows):
        for x, char in enumerate(row):
            if char == " ":
                continue
            if (x + y) % 2:
                raise ValueError(
                    f"map row {y + 1} has {char!r} at column {x + 1}, between hexes "
                    "(a hex sits where row number + column number is even)"
                )
            cells[from_doubled(x, y)] = char
    return cells


def point_image(hex_: Hex, centre: tuple[float, float]) -> tuple[float, float]:
    """The image of a hex under the half turn about `centre` (axial coordinates, may be halves)."""
    return (2 * centre[0] - hex_[0], 2 * centre[1] - hex_[1])


def symmetry_centre(hexes: Sequence[Hex]) -> tuple[float, float]:
    """The centroid of a set of hexes, the only possible centre of a half-turn symmetry."""
    n = len(hexes)
    return (sum(h[0] for h in hexes) / n, sum(h[1] for h in hexes) / n)


CELL_WIDTH = 10


def text_grid(cells: dict[Hex, tuple[str, str, str]]) -> str:
    """Draw hexes as text, each as three lines of `CELL_WIDTH` characters, a row's hexes shifted
    half a hex against the row above, like a honeycomb. `cells` gives each hex its three lines."""
    if not cells:
        return ""
    doubled = {to_doubled(h): lines for h, lines in cells.items()}
    min_x = min(x for x, _ in doubled)
    max_x = max(x for x, _ in doubled)
    max_y = max(y for _, y in doubled)
    min_y = min(y for _, y in doubled)
    half = CELL_WIDTH // 2
    width = (max_x - min_x) * half + CELL_WIDTH
    out: list[str] = []
    for y in range(min_y, max_y + 1):
        lines = [[" "] * width for _ in range(3)]
        for (x, row), cell_lines in doubled.items():
            if row != y:
                continue
            col = (x - min_x) * half
            for line, text in zip(lines, cell_lines, strict=True):
                line[col : col + CELL_WIDTH] = list(text.ljust(CELL_WIDTH)[:CELL_WIDTH])
        out.extend("".join(line).rstrip() for line in lines)
    return "\n".join(out)
