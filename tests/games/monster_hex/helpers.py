"""Hand-written Monster Hex states for the scenario tests.

`build` takes the fields a test cares about (board, hands, stones ...) and fills in the rest so
that the state accounts for every component (issue 12): the factions (red, blue, yellow, green in
seat order); each hand topped up to what the round leaves in it (from the faction's units not
placed elsewhere, weakest first); each seat's deck (the units left, in tile order, the last one
on top); the stone tiles of the board file's fixed layout on every large stone not resolved;
with the ability or objective option the objective cards not dealt in the deck (below those the
test lists). Positions name units like "red-A2" and place them as "red-A2@3" (turned 3 steps).
"""

from __future__ import annotations

from typing import Any

from bodoge.engine import Event
from bodoge.games.monster_hex import content, state_json
from bodoge.games.monster_hex.codes import PHASE_NAMES
from bodoge.games.monster_hex.rules import MonsterHex

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
        resolved = set(data.get("done", [])) - {(data.get("choice") or {}).get("site")}
        data["stones"] = {
            b.site_names[site]: [CONTENT.tiles[t].key for t in pair]
            for site, pair in zip(b.large_sites, b.fixed_tiles, strict=True)
            if b.site_names[site] not in resolved
        }
    if phase not in ("faction", "shared"):
        _top_up_hands(data, players, factions)
        _deal_objectives(data, players)
    return MonsterHex.from_json(data)


def _top_up_hands(data: dict[str, Any], players: int, factions: list[str]) -> None:
    """Fill each hand up to what the deal and the refills leave in it at this turn (a seat that
    used Blitz keeps the hand the test gives), then put every unit left in its seat's deck."""
    probe = MonsterHex.new(players, data["options"], 0)
    probe.start, probe.turn = data["start"], data["turn"]
    probe.phase = PHASE_NAMES.index(data["phase"])
    probe.blitz_step = data.get("blitz_step", 0)
    expected = state_json.hands_at_turn_start(probe)
    in_turn = data["phase"] in ("unit", "place", "use", "rotate", "take")
    active, shared_step = probe.turn_slot(probe.turn) if in_turn else (-1, False)
    shared = data.get("shared")
    selected = data.get("selected") or ""
    hands = [list(hand) for hand in data["hands"]]
    used = {text.split("@")[0] for text in data["board"].values()}
    used |= {unit for hand in hands for unit in hand}
    used |= {unit for deck in data.get("shared_decks", []) for unit in deck}
    used |= {unit for deck in data.get("decks") or [] for unit in deck or []}
    if selected:
        used.add(selected)
    blitzed = [r is not None for r in data.get("blitz_used", [None] * players)]
    for seat, hand in enumerate(hands):
        for kind, faction in enumerate((factions[seat], shared)):
            if faction is None or (kind == 0 and blitzed[seat]):
                continue
            want = expected[seat][kind]
            if seat == active:
                if kind == int(shared_step):
                    want -= state_json.placed_this_turn(probe)
                want -= int(selected.startswith(f"{faction}-"))
            spare = [f"{faction}-{key}" for key in reversed(KEYS) if f"{faction}-{key}" not in used]
            while sum(1 for u in hand if u.startswith(f"{faction}-")) < want and spare:
                hand.append(spare.pop(0))
                used.add(hand[-1])
    data["hands"] = hands
    decks = data.get("decks") or [None] * players  # None: the units left
    data["decks"] = [
        [f"{faction}-{key}" for key in KEYS if f"{faction}-{key}" not in used]
        if deck is None
        else deck
        for faction, deck in zip(factions, decks, strict=True)
    ]
    if shared is not None and "shared_decks" not in data:  # the rest of the shared faction
        rest = [f"{shared}-{key}" for key in KEYS if f"{shared}-{key}" not in used]
        second = 1 - data["start"]
        data["shared_decks"] = [rest[seat != second :: 2] for seat in range(players)]


def rehome(data: dict[str, Any]) -> dict[str, Any]:
    """`data` with every own unit not on the board, in a hand or being placed back in its seat's
    deck (and the shared faction's in the shared decks), after a test has moved some."""
    data = dict(data)
    factions, shared = data["factions"], data.get("shared")
    used = {text.split("@")[0] for text in data["board"].values()}
    used |= {unit for hand in data["hands"] for unit in hand}
    if data.get("selected"):
        used.add(data["selected"])
    data["decks"] = [[f"{f}-{key}" for key in KEYS if f"{f}-{key}" not in used] for f in factions]
    rest = [f"{shared}-{key}" for key in KEYS if f"{shared}-{key}" not in used] if shared else []
    second = 1 - data["start"]
    data["shared_decks"] = [rest[seat != second :: 2] for seat in range(len(factions))]
    return data


def _deal_objectives(data: dict[str, Any], players: int) -> None:
    """With the ability or objective option every objective card not listed goes to the deck,
    below the cards the test lists there."""
    options = data["options"]
    if "on" not in (options.get("abilities"), options.get("objectives")):
        return
    cards = data.setdefault("objectives", {})
    cards.setdefault("public", [])
    cards.setdefault("private", [[] for _ in range(players)])
    deck = list(cards.get("deck", []))
    listed = {*cards["public"], *deck, *(card for own in cards["private"] for card in own)}
    cards["deck"] = [card.key for card in CONTENT.objectives if card.key not in listed] + deck


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


def around(
    players: int,
    sites: list[str],
    factions: list[str],
    avoid: set[str] | frozenset[str] = frozenset(),
) -> dict[str, str]:
    """Board entries filling every neighbour of the large stones `sites` with units of
    `factions` in turn (each faction's units in tile order, none of `avoid`), turned 0."""
    b = CONTENT.boards[players]
    board: dict[str, str] = {}
    taken = set(avoid)
    for name in sites:
        for cell in b.site_cells[b.site_names.index(name)]:
            label = b.labels[cell]
            if label in board:
                continue
            faction = factions[len(board) % len(factions)]
            unit = next(f"{faction}-{key}" for key in KEYS if f"{faction}-{key}" not in taken)
            taken.add(unit)
            board[label] = f"{unit}@0"
    return board
