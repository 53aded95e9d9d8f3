"""`bodoge.engine.dice.faces`: die faces for simulated games, many to a 64-bit draw."""

from __future__ import annotations

from collections import Counter

from bodoge.engine import Rng
from bodoge.engine.dice import faces

# chi-square critical values at p = 0.001 (5 and 35 degrees of freedom)
CHI2_5 = 20.52
CHI2_35 = 66.62


def chi_square(counts: Counter[object], cells: int, total: int) -> float:
    expected = total / cells
    return sum((counts.get(cell, 0) - expected) ** 2 / expected for cell in range(cells))


def test_a_draw_gives_ten_or_twenty_faces_from_one_to_six() -> None:
    rng = Rng(3)
    sizes = set()
    for _ in range(2000):
        drawn = faces(rng)
        sizes.add(len(drawn))
        assert set(drawn) <= {1, 2, 3, 4, 5, 6}
    assert sizes == {10, 20}  # a half over the limit is dropped now and then (4.3%)


def test_faces_and_pairs_of_faces_are_uniform() -> None:
    rng = Rng(11)
    rolled: list[int] = []
    while len(rolled) < 72_000:
        rolled += faces(rng)
    singles = Counter(face - 1 for face in rolled)
    # two dice in a row, as a roll of two takes them: independent, so 36 equal cells
    pairs = Counter(6 * (a - 1) + (b - 1) for a, b in zip(rolled[::2], rolled[1::2], strict=True))
    assert chi_square(singles, 6, len(rolled)) < CHI2_5
    assert chi_square(pairs, 36, len(rolled) // 2) < CHI2_35


def test_faces_follow_the_generator() -> None:
    assert faces(Rng(5)) == faces(Rng(5))
    assert faces(Rng(5)) != faces(Rng(6))
