"""The routes: `create_app(settings)` builds the ASGI app (HTTP under /api, websockets under
/ws). The work is done in tables.py (tables and moves), ws.py (websockets), bots.py, clocks.py,
leases.py (which process runs a table's bots and clock) and notices.py (what the processes tell
each other)."""

from __future__ import annotations

import asyncio
import json
import os
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path as FilePath
from typing import Annotated, Any

from fastapi import Depends, FastAPI, Header, Path, Query, Request, WebSocket
from fastapi.middleware.cors import CORSMiddleware
from fastapi.responses import JSONResponse, PlainTextResponse
from fastapi.routing import APIRoute
from fastapi.staticfiles import StaticFiles

from bodoge import __version__
from bodoge.engine import get_game
from bodoge.server import auth, catalog, errors, migrate, rules
from bodoge.server.bots import Bots
from bodoge.server.clocks import Clocks, take_back
from bodoge.server.config import Settings
from bodoge.server.entries import entries
from bodoge.server.leases import Leases
from bodoge.server.limits import BodyLimit
from bodoge.server.notices import Notices
from bodoge.server.ratelimit import RateLimit, RateLimiter
from bodoge.server.rematch import release, rematch
from bodoge.server.replays import Replays
from bodoge.server.schemas import (
    Answer,
    Entry,
    ErrorBody,
    GameOut,
    Guest,
    GuestIn,
    Health,
    Joined,
    JoinIn,
    Left,
    Me,
    MoveIn,
    Prompt,
    Rematched,
    Replay,
    Returned,
    TableCreated,
    TableIn,
    TableOut,
    UndoIn,
    Words,
)
from bodoge.server.store import PlayerRow, Store, now
from bodoge.server.tables import SeatRequest, Table, TableService
from bodoge.server.ws import Hub

WEB_DIR = FilePath(__file__).parent / "web"  # the browser client: static files, no build step


def _errors(*codes: int) -> dict[int | str, dict[str, Any]]:
    return {code: {"model": ErrorBody} for code in codes}


def _json_errors(*codes: int) -> dict[int | str, dict[str, Any]]:
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
    **_errors(401, 404, 413),
}

Credential = Annotated[str | None, Header(alias="X-Seat-Credential")]


SETTINGS_VARIABLE = "BODOGE_SERVE_SETTINGS"  # how `bodoge serve --workers` configures each one


class Server:
    """What the routes share: the store, the tables, the websockets, the bots, the leases that
    say which process runs a table's bots, and (with Redis) the notices between processes."""

    def __init__(self, settings: Settings, limiter: RateLimiter) -> None:
        self.settings = settings
        self.store = Store(settings)
        self.tables = TableService(self.store, settings)
        self.hub = Hub(self.tables, settings.max_ws_message_bytes, limiter)
        self.bots = Bots(self.tables, settings)
        self.replays = Replays(self.tables)
        self.clocks = Clocks(self.tables)
        self.leases = Leases(self.tables, self.store, settings)
        self.leases.add(self.bots)  # a table's runners: one line each
        self.leases.add(self.clocks)
        self.notices: Notices | None = None
        if settings.redis_url is not None:
            self.notices = Notices(settings.redis_url, settings.redis_channel, self.tables)
            self.notices.also = self.leases.held

    async def start(self) -> None:
        if self.notices is not None:
            await self.notices.start()  # subscribed before anything can be missed
        await self.leases.start()

    async def close(self) -> None:
        await self.leases.close()
        await self.clocks.close()
        await self.bots.close()
        if self.notices is not None:
            await self.notices.close()
        await self.store.close()

    async def idle(self) -> None:
        """Wait until no lease is being taken and no bot has anything to do (tests)."""
        while True:
            await self.leases.idle()
            await self.bots.idle()
            if not self.leases.busy():
                return

    def table_out(self, table: Table) -> dict[str, Any]:
        return self.tables.info(table, self.hub.connected(table.id))


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
            "ゲストのトークン（Authorization: Bearer ...）が必要です",
        )
    return player


GuestDep = Annotated[PlayerRow, Depends(guest)]


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
        await server.start()
        try:
            yield
        finally:
            await server.close()

    app = FastAPI(title="bodoge", version=__version__, lifespan=lifespan)
    errors.install(app)
    app.add_middleware(BodyLimit, max_bytes=settings.max_body_bytes)
    app.add_middleware(RateLimit, limiter=limiter)  # added last: runs first
    if settings.cors_origins:
        app.add_middleware(
            CORSMiddleware,
            allow_origins=list(settings.cors_origins),
            allow_methods=["GET", "POST"],
            allow_headers=["Authorization", "X-Seat-Credential", "Content-Type"],
        )

    @app.get("/api/health", response_model=Health)
    async def health() -> dict[str, str]:
        return {"status": "ok"}

    @app.get("/api/games", response_model=list[GameOut])
    async def list_games() -> list[dict[str, Any]]:
        return catalog.games(settings.policy_bots)

    @app.get("/api/games/{game}/rules", response_model=Words, responses=_errors(400, 404))
    async def game_rules(game: str) -> dict[str, str]:
        """The game's rules page, rendered to HTML, in English and Japanese."""
        get_game(game)  # unknown_game for a game that does not exist
        if not rules.has_rules(game):
            raise errors.ApiError(
                "not_found", f"{game} has no rules page", f"{game}にはルールのページがありません"
            )
        return rules.rules(game)

    @app.post("/api/guests", response_model=Guest, responses=_errors(413, 422))
    async def new_guest(body: GuestIn, srv: ServerDep) -> dict[str, str]:
        token = auth.new_secret()
        player = PlayerRow(
            id=auth.new_id(), name=body.name, token_hash=auth.hash_secret(token), created=now()
        )
        await srv.store.add_player(player)
        return {"id": player.id, "name": player.name, "token": token}

    @app.get("/api/me", response_model=Me, responses=_errors(401))
    async def me(player: GuestDep) -> dict[str, str]:
        return {"id": player.id, "name": player.name}

    @app.post("/api/tables", response_model=TableCreated, responses=_errors(400, 401, 413, 422))
    async def new_table(body: TableIn, player: GuestDep, srv: ServerDep) -> dict[str, Any]:
        seats = [SeatRequest(seat.kind, seat.level) for seat in body.seats]
        table, seat, credential, invite = await srv.tables.create(
            player,
            body.game,
            body.players,
            dict(body.options),
            seats,
            body.public,
            body.spectators,
            body.clock.model_dump(exclude_none=True),
            body.timeout_level,
        )
        return {
            "table": srv.table_out(table),
            "seat": seat,
            "credential": credential,
            "invite": invite,
        }

    @app.get("/api/tables", response_model=list[TableOut])
    async def open_tables(srv: ServerDep) -> list[dict[str, Any]]:
        return [
            srv.table_out(table)
            for table in await srv.tables.open_public()
            if any(seat.kind == "open" for seat in table.seats)
        ]

    @app.get("/api/tables/{table_id}", response_model=TableOut, responses=_errors(404))
    async def table_info(table_id: str, srv: ServerDep) -> dict[str, Any]:
        return srv.table_out(await srv.tables.current(table_id))

    @app.post(
        "/api/tables/{table_id}/join",
        response_model=Joined,
        responses=_errors(401, 403, 404, 409, 413, 422),
    )
    async def join(table_id: str, body: JoinIn, player: GuestDep, srv: ServerDep) -> dict[str, Any]:
        seat, credential = await srv.tables.join(player, table_id, body.invite)
        return {"seat": seat, "credential": credential}

    @app.post("/api/tables/{table_id}/leave", response_model=Left, responses=_errors(401, 404))
    async def leave(table_id: str, srv: ServerDep, credential: Credential = None) -> dict[str, Any]:
        table = await srv.tables.get(table_id)
        seat, status = await srv.tables.leave(table_id, credential)
        if table.rematch is not None:  # the seat kept for them there is open now
            await release(srv.tables, table.rematch, table.seats[seat].player_id)
        return {"seat": seat, "status": status}

    @app.post(
        "/api/tables/{table_id}/rematch",
        response_model=Rematched,
        responses=_errors(401, 404, 409, 422),
    )
    async def new_rematch(
        table_id: str, srv: ServerDep, credential: Credential = None
    ) -> dict[str, Any]:
        """Your seat at the rematch of a finished table (made by the first call)."""
        table, seat, new_credential = await rematch(srv.tables, table_id, credential)
        return {"table": srv.table_out(table), "seat": seat, "credential": new_credential}

    @app.post(
        "/api/tables/{table_id}/return", response_model=Returned, responses=_errors(401, 404, 409)
    )
    async def take_seat_back(
        table_id: str, srv: ServerDep, credential: Credential = None
    ) -> dict[str, Any]:
        """Take back a seat a bot took when its clock ran out (no_stand_in if none did)."""
        return await take_back(srv.tables, table_id, credential)

    @app.post("/api/tables/{table_id}/moves", response_model=Answer, responses=ANSWERS)
    async def move(
        table_id: str, body: MoveIn, srv: ServerDep, credential: Credential = None
    ) -> JSONResponse:
        status, answer = await srv.tables.answer(
            table_id, credential, body.action, body.expected_ply, body.client_key
        )
        return JSONResponse(answer, status_code=status)

    @app.post("/api/tables/{table_id}/undo", response_model=Answer, responses=ANSWERS)
    async def undo(
        table_id: str, body: UndoIn, srv: ServerDep, credential: Credential = None
    ) -> JSONResponse:
        status, answer = await srv.tables.answer(
            table_id, credential, None, body.expected_ply, body.client_key
        )
        return JSONResponse(answer, status_code=status)

    @app.get(
        "/api/tables/{table_id}/prompt", response_model=Prompt, responses=_errors(401, 403, 404)
    )
    async def prompt(table_id: str, srv: ServerDep, credential: Credential = None) -> Any:
        table = await srv.tables.current(table_id)
        return JSONResponse(table.match.prompt(srv.tables.viewer(table, credential)))

    @app.get(
        "/api/tables/{table_id}/events",
        response_model=list[Entry],
        responses=_errors(401, 403, 404),
    )
    async def events(
        table_id: str,
        srv: ServerDep,
        since: Annotated[int, Query(ge=0)] = 0,
        credential: Credential = None,
    ) -> Any:
        table = await srv.tables.current(table_id)
        return JSONResponse(entries(table, srv.tables.viewer(table, credential), since))

    @app.get("/api/tables/{table_id}/content", responses=_errors(404))
    async def content(table_id: str, srv: ServerDep) -> Any:
        """The table's game components as a drawing needs them (public, fixed for the game)."""
        table = await srv.tables.get(table_id)
        content = table.match.spec.public_content(table.players, table.options)
        return JSONResponse(content)

    @app.get(
        "/api/tables/{table_id}/record",
        response_class=PlainTextResponse,
        responses=_json_errors(401, 403, 404, 409),
    )
    async def record(
        table_id: str, srv: ServerDep, credential: Credential = None
    ) -> PlainTextResponse:
        """The game record file, as a download named bodoge-GAME-TABLE.txt."""
        table = await srv.tables.current(table_id)
        srv.tables.viewer(table, credential)  # a seat, or a spectator where they are allowed
        name = f"bodoge-{table.game}-{table.id}.txt"
        return PlainTextResponse(
            srv.tables.record(table),
            headers={"Content-Disposition": f'attachment; filename="{name}"'},
        )

    @app.get(
        "/api/tables/{table_id}/replay/{step}",
        response_model=Replay,
        responses=_errors(401, 403, 404, 409, 422),
    )
    async def replay(
        table_id: str,
        step: Annotated[int, Path(ge=0, le=1_000_000)],
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

    @app.websocket("/ws/tables/{table_id}")
    async def table_socket(socket: WebSocket, table_id: str) -> None:
        await socket.app.state.server.hub.serve(socket, table_id)

    for route in app.routes:  # every route may answer 429 (the RateLimit middleware)
        if isinstance(route, APIRoute):
            route.responses.setdefault(429, {"model": ErrorBody, "description": "rate_limited"})
    # Last, so every /api and /ws route (and /docs) is matched before the files.
    app.mount("/", StaticFiles(directory=WEB_DIR, html=True), name="web")
    return app


def app_from_environment() -> FastAPI:
    """The app of one worker of `bodoge serve --workers N` (uvicorn imports it by name in each
    worker process; the settings come as JSON in BODOGE_SERVE_SETTINGS)."""
    return create_app(Settings.from_json(json.loads(os.environ[SETTINGS_VARIABLE])))
