"""The database: SQLAlchemy 2 models and the queries the server makes.

A game is stored as its seed, options and an append-only log of moves; the in-memory `Match` is
rebuilt from them (tables.py). The schema is made by the Alembic migrations (migrations/), applied
at start (`migrate`); these models must match them.
"""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import AsyncIterator, Callable, Iterable, Sequence
from contextlib import asynccontextmanager
from dataclasses import dataclass
from typing import Any, cast

from sqlalchemy import (
    BigInteger,
    Boolean,
    Float,
    ForeignKey,
    Integer,
    String,
    Table,
    Text,
    UniqueConstraint,
    event,
    func,
    insert,
    null,
    select,
    update,
)
from sqlalchemy.ext.asyncio import (
    AsyncEngine,
    AsyncSession,
    async_sessionmaker,
    create_async_engine,
)
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column

from bodoge.server.config import Settings

ON_COMMIT = "bodoge.on_commit"  # session.info key: what to run once the write has committed


class Base(DeclarativeBase):
    pass


class PlayerRow(Base):
    __tablename__ = "players"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    name: Mapped[str] = mapped_column(String(64))
    token_hash: Mapped[str] = mapped_column(String(64), unique=True)
    created: Mapped[float] = mapped_column(Float)


class TableRow(Base):
    __tablename__ = "tables"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    game: Mapped[str] = mapped_column(String(64))
    players: Mapped[int] = mapped_column(Integer)
    options: Mapped[str] = mapped_column(Text)  # JSON object
    seed: Mapped[int] = mapped_column(BigInteger)
    status: Mapped[str] = mapped_column(String(16), index=True)  # waiting | playing | over
    public: Mapped[bool] = mapped_column(Boolean)
    spectators: Mapped[bool] = mapped_column(Boolean)
    clock: Mapped[str] = mapped_column(Text)  # JSON object
    timeout_level: Mapped[str | None] = mapped_column(String(16), nullable=True)
    invite_hash: Mapped[str] = mapped_column(String(64))
    created_by: Mapped[str | None] = mapped_column(ForeignKey("players.id"), nullable=True)
    rematch_of: Mapped[str | None] = mapped_column(String(32), nullable=True)
    rematch_id: Mapped[str | None] = mapped_column(String(32), nullable=True)
    created: Mapped[float] = mapped_column(Float)
    # raised by every write to the table, in its transaction (migration 0004; `append_move`)
    version: Mapped[int] = mapped_column(Integer, default=0, server_default="0")


class SeatRow(Base):
    __tablename__ = "seats"

    table_id: Mapped[str] = mapped_column(ForeignKey("tables.id"), primary_key=True)
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    kind: Mapped[str] = mapped_column(String(8))  # human | bot | open | reserved
    player_id: Mapped[str | None] = mapped_column(ForeignKey("players.id"), nullable=True)
    name: Mapped[str | None] = mapped_column(String(64), nullable=True)
    bot_level: Mapped[str | None] = mapped_column(String(16), nullable=True)
    credential_hash: Mapped[str | None] = mapped_column(String(64), nullable=True)
    stand_in: Mapped[str | None] = mapped_column(String(16), nullable=True)
    bank: Mapped[float | None] = mapped_column(Float, nullable=True)  # seconds (realtime clock)


class MoveRow(Base):
    __tablename__ = "moves"
    __table_args__ = (
        UniqueConstraint("table_id", "ply", name="uq_moves_table_ply"),
        UniqueConstraint("table_id", "seat", "client_key", name="uq_moves_table_seat_key"),
    )

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    table_id: Mapped[str] = mapped_column(ForeignKey("tables.id"))
    ply: Mapped[int] = mapped_column(Integer)  # the match's ply after this move
    seat: Mapped[int] = mapped_column(Integer)
    action: Mapped[str] = mapped_column(String(128))  # notation, or "undo"
    by: Mapped[str | None] = mapped_column(String(32), nullable=True)
    client_key: Mapped[str | None] = mapped_column(String(64), nullable=True)
    created: Mapped[float] = mapped_column(Float)


class DeadlineRow(Base):
    """A seat's running clock: the ply it started at and when it runs out (see timekeeping.py)."""

    __tablename__ = "deadlines"

    table_id: Mapped[str] = mapped_column(ForeignKey("tables.id"), primary_key=True)
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    ply: Mapped[int] = mapped_column(Integer)
    due: Mapped[float] = mapped_column(Float)


class LeaseRow(Base):
    """Which server process runs a table's bots and clocks, until when (migration 0003)."""

    __tablename__ = "leases"

    table_id: Mapped[str] = mapped_column(ForeignKey("tables.id"), primary_key=True)
    owner: Mapped[str] = mapped_column(String(32), index=True)
    until: Mapped[float] = mapped_column(Float)


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
            return table, await _seats(session, table_id)

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
            return [(table, await _seats(session, table.id)) for table in tables]

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


async def _seats(session: AsyncSession, table_id: str) -> list[SeatRow]:
    found = await session.execute(
        select(SeatRow).where(SeatRow.table_id == table_id).order_by(SeatRow.seat)
    )
    return list(found.scalars())


async def table_deadlines(session: AsyncSession, table_id: str) -> list[DeadlineRow]:
    found = await session.execute(
        select(DeadlineRow).where(DeadlineRow.table_id == table_id).order_by(DeadlineRow.seat)
    )
    return list(found.scalars())


async def find_move(
    session: AsyncSession, table_id: str, seat: int | None, client_key: str
) -> MoveRow | None:
    found = await session.execute(
        select(MoveRow).where(
            MoveRow.table_id == table_id, MoveRow.seat == seat, MoveRow.client_key == client_key
        )
    )
    return found.scalar_one_or_none()


def dumps(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, sort_keys=True)


def now() -> float:
    return time.time()


@dataclass
class Locked:
    """A table as stored, read under its write lock: what a cached `Table` is checked against."""

    status: str
    rematch: str | None  # the table's rematch_id
    ply: int  # the last stored move's ply (0: none)
    seats: Sequence[Any]  # rows with SeatRow's columns, in seat order
    duplicate: int | None  # the ply of the move already stored under the asked client key
    version: int  # the table's version (locked: as this transaction will commit it)


async def lock_table(
    session: AsyncSession,
    table_id: str,
    seat: int | None = None,
    client_key: str | None = None,
    lock: bool = True,
) -> Locked | None:
    """Lock the table's row for this transaction (PostgreSQL: SELECT ... FOR NO KEY UPDATE; SQLite
    holds the database's write lock already) and read its status, last ply, seats and the move
    stored under (seat, client key), in one statement. None if there is no such table."""
    last = (
        select(func.coalesce(func.max(MoveRow.ply), 0))
        .where(MoveRow.table_id == TableRow.id)
        .scalar_subquery()
    )
    duplicate: Any = null()
    if client_key is not None:
        duplicate = (
            select(MoveRow.ply)
            .where(
                MoveRow.table_id == TableRow.id,
                MoveRow.seat == seat,
                MoveRow.client_key == client_key,
            )
            .scalar_subquery()
        )
    query = (
        select(
            TableRow.status,
            TableRow.rematch_id,
            TableRow.version,
            last.label("last_ply"),
            duplicate.label("duplicate"),
            *SeatRow.__table__.columns,
        )
        .join(SeatRow, SeatRow.table_id == TableRow.id)
        .where(TableRow.id == table_id)
        .order_by(SeatRow.seat)
    )
    if lock:
        # The lock first, alone: under READ COMMITTED a statement that waited for a row lock
        # still reads the rest (the last ply) as of before the wait, so the reading comes after.
        # An UPDATE of a column that is no key locks the row FOR NO KEY UPDATE: the writers of
        # one table wait for each other, while the foreign key checks of rows that refer to the
        # table (a lease, a move) need not wait. It raises the version: every write does.
        await session.execute(
            update(TableRow).where(TableRow.id == table_id).values(version=TableRow.version + 1)
        )
    found = await session.execute(query)
    rows = found.all()
    if not rows:
        return None
    first = rows[0]
    return Locked(
        first.status,
        first.rematch_id,
        first.last_ply,
        rows,
        first.duplicate,
        first.version,
    )


async def moves_after(
    session: AsyncSession, table_id: str, ply: int, until: int | None = None
) -> Sequence[Any]:
    """The stored moves after `ply` (up to `until`), in order (rows with MoveRow's columns)."""
    query = select(MoveRow.ply, MoveRow.seat, MoveRow.action, MoveRow.by).where(
        MoveRow.table_id == table_id, MoveRow.ply > ply
    )
    if until is not None:
        query = query.where(MoveRow.ply <= until)
    found = await session.execute(query.order_by(MoveRow.ply))
    return found.all()


async def insert_move(session: AsyncSession, **values: Any) -> None:
    """Append one move: a plain INSERT (the ORM's unit of work cost a quarter of the server's
    time on the move path)."""
    await session.execute(insert(cast(Table, MoveRow.__table__)).values(**values))


async def read_table(session: AsyncSession, table_id: str) -> Locked | None:
    """`lock_table`'s reading without the lock (a reader catching up)."""
    return await lock_table(session, table_id, lock=False)


# One statement appends a move when the process's cached table is what is stored: the UPDATE
# locks the table's row (FOR NO KEY UPDATE, until the statement's own transaction commits) and
# matches only at the version the cache was made from, so a table another process changed
# meanwhile (under READ COMMITTED the UPDATE waits for that writer, then checks the row as it
# committed) gets no row and no insert, and the caller takes the full path (`lock_table`).
APPEND_MOVE = """
WITH bumped AS (
    UPDATE tables SET version = version + 1, status = %(status)s
    WHERE id = %(table_id)s AND version = %(version)s
    RETURNING id
)
INSERT INTO moves (table_id, ply, seat, action, by, client_key, created)
SELECT id, %(ply)s, %(seat)s, %(action)s, %(by)s, %(client_key)s, %(created)s FROM bumped
RETURNING ply
"""


async def append_move(store: Store, version: int, status: str, **values: Any) -> bool:
    """On PostgreSQL: lock the table, check its version, raise it, set its status and append the
    move, in one statement that is its own transaction (one round trip, committed when it
    returns). False, with nothing written, if the table is no longer at `version`. An
    IntegrityError (a client key stored already) writes nothing either."""
    async with store.autocommit.connect() as connection:
        found = await connection.exec_driver_sql(
            APPEND_MOVE, {**values, "version": version, "status": status}
        )
        return found.first() is not None


# The moves of many tables, each after one ply and up to another, in one statement (the moves
# other workers made, read once per batch of notices: notices.py).
MOVES_NOTICED = """
SELECT m.table_id, m.ply, m.seat, m.action, m.by
FROM unnest(%(tables)s::varchar[], %(after)s::int[], %(upto)s::int[]) AS w(table_id, after, upto)
JOIN moves AS m ON m.table_id = w.table_id AND m.ply > w.after AND m.ply <= w.upto
ORDER BY m.table_id, m.ply
"""


async def moves_noticed(
    store: Store, wanted: Iterable[tuple[str, int, int]]
) -> dict[str, list[Any]]:
    """For each (table, after, upto): its stored moves with after < ply <= upto, in order (rows
    with table_id, ply, seat, action, by), in one statement on PostgreSQL."""
    tables, after, upto = (list(column) for column in zip(*wanted, strict=True))
    found: dict[str, list[Any]] = {table: [] for table in tables}
    if store.sqlite:  # several processes need PostgreSQL: this is one process with --redis
        async with store.session() as session:
            for table, first, last in zip(tables, after, upto, strict=True):
                found[table] = list(await moves_after(session, table, first, last))
        return found
    async with store.delivery.connect() as connection:
        rows = await connection.exec_driver_sql(
            MOVES_NOTICED, {"tables": tables, "after": after, "upto": upto}
        )
        for row in rows:
            found[row.table_id].append(row)
    return found
