"""The terminal's table as an RGB picture, for `render_mode="rgb_array"` (extra `rl`: Pillow).

The browser draws the games with JavaScript, and the only drawing Python has is Monster Hex's
board files (`bodoge.games.monster_hex.draw`), so a frame is the table the terminal prints for a
spectator (its spec's `render(state, None, lang)`: nothing secret), drawn in a grid of character
cells with Noto Sans Mono CJK (Debian's `fonts-noto-cjk`, which the README installs for the
browser tests): the tables hold Japanese names in both languages, and a wide character takes two
cells, as in a terminal. Pillow's wheels carry FreeType, so nothing else is needed.

Every frame of a game has the same size, so that frames make a video: the largest table measured
for the game (every player count, random games, both languages) with a margin, in `TABLE_CELLS`.
A table larger than that (or of a game not measured) makes a larger frame rather than losing
its edge.
"""

from __future__ import annotations

import functools
import unicodedata
from pathlib import Path

import numpy as np
from PIL import Image, ImageDraw, ImageFont

from bodoge.engine import InvalidOptions

FONT_SIZE = 14  # pixels; a cell is half of it wide (Latin), a line 1.3 of it tall
LINE = round(FONT_SIZE * 1.3)
CELL = FONT_SIZE // 2
PAD = 8  # pixels around the table
PAPER, INK = (250, 248, 240), (30, 30, 30)
FONT_FACE = "Noto Sans Mono CJK JP"
FONT_FILES = (
    "/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc",  # Debian, Ubuntu: fonts-noto-cjk
    "/usr/share/fonts/noto-cjk/NotoSansCJK-Regular.ttc",  # Arch, Fedora
    "/usr/share/fonts/google-noto-cjk/NotoSansCJK-Regular.ttc",
)

# (rows, columns) of character cells: the largest spectator table of 8 random games for each
# player count, in English or Japanese, plus a quarter.
TABLE_CELLS: dict[str, tuple[int, int]] = {
    "collect": (18, 288),  # measured 14 x 230
    "koremon_auction": (45, 129),  # measured 36 x 103
    "koremon_evolution": (17, 123),  # measured 13 x 98
    "koremon_hunt": (65, 237),  # measured 52 x 189
    "koremon_trick": (12, 402),  # measured 9 x 321
    "monster_hex": (37, 472),  # measured 29 x 377
}


@functools.cache
def font() -> ImageFont.FreeTypeFont:
    """The monospaced face of the first Noto Sans CJK collection found."""
    for name in FONT_FILES:
        if not Path(name).exists():
            continue
        for index in range(16):  # the collection's faces; the monospaced JP face among them
            try:
                face = ImageFont.truetype(name, FONT_SIZE, index=index)
            except OSError:
                break
            if face.getname()[0] == FONT_FACE:
                return face
    raise InvalidOptions(
        f"render_mode rgb_array draws with {FONT_FACE}: install Debian's fonts-noto-cjk "
        f"(looked in {', '.join(FONT_FILES)}) / rgb_array の描画には {FONT_FACE} が必要です"
        "（Debian の fonts-noto-cjk を入れてください）"
    )


@functools.cache
def cells(char: str) -> int:
    return 2 if unicodedata.east_asian_width(char) in "WF" else 1


@functools.cache
def fits(char: str) -> bool:
    """Whether the face's glyph is as wide as the terminal counts it (then it joins a run)."""
    return font().getlength(char) == cells(char) * CELL


def frame(text: str, game_id: str) -> np.ndarray:
    """`text` drawn as an RGB array (rows, columns, 3) of uint8, the game's frame size."""
    lines = text.split("\n")
    rows, columns = TABLE_CELLS.get(game_id, (0, 0))
    rows = max(rows, len(lines))
    columns = max(columns, *(sum(map(cells, line)) for line in lines))
    image = Image.new("RGB", (2 * PAD + columns * CELL, 2 * PAD + rows * LINE), PAPER)
    draw = ImageDraw.Draw(image)
    face = font()
    for row, line in enumerate(lines):
        y = PAD + row * LINE
        column = 0
        start, run = 0, ""  # glyphs as wide as their cells are drawn a run at a time
        for char in line:
            if fits(char):
                if not run:
                    start = column
                run += char
            else:  # drawn alone at its cell, so the characters after it stay in their columns
                if run:
                    draw.text((PAD + start * CELL, y), run, font=face, fill=INK)
                    run = ""
                draw.text((PAD + column * CELL, y), char, font=face, fill=INK)
            column += cells(char)
        if run:
            draw.text((PAD + start * CELL, y), run, font=face, fill=INK)
    return np.asarray(image, dtype=np.uint8)
