"""The uniformly random bot: a baseline and the playout policy of tree search."""

from __future__ import annotations

from bodoge.ai.base import legal_or_fail, pick
from bodoge.engine import Rng, State


class RandomBot:
    name = "random"

    def __init__(self, seed: int = 0) -> None:
        self.rng = Rng(seed)

    def choose(self, state: State, seat: int) -> int:
        return pick(legal_or_fail(state, seat), self.rng)
