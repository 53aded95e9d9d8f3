"""The hub: the open websockets of each table in this process, and the updates they get.

Each connection's sender pushes `{"type": "update", "ply", "events", "prompt", "connected",
"status", "rematch"}` whenever the table changes (the cache's listeners call `notify`): the
entries since the ply it last sent (with their texts, entries.py), and the prompt, both built
from that seat's `match.events_for(seat, ...)` and `match.prompt(seat)` only, never from the full
state. Updates coalesce: a slow client gets one update with everything it missed. Updates also
carry the seats' stand-ins and the clocks, their time left computed as the update is sent. What
a socket says is read by sockets.py.
"""

from __future__ import annotations

import asyncio
import json
from dataclasses import dataclass, field
from typing import Any

from fastapi import WebSocket

from bodoge.server import metrics
from bodoge.server.entries import entries
from bodoge.server.services import clock
from bodoge.server.services.cache import TableCache
from bodoge.server.services.model import Table
from bodoge.server.store.models import now


@dataclass(eq=False)
class Connection:
    socket: WebSocket
    table_id: str
    seat: int | None  # None: a spectator
    credential: str | None
    last_ply: int
    wake: asyncio.Event = field(default_factory=asyncio.Event)
    send_lock: asyncio.Lock = field(default_factory=asyncio.Lock)

    async def send(self, message: dict[str, Any]) -> None:
        await self.send_text(json.dumps(message, ensure_ascii=False))

    async def send_text(self, text: str) -> None:
        async with self.send_lock:
            await self.socket.send_text(text)


class Hub:
    def __init__(self, cache: TableCache) -> None:
        self.cache = cache
        self._connections: dict[str, set[Connection]] = {}
        # The updates built for a table's sockets, by everything an update is made of: the
        # sockets of one table that would get the same update (its spectators, mostly) share
        # one, built and encoded once per process. Only the table's latest updates are kept.
        self._built: dict[str, dict[tuple[Any, ...], str]] = {}
        cache.listeners.append(self.notify)
        cache.interest.append(lambda table_id: bool(self._connections.get(table_id)))

    def connections(self, table_id: str) -> int:
        """How many sockets of the table are open here."""
        return len(self._connections.get(table_id, ()))

    def connected(self, table_id: str) -> set[int]:
        """The seats with at least one open connection."""
        return {c.seat for c in self._connections.get(table_id, ()) if c.seat is not None}

    def notify(self, table_id: str, table: Table | None = None) -> None:
        for connection in self._connections.get(table_id, ()):
            connection.wake.set()

    def add(self, connection: Connection) -> None:
        """A connection joins its table (the others see who is connected; it gets its first
        update)."""
        self._connections.setdefault(connection.table_id, set()).add(connection)
        metrics.SOCKETS.inc()
        self.notify(connection.table_id)

    def remove(self, connection: Connection) -> None:
        table_id = connection.table_id
        if connection in self._connections[table_id]:
            self._connections[table_id].discard(connection)
            metrics.SOCKETS.dec()
        if not self._connections[table_id]:
            self._built.pop(table_id, None)
        self.notify(table_id)

    async def send_updates(self, connection: Connection) -> None:
        while True:
            await connection.wake.wait()
            connection.wake.clear()
            table = await self.cache.get(connection.table_id)
            text = self._update(table, connection)
            connection.last_ply = table.match.ply
            await connection.send_text(text)

    def _update(self, table: Table, connection: Connection) -> str:
        """The update `connection` gets now, encoded: shared with the table's other sockets here
        that get the same, unless the table has a clock (the time left is as of sending)."""
        match, seat = table.match, connection.seat
        connected = tuple(sorted(self.connected(connection.table_id)))
        key = None
        if table.clock.settings.kind == clock.NONE:
            key = (
                id(match),
                match.ply,
                seat,
                connection.last_ply,
                connected,
                table.status,
                table.rematch,
                tuple((s.kind, s.name, s.bot_level, s.stand_in) for s in table.seats),
            )
            built = self._built.setdefault(connection.table_id, {})
            text = built.get(key)
            if text is not None:
                return text
        update = {
            "type": "update",
            "ply": match.ply,
            "events": entries(table, seat, connection.last_ply),
            "prompt": match.prompt(seat),
            "connected": list(connected),
            "status": table.status,
            "rematch": table.rematch,
            "stand_ins": [each.stand_in for each in table.seats],
            **clock.clock_json(table, now()),  # the time left as of sending
        }
        text = json.dumps(update, ensure_ascii=False)
        if key is not None:
            if any(other[1] != match.ply for other in built):
                built.clear()  # the table moved on: the older updates are not asked for again
            built[key] = text
        return text
