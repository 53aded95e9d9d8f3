"""The HTTP and websocket routes, one router per resource (routes only: the work is in
services/, realtime/ and runners/). `ROUTERS` is every router, in the order they are included."""

from __future__ import annotations

from fastapi import APIRouter

from bodoge.server.api import (
    games,
    guests,
    moves,
    operations,
    rematch,
    replays,
    sockets,
    tables,
)

ROUTERS: tuple[APIRouter, ...] = (
    games.router,
    guests.router,
    tables.router,
    moves.router,
    rematch.router,
    replays.router,
    sockets.router,
    operations.router,
)
