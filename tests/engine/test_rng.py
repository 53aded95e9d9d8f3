"""The seeded generator: reproducible, bounded, unbiased enough, and cheap to copy."""

from collections import Counter

import pytest

from bodoge.engine import Rng
from bodoge.engine.rng import advance, outputs


def test_same_seed_same_sequence() -> None:
    a, b = Rng(42), Rng(42)
    assert [a.next64() for _ in range(20)] == [b.next64() for _ in range(20)]


def test_known_first_value_pins_the_algorithm() -> None:
    """SplitMix64 from seed 0: a change of algorithm would break every stored replay."""
    assert Rng(0).next64() == 0xE220A8397B1DCDAF


def test_below_stays_in_range_and_covers_it() -> None:
    rng = Rng(7)
    counts = Counter(rng.below(6) for _ in range(6000))
    assert set(counts) == set(range(6))
    assert all(800 < count < 1200 for count in counts.values())


def test_randint_is_inclusive() -> None:
    rng = Rng(3)
    assert {rng.randint(1, 6) for _ in range(500)} == set(range(1, 7))


def test_random_is_a_reproducible_fraction_in_the_unit_interval() -> None:
    a, b = Rng(11), Rng(11)
    values = [a.random() for _ in range(4000)]
    assert values == [b.random() for _ in range(4000)]
    assert all(0.0 <= value < 1.0 for value in values)
    assert 0.45 < sum(values) / len(values) < 0.55
    assert sum(value < 0.25 for value in values) in range(900, 1100)


def test_below_rejects_empty_range() -> None:
    with pytest.raises(ValueError):
        Rng(1).below(0)


def test_shuffle_is_a_permutation_and_reproducible() -> None:
    first, second = list(range(50)), list(range(50))
    Rng(9).shuffle(first)
    Rng(9).shuffle(second)
    assert first == second != list(range(50))
    assert sorted(first) == list(range(50))


def test_state_is_one_integer_that_restores_the_stream() -> None:
    rng = Rng(5)
    rng.next64()
    copy = Rng(rng.state)
    assert copy.next64() == rng.next64()


def reference_below(rng: Rng, n: int) -> int:
    """below() as first written: the exact rejection limit worked out at every draw."""
    limit = (1 << 64) - (1 << 64) % n
    while True:
        z = rng.next64()
        if z < limit:
            return z % n


def test_below_and_shuffle_draw_exactly_what_the_first_version_drew() -> None:
    """The fast paths of below() and shuffle() must not change a single number: every stored
    replay and seeded expectation depends on them. Bounds near 2**32 and 2**63 reject often."""
    bounds = [1, 2, 3, 6, 7, 52, 1000, (1 << 32) - 1, 1 << 32, (1 << 32) + 1, (1 << 63) + 1]
    fast, slow = Rng(2024), Rng(2024)
    for _ in range(300):
        for n in bounds:
            assert fast.below(n) == reference_below(slow, n)
    assert fast.state == slow.state
    for n in bounds:
        assert fast.randint(-3, n - 4) == reference_below(slow, n) - 3
    for size in (0, 1, 2, 5, 60, 200):
        items, expected = list(range(size)), list(range(size))
        fast.shuffle(items)
        for i in range(size - 1, 0, -1):
            j = reference_below(slow, i + 1)
            expected[i], expected[j] = expected[j], expected[i]
        assert items == expected and fast.state == slow.state


def _state_before(output: int) -> int:
    """The generator state whose next `next64` is `output` (SplitMix64's mix is invertible)."""
    mask = (1 << 64) - 1
    z = output ^ (output >> 31) ^ (output >> 62)
    z = (z * pow(0x94D049BB133111EB, -1, 1 << 64)) & mask
    z = z ^ (z >> 27) ^ (z >> 54)
    z = (z * pow(0xBF58476D1CE4E5B9, -1, 1 << 64)) & mask
    z = z ^ (z >> 30) ^ (z >> 60)
    return (z - 0x9E3779B97F4A7C15) & mask


def reference_shuffle(rng: Rng, items: list[int]) -> None:
    for i in range(len(items) - 1, 0, -1):
        j = reference_below(rng, i + 1)
        items[i], items[j] = items[j], items[i]


def test_shuffle_draws_exactly_what_one_draw_at_a_time_draws() -> None:
    """shuffle() works a deal's draws out together; it must give the deal and the state that
    one `below` a card gives, at every length around its switch, and when a draw is rejected
    (made to happen here: the third draw of the deal is 2**64 - 1, or 2**64 - 2**32, the first
    value `below` may reject)."""
    assert _state_before(12345) and Rng(_state_before(12345)).next64() == 12345
    starts = [Rng(seed).next64() for seed in range(40)]
    for output in ((1 << 64) - 1, (1 << 64) - (1 << 32)):
        starts.append(_state_before(output) - 2 * 0x9E3779B97F4A7C15 & (1 << 64) - 1)
    for start in starts:
        for size in (*range(0, 20), 59, 60, 61, 64, 90, 300):
            fast, slow = Rng(start), Rng(start)
            items, expected = list(range(size)), list(range(size))
            fast.shuffle(items)
            reference_shuffle(slow, expected)
            assert items == expected and fast.state == slow.state


def test_randoms_are_the_next_randoms() -> None:
    for count in (0, 1, 2, 3, 4, 11, 12, 13, 40):
        fast, slow = Rng(count), Rng(count)
        assert fast.randoms(count) == [slow.random() for _ in range(count)]
        assert fast.state == slow.state


def test_belows_are_the_next_belows() -> None:
    """`belows` draws what one `below` a bound draws, also when a draw is rejected (here the
    second of the batch is 2**64 - 1, which `below(3)` rejects) or lies at the first value the
    batch cannot vouch for (2**64 - 2**32, accepted by `below(3)`)."""
    starts = [Rng(seed).next64() for seed in range(30)]
    for output in ((1 << 64) - 1, (1 << 64) - (1 << 32)):
        starts.append(_state_before(output) - 0x9E3779B97F4A7C15 & (1 << 64) - 1)
    for start in starts:
        for bounds in (
            [], [5], [90, 89], [3, 3, 3], range(90, 84, -1), [7, 1 << 32, 2], [(1 << 63) + 1] * 4
        ):  # fmt: skip
            fast, slow = Rng(start), Rng(start)
            assert fast.belows(bounds) == [reference_below(slow, n) for n in bounds]
            assert fast.state == slow.state


def test_outputs_and_advance_follow_next64() -> None:
    """`rng.outputs` and `rng.advance` (Collect!'s chunked playout draws) are `next64`'s stream."""
    for state in (0, 1, 12345, (1 << 64) - 1):
        rng = Rng(state)
        assert outputs(state, 70) == [rng.next64() for _ in range(70)]
        assert advance(state, 70) == rng.state
        assert advance(rng.state, -70) == state
