"""A small seeded generator whose whole state is one integer.

`random.Random` carries 625 words of state; ours is one 64-bit int, so a state clones and
serialises cheaply and (game, options, seed, actions) replays exactly on every platform.
The algorithm is SplitMix64 (Steele, Lea, Flood 2014).
"""

from __future__ import annotations

import os
import sys
from collections.abc import MutableSequence, Sequence
from functools import lru_cache
from operator import mod
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


def accept_below(n: int) -> int:
    """The draws `below(n)` keeps: those under this (the last incomplete run of n rejected)."""
    return (1 << 64) - (1 << 64) % n


def outputs(state: int, count: int) -> list[int]:
    """The next `count` outputs of `next64` of a generator at `state`, in order (for loops that
    take their draws a chunk at a time, as Collect!'s simulated games do)."""
    return _words(_lanes(state, count), count).tolist()


def advance(state: int, count: int) -> int:
    """The state of a generator at `state` after `count` outputs (back, if count < 0)."""
    return (state + count * _GOLDEN) & _MASK


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

    def randoms(self, count: int) -> list[float]:
        """The next `count` values of `random()`, worked out together when there are several."""
        if count < _RANDOMS_FROM:
            return [self.random() for _ in range(count)]
        draws = _words(_lanes(self.state, count), count)
        self.state = (self.state + count * _GOLDEN) & _MASK
        return [(x >> 11) * _UNIT for x in draws]

    def belows(self, bounds: Sequence[int]) -> list[int]:
        """`below(n)` for each bound in turn, worked out together when there are several (the
        same numbers: should a draw be rejected, they are drawn one by one)."""
        count = len(bounds)
        if count >= _BELOWS_FROM and max(bounds) <= _SMALL:
            lanes = _lanes(self.state, count)
            _, _, _, smalls, carries = _lane_constants(count)
            if not (lanes + smalls) & carries:  # every draw under _SURE: accepted
                self.state = (self.state + count * _GOLDEN) & _MASK
                return list(map(mod, _words(lanes, count), bounds))
        return [self.below(n) for n in bounds]

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
        """Fisher-Yates in place: item i (from the last down) swaps with item `below(i + 1)`.

        A deal's draws are worked out together (`_lanes`) rather than one at a time: the same
        numbers, in about half the time for a deck of 60. Should one of them be rejected by
        `below` (a chance of 2**-32 a draw), the stream shifts, and the deal is made draw by
        draw instead."""
        last = len(items) - 1
        if last >= _SHUFFLE_FROM:
            lanes = _lanes(self.state, last)
            # Every draw is accepted, whatever its bound (< 2**32), when every lane is under
            # _SURE: adding 2**32 to each lane then carries into none of their bits 64.
            _, _, _, smalls, carries = _lane_constants(last)
            if not (lanes + smalls) & carries:
                # each swap's index, its draw mod its bound (the lengths are equal)
                swaps = map(mod, _words(lanes, last), range(last + 1, 1, -1))
                for i, j in zip(range(last, 0, -1), swaps):  # noqa: B905
                    items[i], items[j] = items[j], items[i]
                self.state = (self.state + last * _GOLDEN) & _MASK
                return
        self._shuffle_one_by_one(items)

    def _shuffle_one_by_one(self, items: MutableSequence[T]) -> None:
        """`shuffle` with the draws of `below`, inlined, one by one."""
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


# ---- many draws at once ---------------------------------------------------------------------

# `_lanes` holds one draw per 128-bit lane of one Python integer, so each step of SplitMix64
# runs once over all the lanes: a lane's 64-bit value times a 64-bit constant fits its lane,
# and the bits a shift moves in from the next lane are masked off.
_LANE = 128
# Below these counts one draw at a time is as fast (measured on CPython 3.11).
_SHUFFLE_FROM = 7  # swaps: a list of 8 items
_RANDOMS_FROM = 3
_BELOWS_FROM = 3


@lru_cache(maxsize=64)
def _lane_constants(count: int) -> tuple[int, int, int, int, int]:
    """For `count` lanes: a 1 in each lane, each lane k's step (k + 1) * golden mod 2**64, the
    mask of each lane's low 64 bits, 2**32 in each lane and each lane's bit 64."""
    ones = sum(1 << (_LANE * k) for k in range(count))
    steps = sum((((k + 1) * _GOLDEN) & _MASK) << (_LANE * k) for k in range(count))
    return ones, steps, ones * _MASK, ones * _SMALL, ones << 64


def _lanes(state: int, count: int) -> int:
    """The next `count` outputs of `next64` from `state` (which is left alone), one a lane."""
    ones, steps, low, _, _ = _lane_constants(count)
    z = (state * ones + steps) & low
    z = ((z ^ (z >> 30)) & low) * _MUL1 & low
    z = ((z ^ (z >> 27)) & low) * _MUL2 & low
    return (z ^ (z >> 31)) & low


def _words(lanes: int, count: int) -> memoryview:
    """The lanes' values, in order."""
    # each lane as two 64-bit words: its value, then the zero word above it
    return memoryview(lanes.to_bytes(_LANE // 8 * count, sys.byteorder)).cast("Q")[::2]
