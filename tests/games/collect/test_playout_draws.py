"""The playouts' batched draws (`collect.bot.Draws`) give exactly `Rng.below`'s numbers."""

from __future__ import annotations

from bodoge.engine.rng import _GOLDEN as GOLDEN
from bodoge.engine.rng import _MASK as MASK
from bodoge.engine.rng import _MUL1 as MUL1
from bodoge.engine.rng import _MUL2 as MUL2
from bodoge.engine.rng import Rng
from bodoge.games.collect.bot import Draws


def _unshift(y: int, shift: int) -> int:
    """The x with x ^ (x >> shift) == y."""
    x = y
    for _ in range(64 // shift + 1):
        x = y ^ (x >> shift)
    return x


def state_before(output: int) -> int:
    """A generator state whose next `next64()` is `output` (SplitMix64's steps undone)."""
    x = _unshift(output, 31)
    x = _unshift(x * pow(MUL2, -1, 1 << 64) & MASK, 27)
    z = _unshift(x * pow(MUL1, -1, 1 << 64) & MASK, 30)
    return (z - GOLDEN) & MASK


def test_state_before_gives_the_output() -> None:
    assert Rng(state_before(12345)).next64() == 12345
    assert Rng(state_before(MASK)).next64() == MASK


def drawn(draws: Draws, bounds: list[int]) -> list[int]:
    """The playout's way of drawing: from the pool while it lasts, else through `below`."""
    pool = draws.pool
    return [pool.pop() % n if pool else draws.below(n) for n in bounds]


def test_the_same_numbers_across_chunks_and_the_generator_left_alike() -> None:
    bounds = [2, 3, 2, 7, 9, 2, 57, 3] * 30  # 240 draws: several chunks
    for count in (0, 1, 63, 64, 65, 240):
        rng, plain = Rng(2026), Rng(2026)
        draws = Draws(rng)
        assert drawn(draws, bounds[:count]) == [plain.below(n) for n in bounds[:count]]
        draws.close()
        assert rng.state == plain.state


def test_a_draw_that_below_rejects_is_skipped_as_below_skips_it() -> None:
    # 2**64 - 1 is the one draw below(3) rejects (2**64 % 3 == 1); below(2) keeps every draw.
    for n, steps in ((3, 2), (2, 1)):
        probe = Rng(state_before(MASK))
        probe.below(n)
        assert probe.state == (state_before(MASK) + steps * GOLDEN) & MASK  # a rejection: 2
        # That draw first, then in the middle of a chunk, then at the start of the next one.
        for before in (0, 10, 64):
            start = (state_before(MASK) - before * GOLDEN) & MASK
            bounds = [5] * before + [n, 7, 2]
            rng, plain = Rng(start), Rng(start)
            draws = Draws(rng)
            assert drawn(draws, bounds) == [plain.below(b) for b in bounds]
            draws.close()
            assert rng.state == plain.state
