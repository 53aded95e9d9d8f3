"""Routes: a seat's moves and undos (the same answer as over the websocket)."""

from __future__ import annotations

from fastapi import APIRouter
from fastapi.responses import JSONResponse

from bodoge.server.api.deps import ANSWERS, Credential, ServerDep
from bodoge.server.schemas import Answer, MoveIn, UndoIn
from bodoge.server.services.moves import MoveRequest

router = APIRouter(prefix="/api/tables")


@router.post("/{table_id}/moves", response_model=Answer, responses=ANSWERS)
async def move(
    table_id: str, body: MoveIn, srv: ServerDep, credential: Credential = None
) -> JSONResponse:
    request = MoveRequest(
        table_id, body.action, body.expected_ply, body.client_key, credential=credential
    )
    status, answer = await srv.moves.answer(request)
    return JSONResponse(answer, status_code=status)


@router.post("/{table_id}/undo", response_model=Answer, responses=ANSWERS)
async def undo(
    table_id: str, body: UndoIn, srv: ServerDep, credential: Credential = None
) -> JSONResponse:
    request = MoveRequest(table_id, None, body.expected_ply, body.client_key, credential=credential)
    status, answer = await srv.moves.answer(request)
    return JSONResponse(answer, status_code=status)
