"""Routes: the rematch of a finished table."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter

from bodoge.server.api.deps import Credential, ServerDep, documented
from bodoge.server.schemas import Rematched
from bodoge.server.services.rematch import rematch

router = APIRouter(prefix="/api/tables")


@router.post(
    "/{table_id}/rematch", response_model=Rematched, responses=documented(401, 404, 409, 422)
)
async def new_rematch(
    table_id: str, srv: ServerDep, credential: Credential = None
) -> dict[str, Any]:
    """Your seat at the rematch of a finished table (made by the first call)."""
    table, seat, new_credential = await rematch(srv.cache, table_id, credential)
    return {"table": srv.table_out(table), "seat": seat, "credential": new_credential}
