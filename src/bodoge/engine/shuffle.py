"""A uniform shuffle that takes several Fisher-Yates swaps from each 64-bit draw.

`Rng.shuffle` draws one number per swap (about 0.5 us each in CPython), and its exact output is
part of every recorded game (a deal replays from its seed), so it must stay as it is. The
determinizations of the search shuffle the hidden cards on every iteration and replay nothing,
so they may use this cheaper one: the swaps' bounds n, n-1, ..., k are grouped while their
product fits in 64 bits, one number below the product is drawn (rejection sampling, so no
bias), and its digits in that mixed radix are the swaps' indices. Every permutation is exactly
equally likely, as with `Rng.shuffle`; only the order of the draws differs.
"""

from __future__ import annotations

from collections.abc import MutableSequence
from typing import TypeVar

from bodoge.engine.rng import Rng

T = TypeVar("T")
_SPAN = 1 << 64
# Per list length n: the groups (top index, index below the group, product of the bounds,
# rejection limit), built once per length.
_GROUPS: dict[int, tuple[tuple[int, int, int, int], ...]] = {}


def _groups(n: int) -> tuple[tuple[int, int, int, int], ...]:
    groups = []
    top = n - 1
    while top > 0:
        bound, low = 1, top
        while low > 0 and bound * (low + 1) <= _SPAN:
            bound *= low + 1
            low -= 1
        groups.append((top, low, bound, _SPAN - _SPAN % bound))
        top = low
    result = tuple(groups)
    _GROUPS[n] = result
    return result


def shuffle(items: MutableSequence[T], rng: Rng) -> None:
    """Shuffle `items` in place, every order equally likely, drawing from `rng`."""
    n = len(items)
    groups = _GROUPS.get(n) or _groups(n)
    next64 = rng.next64
    for top, low, bound, limit in groups:
        z = next64()
        while z >= limit:
            z = next64()
        z %= bound
        for i in range(top, low, -1):
            z, j = divmod(z, i + 1)
            items[i], items[j] = items[j], items[i]
