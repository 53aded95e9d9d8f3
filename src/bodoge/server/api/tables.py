"""Routes: tables (made, listed, joined, left, a seat taken back), and what a seat or a
spectator reads of one (its info, prompt, events, components and record)."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Query
from fastapi.responses import JSONResponse, PlainTextResponse

from bodoge.server.api.deps import Credential, GuestDep, ServerDep, documented, documented_as_json
from bodoge.server.entries import entries
from bodoge.server.errors import ApiError
from bodoge.server.schemas import (
    MAX_PLY,
    Entry,
    Joined,
    JoinIn,
    Left,
    Prompt,
    Returned,
    TableCreated,
    TableIn,
    TableOut,
)
from bodoge.server.services.model import SeatRequest, viewer

router = APIRouter(prefix="/api/tables")


@router.post("", response_model=TableCreated, responses=documented(400, 401, 413, 422))
async def new_table(body: TableIn, player: GuestDep, srv: ServerDep) -> dict[str, Any]:
    seats = [SeatRequest(seat.kind, seat.level) for seat in body.seats]
    if body.hints and not any(seat.kind == "bot" for seat in seats):
        raise ApiError(
            "bad_request", "hints are for tables with a bot", "ヒントはボットのいる卓で使えます"
        )
    table, seat, credential, invite = await srv.lobby.create(
        player,
        body.game,
        body.players,
        dict(body.options),
        seats,
        body.public,
        body.spectators,
        body.clock.model_dump(exclude_none=True),
        body.timeout_level,
        body.rated,
        body.hints,
    )
    return {"table": srv.table_out(table), "seat": seat, "credential": credential, "invite": invite}


@router.get("", response_model=list[TableOut])
async def open_tables(srv: ServerDep) -> list[dict[str, Any]]:
    return [
        srv.table_out(table)
        for table in await srv.lobby.open_public()
        if any(seat.kind == "open" for seat in table.seats)
    ]


@router.get("/{table_id}", response_model=TableOut, responses=documented(404))
async def table_info(table_id: str, srv: ServerDep) -> dict[str, Any]:
    return srv.table_out(await srv.cache.current(table_id))


@router.post(
    "/{table_id}/join", response_model=Joined, responses=documented(401, 403, 404, 409, 413, 422)
)
async def join(table_id: str, body: JoinIn, player: GuestDep, srv: ServerDep) -> dict[str, Any]:
    seat, credential = await srv.lobby.join(player, table_id, body.invite)
    return {"seat": seat, "credential": credential}


@router.post("/{table_id}/leave", response_model=Left, responses=documented(401, 404))
async def leave(table_id: str, srv: ServerDep, credential: Credential = None) -> dict[str, Any]:
    seat, status = await srv.lobby.leave(table_id, credential)
    return {"seat": seat, "status": status}


@router.post("/{table_id}/return", response_model=Returned, responses=documented(401, 404, 409))
async def take_seat_back(
    table_id: str, srv: ServerDep, credential: Credential = None
) -> dict[str, Any]:
    """Take back a seat a bot took when its clock ran out (no_stand_in if none did)."""
    return await srv.lobby.take_back(table_id, credential)


@router.get("/{table_id}/prompt", response_model=Prompt, responses=documented(401, 403, 404))
async def prompt(table_id: str, srv: ServerDep, credential: Credential = None) -> Any:
    table = await srv.cache.current(table_id)
    return JSONResponse(table.match.prompt(viewer(table, credential)))


@router.get("/{table_id}/events", response_model=list[Entry], responses=documented(401, 403, 404))
async def events(
    table_id: str,
    srv: ServerDep,
    since: Annotated[int, Query(ge=0, le=MAX_PLY)] = 0,
    credential: Credential = None,
) -> Any:
    table = await srv.cache.current(table_id)
    return JSONResponse(entries(table, viewer(table, credential), since))


@router.get("/{table_id}/content", responses=documented(404))
async def content(table_id: str, srv: ServerDep) -> Any:
    """The table's game components as a drawing needs them (public, fixed for the game)."""
    return JSONResponse(await srv.lobby.content(table_id))


@router.get(
    "/{table_id}/record",
    response_class=PlainTextResponse,
    responses=documented_as_json(401, 403, 404, 409),
)
async def record(table_id: str, srv: ServerDep, credential: Credential = None) -> PlainTextResponse:
    """The game record file, as a download named bodoge-GAME-TABLE.txt."""
    table = await srv.cache.current(table_id)
    viewer(table, credential)  # a seat, or a spectator where they are allowed
    name = f"bodoge-{table.game}-{table.id}.txt"
    return PlainTextResponse(
        srv.lobby.record(table), headers={"Content-Disposition": f'attachment; filename="{name}"'}
    )
