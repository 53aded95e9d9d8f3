"""Routes: the leaderboards, a table's rating changes, profiles, a person's tables across
devices, the tables waiting for their move, and the finished games (services/profiles.py)."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Path, Query

from bodoge.server.api.deps import GuestDep, ServerDep, documented
from bodoge.server.schemas import (
    Leaderboard,
    MyTable,
    Profile,
    TableListed,
    TableRatingChange,
)

router = APIRouter(prefix="/api")

Limit = Annotated[int, Query(ge=1, le=100)]


@router.get("/ratings/{game}", response_model=Leaderboard, responses=documented(400, 422))
async def leaderboard(
    game: Annotated[str, Path(max_length=64)], srv: ServerDep, limit: Limit = 20
) -> dict[str, Any]:
    """The game's best ratings (by ordinal, mu - 3 sigma), of accounts with enough games."""
    return await srv.profiles.leaderboard(game, limit)


@router.get(
    "/tables/{table_id}/ratings",
    response_model=list[TableRatingChange],
    responses=documented(404),
)
async def table_ratings(
    table_id: Annotated[str, Path(max_length=64)], srv: ServerDep
) -> list[dict[str, Any]]:
    """Each seat's rating before and after the table (empty: it changed no rating)."""
    return await srv.profiles.table_ratings(table_id)


@router.get("/players/{key}", response_model=Profile, responses=documented(404, 422))
async def profile(key: Annotated[str, Path(max_length=64)], srv: ServerDep) -> dict[str, Any]:
    """An account's profile, by its id or its display name."""
    return await srv.profiles.profile(key)


@router.get("/me/tables", response_model=list[MyTable], responses=documented(401))
async def my_tables(player: GuestDep, srv: ServerDep) -> list[dict[str, Any]]:
    """Every table of the person's player rows (all the account's devices), newest first."""
    return await srv.profiles.my_tables(player)


@router.get("/me/waiting", response_model=list[MyTable], responses=documented(401))
async def waiting(player: GuestDep, srv: ServerDep) -> list[dict[str, Any]]:
    """The person's tables that wait for their move (the turn notices)."""
    return await srv.profiles.waiting(player)


@router.get("/finished", response_model=list[TableListed], responses=documented(400, 422))
async def finished(
    srv: ServerDep,
    game: Annotated[str | None, Query(max_length=64)] = None,
    limit: Limit = 50,
    before: Annotated[float | None, Query(ge=0, le=1e12)] = None,
) -> list[dict[str, Any]]:
    """Finished public games open to spectators, newest first (`before`: older than that
    time)."""
    return await srv.profiles.finished(game, limit, before)
