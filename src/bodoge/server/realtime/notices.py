"""Notices between server processes over Redis: "table T changed, it is at ply P".

Each process publishes one notice per change it committed (a move, a join, a leave, a new table)
on one channel, and every process subscribes to it; a message holds one notice a line. A notice
holds a table id and a ply, nothing else: no secret ever crosses Redis. A message this process
sent itself is skipped. The changes of a table this process owns (affinity.py: it holds the
lease) are not noticed: the other processes ignore the notices of a table owned elsewhere, and
drop their copy of it when they learn who owns it; so the notices do not grow with the
processes, and a table's moves cross Redis only as the updates of sockets held elsewhere.

A process keeps current only the tables something of its own needs (a websocket on the table,
its lease, a write under way: `TableCache.wanted`); any other table it has in memory is
dropped at its next notice, to be read again when next asked for. For a table it keeps, it
reads what changed from the database and tells its listeners: its websockets build each
message from their own seat's view, and its lease gate wakes the table's bots if it runs them.

- A notice past the cached ply is a move. The tables noticed so are read together: one query
  reads the newer moves of all of them, up to the ply noticed (`queries.moves_noticed`), while
  the next notices gather for the next query, so under load a query serves many notices; up
  to `BATCHES_AT_ONCE` queries are under way at once, a table in one of them at a time. The
  moves are applied at once to each table whose lock is free (`TableCache.apply_noticed`).
- The notices this process sends go out in order: those committed while the last message was
  being sent go together in the next, one line each.
- Any other notice (a seat change, at the cached ply), a table of a clock (its banks and
  deadlines are read too), a table being written here, and anything the batch could not do is
  refreshed alone (`TableCache.refresh`): one refresh at a time per table, and one more after
  it for what was noticed meanwhile.

Redis pub/sub delivers at most once, so after a lost connection every table in memory is
refreshed once it is back.
"""

from __future__ import annotations

import asyncio
import logging
from collections import Counter
from collections.abc import Callable

from redis import asyncio as redis
from redis.exceptions import RedisError

from bodoge.server.services import clock
from bodoge.server.services.cache import TableCache
from bodoge.server.services.model import Table
from bodoge.server.store.queries import moves_noticed

log = logging.getLogger("bodoge.server")
RETRY_SECONDS = 1.0
# Queries of noticed moves under way at once (`Store.delivery` has as many connections): a
# table is in one of them at a time, so its moves apply in order.
BATCHES_AT_ONCE = 2
NOTICES_A_MESSAGE = 500  # at most, a line each (about 30 bytes)


def notice(table_id: str, ply: int) -> str:
    return f"{table_id} {ply}"


def parse(text: str) -> tuple[str, int] | None:
    table_id, _, ply = text.partition(" ")
    return (table_id, int(ply)) if table_id and ply.isdigit() else None


class Notices:
    def __init__(self, url: str, channel: str, cache: TableCache) -> None:
        self.client = redis.Redis.from_url(url)
        self.channel = f"{channel}:tables"
        self.cache = cache
        self._own: Counter[str] = Counter()  # messages sent and not yet heard back
        self._refreshing: dict[str, asyncio.Task[None]] = {}
        # tables noticed again while being refreshed: the highest ply of their move notices,
        # None if one of them may be a seat change (read everything)
        self._again: dict[str, int | None] = {}
        self._moves: dict[str, int] = {}  # tables noticed with a move: the highest ply noticed
        self._moves_noticed = asyncio.Event()
        self._in_batch: set[str] = set()  # tables whose moves a query is reading now
        self.also: set[str] = set()  # tables to refresh even when not in memory (leases held)
        # tables another process owns (affinity.py): it sends their updates; nothing is read
        self.elsewhere: Callable[[str], str | None] = lambda table_id: None
        # tables this process owns: every other process ignores their notices (`elsewhere`),
        # so none is sent, and a move costs no more with more processes
        self.owned_here: Callable[[str], bool] = lambda table_id: False
        self._outbox: list[str] = []  # notices to send, in the order committed
        self._sender: asyncio.Task[None] | None = None
        self._listener: asyncio.Task[None] | None = None
        self._readers: list[asyncio.Task[None]] = []
        self._subscribed = asyncio.Event()
        cache.committed.append(self.publish)

    async def start(self) -> None:
        loop = asyncio.get_running_loop()
        self._readers = [
            loop.create_task(self._read_batches(), name="notices:moves")
            for _ in range(BATCHES_AT_ONCE)
        ]
        self._listener = loop.create_task(self._listen(), name="notices")
        await asyncio.wait_for(self._subscribed.wait(), timeout=30)

    async def close(self) -> None:
        tasks = [
            t
            for t in (
                self._listener,
                *self._readers,
                *self._refreshing.values(),
                self._sender,
            )
            if t
        ]
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        await self.client.aclose()

    def publish(self, table_id: str, table: Table | None) -> None:
        """Send a notice of a change committed here (with the table's ply), unless this process
        owns the table."""
        if self.owned_here(table_id):
            return
        self._outbox.append(notice(table_id, table.match.ply if table is not None else 0))
        if self._sender is None or self._sender.done():
            self._sender = asyncio.get_running_loop().create_task(self._send())

    async def _send(self) -> None:
        """Send what the outbox holds, in order: the notices committed while the last message
        was out go together in one message, a notice a line (one message to send and for every
        process to hear, rather than one per notice)."""
        while self._outbox:
            texts = self._outbox[:NOTICES_A_MESSAGE]
            del self._outbox[:NOTICES_A_MESSAGE]
            message = "\n".join(texts)
            self._own[message] += 1
            try:
                await self.client.publish(self.channel, message)
            except RedisError:
                self._forget(message)
                log.exception("%d notices could not be sent: %s", len(texts), " ".join(texts))

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
                        for table_id in self.cache.cached_ids():
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

    def _received(self, message: str) -> None:
        if self._own.get(message, 0) > 0:
            self._forget(message)
            return
        for text in message.split("\n"):
            parsed = parse(text)
            if parsed is not None:
                self._heard(*parsed)

    def _heard(self, table_id: str, ply: int | None) -> None:
        """Keep a table current that this process needs: its moves read with others', anything
        else refreshed alone."""
        if self.elsewhere(table_id) is not None:
            if not self.cache.lock(table_id).locked():
                self.cache.drop(table_id)  # a copy here would be stale: read when next asked
            return
        table = self.cache.cached(table_id)
        if table_id not in self.also and (table is None or self.cache.forget(table_id)):
            return  # read from the database when first needed
        if ply is not None and table is not None and ply <= table.match.ply:
            ply = None  # not past what is here: a seat change, or a move read already
        if table is not None and table.clock.settings.kind != clock.NONE:
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
                    await self.cache.refresh(table_id, ply)
                    self.cache.changed_elsewhere(table_id)
                except Exception:
                    log.exception("refreshing table %s failed", table_id)
                if table_id not in self._again:
                    return
                ply = self._again.pop(table_id)
        finally:
            self._refreshing.pop(table_id, None)

    async def _read_batches(self) -> None:
        """One of `BATCHES_AT_ONCE` readers: read the moves of the tables noticed since the last
        query (and in no query under way: a table's moves apply in order) in one query, apply
        them, tell the listeners; meanwhile the next notices gather for the next query."""
        while True:
            await self._moves_noticed.wait()
            noticed = {t: n for t, n in self._moves.items() if t not in self._in_batch}
            for table_id in noticed:
                del self._moves[table_id]
            self._moves_noticed.clear()  # what is left waits for its table's query to end
            wanted = []
            for table_id, upto in noticed.items():
                table = self.cache.cached(table_id)
                if table_id in self._refreshing or table is None:
                    self._refresh_alone(table_id, upto)  # it reads whatever is newer
                elif upto > table.match.ply:
                    wanted.append((table_id, table.match.ply, upto))
            if not wanted:
                continue
            tables = [table_id for table_id, _, _ in wanted]
            self._in_batch.update(tables)
            try:
                await self._read_batch(wanted)
            finally:
                self._in_batch.difference_update(tables)
                if any(table_id in self._moves for table_id in tables):
                    self._moves_noticed.set()  # noticed again meanwhile: its next query may go

    async def _read_batch(self, wanted: list[tuple[str, int, int]]) -> None:
        try:
            found = await moves_noticed(self.cache.store, wanted)
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("reading the moves of %d noticed tables failed", len(wanted))
            for table_id, _, upto in wanted:
                self._refresh_alone(table_id, upto)
            return
        for table_id, _, upto in wanted:
            try:
                applied = self.cache.apply_noticed(table_id, found[table_id])
            except Exception:
                log.exception("applying the noticed moves of table %s failed", table_id)
                continue
            table = self.cache.cached(table_id)
            if applied is None or table is None or table.match.ply < upto:
                self._refresh_alone(table_id, upto)
            elif applied:
                self.cache.changed_elsewhere(table_id)
