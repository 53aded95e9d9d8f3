"""Routes: the leaderboards, a table's rating changes, profiles, a person's tables across
devices, the tables waiting for their move, and the finished games (services/profiles.py)."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Depends, Path, Query, Request

from bodoge.server import errors, sessions
from bodoge.server.api.accounts import GuestOrNone
from bodoge.server.api.deps import ServerDep, documented
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


async def person(request: Request, srv: ServerDep, player: GuestOrNone) -> list[str]:
    """The player rows of whoever asks: the guest token's (and its account's, once it has one:
    every device it signed in on), else the signed-in session's account's (a device that
    signed in but holds no guest token yet)."""
    if player is not None:
        if player.account_id is None:
            return [player.id]
        return await srv.profiles.players_of(player.account_id)
    account = await srv.accounts.of_session(sessions.cookie_secret(request))
    if account is None:
        raise errors.ApiError(
            "unauthorized",
            "this needs a guest token (Authorization: Bearer ...) or a signed-in session",
            "ゲストのトークン(Authorization: Bearer ...)かサインインが必要です",
        )
    return await srv.profiles.players_of(account.id)


PersonDep = Annotated[list[str], Depends(person)]


@router.get("/me/tables", response_model=list[MyTable], responses=documented(401))
async def my_tables(players: PersonDep, srv: ServerDep) -> list[dict[str, Any]]:
    """Every table of the person (all the account's devices; a guest's own), newest first."""
    return await srv.profiles.my_tables(players)


@router.get("/me/waiting", response_model=list[MyTable], responses=documented(401))
async def waiting(players: PersonDep, srv: ServerDep) -> list[dict[str, Any]]:
    """The person's tables that wait for their move (the turn notices)."""
    return await srv.profiles.waiting(players)


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
