"""Analysis jobs: each analysis runs in the bot worker processes (the bots' pool), part by part
(runners/analysing.py), with its progress and then its JSON written to its row (store/analysis.py),
so any server process can answer the page that polls it and a second viewer gets it at once.

The jobs are bounded where the work is done, per process (its pool is the process's own):
`Settings.analysis_queue` jobs queued or running at once, one of them per guest or account
(`PER_REQUESTER`); `ANALYSES_AT_ONCE` run while the others wait, so the bots' moves always
find the pool between two parts. A refusal is an ApiError (queue_full, one_at_a_time)."""

from __future__ import annotations

import asyncio
import json
import logging
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass

from bodoge.engine import BodogeError
from bodoge.server.errors import ApiError
from bodoge.server.runners import analysing
from bodoge.server.store.analysis import AnalysisStore

log = logging.getLogger("bodoge.server")
PART_ITEMS = 4  # decisions per task in the pool: a bot's move waits at most this many
ANALYSES_AT_ONCE = 1  # with the bots, this fills a pool of bot_workers=1..2
PER_REQUESTER = 1


@dataclass(frozen=True)
class Key:
    table_id: str
    seat: int
    level: str


class AnalysisJobs:
    def __init__(
        self, store: AnalysisStore, pool: Callable[[], ProcessPoolExecutor], limit: int
    ) -> None:
        self.store = store
        self.pool = pool
        self.limit = limit
        self._jobs: dict[Key, tuple[str, asyncio.Task[None]]] = {}
        self._running = asyncio.Semaphore(ANALYSES_AT_ONCE)

    def active(self, key: Key) -> bool:
        return key in self._jobs

    async def submit(self, key: Key, record: str, ply: int, who: str) -> None:
        """Queue `key`'s analysis of `record` (the table at `ply`) for the requester `who`."""
        if key in self._jobs:
            return
        if sum(1 for owner, _ in self._jobs.values() if owner == who) >= PER_REQUESTER:
            raise ApiError(
                "one_at_a_time",
                "you have an analysis under way: wait until it is done",
                "解析は一人一度に1つまでです。今の解析が終わるまでお待ちください",
            )
        if len(self._jobs) >= self.limit:
            raise ApiError(
                "queue_full",
                f"the server is analysing {len(self._jobs)} games already: try again later",
                f"サーバーはすでに{len(self._jobs)}局を解析中です。しばらくしてからどうぞ",
            )
        await self.store.start(key.table_id, key.seat, key.level, ply, 0)
        task = asyncio.create_task(self._run(key, record))
        self._jobs[key] = (who, task)
        task.add_done_callback(lambda _: self._jobs.pop(key, None))

    async def _run(self, key: Key, record: str) -> None:
        loop = asyncio.get_running_loop()
        seat, level = key.seat, key.level
        try:
            async with self._running:
                total = await loop.run_in_executor(
                    self.pool(), analysing.analysis_total, record, seat, level
                )
                await self.store.total(key.table_id, seat, level, total)
                steps = []
                for start in range(0, total, PART_ITEMS):
                    steps.extend(
                        await loop.run_in_executor(
                            self.pool(),
                            analysing.analysis_part,
                            record,
                            seat,
                            level,
                            start,
                            start + PART_ITEMS,
                        )
                    )
                    done = min(total, start + PART_ITEMS)
                    await self.store.progress(key.table_id, seat, level, done)
                result = await loop.run_in_executor(
                    self.pool(), analysing.analysis_json, record, seat, level, steps
                )
            text = json.dumps(result, ensure_ascii=False)
            await self.store.finish(key.table_id, seat, level, "ready", text)
        except asyncio.CancelledError:
            raise
        except BodogeError as error:
            log.error("analysis of table %s seat %s failed: %s", key.table_id, seat, error)
            await self.store.finish(key.table_id, seat, level, "failed", None)
        except Exception:
            log.exception("analysis of table %s seat %s failed", key.table_id, seat)
            await self.store.finish(key.table_id, seat, level, "failed", None)

    async def idle(self) -> None:
        """Wait until every job is done (tests)."""
        while self._jobs:
            await asyncio.gather(*(task for _, task in list(self._jobs.values())))

    async def close(self) -> None:
        tasks = [task for _, task in self._jobs.values()]
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
