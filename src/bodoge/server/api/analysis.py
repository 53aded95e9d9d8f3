"""Routes: a seat's analysis at a table (asked for, then polled until ready), and hints."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Query
from pydantic import BaseModel, Field, StrictInt

from bodoge.server.api.deps import Credential, GuestDep, ServerDep, documented

router = APIRouter(prefix="/api/tables")

LEVEL = r"^(easy|normal|hard|[0-9]{1,7})$"


class AnalysisIn(BaseModel):
    model_config = {"extra": "forbid"}
    seat: StrictInt = Field(ge=0, le=99)
    level: str = Field(default="normal", pattern=LEVEL)


@router.post("/{table_id}/analysis", responses=documented(401, 403, 404, 409, 422, 429))
async def ask(
    table_id: str,
    body: AnalysisIn,
    player: GuestDep,
    srv: ServerDep,
    credential: Credential = None,
) -> dict[str, Any]:
    """A seat's analysis: the cached one at once, else its job (queued now); poll the GET."""
    return await srv.analyses.request(table_id, body.seat, body.level, credential, player)


@router.get("/{table_id}/analysis", responses=documented(401, 403, 404, 409, 422))
async def status(
    table_id: str,
    srv: ServerDep,
    seat: Annotated[int, Query(ge=0, le=99)],
    level: Annotated[str, Query(pattern=LEVEL)] = "normal",
    credential: Credential = None,
) -> dict[str, Any]:
    """Where a seat's analysis is (none, queued, running with done/total, ready, failed)."""
    return await srv.analyses.status(table_id, seat, level, credential)


@router.get("/{table_id}/hints", responses=documented(404))
async def hints(table_id: str, srv: ServerDep) -> dict[str, bool]:
    """Whether the table's seats may ask for hints."""
    return {"hints": await srv.analyses.hints_on(table_id)}


@router.post("/{table_id}/hint", responses=documented(401, 403, 404, 409, 429))
async def hint(table_id: str, srv: ServerDep, credential: Credential = None) -> dict[str, Any]:
    """The search's best move for the caller's seat, from its view, with a one-line reason."""
    return await srv.analyses.hint(table_id, credential)
