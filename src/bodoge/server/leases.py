"""Leases: a table's runners (its bots, its clock) run in exactly one server process.

Every process may serve every table, but the work that happens by itself (a bot's move, a
timeout) must happen once. The process that holds a table's row in `leases` (owner, until) runs
that table's runners. A process takes a lease at once when it commits a change of a table
nobody holds (it made the table, or filled its last seat); it renews all its leases in one
statement every third of `lease_seconds`, gives back those of finished tables, and a process
that stops gives back all of its own. A lease not renewed in time (its process died, even by
kill -9) is taken over by the next process that scans, which then wakes the runners there.
Two processes that briefly both believe they hold a table are harmless: every move goes through
the table's row lock and its expected ply, so only one of the two identical decisions is
applied.

A runner is anything with `wake(table_id)` (look at the table, act if it is its turn) and
`stop(table_id)` (the lease went elsewhere): `Leases.add(runner)` is all it takes.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import math
import os
import random
from typing import Any, Protocol

from sqlalchemy import delete, func, select, update
from sqlalchemy.dialects import postgresql, sqlite

from bodoge.server import auth
from bodoge.server.config import Settings
from bodoge.server.store import LeaseRow, Store, TableRow, now
from bodoge.server.tables import TableService

log = logging.getLogger("bodoge.server")


class Runner(Protocol):
    def wake(self, table_id: str) -> None: ...

    def stop(self, table_id: str) -> None: ...


class Leases:
    def __init__(self, service: TableService, store: Store, settings: Settings) -> None:
        self.service = service
        self.store = store
        self.ttl = settings.lease_seconds
        # One process and nothing shared (no Redis): any lease not ours is a dead process's.
        self.alone = settings.redis_url is None
        # this process, for as long as it runs: its pid (for whoever looks at the table) and a
        # random part (a pid is reused, on another machine too)
        self.owner = f"{os.getpid()}-{auth.new_id()}"[:32]
        self.runners: list[Runner] = []
        self.held: set[str] = set()
        self._elsewhere: dict[str, float] = {}  # table -> until when another process holds it
        self._taking: dict[str, asyncio.Task[None]] = {}
        self._loop: asyncio.Task[None] | None = None
        self._stopping = asyncio.Event()
        service.listeners.append(self._heard_of)  # every change, this process's or another's
        service.committed.append(self._committed)  # the changes this process committed
        service.interest.append(self.held.__contains__)  # its runners look at the table

    def add(self, runner: Runner) -> None:
        self.runners.append(runner)

    def _heard_of(self, table_id: str) -> None:
        if table_id in self.held:
            self._wake(table_id)

    def _committed(self, table_id: str, ply: int) -> None:
        # Only a change made here may take a lease at once (a new table, a game that starts):
        # the process that made a change elsewhere took it, and one that died is the scan's.
        if table_id not in self.held:
            self.changed(table_id)

    def changed(self, table_id: str) -> None:
        """A table this process changed: wake its runners here if this process holds its lease;
        take the lease first if nobody holds it."""
        if table_id in self.held:
            self._wake(table_id)
            return
        table = self.service.cached(table_id)
        if table is not None and table.status == "over":
            self._elsewhere.pop(table_id, None)
        elif (
            self._elsewhere.get(table_id, 0.0) < now()
            and table_id not in self._taking
            and not self._stopping.is_set()
        ):
            task = asyncio.get_running_loop().create_task(self._take_and_wake(table_id))
            self._taking[table_id] = task
            task.add_done_callback(lambda _: self._taking.pop(table_id, None))

    def _wake(self, table_id: str) -> None:
        for runner in self.runners:
            try:
                runner.wake(table_id)
            except Exception:
                log.exception("runner failed to wake for table %s", table_id)

    async def start(self) -> None:
        """Take the tables in play that nobody runs (at start: after a restart, all of a dead
        process's), and keep the leases from then on."""
        await self.scan()
        self._loop = asyncio.get_running_loop().create_task(self._keep(), name="leases")

    async def close(self) -> None:
        """Stop, and give this process's leases back so another takes them over at once. The
        writes under way finish first: a write cancelled halfway could leave SQLite locked."""
        self._stopping.set()
        await asyncio.gather(
            *(t for t in (self._loop, *self._taking.values()) if t), return_exceptions=True
        )
        async with self.store.write() as session:
            await session.execute(delete(LeaseRow).where(LeaseRow.owner == self.owner))
        self.held.clear()

    def busy(self) -> bool:
        """Whether a lease is being taken."""
        return bool(self._taking)

    async def idle(self) -> None:
        """Wait until no lease is being taken (tests)."""
        while self._taking:
            await asyncio.gather(*self._taking.values(), return_exceptions=True)

    async def _keep(self) -> None:
        while True:
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._stopping.wait(), self.ttl / 3)
            if self._stopping.is_set():
                return
            try:
                await self.renew()
                await self.scan()
            except asyncio.CancelledError:
                raise
            except Exception:  # the database away for a moment: try again next time
                log.exception("renewing the leases failed")

    async def renew(self) -> None:
        """Extend every lease of this process; give back those of tables no longer in play;
        stop the runners of any lease found taken over (this process was too slow)."""
        finished = select(TableRow.id).where(TableRow.status == "over")
        async with self.store.write() as session:
            await session.execute(
                delete(LeaseRow).where(
                    LeaseRow.owner == self.owner, LeaseRow.table_id.in_(finished)
                )
            )
            await session.execute(
                update(LeaseRow).where(LeaseRow.owner == self.owner).values(until=now() + self.ttl)
            )
            found = await session.execute(
                select(LeaseRow.table_id).where(LeaseRow.owner == self.owner)
            )
            still = set(found.scalars())
        for table_id in self.held - still:
            self.held.discard(table_id)
            for runner in self.runners:
                runner.stop(table_id)

    async def scan(self) -> None:
        """Take over the tables in play whose lease is missing or expired: at most a fair share
        (their number over the live processes), so the survivors of a death split its work."""
        moment = now()
        expired = LeaseRow.owner != self.owner if self.alone else LeaseRow.until < moment
        async with self.store.glance() as session:
            found = await session.execute(
                select(TableRow.id)
                .outerjoin(LeaseRow, LeaseRow.table_id == TableRow.id)
                .where(TableRow.status == "playing", LeaseRow.table_id.is_(None) | expired)
            )
            orphans = list(found.scalars())
            if not orphans:
                return
            live = await session.execute(
                select(func.count(func.distinct(LeaseRow.owner))).where(
                    LeaseRow.until >= moment, LeaseRow.owner != self.owner
                )
            )
            others = int(live.scalar_one())
        random.shuffle(orphans)
        for table_id in orphans[: math.ceil(len(orphans) / (others + 1))]:
            await self._take_and_wake(table_id)

    async def _take_and_wake(self, table_id: str) -> None:
        try:
            if await self.take(table_id):
                self._wake(table_id)
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("taking the lease of table %s failed", table_id)

    async def take(self, table_id: str) -> bool:
        """Hold the table's lease if it is free, expired or ours already."""
        moment = now()
        values = {"table_id": table_id, "owner": self.owner, "until": moment + self.ttl}
        dialect = sqlite if self.store.sqlite else postgresql
        statement: Any = dialect.insert(LeaseRow.__table__).values(**values)
        statement = statement.on_conflict_do_update(
            index_elements=[LeaseRow.table_id],
            set_={"owner": self.owner, "until": moment + self.ttl},
            where=None
            if self.alone
            else (LeaseRow.until < moment) | (LeaseRow.owner == self.owner),
        ).returning(LeaseRow.owner)
        async with self.store.write() as session:
            taken = (await session.execute(statement)).scalar_one_or_none() is not None
            if not taken:
                holder = await session.execute(
                    select(LeaseRow.until).where(LeaseRow.table_id == table_id)
                )
                self._elsewhere[table_id] = holder.scalar_one_or_none() or 0.0
        if taken:
            self.held.add(table_id)
            self._elsewhere.pop(table_id, None)
        return taken
