"""The determinizations' shuffle (bodoge.engine.shuffle): exactly uniform, like Rng.shuffle."""

from __future__ import annotations

import itertools
import math
from collections import Counter

from bodoge.engine import Rng
from bodoge.engine.shuffle import _groups, shuffle

# Chi-square critical values at p = 0.001 (df 23 and 29): a fair shuffle fails one in a thousand
# seeds; the seeds are fixed, so the test is deterministic.
CHI2_23 = 49.73
CHI2_29 = 58.30


class Numbers(Rng):
    """A generator that hands out the given 64-bit numbers in turn (to walk every draw)."""

    def __init__(self, numbers: list[int]) -> None:
        super().__init__(0)
        self.numbers = list(numbers)

    def next64(self) -> int:
        return self.numbers.pop(0)


def chi_square(counts: Counter[object], cells: int, total: int) -> float:
    expected = total / cells
    return sum((counts.get(cell, 0) - expected) ** 2 / expected for cell in range(cells))


def test_each_draw_below_the_bound_gives_a_different_order() -> None:
    # 6 items: one group of bounds 6*5*4*3*2 = 720, so the draws 0..719 must give all 720 orders
    (group,) = _groups(6)
    assert group[2] == 720
    seen = set()
    for z in range(720):
        items = list(range(6))
        shuffle(items, Numbers([z]))
        seen.add(tuple(items))
    assert len(seen) == math.factorial(6)


def test_a_draw_at_or_above_the_limit_is_drawn_again() -> None:
    (group,) = _groups(6)
    limit = group[3]
    first, second = list(range(6)), list(range(6))
    shuffle(first, Numbers([limit, 5]))  # rejected, then 5
    shuffle(second, Numbers([5]))
    assert first == second


def test_long_lists_use_several_draws_and_keep_every_item() -> None:
    groups = _groups(90)
    assert len(groups) > 1 and groups[-1][1] == 0
    # the groups cover the swaps 89..1 once each, every product within 64 bits
    covered = [i for top, low, _, _ in groups for i in range(top, low, -1)]
    assert covered == list(range(89, 0, -1))
    assert all(bound <= 1 << 64 for _, _, bound, _ in groups)
    items = list(range(90))
    shuffle(items, Rng(5))
    assert sorted(items) == list(range(90)) and items != list(range(90))


def test_every_order_of_four_is_equally_likely() -> None:
    rng = Rng(2026)
    orders = {order: index for index, order in enumerate(itertools.permutations(range(4)))}
    total = 24_000
    counts: Counter[object] = Counter()
    for _ in range(total):
        items = [0, 1, 2, 3]
        shuffle(items, rng)
        counts[orders[tuple(items)]] += 1
    assert chi_square(counts, 24, total) < CHI2_23


def test_an_item_lands_anywhere_in_a_long_list_equally_often() -> None:
    # 30 items take two draws (two groups), so the groups' join is covered too
    assert len(_groups(30)) == 2
    rng = Rng(7)
    total = 30_000
    counts: Counter[object] = Counter()
    for _ in range(total):
        items = list(range(30))
        shuffle(items, rng)
        counts[items.index(0)] += 1
    assert chi_square(counts, 30, total) < CHI2_29
