"""Every SQL statement of the studio: variants, their versions, and balance runs, each run in
the caller's session (`Store.write()` for a transaction, `Store.glance()` for a read)."""

from __future__ import annotations

from collections.abc import Sequence

from sqlalchemy import func, select, text, update
from sqlalchemy.ext.asyncio import AsyncSession

from bodoge.server.store.models import (
    BalanceRunRow,
    PlayerRow,
    VariantRow,
    VariantVersionRow,
)


async def variant(session: AsyncSession, variant_id: str) -> VariantRow | None:
    return await session.get(VariantRow, variant_id)


async def variant_for_update(session: AsyncSession, variant_id: str) -> VariantRow | None:
    """The variant locked for this transaction (a new version numbers after the latest)."""
    found = await session.execute(
        select(VariantRow).where(VariantRow.id == variant_id).with_for_update()
    )
    return found.scalar_one_or_none()


async def version(session: AsyncSession, variant_id: str, number: int) -> VariantVersionRow | None:
    return await session.get(VariantVersionRow, (variant_id, number))


async def versions(session: AsyncSession, variant_id: str) -> Sequence[VariantVersionRow]:
    found = await session.execute(
        select(VariantVersionRow)
        .where(VariantVersionRow.variant_id == variant_id)
        .order_by(VariantVersionRow.version)
    )
    return list(found.scalars())


async def version_by_digest(session: AsyncSession, digest: str) -> VariantVersionRow | None:
    """A saved version with this content (the oldest), for a table whose content names it."""
    found = await session.execute(
        select(VariantVersionRow)
        .where(VariantVersionRow.digest == digest)
        .order_by(VariantVersionRow.created)
        .limit(1)
    )
    return found.scalar_one_or_none()


async def listed(
    session: AsyncSession, game: str, owner_id: str, limit: int
) -> Sequence[tuple[VariantRow, str]]:
    """The public variants of `game` and the owner's own, newest first, with the author's name."""
    found = await session.execute(
        select(VariantRow, PlayerRow.name)
        .join(PlayerRow, PlayerRow.id == VariantRow.owner_id)
        .where(
            VariantRow.game == game,
            (VariantRow.visibility == "public") | (VariantRow.owner_id == owner_id),
        )
        .order_by(VariantRow.created.desc())
        .limit(limit)
    )
    return [(row, name) for row, name in found.all()]


async def author(session: AsyncSession, owner_id: str) -> str:
    found = await session.execute(select(PlayerRow.name).where(PlayerRow.id == owner_id))
    return found.scalar_one_or_none() or ""


async def count_variants(session: AsyncSession, owner_id: str) -> int:
    found = await session.execute(
        select(func.count()).select_from(VariantRow).where(VariantRow.owner_id == owner_id)
    )
    return int(found.scalar_one())


# ---- balance runs ------------------------------------------------------------------------------


async def run(session: AsyncSession, run_id: str) -> BalanceRunRow | None:
    return await session.get(BalanceRunRow, run_id)


async def runs_of(
    session: AsyncSession, variant_id: str | None, game: str, owner_id: str
) -> Sequence[BalanceRunRow]:
    """A variant's runs (or the owner's runs of the built-in content: `variant_id` None)."""
    query = select(BalanceRunRow).where(BalanceRunRow.game == game)
    if variant_id is None:
        query = query.where(BalanceRunRow.variant_id.is_(None), BalanceRunRow.owner_id == owner_id)
    else:
        query = query.where(BalanceRunRow.variant_id == variant_id)
    found = await session.execute(query.order_by(BalanceRunRow.created.desc()).limit(50))
    return list(found.scalars())


RUNS_LOCK = 28_0009  # PostgreSQL advisory lock of the balance runs' starts (issue 28, 0009)


async def lock_runs(session: AsyncSession, sqlite: bool) -> None:
    """Serialize the starts of balance runs until the transaction ends: on PostgreSQL an advisory
    lock; on SQLite the write transaction already holds the process's write lock (`Store.write`)."""
    if not sqlite:
        await session.execute(text("SELECT pg_advisory_xact_lock(:key)"), {"key": RUNS_LOCK})


async def running_count(session: AsyncSession, since: float, owner_id: str | None = None) -> int:
    """Runs under way that started after `since`: the owner's, or the whole server's (None).
    A run is stopped at its time limit, so an older "running" row is one a stopped process left
    behind, and counts against nobody."""
    query = select(func.count()).select_from(BalanceRunRow)
    query = query.where(BalanceRunRow.status == "running", BalanceRunRow.created > since)
    if owner_id is not None:
        query = query.where(BalanceRunRow.owner_id == owner_id)
    found = await session.execute(query)
    return int(found.scalar_one())


async def set_progress(session: AsyncSession, run_id: str, done: int) -> bool:
    """Store a running run's progress; False if it is running no more (cancelled meanwhile,
    by any process)."""
    found = await session.execute(
        update(BalanceRunRow)
        .where(BalanceRunRow.id == run_id, BalanceRunRow.status == "running")
        .values(done=done)
    )
    return bool(getattr(found, "rowcount", 0))


async def finish(
    session: AsyncSession, run_id: str, status: str, done: int, summary: str | None
) -> bool:
    """End a running run (done, failed or cancelled); False if it had ended already."""
    found = await session.execute(
        update(BalanceRunRow)
        .where(BalanceRunRow.id == run_id, BalanceRunRow.status == "running")
        .values(status=status, done=done, summary=summary)
    )
    return bool(getattr(found, "rowcount", 0))
