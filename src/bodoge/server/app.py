"""The ASGI app: `create_app(settings)` puts the server's parts together (assembly.py), adds
the middleware (CORS, the rate limit, the body checks) and the routers (api/: HTTP under /api,
the websockets under /ws), and serves the browser client's files at /."""

from __future__ import annotations

import asyncio
import json
import os
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

from fastapi import FastAPI
from fastapi.middleware.cors import CORSMiddleware
from fastapi.staticfiles import StaticFiles

from bodoge import __version__
from bodoge.server import errors
from bodoge.server.api import ROUTERS
from bodoge.server.assembly import Server
from bodoge.server.config import Settings
from bodoge.server.forwarding import Forward
from bodoge.server.limits import BodyLimit
from bodoge.server.ratelimit import RateLimit, RateLimiter
from bodoge.server.store import migrate

WEB_DIR = Path(__file__).parent / "web"  # the browser client: static files, no build step
SETTINGS_VARIABLE = "BODOGE_SERVE_SETTINGS"  # how `bodoge serve --workers` configures each one


def create_app(settings: Settings | None = None) -> FastAPI:
    settings = settings or Settings()
    limiter = RateLimiter(settings.rate_limit_per_second, settings.rate_limit_burst)

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        if settings.database_url is None:
            settings.data_dir.mkdir(parents=True, exist_ok=True)
        await asyncio.to_thread(migrate.upgrade, settings.sync_url())
        server = Server(settings, limiter)
        app.state.server = server
        await server.start(app)
        try:
            yield
        finally:
            await server.close()

    app = FastAPI(title="bodoge", version=__version__, lifespan=lifespan)
    errors.install(app)
    app.add_middleware(BodyLimit, max_bytes=settings.max_body_bytes)
    # to a table's owner (several processes), whose body limit then checks the request
    app.add_middleware(Forward, max_bytes=settings.max_body_bytes)
    app.add_middleware(RateLimit, limiter=limiter)  # added last: runs first
    if settings.cors_origins:
        app.add_middleware(
            CORSMiddleware,
            allow_origins=list(settings.cors_origins),
            allow_methods=["GET", "POST"],
            allow_headers=["Authorization", "X-Seat-Credential", "Content-Type"],
        )
    rate_limited: dict[int | str, dict[str, Any]] = {429: {"description": "rate_limited"}}
    for router in ROUTERS:  # every route may answer 429 (the RateLimit middleware)
        app.include_router(router, responses=rate_limited)
    # Last, so every /api and /ws route (and /docs) is matched before the files.
    app.mount("/", StaticFiles(directory=WEB_DIR, html=True), name="web")
    return app


def app_from_environment() -> FastAPI:
    """The app of one worker of `bodoge serve --workers N` (uvicorn imports it by name in each
    worker process; the settings come as JSON in BODOGE_SERVE_SETTINGS)."""
    return create_app(Settings.from_json(json.loads(os.environ[SETTINGS_VARIABLE])))
