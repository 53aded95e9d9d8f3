"""The table cache: each table's `Match` rebuilt from its stored log (`Match(game, players,
options, seed)` plus every stored move and undo) and kept in memory, and kept current.

Several server processes may share a PostgreSQL database (`bodoge serve --workers`), so the
database serialises the writes, never a process's memory: every write to a table (a move, a
join, a leave: lobby.py, moves.py) takes the table's `asyncio.Lock` (so one process does not
queue its own requests in the database), then in one write transaction locks the table's row
(`locked`: SELECT ... FOR NO KEY UPDATE) and reads its status, seats and last stored ply. A
cached table behind that (another process moved) catches up by replaying the newer moves first.
On SQLite, which one process owns, the writes queue for the file's write lock and the cache is
what is stored. After a commit the writer calls `changed`: the `committed` hooks (the notices to
the other processes) and the listeners (the websockets, the lease gate and its bots) are told.
If a write fails after the cached match changed, the table is dropped, so the next request
reloads it from the database.
"""

from __future__ import annotations

import asyncio
import itertools
import json
import logging
from collections.abc import Awaitable, Callable, Sequence
from typing import Any, TypeVar

from sqlalchemy.ext.asyncio import AsyncSession

from bodoge.engine import BodogeError, Match
from bodoge.server.config import Settings
from bodoge.server.errors import ApiError
from bodoge.server.services.clock import TableClock
from bodoge.server.services.model import Seat, Table, not_found, replay_moves
from bodoge.server.store.database import Store, on_commit
from bodoge.server.store.queries import (
    Locked,
    find_move,
    lock_table,
    moves_after,
    read_table,
    table_deadlines,
)

log = logging.getLogger("bodoge.server")
T = TypeVar("T")


class TableCache:
    """The tables this process holds, by id, and who is told of their changes."""

    def __init__(self, store: Store, settings: Settings) -> None:
        self.store = store
        self.settings = settings
        self._tables: dict[str, Table] = {}
        self._locks: dict[str, asyncio.Lock] = {}
        # Told of every change, ours or not, with the table as cached (None: not in memory):
        # what they need of it comes with the call, so none calls back into the cache.
        self.listeners: list[Callable[[str, Table | None], None]] = []
        # told of each change this process committed (the notices, the lease gate)
        self.committed: list[Callable[[str, Table | None], None]] = []
        # whether something here needs a table kept current (a websocket on it, its lease)
        self.interest: list[Callable[[str], bool]] = []
        self._ticks = itertools.count()  # orders the readers' asks and the full reads (`refresh`)
        self._read_at: dict[str, int] = {}  # table -> tick of its last full read from the database
        # (game, options) -> awaited before a table's match is rebuilt from its stored options
        self.before_load: list[Callable[[str, dict[str, Any]], Awaitable[None]]] = []

    def lock(self, table_id: str) -> asyncio.Lock:
        return self._locks.setdefault(table_id, asyncio.Lock())

    async def get(self, table_id: str) -> Table:
        """The table with its match, rebuilt from the database if it is not in memory."""
        table = self._tables.get(table_id)
        if table is not None:
            return table
        async with self.lock(table_id):
            return await self._get_locked(table_id)

    async def _get_locked(self, table_id: str) -> Table:
        table = self._tables.get(table_id)
        if table is None:
            table = await self._load(table_id)
            self._tables[table_id] = table
        return table

    async def _load(self, table_id: str) -> Table:
        found = await self.store.table(table_id)
        if found is None:
            raise not_found(table_id)
        row, seat_rows = found
        options = json.loads(row.options)
        for prepare in self.before_load:  # e.g. a variant's content installed in this process
            await prepare(row.game, options)
        match = Match(row.game, row.players, options, row.seed)
        replay_moves(table_id, match, await self.store.moves(table_id))
        seats = [Seat.from_row(seat) for seat in seat_rows]
        deadlines = await self.store.deadlines(table_id)
        clock = TableClock.load(row.clock, row.timeout_level, seat_rows, deadlines)
        return Table(
            row.id,
            row.game,
            options,
            row.seed,
            row.status,
            row.public,
            row.spectators,
            row.invite_hash,
            row.created,
            seats,
            match,
            self.lock(table_id),
            rematch=row.rematch_id,
            clock=clock,
            version=row.version,  # read first: all the rest is as new or newer
            rated=row.rated,
            hints=row.hints,
        )

    async def locked(
        self,
        session: Any,
        table_id: str,
        seat: int | None = None,
        client_key: str | None = None,
    ) -> tuple[Table, Locked]:
        """In a write transaction (`store.write()`, under the table's `lock`): the table, its row
        locked and the cache caught up with it. Every write to a table goes through this."""
        table = await self._get_locked(table_id)
        if self.store.sqlite:
            # One process owns a SQLite file (several workers need PostgreSQL), and its writes
            # queue for the file's one write lock: the cache is what is stored. Only the client
            # key is looked up, with no read before the writes of a bot's move.
            first = await find_move(session, table_id, seat, client_key) if client_key else None
            duplicate = first.ply if first is not None else None
            return table, Locked(table.status, table.rematch, table.match.ply, [], duplicate, 0)
        stored = await lock_table(session, table_id, seat, client_key)
        if stored is None:
            self.drop(table_id)
            raise not_found(table_id)
        try:
            await self._catch_up(session, table, stored)
        except BaseException:
            self.drop(table_id)
            raise
        # What the cache holds once this transaction commits is the version it raised; until
        # then (and if it rolls back) the version is unknown.
        table.version = None
        on_commit(session, lambda: setattr(table, "version", stored.version))
        return table, stored

    def put(self, table: Table) -> None:
        """Hold a table just stored (a new one)."""
        self._tables[table.id] = table

    def cached(self, table_id: str) -> Table | None:
        """The table if it is in memory (no database access)."""
        return self._tables.get(table_id)

    def drop(self, table_id: str) -> None:
        self._tables.pop(table_id, None)
        self._read_at.pop(table_id, None)

    def wanted(self, table_id: str) -> bool:
        """Whether this process needs the table kept current: something here looks at it (a
        websocket, its lease) or is writing or refreshing it (its lock is taken)."""
        if self.lock(table_id).locked():
            return True
        return any(interested(table_id) for interested in self.interest)

    def forget(self, table_id: str) -> bool:
        """Drop a cached table nothing here needs (read again when next asked for) rather than
        keep it current; False if it is wanted."""
        if self.wanted(table_id):
            return False
        self.drop(table_id)
        return True

    def cached_ids(self) -> list[str]:
        return list(self._tables)

    async def current(self, table_id: str) -> Table:
        """The table as stored now: `get`, checked against the database first when other
        processes may have changed it (a reader that must not miss anything: a socket's hello)."""
        if self.settings.redis_url is None:
            return await self.get(table_id)
        return await self.refresh(table_id, asked=next(self._ticks))

    async def refresh(
        self, table_id: str, ply: int | None = None, asked: int | None = None
    ) -> Table:
        """Bring a cached table up to the database (another process changed it). `ply`, from
        a notice: a notice past the cached ply is a move, so reading the newer moves suffices;
        any other notice is a seat change (a join, a leave) and the seats are read too.
        `asked`, a reader's tick (`current`): a table read in full from the database since then
        (the sockets of one table say hello together) is as new as the reader needs."""
        async with self.lock(table_id):
            table = self._tables.get(table_id)
            if asked is not None and table is not None and self._read_at.get(table_id, -1) > asked:
                return table
            full = table is None or ply is None or ply <= table.match.ply
            if full:
                self._read_at[table_id] = next(self._ticks)
            if table is None:
                return await self._get_locked(table_id)
            try:
                if not full:
                    async with self.store.glance() as session:  # one statement
                        await self._replay_newer(session, table, ply)
                    table.version = None  # the seats were not read
                else:
                    async with self.store.glance() as session:
                        stored = await read_table(session, table_id)
                        if stored is None:
                            raise RuntimeError(f"table {table_id} is no longer stored")
                        await self._catch_up(session, table, stored)
                    table.version = stored.version
            except BaseException:
                self.drop(table_id)
                raise
            return table

    def apply_noticed(self, table_id: str, moves: Sequence[Any]) -> bool | None:
        """Apply moves another process stored (read for a batch of notices, in ply order) to the
        cached table, at once: True if the table moved on, False if there was nothing new, None
        if it cannot be done here (the table is being written or refreshed, or the moves do not
        follow on from the cached ply): the caller refreshes it the slow way."""
        table = self._tables.get(table_id)
        if table is None or table.lock.locked():
            return None
        newer = [move for move in moves if move.ply > table.match.ply]
        if not newer:
            return False
        if newer[0].ply != table.match.ply + 1:
            return None
        try:
            replay_moves(table_id, table.match, newer)
        except Exception:
            self.drop(table_id)
            raise
        table.version = None  # the seats were not read
        if table.match.is_over():
            table.status = "over"
        return True

    async def _catch_up(self, session: Any, table: Table, stored: Locked) -> None:
        """Make the cached table what is stored: its status, its seats and its moves."""
        table.status = stored.status
        table.rematch = stored.rematch
        table.seats = [Seat.from_row(row) for row in stored.seats]
        if table.clock.running or table.clock.settings.kind != "none":
            # another process may have charged a bank or started a deadline
            deadlines = await table_deadlines(session, table.id)
            table.clock = table.clock.reloaded(stored.seats, deadlines)
        if stored.ply < table.match.ply:
            # the cache is ahead of the database (which cannot happen short of a restore):
            # start the match again from the stored log
            table.match = Match(table.game, table.players, table.options, table.seed)
        if stored.ply != table.match.ply:
            # up to the ply read: each statement of a reader sees its own moment (READ COMMITTED)
            await self._replay_newer(session, table, stored.ply)
        if table.match.ply != stored.ply:
            raise RuntimeError(f"table {table.id}: stored ply {stored.ply}, at {table.match.ply}")

    async def _replay_newer(self, session: Any, table: Table, until: int | None = None) -> None:
        match = table.match
        replay_moves(table.id, match, await moves_after(session, table.id, match.ply, until))
        if match.is_over():
            table.status = "over"

    def changed(self, table_id: str) -> None:
        """A change this process committed: the other processes are told, then the listeners
        here (the websockets, the bots)."""
        table = self._tables.get(table_id)
        for hook in self.committed:
            try:
                hook(table_id, table)
            except Exception:
                log.exception("committed hook failed for table %s", table_id)
        self.changed_elsewhere(table_id)

    def changed_elsewhere(self, table_id: str) -> None:
        """Tell the listeners of a change (ours, or another process's once refreshed)."""
        table = self._tables.get(table_id)
        for listener in self.listeners:
            try:
                listener(table_id, table)
            except Exception:
                log.exception("listener failed for table %s", table_id)

    async def change(
        self, table_id: str, apply: Callable[[AsyncSession, Table], Awaitable[T]]
    ) -> T:
        """A change of a table other than a move (a timeout, a seat taken back): `apply` runs on
        the table under its lock, in one transaction, and the listeners are told after the
        commit. `apply` raises its refusals (ApiError, BodogeError) before it changes anything;
        if anything else fails the cached table is dropped, to be reloaded from the database."""
        async with self.lock(table_id):
            try:
                async with self.store.write() as session:
                    table, _ = await self.locked(session, table_id)
                    result = await apply(session, table)
            except (ApiError, BodogeError):
                raise
            except BaseException:
                self.drop(table_id)
                raise
        self.changed(table_id)
        return result
