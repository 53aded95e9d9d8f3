"""Names shared by the Collect! state, its JSON reader and its renderer.

The numbers are `Final`: the compiled build (mypyc) then puts them in the code, where a plain
module name would be looked up in a dictionary at every use, as in the playouts' hot loop.
"""

from __future__ import annotations

from typing import Any, Final

from bodoge.engine import InvalidState
from bodoge.games.collect.animals import CODE, KEYS

HALF_CROWNS: Final = 3  # then 1 full crown
KNOWN: Final = 8  # added to a deck card's code once it has been face up
DECK_NAMES = ("A", "B")
PHASES = (
    "draw", "keep", "place", "ability", "crocodile_deck", "crab_to",
    "parrot_reveal", "parrot_return", "chameleon", "over",
)  # fmt: skip
# Each phase's number: its place in PHASES.
DRAW: Final = 0
KEEP: Final = 1
PLACE: Final = 2
ABILITY: Final = 3
CROC_DECK: Final = 4
CRAB_TO: Final = 5
PARROT_REVEAL: Final = 6
PARROT_RETURN: Final = 7
CHAMELEON_DISCARD: Final = 8
OVER: Final = 9


def card_code(name: Any, where: str) -> int:
    if not isinstance(name, str) or name not in CODE:
        raise InvalidState(f"{where}: {name!r} is not an animal ({', '.join(KEYS)})")
    return CODE[name]
