"""Random playouts through `Match`: the loop behind property tests and benchmarks."""

from __future__ import annotations

from collections.abc import Callable

from bodoge.engine.events import Event
from bodoge.engine.match import Match
from bodoge.engine.rng import Rng
from bodoge.engine.state import State

Step = Callable[[State, int, int, list[Event]], None]


def random_playout(
    state: State, rng: Rng, max_decisions: int = 1_000_000, on_step: Step | None = None
) -> list[tuple[int, int]]:
    """Play uniformly random legal actions on `state` until the game ends; return the
    (seat, action) log.

    Where several seats are pending (simultaneous decisions) the first pending seat acts first.
    Raises RuntimeError if the game has not ended after `max_decisions`.
    """
    log: list[tuple[int, int]] = []

    def choose(current: State, seat: int) -> int:
        legal = current.legal_actions(seat)
        return legal[rng.below(len(legal))]

    def step(seat: int, action: int, events: list[Event]) -> None:
        log.append((seat, action))
        if on_step is not None:
            on_step(state, seat, action, events)

    Match.from_state(state).play_out(choose, max_decisions, step)
    return log
