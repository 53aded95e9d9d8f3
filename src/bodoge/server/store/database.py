"""The database: the async engines, sessions and transactions the server runs its statements in.

Reads take a session from `glance()` (one statement) or `session()`; a write takes one from
`write()`, already in its transaction, and commits once at the end. The statements themselves are
in queries.py and leases.py, the tables in models.py.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Callable, Sequence
from contextlib import asynccontextmanager
from typing import Any

from sqlalchemy import event, select
from sqlalchemy.ext.asyncio import (
    AsyncEngine,
    AsyncSession,
    async_sessionmaker,
    create_async_engine,
)

from bodoge.server.config import Settings
from bodoge.server.store.models import DeadlineRow, MoveRow, PlayerRow, SeatRow, TableRow
from bodoge.server.store.queries import seats_of, table_deadlines

ON_COMMIT = "bodoge.on_commit"  # session.info key: what to run once the write has committed


class Store:
    """The async engine and the queries. Reads take a session from `session()`; a write takes
    one from `write()`, already in its transaction, and commits once at the end.

    On SQLite the process's writers queue for the database's one write lock in an
    `asyncio.Lock`, first come first served, instead of polling for it in SQLite's busy handler:
    under load that polling starved some writers past the busy timeout ("database is locked", a
    500). The driver opens the transaction at its first INSERT or UPDATE (a read before it runs
    on its own, so a transaction never has to upgrade from reading to writing), so the lock is
    held for the writes and the commit only. The busy timeout is kept for other processes on
    the same file."""

    def __init__(self, settings: Settings) -> None:
        self.sqlite = settings.is_sqlite()
        options: dict[str, Any] = {}
        if self.sqlite:
            options["connect_args"] = {"timeout": settings.sqlite_busy_timeout}
        else:
            # Under load every table's bot wants a connection at once: they wait their turn (a
            # slow move) rather than fail after the pool's default 30 s. Few beyond the pool:
            # a connection opened for a burst and closed after it costs more than the wait.
            options.update(pool_size=4, max_overflow=2, pool_timeout=300)
        self.engine: AsyncEngine = create_async_engine(settings.async_url(), **options)
        if self.sqlite:
            event.listen(self.engine.sync_engine, "connect", _sqlite_pragmas)
        self.session = async_sessionmaker(self.engine, expire_on_commit=False)
        self._write_lock = asyncio.Lock()
        # One-statement reads and writes on PostgreSQL without BEGIN and COMMIT round trips:
        # each statement is its own transaction (a bot's move, the moves other workers made, a
        # table's rows, a guest). Its own pool of connections left in autocommit mode, so none
        # is switched back and forth at each use; the transactions (`write`) use the other.
        self.glance = self.session
        self.autocommit = self.engine
        if not self.sqlite:
            self.autocommit = create_async_engine(
                settings.async_url(),
                isolation_level="AUTOCOMMIT",
                pool_size=10,
                max_overflow=2,
                pool_timeout=300,
            )
            self.glance = async_sessionmaker(self.autocommit, expire_on_commit=False)
        # The reads of what other processes committed (notices.py) have connections of their
        # own: behind the bots' moves in a shared pool, every socket's update waited its turn.
        self.delivery = self.autocommit
        if not self.sqlite:
            self.delivery = create_async_engine(
                settings.async_url(),
                isolation_level="AUTOCOMMIT",
                pool_size=2,  # notices.BATCHES_AT_ONCE
                max_overflow=0,
                pool_timeout=300,
            )

    async def close(self) -> None:
        await self.engine.dispose()
        if self.autocommit is not self.engine:
            await self.autocommit.dispose()
        if self.delivery is not self.autocommit:
            await self.delivery.dispose()

    @asynccontextmanager
    async def write(self) -> AsyncIterator[AsyncSession]:
        """A session in a write transaction, committed when the block ends without an error."""
        if not self.sqlite:
            async with self.session() as session:
                async with session.begin():
                    yield session
                _committed(session)
            return
        async with self._write_lock, self.session() as session:
            async with session.begin():
                yield session
            _committed(session)

    # ---- players ------------------------------------------------------------------------

    async def add_player(self, player: PlayerRow) -> None:
        async with self.write() as session:
            session.add(player)

    async def player_by_token_hash(self, token_hash: str) -> PlayerRow | None:
        async with self.glance() as session:
            found = await session.execute(
                select(PlayerRow).where(PlayerRow.token_hash == token_hash)
            )
            return found.scalar_one_or_none()

    # ---- tables -------------------------------------------------------------------------

    async def table(self, table_id: str) -> tuple[TableRow, list[SeatRow]] | None:
        async with self.glance() as session:
            table = await session.get(TableRow, table_id)
            if table is None:
                return None
            return table, await seats_of(session, table_id)

    async def table_ids(self, status: str) -> list[str]:
        async with self.glance() as session:
            found = await session.execute(
                select(TableRow.id).where(TableRow.status == status).order_by(TableRow.created)
            )
            return list(found.scalars())

    async def open_public_tables(self, limit: int = 100) -> list[tuple[TableRow, list[SeatRow]]]:
        async with self.glance() as session:
            found = await session.execute(
                select(TableRow)
                .where(TableRow.status == "waiting", TableRow.public.is_(True))
                .order_by(TableRow.created.desc())
                .limit(limit)
            )
            tables = list(found.scalars())
            return [(table, await seats_of(session, table.id)) for table in tables]

    async def deadlines(self, table_id: str) -> list[DeadlineRow]:
        async with self.glance() as session:
            return await table_deadlines(session, table_id)

    async def moves(self, table_id: str) -> Sequence[MoveRow]:
        async with self.glance() as session:
            found = await session.execute(
                select(MoveRow).where(MoveRow.table_id == table_id).order_by(MoveRow.ply)
            )
            return list(found.scalars())


def on_commit(session: AsyncSession, callback: Callable[[], None]) -> None:
    """Run `callback` once the write transaction of `session` (`Store.write`) has committed."""
    session.info.setdefault(ON_COMMIT, []).append(callback)


def _committed(session: AsyncSession) -> None:
    for callback in session.info.pop(ON_COMMIT, ()):
        callback()


def _sqlite_pragmas(connection: Any, record: Any) -> None:
    # WAL: readers do not wait for the writer, and a commit need not flush the whole file.
    cursor = connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=NORMAL")
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.close()
