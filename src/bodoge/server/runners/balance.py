"""Balance runs on the server: N bot games of a variant, played by `bodoge.sim` in worker
processes at low priority (`os.nice` in each worker), so tables keep their latency.

A run is a `bodoge.sim.Batch`: its games are played in chunks in the workers (the content goes
as data with each chunk; a worker installs it), the progress is stored after each chunk, a cancel
is seen between chunks, and the summary is `bodoge.sim.summarize` of every record in game order:
the figures `bodoge simulate GAME --content FILE` prints for the same batch and seed.

Bounds: one run at a time per person, `RUNS_AT_ONCE` on the whole server, `MAX_GAMES` per
run, and a run stops after `MAX_SECONDS`.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import multiprocessing
import os
import time
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from bodoge.server.store.database import Store
from bodoge.server.store.variants import finish, set_progress
from bodoge.sim import Batch, summarize
from bodoge.sim.runner import GameRecord, play_chunk, resolve_game

log = logging.getLogger("bodoge.server")
MAX_GAMES = 2_000  # per run: the cheapest bots play ~50 Monster Hex games a second per core
RUNS_AT_ONCE = 2  # on the whole server, everyone's (counted in the database)
RUNS_PER_PERSON = 1
MAX_SECONDS = 30 * 60.0  # a run still going after this is stopped (and counts against nobody)
WORKERS = 1  # processes for balance games: one core of the machine at most, at low priority
NICENESS = 15  # below the tables' processes, which the scheduler then serves first
CHUNK = 10  # games per task: a lively progress bar, a cancel seen within a chunk


def _lower_priority() -> None:
    """In each worker at its start: yield the processor to the server and its bots."""
    with contextlib.suppress(OSError):  # a system without niceness plays at normal priority
        os.nice(NICENESS)


def play(batch: Batch, first: int, last: int) -> list[dict[str, Any]]:
    """Games first..last-1 of `batch`, in a worker: the simulator's own `play_chunk`."""
    return [record.to_json() for record in play_chunk(batch, range(first, last))]


class BalanceRuns:
    """The runs this process plays: each an asyncio task feeding the worker pool."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self._pool: ProcessPoolExecutor | None = None
        self._tasks: dict[str, asyncio.Task[None]] = {}
        self._cancelled: set[str] = set()

    def running(self) -> int:
        """Runs under way here, not counting those cancelled (finishing their chunk)."""
        return len(self._tasks.keys() - self._cancelled)

    def start(self, run_id: str, batch: Batch) -> None:
        task = asyncio.get_running_loop().create_task(self._play(run_id, batch))
        self._tasks[run_id] = task
        task.add_done_callback(lambda _: self._tasks.pop(run_id, None))

    def cancel(self, run_id: str) -> None:
        """Stop a run of this process after its chunk under way (the row says cancelled)."""
        self._cancelled.add(run_id)

    async def idle(self) -> None:
        """Wait until every run of this process has ended (tests)."""
        while self._tasks:
            await asyncio.gather(*self._tasks.values(), return_exceptions=True)

    async def close(self) -> None:
        for task in list(self._tasks.values()):
            task.cancel()
        await asyncio.gather(*self._tasks.values(), return_exceptions=True)
        if self._pool is not None:
            self._pool.shutdown(cancel_futures=True)

    def _executor(self) -> ProcessPoolExecutor:
        if self._pool is None:
            # spawn: forking a process that runs an event loop and threads is not safe
            self._pool = ProcessPoolExecutor(
                max_workers=WORKERS,
                mp_context=multiprocessing.get_context("spawn"),
                initializer=_lower_priority,
            )
        return self._pool

    async def _play(self, run_id: str, batch: Batch) -> None:
        loop = asyncio.get_running_loop()
        records: list[dict[str, Any]] = []
        deadline = time.monotonic() + MAX_SECONDS
        try:
            for first in range(0, batch.games, CHUNK):
                if run_id in self._cancelled or time.monotonic() > deadline:
                    await self._end(run_id, "cancelled", len(records), None)
                    return
                last = min(first + CHUNK, batch.games)
                records += await loop.run_in_executor(self._executor(), play, batch, first, last)
                async with self.store.write() as session:
                    going = await set_progress(session, run_id, len(records))
                if not going:  # cancelled through another process
                    return
            played = [GameRecord(**record) for record in records]
            title = resolve_game(batch.game).info.title_en
            summary = summarize(batch, played, title=title).to_json()
            await self._end(run_id, "done", len(records), json.dumps(summary, ensure_ascii=False))
        except asyncio.CancelledError:
            with contextlib.suppress(Exception):
                await asyncio.shield(self._end(run_id, "cancelled", len(records), None))
            raise
        except Exception as error:  # a game that did not end, a worker gone: the run failed
            log.error("balance run %s failed: %s", run_id, error)
            await self._end(run_id, "failed", len(records), None)
        finally:
            self._cancelled.discard(run_id)

    async def _end(self, run_id: str, status: str, done: int, summary: str | None) -> None:
        async with self.store.write() as session:
            await finish(session, run_id, status, done, summary)
