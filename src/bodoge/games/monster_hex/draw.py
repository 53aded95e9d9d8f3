"""Pictures of the Monster Hex boards as SVG, drawn from the board files (standard library only).

    python -m bodoge.games.monster_hex.draw                       # writes docs/games/img/
    python -m bodoge.games.monster_hex.draw --out DIR --content MY_FOLDER

Each picture shows every hex with its name, the start hexes (purple, "S"), the large stones with
the tiles the fixed layout puts on them, and the small stones on their edges.
"""

from __future__ import annotations

import argparse
import math
from pathlib import Path
from xml.sax.saxutils import escape

from bodoge.games.monster_hex import content as content_mod

SIZE = 34.0  # hex radius in pixels
MARGIN = 20.0
COLORS = {"red": "#d9534f", "blue": "#337ab7", "yellow": "#e0b000", "green": "#3c9a4b"}


def centre(q: int, r: int) -> tuple[float, float]:
    return (SIZE * math.sqrt(3) * (q + r / 2), SIZE * 1.5 * r)


def corners(x: float, y: float, size: float = SIZE) -> str:
    points = []
    for k in range(6):
        angle = math.radians(60 * k - 30)
        points.append(f"{x + size * math.cos(angle):.1f},{y + size * math.sin(angle):.1f}")
    return " ".join(points)


def board_svg(content: content_mod.Content, players: int) -> str:
    board = content.boards[players]
    raw = [centre(*h) for h in board.hexes]
    min_x = min(x for x, _ in raw) - SIZE - MARGIN
    min_y = min(y for _, y in raw) - SIZE - MARGIN - 40
    pts = [(x - min_x, y - min_y) for x, y in raw]
    width = max(x for x, _ in pts) + SIZE + MARGIN
    height = max(y for _, y in pts) + SIZE + MARGIN
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width:.0f}" height="{height:.0f}" '
        f'viewBox="0 0 {width:.0f} {height:.0f}" font-family="sans-serif">',
        '<rect width="100%" height="100%" fill="white"/>',
        f'<text x="{MARGIN}" y="{MARGIN + 4}" font-size="16" font-weight="bold">'
        f"{escape(board.en)} / {escape(board.ja)}</text>",
        f'<text x="{MARGIN}" y="{MARGIN + 22}" font-size="11" fill="#555">'
        "Stone tiles as stone_layout=fixed lays them (the default, random, shuffles them)</text>",
    ]
    fixed = dict(zip(board.large_sites, board.fixed_tiles, strict=False))
    for cell, (x, y) in enumerate(pts):
        label = board.labels[cell]
        if not board.placeable[cell]:
            site = board.site_hex.index(cell)
            out.append(f'<polygon points="{corners(x, y)}" fill="#4b3f72" stroke="#222"/>')
            out.append(
                f'<text x="{x:.1f}" y="{y - 8:.1f}" font-size="13" fill="white" '
                f'text-anchor="middle" font-weight="bold">{board.site_names[site]} {label}</text>'
            )
            for row, tile in enumerate(fixed.get(site, ())):
                info = content.tiles[tile]
                color = COLORS.get(content.factions[info.color].key, "#999")
                out.append(
                    f'<rect x="{x - 22 + 24 * row:.1f}" y="{y:.1f}" width="20" height="16" '
                    f'rx="3" fill="{color}" stroke="white"/>'
                )
                out.append(
                    f'<text x="{x - 12 + 24 * row:.1f}" y="{y + 12:.1f}" font-size="11" '
                    f'fill="white" text-anchor="middle">{info.value}</text>'
                )
            continue
        start = board.start[cell]
        fill = "#c9a7e8" if start else "#f3ead7"
        out.append(f'<polygon points="{corners(x, y)}" fill="{fill}" stroke="#8a7f6a"/>')
        out.append(
            f'<text x="{x:.1f}" y="{y + 5:.1f}" font-size="13" text-anchor="middle" '
            f'fill="#333">{label}</text>'
        )
        if start:
            out.append(
                f'<text x="{x:.1f}" y="{y - 12:.1f}" font-size="12" text-anchor="middle" '
                f'fill="#5a2d82" font-weight="bold">S</text>'
            )
    for site, cells in enumerate(board.site_cells):
        if board.site_large[site]:
            continue
        (ax, ay), (bx, by) = (pts[c] for c in cells)
        mx, my = (ax + bx) / 2, (ay + by) / 2
        out.append(f'<circle cx="{mx:.1f}" cy="{my:.1f}" r="8" fill="#4b3f72" stroke="white"/>')
        out.append(
            f'<text x="{mx:.1f}" y="{my + 4:.1f}" font-size="9" fill="white" '
            f'text-anchor="middle">{board.site_names[site]}</text>'
        )
    out.append("</svg>")
    return "\n".join(out) + "\n"


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", default="docs/games/img", help="folder for the SVG files")
    parser.add_argument("--content", default=content_mod.DEFAULT, help="a content folder")
    args = parser.parse_args(argv)
    content = content_mod.load(args.content)
    folder = Path(args.out)
    folder.mkdir(parents=True, exist_ok=True)
    for players in (2, 3, 4):
        path = folder / f"monster_hex_board_{players}p.svg"
        path.write_text(board_svg(content, players), encoding="utf-8")
        print(path)


if __name__ == "__main__":
    main()
