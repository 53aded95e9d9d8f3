"""Hunt the Monster's bot: the greedy bot's judgement of a position (`hunt_value`) and the search's
rule of thumb for a placement (`hunt_action`)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from bodoge.games.koremon.common import pyramid as P
from bodoge.games.koremon.common.bot import best_slot, pyramid_potential

if TYPE_CHECKING:
    from bodoge.games.koremon.hunt.rules import HuntState


def hunt_value(state: HuntState, seat: int) -> float:
    result = state.result()
    scores = state.scores()
    lead = scores[seat] - max(s for other, s in enumerate(scores) if other != seat)
    if result is not None:
        return (100.0 if seat in result.winners else 0.0) + lead
    t = state.t
    mine = pyramid_potential(state.pyramids[seat], t)
    best_other = max(
        pyramid_potential(pyr, t) for other, pyr in enumerate(state.pyramids) if other != seat
    )
    return mine - best_other


def hunt_action(
    pyramid: Sequence[int], card: int, legal: list[int], t: P.Tables = P.BUILTIN
) -> int:
    """The placement (`1 + slot` actions) that leaves the most potential (`t`: the tables of
    the card list's ranks, which score the pyramid)."""
    return legal[best_slot(pyramid, [(card, action - 1) for action in legal], t)]
