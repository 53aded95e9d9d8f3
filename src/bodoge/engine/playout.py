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
    match = Match.from_state(state)
    log: list[tuple[int, int]] = []
    while not state.is_over():
        if len(log) >= max_decisions:
            raise RuntimeError(f"{state.info.id} did not end within {max_decisions} decisions")
        seat = state.pending()[0]
        legal = state.legal_actions(seat)
        action = legal[rng.below(len(legal))]
        events = match.apply(seat, action)
        log.append((seat, action))
        if on_step is not None:
            on_step(state, seat, action, events)
    return log
