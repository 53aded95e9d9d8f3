"""Property test (issue 12): a state reached by legal play loads, and the same state with one
component taken away or added is refused with an InvalidState naming it.

The components are the 64 cards (8 of each animal) in the decks and rows, the crowns, and the
history of finished rounds they follow from (RULINGS §1: "A round winner takes a half crown
while any remain, else the full crown").
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from bodoge.engine import InvalidState, Rng
from bodoge.games.collect.animals import COUNTS, KEYS
from bodoge.games.collect.rules import CollectState

GAMES_PER_MODE = 30
State = dict[str, Any]
Mutation = Callable[[State, Rng], str | None]  # edits the JSON, returns the expected text


def positions(players: int, options: dict[str, str], seed: int) -> Iterator[State]:
    """State JSON at random points of random games, always right after a round ends (the new
    round not begun, the last win kept) and at the end."""
    for number in range(GAMES_PER_MODE):
        state = CollectState.new(players, options, seed * 1000 + number)
        picker = Rng(seed * 1000 + number)
        while not state.is_over():
            seat = state.pending()[0]
            legal = state.legal_actions(seat)
            events = state.apply(seat, legal[picker.below(len(legal))])
            if picker.below(40) == 0 or any(event["type"] == "round" for event in events):
                yield state.to_json()
        yield state.to_json()


def _pick(items: list[Any], rng: Rng) -> Any:
    return items[rng.below(len(items))]


def remove_card(data: State, rng: Rng) -> str | None:
    places = [pile for pile in [*data["decks"].values(), *data["rows"]] if pile]
    pile = _pick(places, rng)
    card = pile.pop(rng.below(len(pile))).rstrip("*")
    return f"{COUNTS[KEYS.index(card)] - 1} {card} ({COUNTS[KEYS.index(card)]} expected)"


def add_card(data: State, rng: Rng) -> str | None:
    card = _pick(list(KEYS), rng)
    if rng.below(2):
        deck = data["decks"][_pick(["A", "B"], rng)]
        deck.insert(rng.below(len(deck) + 1), card + _pick(["", "*"], rng))
    else:
        row = _pick(data["rows"], rng)
        row.insert(rng.below(len(row) + 1), card)
    return f"{COUNTS[KEYS.index(card)] + 1} {card} ({COUNTS[KEYS.index(card)]} expected)"


def remove_crown(data: State, rng: Rng) -> str | None:
    crowns = data["crowns"]
    holders = [seat for seat, count in enumerate(crowns["half"]) if count]
    if crowns["full"] is not None and rng.below(2):
        crowns["full"] = None
        return "crowns.full"
    if not holders:
        return None
    seat = _pick(holders, rng)
    crowns["half"][seat] -= 1
    return f"crowns.half[{seat}]"


def add_crown(data: State, rng: Rng) -> str | None:
    crowns = data["crowns"]
    seat = rng.below(data["players"])
    if crowns["full"] is None and rng.below(2):
        crowns["full"] = seat
        return "crowns.full"
    crowns["half"][seat] += 1
    return "crowns.half"


def remove_round(data: State, rng: Rng) -> str | None:
    history = data["history"]
    if not history:
        return None
    history.pop(rng.below(len(history)))
    return "history"


def add_round(data: State, rng: Rng) -> str | None:
    history = data["history"]
    winner = _pick([None, *range(data["players"])], rng)
    history.insert(rng.below(len(history) + 1), winner)
    return "history"


MUTATIONS: list[Mutation] = [
    remove_card, add_card, remove_crown, add_crown, remove_round, add_round,
]  # fmt: skip


@pytest.mark.parametrize(
    ("players", "options"),
    [(2, {}), (3, {}), (4, {}), (4, {"team_mode": "on"})],
    ids=["2p", "3p", "4p", "teams"],
)
def test_a_missing_or_extra_component_is_named(players: int, options: dict[str, str]) -> None:
    rng = Rng(players)
    counts = dict.fromkeys((mutation.__name__ for mutation in MUTATIONS), 0)
    for data in positions(players, options, seed=players + len(options)):
        CollectState.from_json(data)  # every state reached by legal play loads
        for mutation in MUTATIONS:
            edited = copy.deepcopy(data)
            expected = mutation(edited, rng)
            if expected is None:  # nothing of that kind to take away here
                continue
            counts[mutation.__name__] += 1
            with pytest.raises(InvalidState) as error:
                CollectState.from_json(edited)
            assert expected in str(error.value), (mutation.__name__, str(error.value))
    assert all(counts.values()), counts  # every kind of edit was tried
