"""The greedy bot: one ply of look-ahead judged by the game's own `heuristic` (its spec's).

For each of `samples` determinizations (worlds consistent with what the seat knows, future
chance reseeded), every legal action is applied to a copy and the game's heuristic scores the
result from the seat's point of view. The action with the best average wins; ties are broken
by the bot's seeded generator, so a game without a heuristic of its own still varies its play.
"""

from __future__ import annotations

from bodoge.ai.base import legal_or_fail, pick, sample
from bodoge.engine import Rng, State
from bodoge.engine.registry import spec_of


class GreedyBot:
    def __init__(self, seed: int = 0, samples: int = 4) -> None:
        if samples < 1:
            raise ValueError("greedy needs at least one determinization")
        self.rng = Rng(seed)
        self.samples = samples
        self.name = "greedy" if samples == 4 else f"greedy:{samples}"

    def evaluate(self, state: State, seat: int) -> dict[int, float]:
        """Average heuristic after each legal action, over the determinizations."""
        legal = state.legal_actions(seat)
        heuristic = spec_of(state).heuristic
        totals = dict.fromkeys(legal, 0.0)
        for _ in range(self.samples):
            world = sample(state, seat, self.rng)
            for action in legal:
                after = world.clone()
                after.apply(seat, action)
                totals[action] += heuristic(after, seat)
        return {action: total / self.samples for action, total in totals.items()}

    def choose(self, state: State, seat: int) -> int:
        legal = legal_or_fail(state, seat)
        if len(legal) == 1:
            return legal[0]
        values = self.evaluate(state, seat)
        best = max(values.values())
        # Floating sums over samples may differ in the last bits; treat those as ties.
        return pick([a for a in legal if values[a] >= best - 1e-9], self.rng)
