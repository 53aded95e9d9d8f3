"""Every SQL statement of a table's life (its rows, seats, moves and deadlines), each run in the
caller's session (`Store.write()` for a transaction, `Store.glance()` for one statement), and
the two one-statement paths of PostgreSQL (`append_move`, `moves_noticed`). The leases' own
statements are in leases.py.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, cast

from sqlalchemy import CursorResult, Table, delete, func, insert, null, select, update
from sqlalchemy.ext.asyncio import AsyncSession

from bodoge.server.store.models import DeadlineRow, MoveRow, SeatRow, TableRow

if TYPE_CHECKING:
    from bodoge.server.store.database import Store


async def seats_of(session: AsyncSession, table_id: str) -> list[SeatRow]:
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


async def add_table(session: AsyncSession, table: TableRow, seats: Sequence[SeatRow]) -> None:
    """Store a new table and its seats."""
    session.add(table)
    await session.flush()  # the table first: the seats refer to it
    session.add_all(seats)


async def set_status(session: AsyncSession, table_id: str, status: str) -> None:
    await session.execute(update(TableRow).where(TableRow.id == table_id).values(status=status))


async def update_seat(session: AsyncSession, table_id: str, seat: int, **values: Any) -> None:
    await session.execute(
        update(SeatRow).where(SeatRow.table_id == table_id, SeatRow.seat == seat).values(**values)
    )


async def claim_open_seat(session: AsyncSession, table_id: str, seat: int, **values: Any) -> bool:
    """Give an open seat to someone; False if it is no longer open."""
    claimed = await session.execute(
        update(SeatRow)
        .where(SeatRow.table_id == table_id, SeatRow.seat == seat, SeatRow.kind == "open")
        .values(**values)
    )
    return cast(CursorResult[Any], claimed).rowcount == 1


async def point_to_rematch(session: AsyncSession, table_id: str, rematch_id: str) -> bool:
    """Set a finished table's rematch where it has none yet (a write: its version is raised);
    False if another server set one first."""
    pointed = await session.execute(
        update(TableRow)
        .where(TableRow.id == table_id, TableRow.rematch_id.is_(None))
        .values(rematch_id=rematch_id, version=TableRow.version + 1)
    )
    return cast(CursorResult[Any], pointed).rowcount == 1


async def delete_deadline(session: AsyncSession, table_id: str, seat: int) -> None:
    await session.execute(
        delete(DeadlineRow).where(DeadlineRow.table_id == table_id, DeadlineRow.seat == seat)
    )


async def insert_deadline(
    session: AsyncSession, table_id: str, seat: int, ply: int, due: float
) -> None:
    await session.execute(
        insert(DeadlineRow).values(table_id=table_id, seat=seat, ply=ply, due=due)
    )
