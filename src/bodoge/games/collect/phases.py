"""Names shared by the Collect! state, its JSON reader and its renderer."""

from __future__ import annotations

from typing import Any

from bodoge.engine import InvalidState
from bodoge.games.collect.animals import CODE, KEYS

HALF_CROWNS = 3  # then 1 full crown
KNOWN = 8  # added to a deck card's code once it has been face up
DECK_NAMES = ("A", "B")
PHASES = (
    "draw", "keep", "place", "ability", "crocodile_deck", "crab_to",
    "parrot_reveal", "parrot_return", "chameleon", "over",
)  # fmt: skip
(DRAW, KEEP, PLACE, ABILITY, CROC_DECK, CRAB_TO, PARROT_REVEAL, PARROT_RETURN, CHAMELEON_DISCARD,
 OVER) = range(len(PHASES))  # fmt: skip


def card_code(name: Any, where: str) -> int:
    if not isinstance(name, str) or name not in CODE:
        raise InvalidState(f"{where}: {name!r} is not an animal ({', '.join(KEYS)})")
    return CODE[name]
