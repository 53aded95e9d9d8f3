"""Monster Hex's fixed public components, as a client that draws the game needs them
(the spec's `public_content`): this player count's board (every hex with its axial and drawing
coordinates, neighbours, start hexes and stones), the factions with their colours, every unit's
rank, edge powers and names, the stone tiles, the ability and objective cards, in English and
Japanese. All of it comes from the content files the option `content` chooses; nothing depends
on a state or a seed."""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any

from bodoge.engine.options import resolve_options
from bodoge.games.monster_hex import content as content_mod
from bodoge.games.monster_hex import hexgrid
from bodoge.games.monster_hex.codes import COLOR_BONUS, KEEP_AT_END, ROUNDS
from bodoge.games.monster_hex.content import UNITS_PER_FACTION, Board, Content
from bodoge.games.monster_hex.game import OPTIONS
from bodoge.games.monster_hex.words import DIRECTIONS, tile_name

SQRT3 = math.sqrt(3)


def _centre(hex_: hexgrid.Hex) -> tuple[float, float]:
    """A pointy-top hex's centre for a drawing whose hexes have circumradius 1."""
    q, r = hex_
    return (round(SQRT3 * (q + r / 2), 4), round(1.5 * r, 4))


def _board(board: Board) -> dict[str, Any]:
    labels = board.labels
    large_at = {board.site_hex[s]: board.site_names[s] for s in board.large_sites}
    hexes = []
    for cell, hex_ in enumerate(board.hexes):
        x, y = _centre(hex_)
        hexes.append(
            {
                "id": labels[cell],
                "q": hex_[0],
                "r": hex_[1],
                "x": x,
                "y": y,
                "placeable": board.placeable[cell],
                "start": board.start[cell],
                "stone": large_at.get(cell),  # a large stone's hex: its site name
                "neighbours": [labels[n] if n >= 0 else None for n in board.nbr[cell]],
            }
        )
    stones = []
    for site, name in enumerate(board.site_names):
        cells = [labels[c] for c in board.site_cells[site]]
        if board.site_large[site]:
            x, y = _centre(board.hexes[board.site_hex[site]])
        else:  # on the edge the two hexes share
            (ax, ay), (bx, by) = (_centre(board.hexes[c]) for c in board.site_cells[site])
            x, y = round((ax + bx) / 2, 4), round((ay + by) / 2, 4)
        stone: dict[str, Any] = {
            "id": name,
            "large": board.site_large[site],
            "cells": cells,  # the hexes whose units decide it
            "dirs": list(board.site_dirs[site]),  # the direction each one's deciding edge faces
            "x": x,
            "y": y,
        }
        if board.site_large[site]:
            stone["hex"] = labels[board.site_hex[site]]
        stones.append(stone)
    return {
        "name": {"en": board.en, "ja": board.ja},
        "hexes": hexes,
        "start": [labels[c] for c in board.start_cells],
        "stones": stones,
        "placeable": len(board.placeable_cells),
    }


def _units(c: Content) -> list[dict[str, Any]]:
    units = []
    for code, unit_name in enumerate(c.unit_names):
        faction = c.factions[code // UNITS_PER_FACTION]
        kind = c.units[code % UNITS_PER_FACTION]
        units.append(
            {
                "id": unit_name,
                "faction": faction.key,
                "type": kind.key,
                "rank": kind.rank,
                "edges": list(kind.edges),  # clockwise from the NE edge, unturned
                "ability": kind.ability,
                "name": {"en": f"{faction.en} {kind.en}", "ja": f"{faction.ja}の{kind.ja}"},
                "kind": {"en": kind.en, "ja": kind.ja},
            }
        )
    return units


def public_content(players: int, options: Mapping[str, Any]) -> dict[str, Any]:
    options = resolve_options(OPTIONS, options)
    c = content_mod.load(str(options["content"]))
    return {
        "board": _board(c.boards[players]),
        "directions": {
            "vectors": [list(v) for v in hexgrid.DIRECTIONS],
            "codes": list(hexgrid.DIRECTION_NAMES),
            "names": {lang: list(DIRECTIONS[lang]) for lang in ("en", "ja")},
        },
        "factions": [
            {"key": f.key, "name": {"en": f.en, "ja": f.ja}, "color": f.color} for f in c.factions
        ],
        "ranks": list(content_mod.RANKS),
        "units": _units(c),
        "tiles": [
            {
                "key": t.key,
                "color": c.factions[t.color].key,
                "value": t.value,
                "name": {lang: tile_name(c, code, lang) for lang in ("en", "ja")},
            }
            for code, t in enumerate(c.tiles)
        ],
        "seven": c.tiles[c.seven].key,
        "color_bonus": COLOR_BONUS,
        "abilities": [
            {
                "key": a.key,
                "faction": c.factions[a.faction].key,
                "name": {"en": a.en, "ja": a.ja},
                "text": {"en": a.text_en, "ja": a.text_ja},
            }
            for a in c.abilities
        ],
        "objectives": [
            {
                "key": o.key,
                "kind": o.kind,
                "points": o.points,
                "text": {"en": o.en, "ja": o.ja},
                "cells": [list(cell) for cell in o.cells],
                "ranks": list(o.ranks),
                "measure": o.measure,
                "stones": o.stones,
                "units": o.units,
            }
            for o in c.objectives
        ],
        "rounds": ROUNDS[players],
        "hand_size": 4 if players == 4 else 3,
        "keep_at_end": KEEP_AT_END[players],
        "shared_faction": players == 2 and options["shared_faction"] == "on",
        "abilities_on": options["abilities"] == "on",
        "objectives_on": options["objectives"] == "on",
    }
