"""Routes: the games the lobby offers and their rules pages."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter

from bodoge.engine import get_game
from bodoge.server import catalog, errors, rules
from bodoge.server.api.deps import ServerDep, documented
from bodoge.server.schemas import GameOut, Words

router = APIRouter(prefix="/api")


@router.get("/games", response_model=list[GameOut])
async def list_games(srv: ServerDep) -> list[dict[str, Any]]:
    return catalog.games(srv.settings.policy_bots)


@router.get("/games/{game}/rules", response_model=Words, responses=documented(400, 404))
async def game_rules(game: str) -> dict[str, str]:
    """The game's rules page, rendered to HTML, in English and Japanese."""
    get_game(game)  # unknown_game for a game that does not exist
    if not rules.has_rules(game):
        raise errors.ApiError(
            "not_found", f"{game} has no rules page", f"{game}にはルールのページがありません"
        )
    return rules.rules(game)
