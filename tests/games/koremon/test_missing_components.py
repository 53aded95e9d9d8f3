"""Issue 12 property test: a state JSON with one card taken out of any place, or one card put
into any place, is refused, and the refusal names that card (or, for a place of fixed size, the
place whose count is off).

Random games of the four Koremon games (seeded, a few player counts and options) are stopped at
random positions; from the state JSON one card of a randomly chosen kind is taken from a random
place that holds it, and, separately, one card of a random kind is put into a random place. Every
card of these games is somewhere in the state (seed texts: the 90-card deck for Auction and Hunt,
60 for Trick, 15 monsters for Evolution), so `from_json` must count it missing or extra.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import pytest

from bodoge.engine import InvalidState, Rng, State, get_game
from bodoge.games.koremon.common import pyramid as P
from bodoge.games.koremon.common.cards import KEYS, card_name, parse_card


@dataclass
class Place:
    """Somewhere in a state JSON that holds cards."""

    name: str
    cards: Callable[[], list[str]]  # the card keys it holds now
    remove: Callable[[str, Rng], None]  # take one card of this key out
    add: Callable[[str, Rng], None] | None  # put one card of this key in (None: no room)
    sized: bool = False  # a fixed size (one monster a seat): a refusal names the place
    only: str | None = None  # the one card key it can hold (face-up Mimics)


def card_list(data: Any, key: Any, name: str, sized: bool = False) -> Place:
    """A JSON list of card keys, `data[key]`."""

    def remove(card: str, rng: Rng) -> None:
        cards = data[key]
        spots = [i for i, each in enumerate(cards) if each == card]
        del cards[spots[rng.below(len(spots))]]

    def add(card: str, rng: Rng) -> None:
        data[key].insert(rng.below(len(data[key]) + 1), card)

    return Place(name, lambda: list(data[key]), remove, add, sized)


def pyramid_place(pyramids: list[dict[str, str]], seat: int) -> Place:
    """A pyramid: slot label -> card key; a card is put into an empty slot."""
    pyramid = pyramids[seat]

    def remove(card: str, rng: Rng) -> None:
        slots = [slot for slot, each in pyramid.items() if each == card]
        del pyramid[slots[rng.below(len(slots))]]

    def add(card: str, rng: Rng) -> None:
        empty = [slot for slot in P.SLOT_LABELS if slot not in pyramid]
        pyramid[empty[rng.below(len(empty))]] = card

    full = len(pyramid) == P.SLOTS
    return Place(f"pyramid {seat}", lambda: list(pyramid.values()), remove, None if full else add)


def ring_place(data: dict[str, Any]) -> Place:
    """Hunt's ring: six positions, None once one cannot be refilled; a card taken leaves its
    position empty, a card put fills an empty one."""
    ring = data["ring"]

    def remove(card: str, rng: Rng) -> None:
        spots = [i for i, each in enumerate(ring) if each == card]
        ring[spots[rng.below(len(spots))]] = None

    def add(card: str, rng: Rng) -> None:
        empty = [i for i, each in enumerate(ring) if each is None]
        ring[empty[rng.below(len(empty))]] = card

    keys = [key for key in ring if key is not None]
    return Place("ring", lambda: keys, remove, add if None in ring else None)


def trick_place(data: dict[str, Any]) -> Place:
    """Trick the Monster's trick in progress: entries {seat, card, as}."""
    entries = data["trick"]

    def remove(card: str, rng: Rng) -> None:
        spots = [i for i, entry in enumerate(entries) if entry["card"] == card]
        del entries[spots[rng.below(len(spots))]]

    def add(card: str, rng: Rng) -> None:
        named = entries[0]["as"] if entries else KEYS[0]
        entries.append({"seat": 0, "card": card, "as": named if card == "mimic" else card})

    return Place("trick", lambda: [entry["card"] for entry in entries], remove, add)


def face_up_place(data: dict[str, Any], game: int, seat: int) -> Place:
    """Trick the Monster: Mimics a seat took face up, a count."""
    row = data["face_up"][game]

    def remove(card: str, rng: Rng) -> None:
        row[seat] -= 1

    def add(card: str, rng: Rng) -> None:
        row[seat] += 1

    def cards() -> list[str]:
        return ["mimic"] * row[seat]

    return Place(f"face_up[{game}][{seat}]", cards, remove, add, only="mimic")


def auction_places(data: dict[str, Any]) -> list[Place]:
    places = [card_list(data, key, key) for key in ("deck", "deck_unordered", "table", "discard")]
    places += [card_list(data["to_place"], s, f"to_place {s}") for s in range(data["players"])]
    places += [pyramid_place(data["pyramids"], s) for s in range(data["players"])]
    return places


def hunt_places(data: dict[str, Any]) -> list[Place]:
    places = [card_list(data, "deck", "deck"), card_list(data, "discard", "discard")]
    places.append(ring_place(data))
    places += [pyramid_place(data["pyramids"], s) for s in range(data["players"])]
    return places


def trick_places(data: dict[str, Any]) -> list[Place]:
    places = [card_list(data["hands"], s, f"hand {s}") for s in range(data["players"])]
    places.append(card_list(data, "reserve", "reserve"))
    for game, piles in enumerate(data["won"]):
        places += [card_list(piles, s, f"won[{game}][{s}]") for s in range(len(piles))]
        places += [face_up_place(data, game, s) for s in range(len(piles))]
    places.append(trick_place(data))
    return places


def evolution_places(data: dict[str, Any]) -> list[Place]:
    return [card_list(data, "holds", "holds", sized=True), card_list(data, "supply", "supply")]


SPECIES_ONLY = [key for key in KEYS if key != "mimic"]
GAMES: dict[str, tuple[Callable[[dict[str, Any]], list[Place]], list[str]]] = {
    "koremon_auction": (auction_places, list(KEYS)),
    "koremon_hunt": (hunt_places, list(KEYS)),
    "koremon_trick": (trick_places, list(KEYS)),
    "koremon_evolution": (evolution_places, SPECIES_ONLY),
}
CASES = [
    ("koremon_auction", 3, {}),
    ("koremon_auction", 4, {"payment": "winner-pays"}),
    ("koremon_auction", 6, {"mimics_placeable": "no"}),
    ("koremon_hunt", 3, {}),
    ("koremon_hunt", 5, {"dead_ring": "end"}),
    ("koremon_hunt", 8, {"mimics_placeable": "no"}),
    ("koremon_trick", 3, {}),
    ("koremon_trick", 4, {"mimic_lead": "any-time"}),
    ("koremon_trick", 6, {}),
    ("koremon_evolution", 2, {}),
    ("koremon_evolution", 3, {}),
    ("koremon_evolution", 5, {}),
]


def refusal(state: State, data: dict[str, Any]) -> str:
    """The message with which `data` is refused (failing the test if it loads)."""
    with pytest.raises(InvalidState) as refused:
        type(state).from_json(json.loads(json.dumps(data)))
    return str(refused.value)


def check_removal(state: State, rng: Rng) -> None:
    """Take one card out of a random place (among those holding cards, so that small places
    such as a trick or the cards waiting to be placed come up as often as the deck), of a
    random kind among those it holds."""
    data = state.to_json()
    holders = [place for place in GAMES[state.info.id][0](data) if place.cards()]
    place = holders[rng.below(len(holders))]
    kinds = sorted(set(place.cards()))
    kind = kinds[rng.below(len(kinds))]
    place.remove(kind, rng)
    message = refusal(state, data)
    expected = place.name if place.sized else f"1 {card_name(parse_card(kind))} missing"
    assert expected in message, f"{kind} taken from {place.name}: {message!r}"


def check_addition(state: State, rng: Rng) -> None:
    """Put one card of a random kind (of the game's cards) into a random place."""
    data = state.to_json()
    places, kinds = GAMES[state.info.id]
    open_places = [place for place in places(data) if place.add is not None]
    place = open_places[rng.below(len(open_places))]
    kind = place.only or kinds[rng.below(len(kinds))]
    assert place.add is not None
    place.add(kind, rng)
    message = refusal(state, data)
    expected = place.name if place.sized else f"1 {card_name(parse_card(kind))} too many"
    assert expected in message, f"{kind} put into {place.name}: {message!r}"


def pick(state: State, seat: int, rng: Rng) -> int:
    """A random legal move; in the Auction a small bid (at most 6), so that games last several
    rounds and reach full pyramids instead of spending everything at once."""
    legal = state.legal_actions(seat)
    if state.info.id == "koremon_auction":
        legal = legal[:7]
    return legal[rng.below(len(legal))]


@pytest.mark.parametrize(("game_id", "players", "options"), CASES)
def test_one_card_missing_or_extra_is_refused_by_name(
    game_id: str, players: int, options: dict[str, str]
) -> None:
    game = get_game(game_id)
    checked = 0
    for number in range(6):
        seed = 12_000 + 100 * players + number
        state = game.new(players, options, seed)
        rng = Rng(seed)
        every = {"koremon_auction": 3, "koremon_hunt": 40, "koremon_evolution": 15}.get(game_id, 6)
        while True:
            if state.is_over() or rng.below(every) == 0:
                check_removal(state, rng)
                check_addition(state, rng)
                checked += 1
            if state.is_over():
                break
            seat = state.pending()[rng.below(len(state.pending()))]
            state.apply(seat, pick(state, seat, rng))
    assert checked >= 12
