"""What a bot is: something that picks one legal action for a seat.

A bot may use only what its seat may know: `state.view(seat)`, `state.legal_actions(seat)`
and `state.determinize(seat, rng)` (a full state resampled from that seat's knowledge).
It must not read the state's hidden fields directly.
"""

from __future__ import annotations

from typing import Protocol

from bodoge.engine import State


class Bot(Protocol):
    name: str

    def choose(self, state: State, seat: int) -> int: ...
