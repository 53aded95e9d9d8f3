"""A small seeded generator whose whole state is one integer.

`random.Random` carries 625 words of state; ours is one 64-bit int, so a state clones and
serialises cheaply and (game, options, seed, actions) replays exactly on every platform.
The algorithm is SplitMix64 (Steele, Lea, Flood 2014).
"""

from __future__ import annotations

import os
from collections.abc import MutableSequence, Sequence
from typing import TypeVar

from bodoge.engine.native import mypyc_attr

T = TypeVar("T")
_MASK = (1 << 64) - 1
_UNIT = 2.0**-53
_GOLDEN = 0x9E3779B97F4A7C15
_MUL1 = 0xBF58476D1CE4E5B9
_MUL2 = 0x94D049BB133111EB
# below(n) rejects the last incomplete run of 2**64 % n values. For n up to 2**32 every value
# under _SURE is accepted, so the common case skips working out the exact limit.
_SMALL = 1 << 32
_SURE = (1 << 64) - _SMALL


# For loops that inline `next64` (the search's playouts): the step's constants, and the bound
# under which `below(n)` accepts a draw (it returns the draw % n).
GOLDEN, MUL1, MUL2, MASK = _GOLDEN, _MUL1, _MUL2, _MASK


def accept_below(n: int) -> int:
    """The draws `below(n)` keeps: those under this (the last incomplete run of n rejected)."""
    return (1 << 64) - (1 << 64) % n


def fresh_seed() -> int:
    """A seed for a new game when the caller gives none (63 bits, so JSON readers keep it exact)."""
    return int.from_bytes(os.urandom(8), "big") >> 1


# Tests subclass it with scripted numbers (tests/engine/test_shuffle.py).
@mypyc_attr(allow_interpreted_subclasses=True)
class Rng:
    __slots__ = ("state",)

    def __init__(self, state: int) -> None:
        self.state = state & _MASK

    def next64(self) -> int:
        self.state = z = (self.state + _GOLDEN) & _MASK
        z = ((z ^ (z >> 30)) * _MUL1) & _MASK
        z = ((z ^ (z >> 27)) * _MUL2) & _MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """A uniform integer in [0, n), without modulo bias."""
        if n <= 0:
            raise ValueError("below() needs a positive bound")
        while True:  # next64, inlined: this is the hottest call of every shuffle and die
            self.state = z = (self.state + _GOLDEN) & _MASK
            z = ((z ^ (z >> 30)) * _MUL1) & _MASK
            z = ((z ^ (z >> 27)) * _MUL2) & _MASK
            z ^= z >> 31
            if (z < _SURE and n <= _SMALL) or z < (1 << 64) - (1 << 64) % n:
                return z % n

    def random(self) -> float:
        """A uniform float in [0, 1) (53 random bits)."""
        return (self.next64() >> 11) * _UNIT

    def randint(self, low: int, high: int) -> int:
        """A uniform integer in [low, high], both included (a die is randint(1, 6))."""
        n = high - low + 1
        if n <= 0:
            raise ValueError("randint() needs low <= high")
        while True:  # below(n), inlined: Hunt and Evolution roll a die at most decisions
            self.state = z = (self.state + _GOLDEN) & _MASK
            z = ((z ^ (z >> 30)) * _MUL1) & _MASK
            z = ((z ^ (z >> 27)) * _MUL2) & _MASK
            z ^= z >> 31
            if (z < _SURE and n <= _SMALL) or z < (1 << 64) - (1 << 64) % n:
                return low + z % n

    def choice(self, items: Sequence[T]) -> T:
        return items[self.below(len(items))]

    def shuffle(self, items: MutableSequence[T]) -> None:
        """Fisher-Yates in place (the draws of `below`, inlined)."""
        z = self.state
        for i in range(len(items) - 1, 0, -1):
            n = i + 1
            while True:
                z = (z + _GOLDEN) & _MASK
                x = ((z ^ (z >> 30)) * _MUL1) & _MASK
                x = ((x ^ (x >> 27)) * _MUL2) & _MASK
                x ^= x >> 31
                if x < _SURE or x < (1 << 64) - (1 << 64) % n:  # n <= len(items) < 2**32
                    break
            j = x % n
            items[i], items[j] = items[j], items[i]
        self.state = z

    def spawn(self) -> Rng:
        """An independent generator seeded from this one (for determinization, bots)."""
        return Rng(self.next64())
