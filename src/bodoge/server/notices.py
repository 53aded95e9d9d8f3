"""Notices between server processes over Redis: "table T changed, it is at ply P".

Each process publishes one notice per change it committed (a move, a join, a leave, a new table)
on one channel, and every process subscribes to it. A notice holds a table id and a ply, nothing
else: no secret ever crosses Redis. A notice this process sent itself is skipped.

A process keeps current only the tables something of its own needs (a websocket on the table,
its lease, a write under way: `TableService.wanted`); any other table it has in memory is
dropped at its next notice, to be read again when next asked for. For a table it keeps, it
reads what changed from the database and tells its listeners: its websockets build each
message from their own seat's view, and its lease gate wakes the table's bots if it runs them.

- A notice past the cached ply is a move. The tables noticed so are read together: one query
  reads the newer moves of all of them, up to the ply noticed (`store.moves_noticed`), while
  the next notices gather for the next query, so under load a query serves many notices. The
  moves are applied at once to each table whose lock is free (`TableService.apply_noticed`).
- Any other notice (a seat change, at the cached ply), a table of a clock (its banks and
  deadlines are read too), a table being written here, and anything the batch could not do is
  refreshed alone (`TableService.refresh`): one refresh at a time per table, and one more after
  it for what was noticed meanwhile.

Redis pub/sub delivers at most once, so after a lost connection every table in memory is
refreshed once it is back.
"""

from __future__ import annotations

import asyncio
import logging
from collections import Counter

from redis import asyncio as redis
from redis.exceptions import RedisError

from bodoge.server import timekeeping
from bodoge.server.store import moves_noticed
from bodoge.server.tables import TableService

log = logging.getLogger("bodoge.server")
RETRY_SECONDS = 1.0


def notice(table_id: str, ply: int) -> str:
    return f"{table_id} {ply}"


def parse(text: str) -> tuple[str, int] | None:
    table_id, _, ply = text.partition(" ")
    return (table_id, int(ply)) if table_id and ply.isdigit() else None


class Notices:
    def __init__(self, url: str, channel: str, service: TableService) -> None:
        self.client = redis.Redis.from_url(url)
        self.channel = f"{channel}:tables"
        self.service = service
        self._own: Counter[str] = Counter()  # notices sent and not yet heard back
        self._refreshing: dict[str, asyncio.Task[None]] = {}
        # tables noticed again while being refreshed: the highest ply of their move notices,
        # None if one of them may be a seat change (read everything)
        self._again: dict[str, int | None] = {}
        self._moves: dict[str, int] = {}  # tables noticed with a move: the highest ply noticed
        self._moves_noticed = asyncio.Event()
        self.also: set[str] = set()  # tables to refresh even when not in memory (leases held)
        self._tasks: set[asyncio.Task[None]] = set()
        self._listener: asyncio.Task[None] | None = None
        self._batcher: asyncio.Task[None] | None = None
        self._subscribed = asyncio.Event()
        service.committed.append(self.publish)

    async def start(self) -> None:
        loop = asyncio.get_running_loop()
        self._batcher = loop.create_task(self._read_batches(), name="notices:moves")
        self._listener = loop.create_task(self._listen(), name="notices")
        await asyncio.wait_for(self._subscribed.wait(), timeout=30)

    async def close(self) -> None:
        tasks = [
            t
            for t in (self._listener, self._batcher, *self._refreshing.values(), *self._tasks)
            if t
        ]
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        await self.client.aclose()

    def publish(self, table_id: str, ply: int) -> None:
        text = notice(table_id, ply)
        self._own[text] += 1
        task = asyncio.get_running_loop().create_task(self._send(text))
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _send(self, text: str) -> None:
        try:
            await self.client.publish(self.channel, text)
        except RedisError:
            self._forget(text)
            log.exception("a notice could not be sent: %s", text)

    def _forget(self, text: str) -> None:
        self._own[text] -= 1
        if self._own[text] <= 0:
            del self._own[text]

    async def _listen(self) -> None:
        first = True
        while True:
            try:
                async with self.client.pubsub(ignore_subscribe_messages=True) as pubsub:
                    await pubsub.subscribe(self.channel)
                    self._subscribed.set()
                    if not first:  # notices may have been lost meanwhile
                        self._own.clear()
                        for table_id in self.service.cached_ids():
                            self._heard(table_id, None)
                    first = False
                    async for message in pubsub.listen():
                        if message["type"] == "message":
                            self._received(message["data"].decode("utf-8", "replace"))
            except asyncio.CancelledError:
                raise
            except (RedisError, OSError):
                log.exception("the notices' Redis connection failed; reconnecting")
                await asyncio.sleep(RETRY_SECONDS)

    def _received(self, text: str) -> None:
        if self._own.get(text, 0) > 0:
            self._forget(text)
            return
        parsed = parse(text)
        if parsed is not None:
            self._heard(*parsed)

    def _heard(self, table_id: str, ply: int | None) -> None:
        """Keep a table current that this process needs: its moves read with others', anything
        else refreshed alone."""
        table = self.service.cached(table_id)
        if table_id not in self.also and (table is None or self.service.forget(table_id)):
            return  # read from the database when first needed
        if ply is not None and table is not None and ply <= table.match.ply:
            ply = None  # not past what is here: a seat change, or a move read already
        if table is not None and table.clock.settings.kind != timekeeping.NONE:
            ply = None  # a move also charged a bank and started a deadline: read them too
        if ply is not None and table is not None and table_id not in self._refreshing:
            self._moves[table_id] = max(ply, self._moves.get(table_id, 0))
            self._moves_noticed.set()
            return
        self._refresh_alone(table_id, ply)

    def _refresh_alone(self, table_id: str, ply: int | None) -> None:
        if table_id in self._refreshing:
            if table_id in self._again:
                before = self._again[table_id]
                ply = None if before is None or ply is None else max(before, ply)
            self._again[table_id] = ply
            return
        task = asyncio.get_running_loop().create_task(self._refresh(table_id, ply))
        self._refreshing[table_id] = task

    async def _refresh(self, table_id: str, ply: int | None) -> None:
        try:
            while True:
                try:
                    await self.service.refresh(table_id, ply)
                    self.service.changed_elsewhere(table_id)
                except Exception:
                    log.exception("refreshing table %s failed", table_id)
                if table_id not in self._again:
                    return
                ply = self._again.pop(table_id)
        finally:
            self._refreshing.pop(table_id, None)

    async def _read_batches(self) -> None:
        """Read the moves of every table noticed since the last query in one query, apply them,
        tell the listeners; meanwhile the next notices gather."""
        while True:
            await self._moves_noticed.wait()
            self._moves_noticed.clear()
            noticed, self._moves = self._moves, {}
            wanted = []
            for table_id, upto in noticed.items():
                table = self.service.cached(table_id)
                if table_id in self._refreshing or table is None:
                    self._refresh_alone(table_id, upto)  # it reads whatever is newer
                elif upto > table.match.ply:
                    wanted.append((table_id, table.match.ply, upto))
            if not wanted:
                continue
            try:
                found = await moves_noticed(self.service.store, wanted)
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("reading the moves of %d noticed tables failed", len(wanted))
                for table_id, _, upto in wanted:
                    self._refresh_alone(table_id, upto)
                continue
            for table_id, _, upto in wanted:
                try:
                    applied = self.service.apply_noticed(table_id, found[table_id])
                except Exception:
                    log.exception("applying the noticed moves of table %s failed", table_id)
                    continue
                table = self.service.cached(table_id)
                if applied is None or table is None or table.match.ply < upto:
                    self._refresh_alone(table_id, upto)
                elif applied:
                    self.service.changed_elsewhere(table_id)
