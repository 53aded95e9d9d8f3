"""Monster Evolution's bot: the greedy bot's judgement of a position (`evolution_value`).

The search's simulated games pick species uniformly (the game has no rule of thumb: every pick of
a rank is as good as another), so there is no playout policy here.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from bodoge.games.koremon.evolution.rules import EvolutionState


def evolution_value(state: EvolutionState, seat: int) -> float:
    """The seat's score ahead of (or behind) the best other seat's."""
    scores = state.scores()
    return float(scores[seat] - max(s for other, s in enumerate(scores) if other != seat))
