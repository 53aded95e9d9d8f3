"""The hub: the open websockets of each table in this process, and the updates they get.

Each connection's sender pushes `{"type": "update", "ply", "events", "prompt", "connected",
"status", "rematch"}` whenever the table changes (the cache's listeners call `notify`): the
entries since the ply it last sent (with their texts, entries.py), and the prompt, both built
from that seat's `match.events_for(seat, ...)` and `match.prompt(seat)` only, never from the full
state. Updates coalesce: a slow client gets one update with everything it missed. Updates also
carry the seats' stand-ins and the clocks, their time left computed as the update is sent. What
a socket says is read by sockets.py.

With several processes (realtime/affinity.py), a socket whose table another process owns gets
the owner's updates instead (`Connection.inbox`, filled by the affinity; `Hub.remote` says who
the owner is): this process never builds an update of a table it does not own.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Awaitable, Callable
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
    # Updates from the table's owner in another process (affinity.py), in the order it sent
    # them: (owner, sequence, since ply, ply, the update encoded around its `connected`);
    # `synced`: the owner and sequence this connection is up to (None: it has to ask the
    # owner for what it missed).
    inbox: list[tuple[str, int, int, int, tuple[str, str]]] = field(default_factory=list)
    synced: tuple[str, int] | None = None

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
        self._built: dict[str, dict[tuple[Any, ...], tuple[str, str]]] = {}
        # The owner of a table if another process owns it, and how to ask it for what a
        # connection missed (affinity.py; None: one process, every table is built here).
        self.remote: Callable[[str], str | None] = lambda table_id: None
        self.sync: Callable[[str, Connection], Awaitable[dict[str, Any] | None]] | None = None
        self.membership: list[Callable[[str], None]] = []  # a table's connections changed here
        cache.listeners.append(self.notify)
        cache.interest.append(lambda table_id: bool(self._connections.get(table_id)))

    def connections(self, table_id: str) -> int:
        """How many sockets of the table are open here."""
        return len(self._connections.get(table_id, ()))

    def of(self, table_id: str) -> set[Connection]:
        return self._connections.get(table_id, set())

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
        self._joined_or_left(connection.table_id)
        self.notify(connection.table_id)

    def remove(self, connection: Connection) -> None:
        table_id = connection.table_id
        if connection in self._connections[table_id]:
            self._connections[table_id].discard(connection)
            metrics.SOCKETS.dec()
        if not self._connections[table_id]:
            self._built.pop(table_id, None)
        self._joined_or_left(table_id)
        self.notify(table_id)

    def _joined_or_left(self, table_id: str) -> None:
        for hook in self.membership:
            hook(table_id)

    async def send_updates(self, connection: Connection) -> None:
        while True:
            await connection.wake.wait()
            connection.wake.clear()
            owner = self.remote(connection.table_id)
            if owner is not None:
                await self._send_remote(connection, owner)
                continue
            connection.inbox.clear()
            connection.synced = None  # if the table moves elsewhere, ask its owner first
            table = await self.cache.get(connection.table_id)
            text = self._update(table, connection)
            connection.last_ply = table.match.ply
            await connection.send_text(text)

    async def _send_remote(self, connection: Connection, owner: str) -> None:
        """Send what the owner sent for this connection: each update that follows on from what
        the connection has (its events after its last ply); after a gap, or from a new owner,
        what it missed as the owner builds it (`sync`)."""
        inbox, connection.inbox = connection.inbox, []
        if connection.synced is not None and connection.synced[0] != owner:
            connection.synced = None
        for sender, sequence, since, ply, parts in inbox:
            if connection.synced is None:
                break
            if sender != owner or sequence <= connection.synced[1]:
                continue  # older than what the connection has
            if since != connection.last_ply:
                connection.synced = None  # a gap (or an overlap): ask the owner
                break
            connected = json.dumps(sorted(self.connected(connection.table_id)))
            await connection.send_text(parts[0] + connected + parts[1])  # as the owner made it
            connection.last_ply = ply
            connection.synced = (owner, sequence)
        if connection.synced is None and self.sync is not None:
            synced = await self.sync(owner, connection)
            if synced is None:  # the owner did not answer: look again shortly
                await asyncio.sleep(0.2)
                connection.wake.set()
                return
            connection.synced = (owner, synced["sequence"])
            update = synced["update"]
            here = sorted(self.connected(connection.table_id))  # the seats connected here
            await connection.send({**update, "connected": here})
            connection.last_ply = update["ply"]
            if connection.inbox:
                connection.wake.set()  # what came meanwhile

    def _update(self, table: Table, connection: Connection) -> str:
        """The update `connection` gets now, encoded, with the seats connected here."""
        head, tail = self.parts(table, connection.seat, connection.last_ply)
        return head + json.dumps(sorted(self.connected(connection.table_id))) + tail

    def parts(self, table: Table, seat: int | None, since_ply: int) -> tuple[str, str]:
        """The update a viewer gets after `since_ply`, encoded around its `connected` seats
        (split_update): built once per table, ply and viewer, shared by the table's sockets here
        and, at its owner, by the other processes' sockets (affinity.py), unless the table has a
        clock (the time left is as of sending)."""
        if table.clock.settings.kind != clock.NONE:
            return split_update(update_of(table, seat, since_ply))
        match = table.match
        key = (
            id(match),
            match.ply,
            seat,
            since_ply,
            table.status,
            table.rematch,
            tuple((s.kind, s.name, s.bot_level, s.stand_in) for s in table.seats),
        )
        built = self._built.get(table.id, {})
        parts = built.get(key)
        if parts is not None:
            return parts
        parts = split_update(update_of(table, seat, since_ply))
        if self._connections.get(table.id):  # kept only while sockets here may ask again
            if any(other[1] != match.ply for other in built):
                built.clear()  # the table moved on: the older updates are not asked for again
            self._built.setdefault(table.id, built)[key] = parts
        return parts


def update_of(
    table: Table, seat: int | None, since_ply: int, connected: tuple[int, ...] = ()
) -> dict[str, Any]:
    """The update a viewer (a seat, None: a spectator) gets after `since_ply`: built from that
    viewer's events and prompt only."""
    match = table.match
    return {
        "type": "update",
        "ply": match.ply,
        "events": entries(table, seat, since_ply),
        "prompt": match.prompt(seat),
        "connected": list(connected),
        "status": table.status,
        "rematch": table.rematch,
        "stand_ins": [each.stand_in for each in table.seats],
        **clock.clock_json(table, now()),  # the time left as of sending
    }


CONNECTED = '"connected": '


def split_update(update: dict[str, Any]) -> tuple[str, str]:
    """An update encoded once, in two parts around its `connected` seats (each process that
    hands it on puts in those connected there)."""
    text = json.dumps({**update, "connected": None}, ensure_ascii=False)
    at = text.index(CONNECTED + "null") + len(CONNECTED)
    return text[:at], text[at + len("null") :]
