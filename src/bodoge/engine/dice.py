"""Die faces for simulated games, many to one 64-bit draw.

A game's rules roll `rng.randint(1, 6)` per die, one SplitMix64 step each (most of a
simulated roll's time in Python), and those exact dice are part of every recorded game. A
search's simulated games replay nothing and their generator is a fresh one nobody knows, so
they may draw their dice from the same distribution more cheaply: each 30-bit half of one draw
below 17 * 6**10 (95.7% of them; a half at or above is dropped) is ten independent uniform faces,
its base-6 digits (`tests/engine/test_dice.py` checks the faces and their pairs).
"""

from __future__ import annotations

from bodoge.engine.rng import Rng

_HALF = (1 << 30) - 1
_DIGITS = 6**10
_LIMIT = 17 * _DIGITS  # the largest multiple of 6**10 under 2**30


def faces(rng: Rng) -> list[int]:
    """Ten or twenty die faces (1-6), uniform and independent, from as few draws as it takes."""
    out: list[int] = []
    while not out:
        z = rng.next64()
        for value in (z & _HALF, (z >> 30) & _HALF):
            if value < _LIMIT:
                value %= _DIGITS
                for _ in range(10):
                    value, face = divmod(value, 6)
                    out.append(face + 1)
    return out
