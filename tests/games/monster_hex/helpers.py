"""Hand-written Monster Hex states for the scenario tests.

`build` takes the fields a test cares about (board, hands, stones ...) and fills in the rest:
the factions (red, blue, yellow, green in seat order), each seat's deck (its faction's units not
placed elsewhere, in tile order, the last one on top) and the stone tiles of the board file's
fixed layout. Positions name units like "red-A2" and place them as "red-A2@3" (turned 3 steps).
"""

from __future__ import annotations

from typing import Any

from bodoge.engine import Event
from bodoge.games.monster_hex import content
from bodoge.games.monster_hex.game import MonsterHex

CONTENT = content.load()
EDGES = {unit.key: unit.edges for unit in CONTENT.units}  # printed clockwise from NE
KEYS = [unit.key for unit in CONTENT.units]
NE, E, SE, SW, W, NW = range(6)


def facing(key: str, rot: int, direction: int) -> int:
    """The printed power a tile turned `rot` steps clockwise shows towards `direction`."""
    return EDGES[key][(direction - rot) % 6]


def turned(unit: str, direction: int, power: int) -> str:
    """`unit@r` for the smallest rotation r that shows `power` towards `direction`."""
    key = unit.split("-")[1]
    for rot in range(6):
        if facing(key, rot, direction) == power:
            return f"{unit}@{rot}"
    raise AssertionError(f"{unit} has no edge of power {power}")


def build(
    players: int = 4,
    *,
    board: dict[str, str] | None = None,
    hands: list[list[str]] | None = None,
    options: dict[str, str] | None = None,
    factions: list[str] | None = None,
    shared: str | None = None,
    phase: str = "unit",
    start: int = 0,
    turn: int = 0,
    **fields: Any,
) -> MonsterHex:
    factions = factions or ["red", "blue", "yellow", "green"][:players]
    board = board or {}
    hands = hands or [[] for _ in range(players)]
    data: dict[str, Any] = {
        "game": "monster_hex",
        "players": players,
        "options": options or {},
        "seed": 7,
        "rng": 7,
        "ply": 0,
        "phase": phase,
        "start": start,
        "turn": turn,
        "factions": factions,
        "shared": shared,
        "board": board,
        "hands": hands,
    }
    data.update(fields)
    if "stones" not in data:
        b = CONTENT.boards[players]
        data["stones"] = {
            b.site_names[site]: [CONTENT.tiles[t].key for t in pair]
            for site, pair in zip(b.large_sites, b.fixed_tiles, strict=True)
        }
    if "decks" not in data and phase not in ("faction", "shared"):
        used = {text.split("@")[0] for text in board.values()}
        used |= {unit for hand in hands for unit in hand}
        used |= {unit for deck in data.get("shared_decks", []) for unit in deck}
        if data.get("selected"):
            used.add(data["selected"])
        data["decks"] = [
            [f"{faction}-{key}" for key in KEYS if f"{faction}-{key}" not in used]
            for faction in factions
        ]
    return MonsterHex.from_json(data)


def play(state: MonsterHex, seat: int, *texts: str) -> list[Event]:
    events: list[Event] = []
    for text in texts:
        events += state.apply_text(seat, text)
    return events


def place(
    state: MonsterHex,
    seat: int,
    unit: str,
    where: str | None,
    toward: int | None = None,
    power: int = 0,
) -> list[Event]:
    """Pick `unit` and put it on `where` (None: the first legal hex), in the first legal rotation
    that shows `power` towards direction `toward` (any legal rotation when `toward` is None)."""
    events = play(state, seat, f"unit:{unit}")
    key = unit.split("-")[1]
    for text in state.legal_texts(seat):
        hex_, rot = text.removeprefix("place:").split("@")
        if where in (None, hex_) and (toward is None or facing(key, int(rot), toward) == power):
            return events + play(state, seat, text)
    raise AssertionError(f"no legal rotation of {unit} on {where} shows {power} towards {toward}")


def placements(state: MonsterHex, seat: int) -> set[str]:
    return {text.removeprefix("place:") for text in state.legal_texts(seat)}


def of_type(events: list[Event], kind: str) -> list[Event]:
    return [event for event in events if event["type"] == kind]


def anchor(unit: str, toward: int, power: int, side: int, faction: str) -> str:
    """A unit of `faction` ("faction-KEY@r") to put on the `side` of the hex where `unit` will
    go, showing back the power that `unit` shows to that side when it shows `power` towards
    `toward` (in its smallest such rotation), so that this placement is legal."""
    key = unit.split("-")[1]
    rot = next(r for r in range(6) if facing(key, r, toward) == power)
    needed = facing(key, rot, side)
    for other in ("C2", "C4", "B2"):  # all of 1-5 among them
        for r in range(6):
            if facing(other, r, (side + 3) % 6) == needed:
                return f"{faction}-{other}@{r}"
    raise AssertionError(f"no anchor shows {needed}")
