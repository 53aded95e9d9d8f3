"""Routes: a viewer's position at one step of a table's stored log."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Path, Query
from fastapi.responses import JSONResponse

from bodoge.server.api.deps import Credential, ServerDep, documented
from bodoge.server.schemas import MAX_PLY, Replay

router = APIRouter(prefix="/api/tables")


@router.get(
    "/{table_id}/replay/{step}",
    response_model=Replay,
    responses=documented(401, 403, 404, 409, 422),
)
async def replay(
    table_id: str,
    step: Annotated[int, Path(ge=0, le=MAX_PLY)],
    srv: ServerDep,
    view: Annotated[
        str | None,
        Query(
            alias="as",
            pattern=r"^([0-9]{1,2}|spectator|all)$",
            description="a seat number, spectator, or all (default: the credential's seat, "
            "else spectator)",
        ),
    ] = None,
    credential: Credential = None,
) -> Any:
    """A viewer's position at one step of the game (see docs/server.md, Replays)."""
    return JSONResponse(await srv.replays.step(table_id, step, view, credential))
