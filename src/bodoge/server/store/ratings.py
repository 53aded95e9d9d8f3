"""Every SQL statement of the ratings, the boards, the profiles and the finished-game lists, each
run in the caller's session (a rating's update in the transaction of the game's last move)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from sqlalchemy import delete, func, select, update
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.ext.asyncio import AsyncSession

from bodoge.server.store.models import (
    AccountRow,
    PlayerRow,
    RatingChangeRow,
    RatingRow,
    SeatRow,
    TableRow,
)


async def accounts_of(session: AsyncSession, player_ids: Sequence[str]) -> dict[str, str | None]:
    """The account of each player row (None: a guest)."""
    if not player_ids:
        return {}
    found = await session.execute(
        select(PlayerRow.id, PlayerRow.account_id).where(PlayerRow.id.in_(player_ids))
    )
    return {row.id: row.account_id for row in found}


async def lock_ratings(
    session: AsyncSession, game: str, accounts: Sequence[str], mu: float, sigma: float
) -> dict[str, RatingRow]:
    """The accounts' ratings at `game`, their rows made (0 games) where missing and locked for
    this transaction, in the accounts' order (on PostgreSQL FOR UPDATE; SQLite holds its one
    write lock already), so two tables of one account ending at once rate one after the other.
    A new row starts at (`mu`, `sigma`), the model's first rating."""
    ordered = sorted(set(accounts))
    on_sqlite = session.get_bind().dialect.name == "sqlite"
    dialect: Any = sqlite if on_sqlite else postgresql
    for account in ordered:
        await session.execute(
            dialect.insert(RatingRow.__table__)
            .values(
                account_id=account,
                game=game,
                mu=mu,
                sigma=sigma,
                games=0,
                wins=0,
                updated=0.0,
            )
            .on_conflict_do_nothing()
        )
    query = (
        select(RatingRow)
        .where(RatingRow.game == game, RatingRow.account_id.in_(ordered))
        .order_by(RatingRow.account_id)
        .execution_options(populate_existing=True)
    )
    if not on_sqlite:
        query = query.with_for_update()
    found = await session.execute(query)
    return {row.account_id: row for row in found.scalars()}


async def save_changes(
    session: AsyncSession, game: str, rows: Sequence[RatingChangeRow], when: float
) -> None:
    """Store one table's rating changes and the ratings after them (the unique table+account
    key refuses a second rating of the same table)."""
    session.add_all(rows)
    await session.flush()
    for row in rows:
        await session.execute(
            update(RatingRow)
            .where(RatingRow.account_id == row.account_id, RatingRow.game == game)
            .values(
                mu=row.mu_after,
                sigma=row.sigma_after,
                games=RatingRow.games + 1,
                wins=RatingRow.wins + (1 if row.rank == 1 else 0),
                updated=when,
            )
        )


async def all_changes(session: AsyncSession) -> list[RatingChangeRow]:
    """Every stored rating change, in the order stored."""
    found = await session.execute(select(RatingChangeRow).order_by(RatingChangeRow.id))
    return list(found.scalars())


async def all_ratings(session: AsyncSession) -> list[RatingRow]:
    found = await session.execute(select(RatingRow))
    return list(found.scalars())


async def replace_ratings(session: AsyncSession, rows: Sequence[RatingRow]) -> None:
    """Put `rows` in place of every stored rating (the recompute)."""
    await session.execute(delete(RatingRow))
    session.add_all(rows)
    await session.flush()


async def set_change(
    session: AsyncSession, change_id: int, before: Any, after: Any, ordinal: float
) -> None:
    """Put a rebuilt skill before and after (mu, sigma) in a history row (the recompute)."""
    await session.execute(
        update(RatingChangeRow)
        .where(RatingChangeRow.id == change_id)
        .values(
            mu_before=before.mu,
            sigma_before=before.sigma,
            mu_after=after.mu,
            sigma_after=after.sigma,
            ordinal_after=ordinal,
        )
    )


# ---- reads: the boards, a profile, a table's changes, the lists --------------------------


async def leaderboard(
    session: AsyncSession, game: str, min_games: int, limit: int
) -> list[RatingRow]:
    """The best ratings at `game` by ordinal (mu - 3 sigma), of accounts with enough games."""
    found = await session.execute(
        select(RatingRow)
        .where(RatingRow.game == game, RatingRow.games >= min_games)
        .order_by((RatingRow.mu - 3 * RatingRow.sigma).desc(), RatingRow.account_id)
        .limit(limit)
    )
    return list(found.scalars())


async def ratings_of_account(session: AsyncSession, account_id: str) -> list[RatingRow]:
    found = await session.execute(
        select(RatingRow).where(RatingRow.account_id == account_id).order_by(RatingRow.game)
    )
    return list(found.scalars())


async def history(session: AsyncSession, account_id: str) -> list[RatingChangeRow]:
    """An account's rating changes, oldest first."""
    found = await session.execute(
        select(RatingChangeRow)
        .where(RatingChangeRow.account_id == account_id)
        .order_by(RatingChangeRow.id)
    )
    return list(found.scalars())


async def table_exists(session: AsyncSession, table_id: str) -> bool:
    found = await session.execute(select(TableRow.id).where(TableRow.id == table_id))
    return found.scalar_one_or_none() is not None


async def table_changes(session: AsyncSession, table_id: str) -> list[RatingChangeRow]:
    found = await session.execute(
        select(RatingChangeRow)
        .where(RatingChangeRow.table_id == table_id)
        .order_by(RatingChangeRow.seat)
    )
    return list(found.scalars())


async def display_name(session: AsyncSession, account_id: str) -> str | None:
    """The name an account goes by: its display name (None: no such account, or deleted)."""
    found = await session.execute(
        select(AccountRow.display_name).where(
            AccountRow.id == account_id, AccountRow.deleted.is_(None)
        )
    )
    return found.scalar_one_or_none()


async def account_named(session: AsyncSession, name: str) -> str | None:
    """The account that goes by the display name `name` (the oldest, if several do)."""
    found = await session.execute(
        select(AccountRow.id)
        .where(AccountRow.display_name == name, AccountRow.deleted.is_(None))
        .order_by(AccountRow.created)
        .limit(1)
    )
    return found.scalar_one_or_none()


async def names_of(session: AsyncSession, account_ids: Sequence[str]) -> dict[str, str]:
    """Each account's display name (a deleted account has none)."""
    if not account_ids:
        return {}
    found = await session.execute(
        select(AccountRow.id, AccountRow.display_name).where(
            AccountRow.id.in_(account_ids), AccountRow.deleted.is_(None)
        )
    )
    return {row.id: row.display_name for row in found}


async def deleted_accounts(session: AsyncSession) -> set[str]:
    """The accounts deleted: their history stays (the others' ratings were made against it),
    their ratings do not (no board or recompute brings them back)."""
    found = await session.execute(select(AccountRow.id).where(AccountRow.deleted.is_not(None)))
    return set(found.scalars())


async def forget_ratings(session: AsyncSession, account_id: str) -> None:
    """A deleted account's ratings leave the boards (its history rows stay, unnamed)."""
    await session.execute(delete(RatingRow).where(RatingRow.account_id == account_id))


async def player_tables(
    session: AsyncSession,
    player_ids: Sequence[str],
    status: str | None,
    limit: int,
    listed_only: bool = False,
) -> list[tuple[TableRow, int]]:
    """The tables where any of the player rows has a seat (newest first), with the seat;
    `listed_only`: only those anyone may find and watch (public, spectators allowed)."""
    query = (
        select(TableRow, SeatRow.seat)
        .join(SeatRow, SeatRow.table_id == TableRow.id)
        .where(SeatRow.player_id.in_(player_ids))
        .order_by(TableRow.created.desc(), TableRow.id)
        .limit(limit)
    )
    if status is not None:
        query = query.where(TableRow.status == status)
    if listed_only:
        query = query.where(TableRow.public.is_(True), TableRow.spectators.is_(True))
    found = await session.execute(query)
    return [(row[0], row[1]) for row in found]


async def player_ids_of(session: AsyncSession, account_id: str) -> list[str]:
    found = await session.execute(select(PlayerRow.id).where(PlayerRow.account_id == account_id))
    return list(found.scalars())


async def finished_tables(
    session: AsyncSession, game: str | None, limit: int, before: float | None
) -> list[TableRow]:
    """Finished tables anyone may find and watch (public, spectators allowed), newest first:
    an unlisted table's id is never listed."""
    query = (
        select(TableRow)
        .where(
            TableRow.status == "over",
            TableRow.public.is_(True),
            TableRow.spectators.is_(True),
        )
        .order_by(TableRow.created.desc(), TableRow.id)
        .limit(limit)
    )
    if game is not None:
        query = query.where(TableRow.game == game)
    if before is not None:
        query = query.where(TableRow.created < before)
    found = await session.execute(query)
    return list(found.scalars())


async def seats_of_tables(
    session: AsyncSession, table_ids: Sequence[str]
) -> dict[str, list[SeatRow]]:
    if not table_ids:
        return {}
    found = await session.execute(
        select(SeatRow).where(SeatRow.table_id.in_(table_ids)).order_by(SeatRow.seat)
    )
    seats: dict[str, list[SeatRow]] = {table_id: [] for table_id in table_ids}
    for seat in found.scalars():
        seats[seat.table_id].append(seat)
    return seats


async def count_rated(session: AsyncSession) -> int:
    found = await session.execute(select(func.count()).select_from(RatingChangeRow))
    return int(found.scalar_one())


async def listed_ids(session: AsyncSession, table_ids: Sequence[str]) -> set[str]:
    """Those of the tables anyone may find and watch (public, spectators allowed)."""
    if not table_ids:
        return set()
    found = await session.execute(
        select(TableRow.id).where(
            TableRow.id.in_(table_ids),
            TableRow.public.is_(True),
            TableRow.spectators.is_(True),
        )
    )
    return set(found.scalars())
