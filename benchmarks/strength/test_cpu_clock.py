"""The ladder's `--cpu-time`: the search's time budget reads the clock it is given, in this process
and in the other tree's worker.

    PYTHONPATH=src python -m pytest -p no:cacheprovider -q benchmarks/strength/test_cpu_clock.py
"""

from __future__ import annotations

import itertools
import os
import sys
import time
from collections.abc import Iterator

import pytest

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path[:0] = [HERE, os.path.dirname(HERE)]

from baseline import Baseline, cpu_clock  # noqa: E402

from bodoge.ai import ismcts  # noqa: E402
from bodoge.ai.ismcts import IsmctsBot  # noqa: E402
from search_speed import positions  # noqa: E402

SRC = os.path.join(os.path.dirname(os.path.dirname(HERE)), "src")


@pytest.fixture(autouse=True)
def wall_clock_after() -> Iterator[None]:
    yield
    ismcts.time = time  # type: ignore[assignment]


def test_cpu_time_is_the_default_clock() -> None:
    cpu_clock()
    assert ismcts.time.perf_counter is time.process_time


def test_time_budget_reads_the_given_clock() -> None:
    # A clock one second further on at each reading: a 5 s budget is read once to set the
    # deadline and then before each iteration after the first, so it stops after 5 iterations,
    # exactly as a budget of 5 iterations does.
    ticks = itertools.count(1.0)
    cpu_clock(lambda: next(ticks))
    for state, seat in positions("collect", 2, 3):
        timed = IsmctsBot(7, iterations=None, seconds=5.0)
        counted = IsmctsBot(7, iterations=5)
        assert timed.choose(state, seat) == counted.choose(state, seat)
        assert timed.last_root is not None and counted.last_root is not None
        assert timed.last_root.tables == counted.last_root.tables
        assert sum(visits for visits, _, _ in timed.last_root.tables[seat].values()) == 5


def test_refuses_a_search_that_reads_no_time_module(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(ismcts, "time", object())
    with pytest.raises(RuntimeError):
        cpu_clock()


def test_worker_with_cpu_time_plays_a_legal_action() -> None:
    worker = Baseline(SRC, cpu_time=True)
    try:
        for state, seat in positions("koremon_hunt", 3, 2):
            action = worker.choose("0:0", "ismcts:0.02s", 3, state, seat)
            assert action in state.legal_actions(seat)
    finally:
        worker.close()
