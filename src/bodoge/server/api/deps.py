"""What the routes depend on: the process's `Server`, the guest of a bearer token, the seat
credential header, and the error answers every route documents."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import Depends, Header, Request

from bodoge.server import auth, errors
from bodoge.server.assembly import Server
from bodoge.server.schemas import Answer, ErrorBody
from bodoge.server.store.models import PlayerRow


def documented(*codes: int) -> dict[int | str, dict[str, Any]]:
    """The error answers a route documents (the one error body)."""
    return {code: {"model": ErrorBody} for code in codes}


def documented_as_json(*codes: int) -> dict[int | str, dict[str, Any]]:
    """The error bodies of a route whose answer is not JSON (FastAPI would give them the route's
    own media type)."""
    schema = {"$ref": "#/components/schemas/ErrorBody"}
    return {code: {"content": {"application/json": {"schema": schema}}} for code in codes}


ANSWERS: dict[int | str, dict[str, Any]] = {
    409: {
        "model": Answer,
        "description": "stale (with the prompt), not_your_turn, game_over, "
        "undo_refused, not_started",
    },
    # illegal_action is an Answer; a malformed request is the plain error body.
    422: {"model": Answer | ErrorBody, "description": "illegal_action, or a malformed request"},
    **documented(401, 404, 413),
}

Credential = Annotated[str | None, Header(alias="X-Seat-Credential")]


def server(request: Request) -> Server:
    return request.app.state.server  # type: ignore[no-any-return]


ServerDep = Annotated[Server, Depends(server)]


async def guest(
    request: Request, authorization: Annotated[str | None, Header()] = None
) -> PlayerRow:
    token = auth.bearer_token(authorization)
    player = None
    if token is not None:
        player = await server(request).store.player_by_token_hash(auth.hash_secret(token))
    if player is None:
        raise errors.ApiError(
            "unauthorized",
            "this needs a guest token (Authorization: Bearer ...) from POST /api/guests",
            "ゲストのトークンが必要です。POST /api/guestsで受け取り、"
            "Authorization: Bearer ...で送ってください",
        )
    return player


GuestDep = Annotated[PlayerRow, Depends(guest)]
