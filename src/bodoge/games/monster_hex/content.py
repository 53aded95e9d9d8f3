"""Monster Hex content: factions and unit tiles, stone tiles and boards, read from TOML files with
schema checks, and the tables the rules precompute from them.

The default files live in `data/`. A user's folder (option `content`) may hold any of
`units.toml`, `stones.toml`, `board_2p.toml`, `board_3p.toml`, `board_4p.toml`; a file it lacks is
taken from the defaults. Every schema failure is a `ContentError` naming the file, the item and
what is wrong.

Codes used everywhere in the rules:
- a faction is 0..3 in `units.toml` order; a unit type is 0..9 in `units.toml` order;
- a unit is ``faction * 10 + type`` (so 40 units);
- a stone tile is 0..7 in `stones.toml` order;
- a cell is 0..n-1, the board's hexes (large stone hexes included) in reading order;
- a site is 0..m-1: the large stones in reading order, then the small stones in file order.
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any, Final

from bodoge.engine.errors import ContentError
from bodoge.engine.variants import VARIANT_PREFIX
from bodoge.games.monster_hex import hexgrid

RANKS = "SABC"  # strongest first
RANK_COMPOSITION = {"S": 1, "A": 2, "B": 3, "C": 4}
# Final: the compiled build reads these as constants (see `codes`)
UNITS_PER_FACTION: Final = 10
FACTIONS: Final = 4
TILES_PER_COLOR: Final = 2
SEVEN: Final = 7  # the stone worth 7 breaks ties at the end
ABILITY_RANKS = ("S", "B", "C")
BOARD_PLACEABLE = {4: 32, 3: 30, 2: 27}
MAX_POWER = 5
HALF_CODES: Final = 6**3  # face codes of three directions (see Content.low)
FILES = (
    "units.toml",
    "stones.toml",
    "board_2p.toml",
    "board_3p.toml",
    "board_4p.toml",
    "abilities.toml",
    "objectives.toml",
)
# the eight abilities of the source; their rules are code, abilities.toml names them
MECHANICS: Final = (
    "enchant", "reward", "blitz", "scatter", "confuse", "scheme", "curse", "petrify",
)  # fmt: skip
OBJECTIVES = 20
OBJECTIVE_KINDS = ("formation", "majority", "participation")
MEASURES = (
    "largest_group",
    "edge_units",
    "next_to_large",
    "small_stones",
    "tiles",
    "start_hexes",
)
STONE_KINDS = ("large", "small", "any")
# A faction's colour for drawings when its file gives none: by faction order (red, blue, yellow,
# green in bodoge's file).
FACTION_COLORS = ("#d0433a", "#2f6bd0", "#e2b400", "#2f9a4c")


@dataclass(frozen=True)
class Named:
    key: str
    en: str
    ja: str

    def name(self, lang: str = "en") -> str:
        return self.ja if lang == "ja" else self.en


@dataclass(frozen=True)
class Faction(Named):
    color: str  # "#rrggbb", how drawings colour its units and tiles


@dataclass(frozen=True)
class UnitType(Named):
    rank: str
    edges: tuple[int, ...]
    ability: bool

    @property
    def strength(self) -> int:
        """Rank as a number to compare, higher is stronger: S 4, A 3, B 2, C 1."""
        return len(RANKS) - RANKS.index(self.rank)


@dataclass(frozen=True)
class StoneTile:
    key: str
    color: int  # faction code
    value: int


@dataclass(frozen=True)
class Ability:
    key: str  # one of MECHANICS
    faction: int
    en: str
    ja: str
    text_en: str
    text_ja: str


@dataclass(frozen=True)
class Objective:
    key: str
    kind: str  # formation | majority | participation
    points: int
    en: str
    ja: str
    cells: tuple[tuple[int, int], ...] = ()  # formation
    ranks: tuple[str, ...] = ()  # formation: per cell, "" for any rank
    measure: str = ""  # majority
    stones: str = ""  # participation: large | small | any
    units: int = 1  # participation: own units next to the stone at least


@dataclass
class Board:
    """A board and its precomputed tables (see the module docstring for the codes)."""

    file: str
    players: int
    en: str
    ja: str
    hexes: list[hexgrid.Hex]  # per cell
    labels: list[str]  # per cell
    placeable: list[bool]  # per cell
    start: list[bool]  # per cell
    placeable_cells: list[int]
    start_cells: list[int]
    nbr: list[tuple[int, ...]]  # per cell, per direction: the neighbouring cell or -1
    site_names: list[str]
    site_large: list[bool]
    # per site: the cells that must hold units, and the direction each one's facing edge points
    site_cells: list[tuple[int, ...]]
    site_dirs: list[tuple[int, ...]]
    site_hex: list[int]  # large: the stone's own cell; small: -1
    cell_sites: list[tuple[int, ...]]  # per cell: the sites it helps to complete
    fixed_tiles: list[tuple[int, int]]  # per large stone (stone_layout=fixed)
    cell_of: dict[str, int] = field(default_factory=dict)
    # per cell: (direction, cell) of each placeable neighbour, the cells a unit there faces
    around: list[tuple[tuple[int, int], ...]] = field(init=False)
    large_sites: tuple[int, ...] = field(init=False)  # the large stones' sites

    def __post_init__(self) -> None:
        self.around = [
            tuple((d, n) for d, n in enumerate(nbrs) if n >= 0 and self.placeable[n])
            for nbrs in self.nbr
        ]
        self.large_sites = tuple(s for s, large in enumerate(self.site_large) if large)


@dataclass
class Content:
    source: str  # "default" or the folder
    factions: list[Faction]
    units: list[UnitType]
    tiles: list[StoneTile]
    boards: dict[int, Board]
    abilities: list[Ability]
    objectives: list[Objective]
    # edge[type][rot] = powers facing directions 0..5
    edge: list[list[tuple[int, ...]]] = field(default_factory=list)
    # match[type][d][p] = bitmask of rotations whose edge facing d has power p
    match: list[list[list[int]]] = field(default_factory=list)
    # The rotations of `type` matching an empty hex whose facing powers are `code` (base-6
    # digits, one per direction, 0 = no unit there) are low[type][code % 216] (directions 0-2)
    # | high[type][code // 216] (directions 3-5): two small exact tables, no cache to miss.
    low: list[list[int]] = field(default_factory=list)
    high: list[list[int]] = field(default_factory=list)
    # The unit types (bit t) with a rotation matching such a hex are fit_low[code % 216] |
    # fit_high[code // 216]: which types may go there at all, for every type at once.
    fit_low: list[int] = field(default_factory=list)
    fit_high: list[int] = field(default_factory=list)
    # rotations[type][code]: low | high in one lookup, a byte per face code (46,656 per type)
    rotations: list[bytes] = field(default_factory=list)
    # faces[type][rot][d]: what a unit turned `rot` adds to the face code of its neighbour in
    # direction d (its power facing d, as that neighbour's digit for the opposite direction)
    faces: list[list[tuple[int, ...]]] = field(default_factory=list)
    unit_names: list[str] = field(init=False)  # per unit code: "red-A2"
    unit_of: dict[str, int] = field(init=False)  # lower-case name -> unit code
    faction_of: dict[str, int] = field(init=False)
    tile_of: dict[str, int] = field(init=False)
    seven: int = field(init=False)  # the tile worth 7
    ability_of: dict[str, int] = field(init=False)  # mechanic key -> ability code
    mechanic: list[int] = field(init=False)  # ability code -> index in MECHANICS
    objective_of: dict[str, int] = field(init=False)
    _formations: dict[tuple[int, int], list[tuple[tuple[int, str], ...]]] = field(init=False)

    def __post_init__(self) -> None:
        self.edge = [[hexgrid.rotated(u.edges, r) for r in range(6)] for u in self.units]
        self.match = [
            [
                [sum(1 << r for r in range(6) if rots[r][d] == p) for p in range(MAX_POWER + 1)]
                for d in range(6)
            ]
            for rots in self.edge
        ]
        self.low = [[self._digits_mask(t, half, 0) for half in range(HALF_CODES)]
                    for t in range(len(self.units))]  # fmt: skip
        self.high = [[self._digits_mask(t, half, 3) for half in range(HALF_CODES)]
                     for t in range(len(self.units))]  # fmt: skip
        types = range(len(self.units))
        self.fit_low = [sum(1 << t for t in types if self.low[t][half])
                        for half in range(HALF_CODES)]  # fmt: skip
        self.fit_high = [sum(1 << t for t in types if self.high[t][half])
                         for half in range(HALF_CODES)]  # fmt: skip
        self.rotations = [_whole_codes(self.low[t], self.high[t]) for t in range(len(self.units))]
        self.faces = [
            [tuple(rot[d] * 6 ** ((d + 3) % 6) for d in range(6)) for rot in rots]
            for rots in self.edge
        ]
        self.unit_names = [
            f"{faction.key}-{unit.key}" for faction in self.factions for unit in self.units
        ]
        self.unit_of = {name.lower(): code for code, name in enumerate(self.unit_names)}
        self.faction_of = {f.key.lower(): code for code, f in enumerate(self.factions)}
        self.tile_of = {t.key.lower(): code for code, t in enumerate(self.tiles)}
        self.seven = next(code for code, t in enumerate(self.tiles) if t.value == SEVEN)
        self.ability_of = {a.key: code for code, a in enumerate(self.abilities)}
        self.mechanic = [MECHANICS.index(a.key) for a in self.abilities]
        self.objective_of = {o.key.lower(): code for code, o in enumerate(self.objectives)}
        self._formations: dict[tuple[int, int], list[tuple[tuple[int, str], ...]]] = {}

    def faction_abilities(self, faction: int) -> list[int]:
        """The two ability codes of `faction`, in the source's order."""
        return [code for code, a in enumerate(self.abilities) if a.faction == faction]

    def formation_places(self, players: int, objective: int) -> list[tuple[tuple[int, str], ...]]:
        """Every way the formation `objective` fits the board for `players`: tuples of
        (cell, required rank or ""), each distinct set of hexes once (any rotation)."""
        key = (players, objective)
        if key not in self._formations:
            board = self.boards[players]
            info = self.objectives[objective]
            index = {h: cell for cell, h in enumerate(board.hexes) if board.placeable[cell]}
            ranks = info.ranks or ("",) * len(info.cells)
            seen: set[tuple[tuple[int, str], ...]] = set()
            places = []
            shape = list(info.cells)
            for _ in range(6):
                shape = [(-r, q + r) for q, r in shape]  # a sixth of a turn clockwise
                for q0, r0 in board.hexes:
                    found = [index.get((q0 + q, r0 + r)) for q, r in shape]
                    cells = [cell for cell in found if cell is not None]
                    if len(cells) < len(found):
                        continue
                    place = tuple(sorted(zip(cells, ranks, strict=True)))
                    if place not in seen:
                        seen.add(place)
                        places.append(place)
            self._formations[key] = places
        return self._formations[key]

    def _digits_mask(self, unit_type: int, digits: int, first: int) -> int:
        """Rotations of `unit_type` matching one of three facing powers (base-6 `digits`) from
        direction `first` on."""
        mask = 0
        for d in range(first, first + 3):
            digits, power = divmod(digits, 6)
            if power:
                mask |= self.match[unit_type][d][power]
        return mask

    def matching_rotations(self, unit_type: int, code: int) -> int:
        """Bitmask of the rotations of `unit_type` that match at least one facing edge."""
        return self.rotations[unit_type][code]


def _whole_codes(low: list[int], high: list[int]) -> bytes:
    """The table `low[code % 216] | high[code // 216]` over every face code, as bytes: for each
    `high` digit, the row of `low` with that digit's bits added to every byte."""
    row = int.from_bytes(bytes(low), "little")
    ones = int.from_bytes(b"\x01" * HALF_CODES, "little")  # the masks are under 64: no carry
    return b"".join((row | ones * h).to_bytes(HALF_CODES, "little") for h in high)


# ---- loading ---------------------------------------------------------------------------------


# Where content comes from: a folder of files (the `content` option), a variant's sections given
# as data (`from_data`: "units" for units.toml, ...), or None for bodoge's files alone.
Source = Path | Mapping[str, Any] | None


def _read(source: Source, name: str) -> tuple[str, dict[str, Any]]:
    """A content file's (display name, data): from `source` if it has it, else the default."""
    if isinstance(source, Mapping):
        section = name.removesuffix(".toml")
        if section in source:
            return f"variant [{section}]", source[section]
    elif source is not None and (source / name).is_file():
        path = source / name
        text = path.read_text("utf-8")
        try:
            return str(path), tomllib.loads(text)
        except tomllib.TOMLDecodeError as error:
            raise ContentError(f"{path}: not valid TOML: {error}") from None
    shown = f"{name} (bodoge default)"
    text = resources.files(f"{__package__}.data").joinpath(name).read_text("utf-8")
    return shown, tomllib.loads(text)


def _require(shown: str, item: str, data: dict[str, Any], keys: Mapping[str, type]) -> None:
    if not isinstance(data, dict):
        raise ContentError(f"{shown}: {item} must be a table")
    for key, kind in keys.items():
        if key not in data:
            raise ContentError(f"{shown}: {item} lacks {key!r}")
        value = data[key]
        if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
            raise ContentError(
                f"{shown}: {item} has {key} = {value!r}, which is not a {kind.__name__}"
            )


def _is_color(value: Any) -> bool:
    """A CSS colour as "#rrggbb"."""
    digits = value[1:] if isinstance(value, str) and value.startswith("#") else ""
    return len(digits) == 6 and all(ch in "0123456789abcdefABCDEF" for ch in digits)


def _unique(shown: str, what: str, keys: list[str]) -> None:
    seen: set[str] = set()
    for key in keys:
        if key.lower() in seen:
            raise ContentError(f"{shown}: {what} key {key!r} appears twice")
        seen.add(key.lower())


def _load_units(folder: Source) -> tuple[list[Faction], list[UnitType]]:
    shown, data = _read(folder, "units.toml")
    factions = []
    raw_factions = data.get("faction", [])
    if not isinstance(raw_factions, list) or len(raw_factions) != FACTIONS:
        raise ContentError(f"{shown}: needs exactly {FACTIONS} [[faction]] tables")
    for number, item in enumerate(raw_factions, start=1):
        _require(shown, f"faction #{number}", item, {"key": str, "en": str, "ja": str})
        if not item["key"].isidentifier():
            raise ContentError(f"{shown}: faction key {item['key']!r} must be a plain word")
        color = item.get("color", FACTION_COLORS[number - 1])
        if not _is_color(color):
            raise ContentError(
                f"{shown}: faction {item['key']!r} has color {color!r}, not a colour like #d0433a"
            )
        factions.append(Faction(item["key"], item["en"], item["ja"], color.lower()))
    _unique(shown, "faction", [f.key for f in factions])

    units = []
    raw_units = data.get("unit", [])
    if not isinstance(raw_units, list) or len(raw_units) != UNITS_PER_FACTION:
        raise ContentError(f"{shown}: needs exactly {UNITS_PER_FACTION} [[unit]] tables")
    for number, item in enumerate(raw_units, start=1):
        _require(
            shown,
            f"unit #{number}",
            item,
            {"key": str, "rank": str, "en": str, "ja": str, "edges": list},
        )
        name = f"unit {item['key']!r}"
        if not item["key"].replace("_", "").isalnum():
            raise ContentError(f"{shown}: {name} key must be letters and digits")
        if item["rank"] not in RANK_COMPOSITION:
            raise ContentError(f"{shown}: {name} has rank {item['rank']!r}, not one of S, A, B, C")
        edges = item["edges"]
        if len(edges) != 6:
            raise ContentError(f"{shown}: {name} has {len(edges)} edges, not 6")
        for power in edges:
            if not isinstance(power, int) or isinstance(power, bool) or not 1 <= power <= 5:
                raise ContentError(f"{shown}: {name} has edge power {power!r}, not 1-5")
        ability = item.get("ability", False)
        if not isinstance(ability, bool):
            raise ContentError(f"{shown}: {name} has ability = {ability!r}, not true or false")
        units.append(
            UnitType(item["key"], item["en"], item["ja"], item["rank"], tuple(edges), ability)
        )
    _unique(shown, "unit", [u.key for u in units])
    for rank, count in RANK_COMPOSITION.items():
        found = sum(1 for u in units if u.rank == rank)
        if found != count:
            raise ContentError(f"{shown}: a faction has {count} rank-{rank} units, not {found}")
    ability_ranks = sorted((u.rank for u in units if u.ability), key=RANKS.index)
    if tuple(ability_ranks) != ABILITY_RANKS:
        raise ContentError(
            f"{shown}: the ability units must be the S, one B and one C unit "
            f"(found ranks {', '.join(ability_ranks) or 'none'})"
        )
    return factions, units


def _load_tiles(folder: Source, factions: list[Faction]) -> list[StoneTile]:
    shown, data = _read(folder, "stones.toml")
    colors = {f.key: code for code, f in enumerate(factions)}
    raw = data.get("tile", [])
    if not isinstance(raw, list) or len(raw) != TILES_PER_COLOR * len(factions):
        raise ContentError(
            f"{shown}: needs exactly {TILES_PER_COLOR * len(factions)} [[tile]] tables "
            f"({TILES_PER_COLOR} of each color)"
        )
    tiles = []
    for number, item in enumerate(raw, start=1):
        _require(shown, f"tile #{number}", item, {"key": str, "color": str, "value": int})
        name = f"tile {item['key']!r}"
        if not item["key"].replace("_", "").isalnum():
            raise ContentError(f"{shown}: {name} key must be letters and digits")
        if item["color"] not in colors:
            raise ContentError(
                f"{shown}: {name} has color {item['color']!r}, not one of {', '.join(colors)}"
            )
        if item["value"] < 1:
            raise ContentError(f"{shown}: {name} has value {item['value']}, not 1 or more")
        tiles.append(StoneTile(item["key"], colors[item["color"]], item["value"]))
    _unique(shown, "tile", [t.key for t in tiles])
    for code, faction in enumerate(factions):
        count = sum(1 for t in tiles if t.color == code)
        if count != TILES_PER_COLOR:
            raise ContentError(
                f"{shown}: color {faction.key!r} has {count} tiles, not {TILES_PER_COLOR}"
            )
    sevens = [t.key for t in tiles if t.value == SEVEN]
    if len(sevens) != 1:
        raise ContentError(
            f"{shown}: exactly one tile must be worth {SEVEN} "
            f"(found {len(sevens)}{': ' + ', '.join(sevens) if sevens else ''})"
        )
    return tiles


def _load_board(folder: Source, players: int, tiles: list[StoneTile]) -> Board:
    name = f"board_{players}p.toml"
    shown, data = _read(folder, name)
    _require(shown, "the board", data, {"players": int, "en": str, "ja": str, "map": list})
    if data["players"] != players:
        raise ContentError(f"{shown}: players = {data['players']}, but this is the {name} file")
    if not all(isinstance(row, str) for row in data["map"]):
        raise ContentError(f"{shown}: map must be a list of text rows")
    try:
        chars = hexgrid.parse_map(data["map"])
    except ValueError as error:
        raise ContentError(f"{shown}: {error}") from None
    for hex_, char in chars.items():
        if char not in ".SL":
            x, y = hexgrid.to_doubled(hex_)
            raise ContentError(
                f"{shown}: map row {y + 1} has {char!r} at column {x + 1}; "
                "use . (placeable), S (start) or L (large stone)"
            )
    hexes = sorted(chars, key=lambda h: (h[1], h[0]))
    named = hexgrid.labels(hexes)
    labels = [named[h] for h in hexes]
    cell_of = {label: cell for cell, label in enumerate(labels)}
    index = {h: cell for cell, h in enumerate(hexes)}
    placeable = [chars[h] in ".S" for h in hexes]
    start = [chars[h] == "S" for h in hexes]
    placeable_cells = [c for c in range(len(hexes)) if placeable[c]]
    start_cells = [c for c in range(len(hexes)) if start[c]]
    need = BOARD_PLACEABLE[players]
    if len(placeable_cells) != need:
        raise ContentError(
            f"{shown}: the map has {len(placeable_cells)} placeable hexes, "
            f"a {players}-player game needs {need}"
        )
    if len(start_cells) != 2:
        raise ContentError(f"{shown}: the map has {len(start_cells)} start hexes (S), not 2")
    nbr = [tuple(index.get(hexgrid.neighbour(h, d), -1) for d in range(6)) for h in hexes]

    site_names: list[str] = []
    site_large: list[bool] = []
    site_cells: list[tuple[int, ...]] = []
    site_dirs: list[tuple[int, ...]] = []
    site_hex: list[int] = []
    for cell, h in enumerate(hexes):
        if chars[h] != "L":
            continue
        label = labels[cell]
        around = []
        for d in range(6):
            other = nbr[cell][d]
            if other < 0 or not placeable[other]:
                raise ContentError(
                    f"{shown}: large stone {label} needs six placeable neighbours, but its "
                    f"{hexgrid.DIRECTION_NAMES[d]} neighbour is "
                    f"{'off the board' if other < 0 else 'another large stone ' + labels[other]}"
                )
            around.append(other)
        site_names.append(f"L{len(site_names) + 1}")
        site_large.append(True)
        site_cells.append(tuple(around))
        site_dirs.append(tuple(hexgrid.opposite(d) for d in range(6)))
        site_hex.append(cell)
    large_count = len(site_names)
    if not 1 <= large_count <= len(tiles) // 2:
        raise ContentError(
            f"{shown}: the map has {large_count} large stones (L), not 1-{len(tiles) // 2}"
        )

    small = data.get("small_stones", [])
    if not isinstance(small, list):
        raise ContentError(f"{shown}: small_stones must be a list of hex pairs")
    edges_seen: set[frozenset[int]] = set()
    for number, pair in enumerate(small, start=1):
        item = f"small stone #{number}"
        if (
            not isinstance(pair, list)
            or len(pair) != 2
            or not all(isinstance(p, str) for p in pair)
        ):
            raise ContentError(f'{shown}: {item} must be two hex names like ["c3", "c4"]')
        cells = []
        for label in pair:
            paired = cell_of.get(label.lower())
            if paired is None:
                raise ContentError(f"{shown}: {item} names hex {label!r}, which is not on the map")
            if not placeable[paired]:
                raise ContentError(
                    f"{shown}: {item} names {label}, a large stone, not a placeable hex"
                )
            cells.append(paired)
        way = hexgrid.direction_between(hexes[cells[0]], hexes[cells[1]])
        if way is None:
            raise ContentError(f"{shown}: {item}: {pair[0]} and {pair[1]} are not neighbours")
        edge = frozenset(cells)
        if edge in edges_seen:
            raise ContentError(f"{shown}: {item}: the edge {pair[0]}-{pair[1]} already has a stone")
        edges_seen.add(edge)
        site_names.append(f"s{number}")
        site_large.append(False)
        site_cells.append(tuple(cells))
        site_dirs.append((way, hexgrid.opposite(way)))
        site_hex.append(-1)

    cell_sites = [
        tuple(s for s, cells in enumerate(site_cells) if cell in cells)
        for cell in range(len(hexes))
    ]

    fixed_raw = data.get("fixed_tiles")
    fixed: list[tuple[int, int]] = []
    if fixed_raw is not None:
        tile_of = {t.key.lower(): code for code, t in enumerate(tiles)}
        if not isinstance(fixed_raw, list) or len(fixed_raw) != large_count:
            raise ContentError(
                f"{shown}: fixed_tiles must list a pair of tiles for each of the "
                f"{large_count} large stones"
            )
        used: set[int] = set()
        for number, pair in enumerate(fixed_raw, start=1):
            item = f"fixed_tiles #{number}"
            if not isinstance(pair, list) or len(pair) != 2:
                raise ContentError(f"{shown}: {item} must be two tile keys")
            codes = []
            for key in pair:
                code = tile_of.get(str(key).lower())
                if code is None:
                    raise ContentError(f"{shown}: {item} names tile {key!r}, which is not a tile")
                if code in used:
                    raise ContentError(f"{shown}: {item} uses tile {key!r} a second time")
                used.add(code)
                codes.append(code)
            fixed.append((codes[0], codes[1]))

    return Board(
        file=shown,
        players=players,
        en=data["en"],
        ja=data["ja"],
        hexes=hexes,
        labels=labels,
        placeable=placeable,
        start=start,
        placeable_cells=placeable_cells,
        start_cells=start_cells,
        nbr=nbr,
        site_names=site_names,
        site_large=site_large,
        site_cells=site_cells,
        site_dirs=site_dirs,
        site_hex=site_hex,
        cell_sites=cell_sites,
        fixed_tiles=fixed,
        cell_of=cell_of,
    )


def _load_abilities(folder: Source, factions: list[Faction]) -> list[Ability]:
    shown, data = _read(folder, "abilities.toml")
    colors = {f.key: code for code, f in enumerate(factions)}
    raw = data.get("ability", [])
    if not isinstance(raw, list) or len(raw) != len(MECHANICS):
        raise ContentError(f"{shown}: needs exactly {len(MECHANICS)} [[ability]] tables")
    abilities = []
    for number, item in enumerate(raw, start=1):
        keys = {"key": str, "faction": str, "en": str, "ja": str, "text_en": str, "text_ja": str}
        _require(shown, f"ability #{number}", item, keys)
        if item["key"] not in MECHANICS:
            raise ContentError(
                f"{shown}: ability {item['key']!r} is not one of {', '.join(MECHANICS)}"
            )
        if item["faction"] not in colors:
            raise ContentError(
                f"{shown}: ability {item['key']!r} has faction {item['faction']!r}, "
                f"not one of {', '.join(colors)}"
            )
        abilities.append(
            Ability(
                item["key"],
                colors[item["faction"]],
                item["en"],
                item["ja"],
                item["text_en"],
                item["text_ja"],
            )
        )
    _unique(shown, "ability", [a.key for a in abilities])
    for code, faction in enumerate(factions):
        count = sum(1 for a in abilities if a.faction == code)
        if count != 2:
            raise ContentError(f"{shown}: faction {faction.key!r} has {count} abilities, not 2")
    return abilities


def _load_objectives(folder: Source) -> list[Objective]:
    shown, data = _read(folder, "objectives.toml")
    raw = data.get("objective", [])
    if not isinstance(raw, list) or len(raw) != OBJECTIVES:
        raise ContentError(f"{shown}: needs exactly {OBJECTIVES} [[objective]] tables")
    objectives = []
    for number, item in enumerate(raw, start=1):
        keys = {"key": str, "kind": str, "points": int, "en": str, "ja": str}
        _require(shown, f"objective #{number}", item, keys)
        name = f"objective {item['key']!r}"
        kind = item["kind"]
        if kind not in OBJECTIVE_KINDS:
            raise ContentError(f"{shown}: {name} has kind {kind!r}, not one of formation, "
                               "majority, participation")  # fmt: skip
        if item["points"] < 1:
            raise ContentError(f"{shown}: {name} is worth {item['points']} points, not 1 or more")
        extra: dict[str, Any] = {}
        if kind == "formation":
            cells = item.get("cells")
            if (
                not isinstance(cells, list)
                or len(cells) < 2
                or not all(
                    isinstance(c, list) and len(c) == 2 and all(isinstance(v, int) for v in c)
                    for c in cells
                )
            ):
                raise ContentError(f"{shown}: {name} needs cells = [[q, r], ...], two or more")
            shape = [tuple(c) for c in cells]
            if len(set(shape)) != len(shape):
                raise ContentError(f"{shown}: {name} lists a cell twice")
            if not _connected(shape):
                raise ContentError(f"{shown}: {name}: its cells are not all connected")
            ranks = item.get("ranks", [])
            if ranks and (
                len(ranks) != len(cells)
                or not all(
                    r == "*" or (isinstance(r, str) and r in RANK_COMPOSITION) for r in ranks
                )
            ):
                raise ContentError(
                    f"{shown}: {name} needs one rank (S, A, B, C or *) per cell in ranks"
                )
            extra["cells"] = tuple(shape)
            extra["ranks"] = tuple("" if r == "*" else r for r in ranks)
        elif kind == "majority":
            if item.get("measure") not in MEASURES:
                raise ContentError(f"{shown}: {name} has measure {item.get('measure')!r}, not "
                                   f"one of {', '.join(MEASURES)}")  # fmt: skip
            extra["measure"] = item["measure"]
        else:
            if item.get("stones") not in STONE_KINDS:
                raise ContentError(f"{shown}: {name} has stones = {item.get('stones')!r}, "
                                   "not large, small or any")  # fmt: skip
            units = item.get("units", 1)
            if not isinstance(units, int) or not 1 <= units <= 6:
                raise ContentError(f"{shown}: {name} has units = {units!r}, not 1-6")
            extra["stones"] = item["stones"]
            extra["units"] = units
        objectives.append(
            Objective(item["key"], kind, item["points"], item["en"], item["ja"], **extra)
        )
    _unique(shown, "objective", [o.key for o in objectives])
    return objectives


def _connected(shape: list[tuple[int, ...]]) -> bool:
    cells = set(shape)
    reached = {shape[0]}
    todo = [shape[0]]
    while todo:
        q, r = todo.pop()
        for dq, dr in hexgrid.DIRECTIONS:
            other = (q + dq, r + dr)
            if other in cells and other not in reached:
                reached.add(other)
                todo.append(other)
    return reached == cells


DEFAULT = "default"


@cache
def load(source: str = DEFAULT) -> Content:
    """The content from `source`: "default" (bodoge's files) or a folder of the user's own files
    (any file it lacks comes from the defaults). Cached per source."""
    folder = None
    if source.startswith(VARIANT_PREFIX):
        found = _installed.get(source)
        if found is None:
            raise ContentError(
                f"content {source!r} is not installed in this process",
                ja=f"内容 {source!r} はこのプロセスに読み込まれていません",
            )
        return found
    if source != DEFAULT:
        folder = Path(source).expanduser()
        if not folder.is_dir():
            raise ContentError(f"content folder {source!r} does not exist")
        if not any((folder / name).is_file() for name in FILES):
            raise ContentError(f"content folder {source!r} holds none of {', '.join(FILES)}")
    return _build(source, folder)


def check_data(sections: Mapping[str, Any]) -> None:
    """Every check of `from_data`, without the rules' tables (a check as the designer types)."""
    _parts(sections)


def _build(source: str, folder: Source) -> Content:
    """Every check and table of the content, from files or data alike."""
    return Content(source, *_parts(folder))


def _parts(
    folder: Source,
) -> tuple[
    list[Faction], list[UnitType], list[StoneTile], dict[int, Board], list[Ability], list[Objective]
]:
    """Every file's checks, in the order they depend on each other: the one path both the check
    and the build take (abilities name factions, so a variant's factions meet them here too)."""
    factions, units = _load_units(folder)
    tiles = _load_tiles(folder, factions)
    boards = {players: _load_board(folder, players, tiles) for players in (2, 3, 4)}
    abilities = _load_abilities(folder, factions)
    objectives = _load_objectives(folder)
    return factions, units, tiles, boards, abilities, objectives


# A variant's content given as data (the studio, `bodoge simulate --content`): installed in this
# process under a key made of its digest, which the `content` option then names; never a path.
_installed: dict[str, Content] = {}
_sections: dict[str, dict[str, Any]] = {}  # key -> the data it was built from


def from_data(key: str, sections: Mapping[str, Any]) -> Content:
    """The content of a variant's sections (units, stones, board_2p/3p/4p; a section it lacks
    comes from the defaults), through the same checks as the files."""
    return _build(key, sections)


def install(key: str, sections: Mapping[str, Any]) -> Content:
    """Check `sections` and make `load(key)` answer them in this process."""
    if not key.startswith(VARIANT_PREFIX):
        raise ContentError(f"a variant's key starts with {VARIANT_PREFIX!r}, not {key!r}")
    if key not in _installed:
        _installed[key] = from_data(key, sections)
        _sections[key] = dict(sections)
    return _installed[key]


def installed_data(key: str) -> dict[str, Any] | None:
    """The data a variant key was installed from in this process (None: not installed)."""
    return _sections.get(key)
