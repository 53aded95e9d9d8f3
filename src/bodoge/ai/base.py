"""What a bot is: something that picks one legal action for a seat.

A bot may use only what its seat may know: `state.view(seat)`, `state.legal_actions(seat)`
and `state.determinize(seat, rng)` (a full state resampled from that seat's knowledge).
It must not read the state's hidden fields directly: `sample` below (`sampler` for many draws)
is the one door to a full state, and it also reseeds the copy's generator, because the real
state's generator decides future dice and shuffles that no player can know.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

from bodoge.engine import BodogeError, IllegalAction, Rng, State


class Bot(Protocol):
    name: str

    def choose(self, state: State, seat: int) -> int: ...


class BotSpecError(BodogeError):
    """A bot specification (`ismcts:hard`, `greedy:8`...) that names no bot."""


def sample(state: State, seat: int, rng: Rng) -> State:
    """A full state consistent with `seat`'s knowledge, with unknown future chance."""
    world = state.determinize(seat, rng)
    world.rng = Rng(rng.next64())
    return world


def sampler(state: State, seat: int) -> Callable[[Rng], State]:
    """`sample` for many draws from one position (`State.determinizer`): each call gives what
    `sample(state, seat, rng)` gives."""
    determinize = state.determinizer(seat)

    def draw(rng: Rng) -> State:
        world = determinize(rng)
        world.rng = Rng(rng.next64())
        return world

    return draw


def legal_or_fail(state: State, seat: int) -> list[int]:
    """The seat's legal actions; a bot asked to move for a seat that is not pending fails
    clearly instead of with an index error."""
    legal = state.legal_actions(seat)
    if not legal:
        raise IllegalAction(f"seat {seat} has nothing to decide (waiting for {state.pending()})")
    return legal


def pick(items: list[int], rng: Rng) -> int:
    """A seeded uniform choice (tie-breaks and random moves)."""
    return items[rng.below(len(items))] if len(items) > 1 else items[0]
