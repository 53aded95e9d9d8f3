"""Timeouts: one driver task per clocked table sleeps until its earliest deadline, then lets a
bot of the table's timeout level stand in for each seat whose time ran out (`clock.expire`); the
bot then moves through the same path as every move (bots.py) with `by="timeout:<level>"`. The
person takes the seat back with `Lobby.take_back`.

`wake(table_id)` starts or wakes the table's driver and `stop(table_id)` ends it: a runner of
the lease gate (leases.py, like `Bots`), so one process drives a table's clock. The driver reads
the deadlines from the database every time it wakes, never only from memory, and changes the
table through `TableCache.change` (the table's row lock, one transaction), so another process
may have written them and a restart (even after kill -9) fires an overdue deadline at once. It
also writes the first deadlines when a game starts and stops the clock of a seat whose person
left (the rows follow who is pending: `clock.settle`).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging

from sqlalchemy.ext.asyncio import AsyncSession

from bodoge.engine import BodogeError
from bodoge.server.errors import ApiError
from bodoge.server.runners.drivers import TableDrivers
from bodoge.server.services import clock
from bodoge.server.services.cache import TableCache
from bodoge.server.services.model import Table
from bodoge.server.store.models import DeadlineRow, now

log = logging.getLogger("bodoge.server")
RETRY_SECONDS = 1.0  # how long a driver waits when settling left the rows as they were


class Timeouts:
    def __init__(self, cache: TableCache) -> None:
        self.cache = cache
        self._drivers = TableDrivers("timeouts")
        self._wakeups: dict[str, asyncio.Event] = {}

    def wake(self, table_id: str, table: Table | None = None) -> None:
        """Drive the table's clock (`table`: as cached, if the caller has it)."""
        if table is None:
            table = self.cache.cached(table_id)
        if table is not None and table.clock.settings.kind == clock.NONE:
            return  # a table's clock never changes: nothing to drive, no task (most tables)
        self._wakeups.setdefault(table_id, asyncio.Event()).set()
        self._drivers.wake(table_id, self._drive)

    def stop(self, table_id: str) -> None:
        self._drivers.stop(table_id)
        self._wakeups.pop(table_id, None)

    async def close(self) -> None:
        await self._drivers.close()

    async def _drive(self, table_id: str) -> None:
        wakeup = self._wakeups[table_id]
        settled_unchanged = False  # the last settling changed nothing: wait rather than spin
        try:
            while True:
                wakeup.clear()
                table = await self.cache.get(table_id)
                if table.clock.settings.kind == clock.NONE:
                    return
                rows = await self.cache.store.deadlines(table_id)
                at = now()
                if _needs_settling(table, rows, at) and not settled_unchanged:
                    before = [(row.seat, row.ply, row.due) for row in rows]
                    await self.cache.change(table_id, _expire)
                    after = await self.cache.store.deadlines(table_id)
                    settled_unchanged = before == [(row.seat, row.ply, row.due) for row in after]
                    continue
                if not rows and not settled_unchanged:
                    if wakeup.is_set():
                        continue  # woken while reading: look again
                    return
                delay = min((row.due for row in rows), default=at) - at
                if settled_unchanged:
                    delay = max(delay, RETRY_SECONDS)
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(wakeup.wait(), max(0.0, delay))
                settled_unchanged = False  # woken, or waited long enough: try again
        except asyncio.CancelledError:
            raise
        except (BodogeError, ApiError) as error:
            log.error("clock at table %s stopped: %s", table_id, error)
        except Exception:
            log.exception("clock at table %s failed", table_id)
        finally:
            if self._drivers.release(table_id):
                self._wakeups.pop(table_id, None)


def _needs_settling(table: Table, rows: list[DeadlineRow], at: float) -> bool:
    """A deadline has passed, or the rows are not those of the seats that should be running (the
    game has just started, a person left, another process changed the table)."""
    running = {row.seat for row in rows}
    return any(row.due <= at for row in rows) or running != clock.people_pending(table)


async def _expire(session: AsyncSession, table: Table) -> list[int]:
    timed_out = await clock.expire(session, table, now())
    for seat in timed_out:
        log.info(
            "table %s: seat %d timed out, %s stands in", table.id, seat, table.seats[seat].stand_in
        )
    return timed_out
