"""Monster Evolution's variants: the shared Koremon card list (`common/variant.py`), of which
the game reads each species' rank and names (it uses one card of each species, so the counts and
Trick's points do not matter to it).

Its deal gives every seat a different rank-5 monster (seed バリアント４), so the list needs at
least MAX_PLAYERS species of rank 5; the shared check already gives every rank a species.

Length: the dice decide it, as with bodoge's list; no list makes it endless. The seat holding the
best rank r (the smallest number) can always evolve: nobody holds a rank-(r-1) species, and the
check gives rank r-1 one, so it takes one with a roll of r or less (at least 1 in 36 with r = 2,
more for the others). From any position the game thus ends within the next four of that seat's
rolls with a chance of at least (1/36)^4: it ends with probability 1 and the chance of lasting
n moves falls geometrically in n, as for the built-in list. The search and the simulations stop
a game at their own move limits (the bound told OpenSpiel is the built-in list's).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from bodoge.engine.variants import Problem
from bodoge.games.koremon.common.variant import make_kit

MAX_PLAYERS = 5  # EvolutionState.info.max_players


def game_check(data: Mapping[str, Any]) -> list[Problem]:
    fives = sum(1 for item in data["species"] if item["rank"] == 5)
    if fives >= MAX_PLAYERS:
        return []
    return [
        Problem(
            "species",
            f"{fives} species have rank 5; Monster Evolution deals each of up to {MAX_PLAYERS} "
            f"players a different rank-5 monster, so it needs {MAX_PLAYERS}",
            f"ランク5の種族が{fives}種です。モンスター・エボリューションは最大{MAX_PLAYERS}人に"
            f"別々のランク5のモンスターを配るので、{MAX_PLAYERS}種必要です",
        )
    ]


KIT = make_kit(
    game_check,
    length_bound=(
        "the dice decide it: the seat with the best rank can always evolve (the check gives "
        "every rank a species and nobody holds a better one), so from any position the game "
        "ends within four of its rolls with a chance of at least (1/36)^4; it ends with "
        "probability 1, the chance of a longer game falling geometrically, whatever the list"
    ),
)
