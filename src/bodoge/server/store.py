"""The database: SQLAlchemy 2 models and the queries the server makes.

A game is stored as its seed, options and an append-only log of moves; the in-memory `Match` is
rebuilt from them (tables.py). The schema is made by the Alembic migrations (migrations/), applied
at start (`migrate`); these models must match them.
"""

from __future__ import annotations

import json
import time
from collections.abc import Sequence
from typing import Any

from sqlalchemy import (
    BigInteger,
    Boolean,
    Float,
    ForeignKey,
    Integer,
    String,
    Text,
    UniqueConstraint,
    event,
    select,
)
from sqlalchemy.ext.asyncio import (
    AsyncEngine,
    AsyncSession,
    async_sessionmaker,
    create_async_engine,
)
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column

from bodoge.server.config import Settings


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


class Store:
    """The async engine and the queries. Writes that must be atomic take a session from
    `session()` and commit once."""

    def __init__(self, settings: Settings) -> None:
        self.engine: AsyncEngine = create_async_engine(settings.async_url())
        if settings.is_sqlite():
            event.listen(self.engine.sync_engine, "connect", _sqlite_pragmas)
        self.session = async_sessionmaker(self.engine, expire_on_commit=False)

    async def close(self) -> None:
        await self.engine.dispose()

    # ---- players ------------------------------------------------------------------------

    async def add_player(self, player: PlayerRow) -> None:
        async with self.session() as session, session.begin():
            session.add(player)

    async def player_by_token_hash(self, token_hash: str) -> PlayerRow | None:
        async with self.session() as session:
            found = await session.execute(
                select(PlayerRow).where(PlayerRow.token_hash == token_hash)
            )
            return found.scalar_one_or_none()

    # ---- tables -------------------------------------------------------------------------

    async def table(self, table_id: str) -> tuple[TableRow, list[SeatRow]] | None:
        async with self.session() as session:
            table = await session.get(TableRow, table_id)
            if table is None:
                return None
            return table, await _seats(session, table_id)

    async def table_ids(self, status: str) -> list[str]:
        async with self.session() as session:
            found = await session.execute(
                select(TableRow.id).where(TableRow.status == status).order_by(TableRow.created)
            )
            return list(found.scalars())

    async def open_public_tables(self, limit: int = 100) -> list[tuple[TableRow, list[SeatRow]]]:
        async with self.session() as session:
            found = await session.execute(
                select(TableRow)
                .where(TableRow.status == "waiting", TableRow.public.is_(True))
                .order_by(TableRow.created.desc())
                .limit(limit)
            )
            tables = list(found.scalars())
            return [(table, await _seats(session, table.id)) for table in tables]

    async def deadlines(self, table_id: str) -> list[DeadlineRow]:
        async with self.session() as session:
            return await table_deadlines(session, table_id)

    async def moves(self, table_id: str) -> Sequence[MoveRow]:
        async with self.session() as session:
            found = await session.execute(
                select(MoveRow).where(MoveRow.table_id == table_id).order_by(MoveRow.ply)
            )
            return list(found.scalars())


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
    session: AsyncSession, table_id: str, seat: int, client_key: str
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
