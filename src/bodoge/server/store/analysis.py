"""Every SQL statement of analyses: an analysis's row per (table, seat, level) (its job's state,
then its JSON), and whether a table is rated. A table's `hints` comes with the table
(services/cache.py)."""

from __future__ import annotations

from sqlalchemy import select, update

from bodoge.server.store.database import Store
from bodoge.server.store.models import AnalysisRow, TableRow, now

ACTIVE = ("queued", "running")


class AnalysisStore:
    def __init__(self, store: Store) -> None:
        self.store = store

    async def get(self, table_id: str, seat: int, level: str) -> AnalysisRow | None:
        async with self.store.glance() as session:
            return await session.get(AnalysisRow, (table_id, seat, level))

    async def start(self, table_id: str, seat: int, level: str, ply: int, total: int) -> None:
        """The row of a queued job (a new one, or one that replaces an older analysis)."""
        async with self.store.write() as session:
            row = await session.get(AnalysisRow, (table_id, seat, level))
            if row is None:
                row = AnalysisRow(table_id=table_id, seat=seat, level=level)
                session.add(row)
            row.ply, row.status, row.done, row.total = ply, "queued", 0, total
            row.result, row.updated = None, now()

    async def total(self, table_id: str, seat: int, level: str, total: int) -> None:
        async with self.store.write() as session:
            row = await session.get(AnalysisRow, (table_id, seat, level))
            if row is not None:
                row.total, row.status, row.updated = total, "running", now()

    async def progress(self, table_id: str, seat: int, level: str, done: int) -> None:
        async with self.store.write() as session:
            await session.execute(
                update(AnalysisRow)
                .where(
                    AnalysisRow.table_id == table_id,
                    AnalysisRow.seat == seat,
                    AnalysisRow.level == level,
                )
                .values(status="running", done=done, updated=now())
            )

    async def finish(
        self, table_id: str, seat: int, level: str, status: str, result: str | None
    ) -> None:
        async with self.store.write() as session:
            row = await session.get(AnalysisRow, (table_id, seat, level))
            if row is None:
                return
            row.status, row.result, row.updated = status, result, now()
            if status == "ready":
                row.done = row.total

    async def rated(self, table_id: str) -> bool:
        async with self.store.glance() as session:
            found = await session.execute(select(TableRow.rated).where(TableRow.id == table_id))
            return bool(found.scalar_one_or_none())
