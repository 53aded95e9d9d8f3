"""The greedy bot's judgement of a Collect! position: alliance progress, blocking, crowns.

Everything it reads (rows, crowns) is public, so it needs no determinization care.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from bodoge.games.collect.animals import CHAMELEON, LION, OCTOPUS

if TYPE_CHECKING:
    from bodoge.games.collect.state import CollectState


def longest_run(row: list[int]) -> int:
    """The longest stretch of one animal, the chameleon wild."""
    best = 0
    for start in range(len(row)):
        kind = -1
        length = 0
        for card in row[start:]:
            if card != CHAMELEON:
                if kind == -1:
                    kind = card
                elif card != kind:
                    break
            length += 1
        best = max(best, length)
    return best


def row_progress(row: list[int]) -> float:
    """Roughly how close a row is to an alliance, on a 0..4 scale (4 = formed)."""
    run = min(longest_run(row), 4)
    kinds = len(set(row))
    lion = kinds * 4 / 7 if LION in row else kinds * 2 / 7
    pairs = sum(
        1 for i in range(len(row) - 1) if row[i] == row[i + 1] or CHAMELEON in row[i : i + 2]
    )
    octopus = min(pairs, 3) * (4 / 3 if OCTOPUS in row else 2 / 3)
    return max(float(run), lion, octopus)


def evaluate(state: CollectState, seat: int) -> float:
    result = state.result()
    if result is not None:
        return 100.0 if seat in result.winners else -100.0
    team_mode = state.options["team_mode"] == "on"
    score = 0.0
    for other in range(state.players):
        friend = other == seat or (team_mode and other % 2 == seat % 2)
        value = 10.0 * state.crown_points(other) + row_progress(state.rows[other]) ** 2
        score += value if friend else -value / max(1, state.players - 1)
    return score
