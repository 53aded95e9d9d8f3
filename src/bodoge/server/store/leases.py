"""The statements of the leases (runners/leases.py): which server process runs a table's bots
and clocks, until when. Each runs in the caller's session."""

from __future__ import annotations

from typing import Any

from sqlalchemy import delete, func, select, update
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.ext.asyncio import AsyncSession

from bodoge.server.store.models import LeaseRow, TableRow


async def give_back_all(session: AsyncSession, owner: str) -> None:
    await session.execute(delete(LeaseRow).where(LeaseRow.owner == owner))


async def renew(session: AsyncSession, owner: str, until: float) -> set[str]:
    """Give back the owner's leases of finished tables, extend the rest to `until`; the tables
    whose lease the owner still holds."""
    finished = select(TableRow.id).where(TableRow.status == "over")
    await session.execute(
        delete(LeaseRow).where(LeaseRow.owner == owner, LeaseRow.table_id.in_(finished))
    )
    await session.execute(update(LeaseRow).where(LeaseRow.owner == owner).values(until=until))
    found = await session.execute(select(LeaseRow.table_id).where(LeaseRow.owner == owner))
    return set(found.scalars())


async def orphans(
    session: AsyncSession, owner: str, alone: bool, moment: float, made_before: float
) -> list[str]:
    """The tables in play whose lease is missing or expired (`alone`: any lease not the
    owner's is a dead process's); a table without a lease only if it was made before
    `made_before` (a newer one is left to the first process asked about it)."""
    expired = LeaseRow.owner != owner if alone else LeaseRow.until < moment
    missing = LeaseRow.table_id.is_(None) & (TableRow.created < made_before)
    found = await session.execute(
        select(TableRow.id)
        .outerjoin(LeaseRow, LeaseRow.table_id == TableRow.id)
        .where(TableRow.status == "playing", missing | expired)
    )
    return list(found.scalars())


async def other_owners(session: AsyncSession, owner: str, moment: float) -> int:
    """How many other processes hold a live lease."""
    live = await session.execute(
        select(func.count(func.distinct(LeaseRow.owner))).where(
            LeaseRow.until >= moment, LeaseRow.owner != owner
        )
    )
    return int(live.scalar_one())


async def take(
    session: AsyncSession,
    table_id: str,
    owner: str,
    moment: float,
    until: float,
    alone: bool,
    on_sqlite: bool,
) -> float | None:
    """Hold the table's lease if it is free, expired or the owner's already (`alone`: whoever
    holds it); None if taken, else until when another process holds it (0.0: unknown)."""
    dialect = sqlite if on_sqlite else postgresql
    values = {"table_id": table_id, "owner": owner, "until": until}
    statement: Any = dialect.insert(LeaseRow.__table__).values(**values)
    statement = statement.on_conflict_do_update(
        index_elements=[LeaseRow.table_id],
        set_={"owner": owner, "until": until},
        where=None if alone else (LeaseRow.until < moment) | (LeaseRow.owner == owner),
    ).returning(LeaseRow.owner)
    if (await session.execute(statement)).scalar_one_or_none() is not None:
        return None
    holder = await session.execute(select(LeaseRow.until).where(LeaseRow.table_id == table_id))
    return holder.scalar_one_or_none() or 0.0


async def holder(session: AsyncSession, table_id: str) -> tuple[str, float] | None:
    """Who holds the table's lease and until when (None: nobody)."""
    found = await session.execute(
        select(LeaseRow.owner, LeaseRow.until).where(LeaseRow.table_id == table_id)
    )
    row = found.one_or_none()
    return (row[0], row[1]) if row is not None else None
