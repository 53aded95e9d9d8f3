"""The HTTP and websocket routes, one router per resource (routes only: the work is in
services/, realtime/ and runners/). `ROUTERS` is every router, in the order they are included."""

from __future__ import annotations

from fastapi import APIRouter

from bodoge.server.api import (
    accounts,
    analysis,
    games,
    guests,
    moves,
    operations,
    ratings,
    rematch,
    replays,
    sockets,
    tables,
    variants,
)

ROUTERS: tuple[APIRouter, ...] = (
    games.router,
    guests.router,
    tables.router,
    moves.router,
    rematch.router,
    replays.router,
    ratings.router,
    sockets.router,
    accounts.router,
    analysis.router,
    variants.router,
    variants.runs,
    operations.router,
)
