"""Monster Hex variants: the unit tiles, stone tiles and boards as data (see
`bodoge.engine.variants`).

A variant is a table of sections named after the content files: `units` (units.toml), `stones`
(stones.toml), `board_2p`, `board_3p`, `board_4p`; a section it lacks is bodoge's. Abilities and
objectives stay bodoge's. The check is the engine's bounds, the map's size and connectedness,
then `content.from_data`: the very checks the built-in files pass.

A game's length does not depend on the content: the game has ROUNDS[players] rounds of a fixed
number of placements, each placing one unit on an empty hex, and the content check holds every
board to exactly that many placeable hexes (BOARD_PLACEABLE), so every game ends after
27 / 30 / 32 placements whatever the tiles.
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Callable, Mapping
from importlib import resources
from typing import Any, TypeVar

from bodoge.engine.errors import ContentError
from bodoge.engine.variants import (
    VARIANT_PREFIX,
    Problem,
    VariantError,
    VariantKit,
    check_bounds,
    content_options,
    digest,
    installed_data_of,
    refuse,
)
from bodoge.games.monster_hex import content, hexgrid

SECTIONS = ("board_2p", "board_3p", "board_4p", "units", "stones")
MAX_ROWS = 16  # the built-in boards have 5-7 rows
MAX_ROW_CHARS = 40  # and rows of 11-15 characters
T = TypeVar("T")
_SHOWN = re.compile(r"^variant \[(\w+)\]: ")


def builtin() -> dict[str, Any]:
    """bodoge's own content in the variant format (what the studio starts from)."""
    data = {}
    for section in SECTIONS:
        text = resources.files(content.__package__ + ".data").joinpath(f"{section}.toml")
        data[section] = tomllib.loads(text.read_text("utf-8"))
    return data


def check(data: Mapping[str, Any]) -> None:
    """Refuse what the game would refuse, and what no variant may be (VariantError)."""
    _checked(data, content.check_data)


def build(data: Mapping[str, Any]) -> content.Content:
    """The content of a checked variant, with the rules' tables."""
    return _checked(
        data, lambda sections: content.from_data(VARIANT_PREFIX + digest(data), sections)
    )


def _checked(data: Mapping[str, Any], then: Callable[[Mapping[str, Any]], T]) -> T:
    if not isinstance(data, Mapping):
        raise refuse("content", "must be a table of sections", "セクションの表でなければなりません")
    check_bounds(data)
    unknown = sorted(set(data) - set(SECTIONS))
    if unknown:
        raise refuse(
            unknown[0],
            f"is not a section (sections: {', '.join(SECTIONS)})",
            f"セクションではありません（セクション：{', '.join(SECTIONS)}）",
        )
    for section, value in data.items():
        if not isinstance(value, Mapping):
            raise refuse(section, "must be a table", "表でなければなりません")
    for players in (2, 3, 4):
        board = data.get(f"board_{players}p")
        if board is not None:
            _check_map(f"board_{players}p", board)
    try:
        return then(data)
    except ContentError as error:
        text = str(error)
        found = _SHOWN.match(text)
        field = found.group(1) if found else "content"
        detail = text[found.end() :] if found else text
        raise VariantError(
            [Problem(field, detail, f"ゲームの内容の検査に通りません（{detail}）")]
        ) from None


def _check_map(section: str, board: Mapping[str, Any]) -> None:
    """The map's size before it is parsed (a 10^6-hex board stops here), then its placeable
    hexes in one connected piece: a hex no unit can reach from the others is refused."""
    rows = board.get("map")
    field = f"{section}.map"
    if not isinstance(rows, list) or not all(isinstance(row, str) for row in rows):
        raise refuse(
            field, "must be a list of text rows", "テキストの行のリストでなければなりません"
        )
    if not 1 <= len(rows) <= MAX_ROWS:
        raise refuse(
            field,
            f"has {len(rows)} rows, not 1-{MAX_ROWS}",
            f"{len(rows)}行あります（1〜{MAX_ROWS}行）",
        )
    for number, row in enumerate(rows, start=1):
        if len(row) > MAX_ROW_CHARS:
            raise refuse(
                f"{field}[{number - 1}]",
                f"row {number} has {len(row)} characters, more than {MAX_ROW_CHARS}",
                f"{number}行目が{len(row)}文字あり、上限の{MAX_ROW_CHARS}文字を超えています",
            )
    try:
        chars = hexgrid.parse_map(rows)
    except ValueError as error:
        raise refuse(field, str(error), f"マップが読めません（{error}）") from None
    hexes = set(chars)
    if not hexes:
        raise refuse(field, "has no hexes", "ヘクスがありません")
    first = next(iter(sorted(hexes)))
    reached = {first}
    todo = [first]
    while todo:
        for other in hexgrid.neighbours(todo.pop()):
            if other in hexes and other not in reached:
                reached.add(other)
                todo.append(other)
    if reached != hexes:
        x, y = hexgrid.to_doubled(sorted(hexes - reached)[0])
        raise refuse(
            field,
            f"the board is in pieces: the hex at row {y + 1}, column {x + 1} is cut off from "
            "the rest",
            f"ボードが分かれています：{y + 1}行目{x + 1}列のヘクスが他とつながっていません",
        )


# a game of the checked variant's options, installed in this process; the data they name
options = content_options(content.install)
data_of = installed_data_of(content.installed_data)


def _name(section: str) -> tuple[str, str]:
    if section.startswith("board_"):
        n = section[6]
        return f"the {n}-player board", f"{n}人用ボード"
    return {
        "units": ("the unit tiles", "ユニットタイル"),
        "stones": ("the stone tiles", "魔石タイル"),
    }[section]


def differences(base: Mapping[str, Any], other: Mapping[str, Any]) -> list[Problem]:
    """What `other` changes of `base`, one line per changed item (a board, a unit, a tile)."""
    fallback = builtin()
    lines: list[Problem] = []
    for section in SECTIONS:
        a = base.get(section, fallback[section])
        b = other.get(section, fallback[section])
        if a == b:
            continue
        en, ja = _name(section)
        if section == "units":
            for i, (ua, ub) in enumerate(zip(a.get("unit", []), b.get("unit", []), strict=False)):
                if ua != ub:
                    key = ub.get("key", i)
                    lines.append(
                        Problem(
                            f"units.unit[{i}]",
                            f"unit {key}: rank {ua.get('rank')} → {ub.get('rank')}, edges "
                            f"{ua.get('edges')} → {ub.get('edges')}",
                            f"ユニット {key}：ランク {ua.get('rank')} → {ub.get('rank')}、辺 "
                            f"{ua.get('edges')} → {ub.get('edges')}",
                        )
                    )
            if a.get("faction") != b.get("faction"):
                lines.append(Problem("units.faction", "the factions differ", "派閥が違います"))
        elif section == "stones":
            factions = other.get("units", fallback["units"]).get("faction", [])
            tiles_a, tiles_b = a.get("tile", []), b.get("tile", [])
            for i, (ta, tb) in enumerate(zip(tiles_a, tiles_b, strict=False)):
                if ta != tb:
                    was_en, was_ja = _tile_name(tiles_a, i, factions)
                    now_en, now_ja = _tile_name(tiles_b, i, factions)
                    lines.append(
                        Problem(
                            f"stones.tile[{i}]",
                            f"{was_en}: {ta.get('value')} points → {now_en}: "
                            f"{tb.get('value')} points",
                            f"{was_ja}：{ta.get('value')}点 → {now_ja}：{tb.get('value')}点",
                        )
                    )
        else:
            for key, (key_en, key_ja) in BOARD_PARTS.items():
                if a.get(key) != b.get(key):
                    lines.append(
                        Problem(
                            f"{section}.{key}",
                            f"{en}: {key_en} differs",
                            f"{ja}：{key_ja}が違います",
                        )
                    )
    return lines


# A board's parts as the differences name them.
BOARD_PARTS = {
    "map": ("the map", "地図"),
    "small_stones": ("the small stones", "小魔石"),
    "fixed_tiles": ("the stone tiles placed at setup", "最初に置く魔石タイル"),
    "en": ("the English name", "英語の名前"),
    "ja": ("the Japanese name", "日本語の名前"),
}


def _tile_name(tiles: list[Any], index: int, factions: list[Any]) -> tuple[str, str]:
    """A stone tile as a designer reads it: its faction's colour and its number among that
    colour's tiles ("Red stone tile 2" / "赤の魔石タイル2"), as the studio page names it."""
    color = tiles[index].get("color")
    nth = sum(1 for tile in tiles[: index + 1] if tile.get("color") == color)
    faction: Mapping[str, Any] = next((f for f in factions if f.get("key") == color), {})
    return (
        f"{faction.get('en', color)} stone tile {nth}",
        f"{faction.get('ja', color)}の魔石タイル{nth}",
    )


def stone_places(state: Any) -> dict[str, Any]:
    """Per stone, the place of the seat whose faction won it (`bodoge.sim`'s per-game detail):
    "1", "2", ... or "shared" (the shared faction) or "none"; and each seat's faction."""
    result = state.result()
    rank_of = {f: str(result.ranks[seat]) for seat, f in enumerate(state.factions)}
    board = state.board
    won: dict[str, str] = {}
    for faction, tiles in enumerate(state.taken):
        for tile in tiles:
            won[f"tile {state.c.tiles[tile].key}"] = rank_of.get(faction, "shared")
    for site, faction in enumerate(state.small_won):
        if not board.site_large[site]:
            name = f"small {board.site_names[site]}"
            won[name] = "none" if faction < 0 else rank_of.get(faction, "shared")
    return {
        "stones": won,
        "groups": {"faction": [state.c.factions[f].key for f in state.factions]},
    }


KIT = VariantKit(
    builtin=builtin,
    check=check,
    options=options,
    differences=differences,
    data_of=data_of,
    sections=SECTIONS,
    length_bound=(
        "every board has exactly 27 / 30 / 32 placeable hexes (2 / 3 / 4 players) and each "
        "turn fills one, so a game ends after that many placements whatever the tiles"
    ),
)
