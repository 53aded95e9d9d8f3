"""Hand-written Collect! states for the scenario tests.

A state lists its decks top first (a trailing "*" marks a card that has been face up) and must
hold exactly 8 of each animal (RULINGS §1). `build` fills the cards a test does not place with
the remaining cards, in animal order (crocodile ... chameleon), at the bottom of the decks.

The other fields must fit together (state_json.py), so `build` derives what a test leaves out:
a history that gave the crowns (`half`, `full`), the round number from it, and a turn order
where the seat before `active` ended the last turn (or, in a round not begun, the round's start).
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from bodoge.games.collect.animals import COUNTS, KEYS
from bodoge.games.collect.rules import CollectState

CROC, CRAB, MONKEY, HERMIT, OCTO, PARROT, LION, CHAM = KEYS


def leftover(*groups: list[str] | tuple[str, ...]) -> list[str]:
    """The cards still to place so that every animal appears 8 times, in animal order."""
    counts = Counter(card.rstrip("*") for group in groups for card in group)
    assert set(counts) <= set(KEYS), f"not animals: {set(counts) - set(KEYS)}"
    return [key for code, key in enumerate(KEYS) for _ in range(COUNTS[code] - counts[key])]


def build(
    rows: list[list[str]],
    a: list[str] | None = None,
    b: list[str] | None = None,
    *,
    fill: str = "AB",
    active: int = 0,
    phase: str = "draw",
    options: dict[str, str] | None = None,
    half: list[int] | None = None,
    full: int | None = None,
    held: str | None = None,
    discard: int = 0,
    **fields: Any,
) -> dict[str, Any]:
    """A state JSON: `a`/`b` are the top cards of the decks; the remaining cards go under them,
    the first half under A and the second under B ("AB"), or all under deck `fill`."""
    players = len(rows)
    half = half or [0] * players
    deck_a, deck_b = list(a or []), list(b or [])
    rest = leftover(*rows, deck_a, deck_b, [held] if held else [], [CHAM] * discard)
    if fill == "AB":
        deck_a += rest[: len(rest) // 2]
        deck_b += rest[len(rest) // 2 :]
    elif fill == "A":
        deck_a += rest
    elif fill == "B":
        deck_b += rest
    else:
        assert not rest, f"cards left over: {rest}"
    history = fields.pop("history", None)
    if history is None:  # the rounds that gave these crowns, half crowns first
        history = [seat for seat in range(players) for _ in range(half[seat])]
        history += [] if full is None else [full]
    over = phase == "over"
    untouched = not any(rows) and not held and not any("*" in c for c in deck_a + deck_b)
    if over:
        last_active: int | None = active
    elif untouched:
        last_active = None if not history else (active - 1) % players
    else:
        last_active = (active - 1) % players
    data: dict[str, Any] = {
        "game": "collect",
        "players": players,
        "options": options or {},
        "seed": 0,
        "rng": 1,
        "ply": 0,
        "round": len(history) + (0 if over else 1),
        "round_start": active,
        "last_active": last_active,
        "active": active,
        "phase": phase,
        "decks": {"A": deck_a, "B": deck_b},
        "rows": [list(row) for row in rows],
        "crowns": {"half": half, "full": full},
        "held": held,
        "placed": None,
        "target": None,
        "named": None,
        "extra_turn": False,
        "chameleons_to_discard": discard,
        "history": history,
    }
    data.update(fields)
    return data


def load(rows: list[list[str]], *args: Any, **kwargs: Any) -> CollectState:
    return CollectState.from_json(build(rows, *args, **kwargs))


def rows(state: CollectState) -> list[list[str]]:
    return state.to_json()["rows"]


def deck(state: CollectState, name: str) -> list[str]:
    """A deck top first, as the state JSON writes it."""
    return state.to_json()["decks"][name]


def phase(state: CollectState) -> str:
    return state.to_json()["phase"]


def play(state: CollectState, seat: int, *texts: str) -> list[dict[str, Any]]:
    """Apply several actions of one seat; return all their events."""
    events: list[dict[str, Any]] = []
    for text in texts:
        events += state.apply_text(seat, text)
    return events


def kinds(events: list[dict[str, Any]]) -> list[str]:
    return [event["type"] for event in events]
