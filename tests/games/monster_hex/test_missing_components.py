"""Property test (issue 12): in seeded random games (2-4 players, with and without the ability and
objective options) every state loads again, and a state with one component taken away from a
random place, or one added, is refused with an InvalidState naming the component or the count
that is off; so is one with a unit moved from a deck into the hand, or a public objective card
into the deck (hand sizes follow from the round, two objective cards are public).

Components: units (on the board, in a hand, a deck, a shared deck, or being placed), stone tiles
(on a large stone, taken, discarded), objective cards (public, private, the deck).
"""

from __future__ import annotations

import copy
import re
from collections.abc import Iterator
from typing import Any

import pytest

from bodoge.engine import InvalidState, Rng
from bodoge.games.monster_hex.rules import MonsterHex

from .helpers import CONTENT

MODES = [(2, {"shared_faction": "on"}), (2, {"shared_faction": "off"}), (3, {}), (4, {})]
CARDS = [{}, {"abilities": "on", "objectives": "on"}]
SEEDS = range(4)
POSITIONS = 10  # states edited per game
UNITS = [f"{f.key}-{u.key}" for f in CONTENT.factions for u in CONTENT.units]
TILES = [t.key for t in CONTENT.tiles]
OBJECTIVES = [o.key for o in CONTENT.objectives]
COUNT = re.compile(r"\b\d+ tiles?\b|do not add up")


def positions(players: int, options: dict[str, str], seed: int) -> Iterator[dict[str, Any]]:
    """The JSON of `POSITIONS` random states of a seeded random game; every state on the way
    must load back as it was."""
    state = MonsterHex.new(players, {"factions": "random", **options}, seed)
    rng = Rng(seed)
    states = []
    while True:
        data = state.to_json()
        assert MonsterHex.from_json(copy.deepcopy(data)).to_json() == data
        states.append(data)
        if state.is_over():
            break
        seat = state.pending()[0]
        legal = state.legal_actions(seat)
        state.apply(seat, legal[rng.below(len(legal))])
    for _ in range(POSITIONS):
        yield copy.deepcopy(states[rng.below(len(states))])


def piles(data: dict[str, Any], kind: str) -> list[list[Any]]:
    """The lists a component of `kind` may lie in (the board as a list of its hexes)."""
    if kind == "unit":  # the board and the unit being placed as copies: see `remove_one`
        found = [list(data["board"]), *data["hands"], *data["decks"], *data["shared_decks"]]
        return [*found, [data["selected"]] if data["selected"] else []]
    if kind == "tile":
        return [*data["stones"].values(), *data["taken"].values(), data["discarded"]]
    cards = data.get("objectives")
    return [cards["public"], *cards["private"], cards["deck"]] if cards else []


def remove_one(data: dict[str, Any], rng: Rng) -> str:
    """Take one component of a random kind away from a random place; its name."""
    kinds = [kind for kind in ("unit", "tile", "objective") if any(piles(data, kind))]
    kind = kinds[rng.below(len(kinds))]
    places = [pile for pile in piles(data, kind) if pile]
    pile = places[rng.below(len(places))]
    item = str(pile.pop(rng.below(len(pile))))
    if kind == "unit" and item in data["board"]:  # a hex label: the unit on it
        return str(data["board"].pop(item)).split("@")[0]
    if kind == "unit" and item == data["selected"]:
        data["selected"] = None
    return item


def add_one(data: dict[str, Any], rng: Rng) -> str:
    """Put one more component of a random kind in a random place: a copy of one in play, or one
    from the box; its name."""
    kinds = ["unit", "tile"] + (["objective"] if data.get("objectives") else [])
    kind = kinds[rng.below(len(kinds))]
    if kind == "unit":
        name = UNITS[rng.below(len(UNITS))]
        board = CONTENT.boards[data["players"]]
        empty = [
            board.labels[c] for c in board.placeable_cells if board.labels[c] not in data["board"]
        ]
        places = [*data["hands"], *data["decks"], *data["shared_decks"]]
        where = rng.below(len(places) + (1 if empty else 0))
        if where == len(places):
            data["board"][empty[rng.below(len(empty))]] = f"{name}@0"
        else:
            places[where].append(name)
        return name
    if kind == "tile":
        name = TILES[rng.below(len(TILES))]
        faction = CONTENT.factions[rng.below(len(CONTENT.factions))].key
        places = [
            *data["stones"].values(),
            data["discarded"],
            data["taken"].setdefault(faction, []),
        ]
        places[rng.below(len(places))].append(name)
        return name
    name = OBJECTIVES[rng.below(len(OBJECTIVES))]
    cards = data["objectives"]
    places = [cards["public"], *cards["private"], cards["deck"]]
    places[rng.below(len(places))].append(name)
    return name


def move_one(data: dict[str, Any], rng: Rng) -> str | None:
    """Move a unit from a deck into its seat's hand (a seat that has not used Blitz), or a public
    objective card to the deck: the count that is then off, or None when there is nothing to
    move."""
    moves = []
    blitz = data.get("blitz_used") or [None] * data["players"]
    for seat in range(data["players"]):
        if blitz[seat] is None:
            moves += [(seat, deck) for deck in (data["decks"][seat], data["shared_decks"][seat])]
    moves = [(seat, deck) for seat, deck in moves if deck]
    cards = data.get("objectives")
    if cards and cards["public"]:
        moves.append((-1, cards["public"]))
    if not moves:
        return None
    seat, pile = moves[rng.below(len(moves))]
    if seat < 0:
        cards["deck"].append(pile.pop())
        return "objectives.public holds"
    data["hands"][seat].append(pile.pop())
    return f"hands[{seat}] holds"


def check_refused(data: dict[str, Any], name: str) -> None:
    with pytest.raises(InvalidState) as caught:
        MonsterHex.from_json(data)
    message = str(caught.value)
    assert name in message or (name in TILES and COUNT.search(message)), (name, message)


@pytest.mark.parametrize("cards", CARDS, ids=["plain", "cards"])
@pytest.mark.parametrize(("players", "options"), MODES, ids=["2p-shared", "2p", "3p", "4p"])
def test_a_state_missing_or_adding_a_component_is_refused(
    players: int, options: dict[str, str], cards: dict[str, str]
) -> None:
    for seed in SEEDS:
        rng = Rng(1000 * players + seed)
        for data in positions(players, options | cards, seed):
            edited = copy.deepcopy(data)
            check_refused(edited, remove_one(edited, rng))
            edited = copy.deepcopy(data)
            check_refused(edited, add_one(edited, rng))
            edited = copy.deepcopy(data)
            count = move_one(edited, rng)
            if count is not None:  # the hand, or the public row, holds one too many
                check_refused(edited, count)
