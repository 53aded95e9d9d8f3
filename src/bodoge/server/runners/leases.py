"""Leases: a table's runners (its bots, its clock) run in exactly one server process.

Every process may serve every table, but the work that happens by itself (a bot's move, a
timeout) must happen once. The process that holds a table's row in `leases` (owner, until) runs
that table's runners, and is its owner (realtime/affinity.py). A process takes a lease at once
when it commits a change of a table in play nobody holds (it started the game: it filled the
last seat, or, alone, made a table of bots: with other processes a new table of bots goes to
the first process asked about it, `claim`, the one a proxy routes the table to, or after a
lease's time to a scan); it renews all its leases in one
statement every third of `lease_seconds`, gives back those of finished tables, and a process
that stops gives back all of its own. A lease not renewed in time (its process died, even by
kill -9) is taken over by the next process that scans, which then wakes the runners there.
Two processes that briefly both believe they hold a table are harmless: every move goes through
the table's row lock and its expected ply, so only one of the two identical decisions is
applied.

A runner is anything with `wake(table_id, table)` (look at the table, act if it is its turn) and
`stop(table_id)` (the lease went elsewhere): `Leases.add(runner)` is all it takes.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import math
import os
import random
from collections.abc import Callable
from typing import Protocol

from bodoge.server import auth, logs, metrics
from bodoge.server.config import Settings
from bodoge.server.services.cache import TableCache
from bodoge.server.services.model import Table
from bodoge.server.store import leases
from bodoge.server.store.database import Store
from bodoge.server.store.models import now

log = logging.getLogger("bodoge.server")


def is_new_in_play(table: Table) -> bool:
    """A table just made (nothing written to it since) whose game started with it."""
    return table.status == "playing" and table.version == 0 and table.match.ply == 0


class Runner(Protocol):
    def wake(self, table_id: str, table: Table | None = None) -> None: ...

    def stop(self, table_id: str) -> None: ...


class Leases:
    def __init__(self, cache: TableCache, store: Store, settings: Settings) -> None:
        self.cache = cache
        self.store = store
        self.ttl = settings.lease_seconds
        # One process and nothing shared (no Redis): any lease not ours is a dead process's.
        self.alone = settings.redis_url is None
        # this process, for as long as it runs: its pid (for whoever looks at the table) and a
        # random part (a pid is reused, on another machine too)
        self.owner = f"{os.getpid()}-{auth.new_id()}"[:32]
        self.runners: list[Runner] = []
        self.held: set[str] = set()
        # told when a lease comes here (this process's owner id) or is given back (None)
        self.moved: list[Callable[[str, str | None], None]] = []
        self._elsewhere: dict[str, float] = {}  # table -> until when another process holds it
        self._taking: dict[str, asyncio.Task[None]] = {}
        self._loop: asyncio.Task[None] | None = None
        self._stopping = asyncio.Event()
        cache.listeners.append(self._heard_of)  # every change, this process's or another's
        cache.committed.append(self._committed)  # the changes this process committed
        cache.interest.append(self.held.__contains__)  # its runners look at the table

    def add(self, runner: Runner) -> None:
        self.runners.append(runner)

    def _heard_of(self, table_id: str, table: Table | None) -> None:
        if table_id in self.held:
            self._wake(table_id, table)

    def _committed(self, table_id: str, table: Table | None) -> None:
        # Only a change made here may take a lease at once (a new table, a game that starts):
        # the process that made a change elsewhere took it, and one that died is the scan's.
        if table_id in self.held:
            return
        if not self.alone and table is not None and is_new_in_play(table):
            # A new table that starts at once (all bots): any process may have made it (a
            # proxy routes by table id only once the id exists), so its lease goes to the
            # first process asked about it (`claim`: behind a proxy routing by table, the one
            # its requests go to), or to the next scan if nobody asks.
            return
        self.changed(table_id, table)

    async def claim(self, table_id: str) -> None:
        """A table in play that nobody holds, asked about here: take its lease (and wake its
        runners) before answering."""
        if table_id in self.held or self._stopping.is_set():
            return
        task = self._taking.get(table_id)
        if task is None:
            task = asyncio.get_running_loop().create_task(self._take_and_wake(table_id))
            self._taking[table_id] = task
            task.add_done_callback(lambda _: self._taking.pop(table_id, None))
        await asyncio.shield(task)

    def changed(self, table_id: str, table: Table | None) -> None:
        """A table this process changed (`table`: as cached): wake its runners here if this
        process holds its lease; take the lease first if nobody holds it."""
        if table_id in self.held:
            self._wake(table_id, table)
            return
        if table is not None and table.status == "over":
            self._elsewhere.pop(table_id, None)
        elif table is not None and table.status == "waiting":
            # Nothing runs before the game starts. The join that starts it takes the lease:
            # behind a proxy routing by table, the process the table's requests go to.
            return
        elif (
            self._elsewhere.get(table_id, 0.0) < now()
            and table_id not in self._taking
            and not self._stopping.is_set()
        ):
            task = asyncio.get_running_loop().create_task(self._take_and_wake(table_id))
            self._taking[table_id] = task
            task.add_done_callback(lambda _: self._taking.pop(table_id, None))

    def _wake(self, table_id: str, table: Table | None = None) -> None:
        for runner in self.runners:
            try:
                runner.wake(table_id, table)
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
            await leases.give_back_all(session, self.owner)
        for table_id in self.held:
            self._moved(table_id, None)
        self.held.clear()
        metrics.TABLES_OWNED.set(0)

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
        # Only the leases held before the renewal can be found lost by it: one taken while it
        # ran (a table that started meanwhile) may be missing from what it read.
        before = set(self.held)
        async with self.store.write() as session:
            still = await leases.renew(session, self.owner, now() + self.ttl)
        for table_id in before - still:
            self.held.discard(table_id)
            table = self.cache.cached(table_id)
            given_back = table is not None and table.status == "over"
            logs.event("lease_given_back" if given_back else "lease_lost", table=table_id)
            for runner in self.runners:
                runner.stop(table_id)
            if given_back:  # a lease lost was taken by another, which says so itself
                self._moved(table_id, None)
        metrics.TABLES_OWNED.set(len(self.held))

    async def scan(self) -> None:
        """Take over the tables in play whose lease is missing or expired: at most a fair share
        (their number over the live processes), so the survivors of a death split its work."""
        moment = now()
        async with self.store.glance() as session:
            # Alone, every table is this process's at once; with others, a new table of bots
            # is left a lease's time to the process asked about it first (`claim`).
            made_before = moment if self.alone else moment - self.ttl
            orphans = await leases.orphans(session, self.owner, self.alone, moment, made_before)
            if not orphans:
                return
            others = await leases.other_owners(session, self.owner, moment)
        random.shuffle(orphans)
        for table_id in orphans[: math.ceil(len(orphans) / (others + 1))]:
            await self._take_and_wake(table_id, takeover=True)

    async def _take_and_wake(self, table_id: str, takeover: bool = False) -> None:
        try:
            if await self.take(table_id):
                if takeover:  # a lease missing or expired: its process stopped renewing it
                    metrics.LEASE_TAKEOVERS.inc()
                    logs.event("lease_takeover", table=table_id)
                    if not self.cache.lock(table_id).locked():
                        self.cache.drop(table_id)  # rebuilt from the database, not a stale copy
                self._wake(table_id)
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("taking the lease of table %s failed", table_id)

    async def take(self, table_id: str) -> bool:
        """Hold the table's lease if it is free, expired or ours already."""
        moment = now()
        async with self.store.write() as session:
            elsewhere = await leases.take(
                session,
                table_id,
                self.owner,
                moment,
                moment + self.ttl,
                self.alone,
                self.store.sqlite,
            )
        taken = elsewhere is None
        if elsewhere is not None:
            self._elsewhere[table_id] = elsewhere
        if taken and table_id not in self.held:
            self.held.add(table_id)
            self._elsewhere.pop(table_id, None)
            metrics.TABLES_OWNED.set(len(self.held))
            self._moved(table_id, self.owner)
        return taken

    def _moved(self, table_id: str, owner: str | None) -> None:
        for hook in self.moved:
            try:
                hook(table_id, owner)
            except Exception:
                log.exception("lease hook failed for table %s", table_id)
