"""Routes: guests (a name and a token, no account) and who a token is."""

from __future__ import annotations

from fastapi import APIRouter

from bodoge.server import auth
from bodoge.server.api.deps import GuestDep, ServerDep, documented
from bodoge.server.schemas import Guest, GuestIn, Me
from bodoge.server.store.models import PlayerRow, now

router = APIRouter(prefix="/api")


@router.post("/guests", response_model=Guest, responses=documented(413, 422))
async def new_guest(body: GuestIn, srv: ServerDep) -> dict[str, str]:
    token = auth.new_secret()
    player = PlayerRow(
        id=auth.new_id(), name=body.name, token_hash=auth.hash_secret(token), created=now()
    )
    await srv.store.add_player(player)
    return {"id": player.id, "name": player.name, "token": token}


@router.get("/me", response_model=Me, responses=documented(401))
async def me(player: GuestDep) -> dict[str, str]:
    return {"id": player.id, "name": player.name}
