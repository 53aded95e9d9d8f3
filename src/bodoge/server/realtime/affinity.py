"""Table affinity: the process holding a table's lease (runners/leases.py) is its owner, the
only one that applies its moves, runs its bots and clocks and builds its updates.

- Who owns a table: `owners`, learnt from the database's lease row the first time something
  here asks (`owner_elsewhere`) and kept current by the relay's announcements (a process that
  takes a lease or gives one back says so on `<channel>:owners`). An owner that does not answer
  a forwarded request is forgotten, to be looked up again.
- HTTP requests and websocket moves for a table owned elsewhere are forwarded to its owner
  (forwarding.py, the relay's "http" requests).
- Websockets held here of a table owned elsewhere: this process tells the owner which viewer
  kinds it holds ("watch": seats, None for spectators); the owner sends it, at each change, one
  update per kind it watches (built once per table, ply and kind: a seat's own update only to
  the processes holding that seat's sockets), and the hub hands each on to its sockets
  (hub.py). A socket that missed something (a gap, a new owner) asks the owner ("sync") for
  what it missed since its last ply, with its credential, checked by the owner.
- This process ignores the notices of tables owned elsewhere (notices.py), and their owners
  send none: it keeps no copy of them current (it drops its copy when it learns the owner) and
  reads nothing back. When such a table's lease comes here (a takeover after
  the owner died), its stale copy is dropped and rebuilt from the database, and its sockets here
  are built here from then on.
"""

from __future__ import annotations

import asyncio
import itertools
import logging
from typing import Any

from bodoge.server import metrics
from bodoge.server.errors import ApiError
from bodoge.server.realtime.hub import Connection, Hub, update_of
from bodoge.server.realtime.relay import Relay, RelayError
from bodoge.server.runners.leases import Leases
from bodoge.server.services.cache import TableCache
from bodoge.server.services.model import Table, require_seat
from bodoge.server.store import leases as lease_rows
from bodoge.server.store.database import Store
from bodoge.server.store.models import now

log = logging.getLogger("bodoge.server")
Kind = int | None  # a seat, or None: a spectator


class Affinity:
    def __init__(
        self, relay: Relay, leases: Leases, cache: TableCache, hub: Hub, store: Store
    ) -> None:
        self.relay, self.leases, self.cache, self.hub, self.store = (
            relay,
            leases,
            cache,
            hub,
            store,
        )
        self.me = leases.owner
        self.owners: dict[str, str | None] = {}  # table -> its owner as last known (None: none)
        # Tables owned here: the other processes holding their sockets, and which kinds.
        self.watchers: dict[str, dict[str, set[Kind]]] = {}
        self._published: dict[str, int] = {}  # table -> ply of the last update sent out
        self._sequence = itertools.count(1)  # orders this process's updates and syncs
        self._watching: dict[str, tuple[str, frozenset[Kind]]] = {}  # what the owners were told
        self._tasks: set[asyncio.Task[Any]] = set()
        relay.handlers["sync"] = self._sync_asked
        relay.takers.update(watch=self._watch_asked, update=self._update_came)
        relay.on_owner.append(self.moved)
        relay.on_reconnect.append(self.owners.clear)
        leases.moved.append(self._lease_moved)
        cache.listeners.append(self._changed)
        hub.remote = self.elsewhere
        hub.sync = self.sync
        hub.membership.append(self._tell_owner)

    # ---- who owns a table ----------------------------------------------------------------

    def elsewhere(self, table_id: str) -> str | None:
        """The table's owner if it is another process (as known here, no database access)."""
        if table_id in self.leases.held:
            return None
        owner = self.owners.get(table_id)
        return owner if owner != self.me else None

    async def owner_elsewhere(self, table_id: str) -> str | None:
        """`elsewhere`, looked up in the database the first time this process asks."""
        if table_id not in self.owners and table_id not in self.leases.held:
            async with self.store.glance() as session:
                holder = await lease_rows.holder(session, table_id)
            if table_id not in self.owners:  # an announcement may have come meanwhile
                live = holder is not None and holder[1] >= now()
                self.owners[table_id] = holder[0] if live and holder is not None else None
                if not live:
                    await self._claim(table_id)
        return self.elsewhere(table_id)

    async def _claim(self, table_id: str) -> None:
        """A table nobody holds, asked about here first: if it is in play (a new table of bots,
        leases.py), this process takes it, so behind a proxy routing by table id its owner is
        the process its requests go to."""
        try:
            table = await self.cache.get(table_id)
        except ApiError:
            return  # no such table: the request is refused as usual
        if table.status == "playing":
            await self.leases.claim(table_id)

    def forget(self, table_id: str) -> None:
        self.owners.pop(table_id, None)

    def moved(self, table_id: str, owner: str | None) -> None:
        """A table's lease moved (announced, or taken or given back here)."""
        before = self.elsewhere(table_id)
        self.owners[table_id] = owner
        after = self.elsewhere(table_id)
        if before == after:
            return
        if not self.cache.lock(table_id).locked():
            # owned elsewhere, a copy is not kept current (its owner sends no notices); come
            # here, it is read again from the database
            self.cache.drop(table_id)
        if after is None:
            self._watching.pop(table_id, None)
        else:
            self._tell_owner(table_id)
        self.hub.notify(table_id)  # its sockets here: built here now, or asked of the owner

    def _lease_moved(self, table_id: str, owner: str | None) -> None:
        self.moved(table_id, owner)
        if owner is None:
            self.watchers.pop(table_id, None)
            self._published.pop(table_id, None)
        self.relay.announce(table_id, owner)

    # ---- this process's sockets of tables owned elsewhere ----------------------------------

    def _tell_owner(self, table_id: str) -> None:
        """Tell the owner which kinds of viewers this process holds sockets of (when that
        changes, or the owner does)."""
        owner = self.elsewhere(table_id)
        if owner is None:
            return
        kinds = frozenset(c.seat for c in self.hub.of(table_id))
        if self._watching.get(table_id) == (owner, kinds):
            return
        if kinds:
            self._watching[table_id] = (owner, kinds)
        else:
            self._watching.pop(table_id, None)
        message = {
            "op": "watch",
            "from": self.me,
            "table": table_id,
            "kinds": sorted(kinds, key=str),
        }
        self.relay.send(owner, message)  # queued at once: before any sync

    async def sync(self, owner: str, connection: Connection) -> dict[str, Any] | None:
        """What a connection missed, as its table's owner builds it; None if it did not answer
        (it is forgotten, to be looked up again)."""
        self._tell_owner(connection.table_id)
        try:
            reply = await self.relay.request(
                owner,
                "sync",
                table=connection.table_id,
                seat=connection.seat,
                credential=connection.credential,
                last_ply=connection.last_ply,
            )
        except RelayError:
            reply = {"error": "no_reply"}
        if "error" in reply:
            if self.elsewhere(connection.table_id) == owner:
                self.forget(connection.table_id)
                await self.owner_elsewhere(connection.table_id)
                self._watching.pop(connection.table_id, None)
            return None
        metrics.FORWARDED.labels("socket").inc()
        return reply

    def _update_came(self, message: dict[str, Any]) -> None:
        table_id, sender = message["table"], message["from"]
        if self.elsewhere(table_id) != sender:
            return  # not (or no longer) the owner known here
        updates = message["updates"]  # kind ("s": spectators) -> update
        sequence, since, ply = message["sequence"], message["since"], message["ply"]
        for connection in self.hub.of(table_id):
            parts = updates.get("s" if connection.seat is None else str(connection.seat))
            if parts is not None:
                connection.inbox.append((sender, sequence, since, ply, tuple(parts)))
                connection.wake.set()

    # ---- the owner's side --------------------------------------------------------------------

    def _watch_asked(self, message: dict[str, Any]) -> None:
        table_id, process = message["table"], message["from"]
        watchers = self.watchers.setdefault(table_id, {})
        if message["kinds"]:
            watchers[process] = set(message["kinds"])
        else:
            watchers.pop(process, None)
        table = self.cache.cached(table_id)
        if table is not None:
            self._published.setdefault(table_id, table.match.ply)

    async def _sync_asked(self, message: dict[str, Any]) -> dict[str, Any]:
        table_id = message["table"]
        if table_id not in self.leases.held:
            return {"error": "not_owner"}
        table = await self.cache.get(table_id)
        seat = message["seat"]
        try:
            if seat is not None and require_seat(table, message["credential"]) != seat:
                return {"error": "unauthorized"}
        except ApiError:
            return {"error": "unauthorized"}
        self._published.setdefault(table_id, table.match.ply)
        update = update_of(table, seat, message["last_ply"])
        return {"update": update, "sequence": next(self._sequence)}

    def _changed(self, table_id: str, table: Table | None) -> None:
        """A change of a table owned here: one update per kind the other processes watch."""
        if table_id not in self.leases.held or table is None:
            return
        since = self._published.get(table_id, table.match.ply)  # the ply of the last change
        self._published[table_id] = table.match.ply
        watchers = self.watchers.get(table_id)
        if not watchers:
            return
        built: dict[str, tuple[str, str]] = {}
        for kinds in watchers.values():
            for kind in kinds:
                name = "s" if kind is None else str(kind)
                if name not in built:  # the one its sockets here get too (hub.py)
                    built[name] = self.hub.parts(table, kind, since)
                    metrics.UPDATES_PUBLISHED.inc()
        sequence = next(self._sequence)
        for process, kinds in list(watchers.items()):
            names = {"s" if kind is None else str(kind) for kind in kinds}
            message = {
                "op": "update",
                "from": self.me,
                "table": table_id,
                "sequence": sequence,
                "since": since,
                "ply": table.match.ply,
                "updates": {name: built[name] for name in names},
            }
            self._spawn(self._sent(table_id, process, self.relay.send(process, message)))

    async def _sent(self, table_id: str, process: str, sent: asyncio.Future[int]) -> None:
        try:
            received = await sent
        except Exception:  # Redis away: logged by the relay
            return
        if not received:
            self.watchers.get(table_id, {}).pop(process, None)  # gone: nobody listens

    def _spawn(self, work: Any) -> None:
        task = asyncio.get_running_loop().create_task(work)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def close(self) -> None:
        await asyncio.gather(*self._tasks, return_exceptions=True)
