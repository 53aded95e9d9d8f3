"""Websockets per table and seat: `/ws/tables/{id}`.

The first message says who is there (`{"type": "auth", "credential": ..., "last_ply": P}` or
`{"type": "watch", "last_ply": P}`). Then each connection's sender pushes `{"type": "update",
"ply", "events", "prompt", "connected", "status", "rematch"}` whenever the table changes: the
entries since the ply it last sent (with their texts, entries.py), and the prompt, both built
from that seat's `match.events_for(seat, ...)` and `match.prompt(seat)` only, never from the full
state. Updates coalesce: a slow client gets one update with everything it missed. Client
messages: "move", "undo" (answered with `{"type": "answer", "client_key", ...the HTTP answer's
body}`), "sync" (resend from a ply) and "return" (take back a seat a bot took on timeout:
`{"type": "returned", "seat", "ply"}`). Updates also carry the seats' stand-ins and the clocks,
their time left computed as the update is sent.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
from dataclasses import dataclass, field
from typing import Any

from fastapi import WebSocket, WebSocketDisconnect
from pydantic import BaseModel, ValidationError

from bodoge.engine import BodogeError
from bodoge.server.entries import entries
from bodoge.server.errors import ApiError, error_json, invalid
from bodoge.server.jsontext import loads
from bodoge.server.ratelimit import RateLimiter, client_address
from bodoge.server.schemas import WsAuth, WsMove, WsReturn, WsSync, WsUndo, WsWatch
from bodoge.server.services import clock
from bodoge.server.services.cache import TableCache
from bodoge.server.services.lobby import Lobby
from bodoge.server.services.model import Table, require_seat, viewer
from bodoge.server.services.moves import MoveRequest, Moves
from bodoge.server.store.models import now

CLOSE_POLICY = 1008  # a first message that is not a valid auth or watch
CLOSE_TOO_BIG = 1009
HELLO: dict[str, type[BaseModel]] = {"auth": WsAuth, "watch": WsWatch}
PLAY: dict[str, type[BaseModel]] = {
    "move": WsMove,
    "undo": WsUndo,
    "sync": WsSync,
    "return": WsReturn,
}


@dataclass(eq=False)
class Connection:
    socket: WebSocket
    table_id: str
    seat: int | None  # None: a spectator
    credential: str | None
    last_ply: int
    wake: asyncio.Event = field(default_factory=asyncio.Event)
    send_lock: asyncio.Lock = field(default_factory=asyncio.Lock)

    async def send(self, message: dict[str, Any]) -> None:
        await self.send_text(json.dumps(message, ensure_ascii=False))

    async def send_text(self, text: str) -> None:
        async with self.send_lock:
            await self.socket.send_text(text)


class Hub:
    def __init__(
        self,
        cache: TableCache,
        lobby: Lobby,
        moves: Moves,
        max_message_bytes: int,
        limiter: RateLimiter,
    ) -> None:
        self.cache = cache
        self.lobby = lobby
        self.moves = moves
        self.max_message_bytes = max_message_bytes
        self.limiter = limiter
        self._connections: dict[str, set[Connection]] = {}
        # The updates built for a table's sockets, by everything an update is made of: the
        # sockets of one table that would get the same update (its spectators, mostly) share
        # one, built and encoded once per process. Only the table's latest updates are kept.
        self._built: dict[str, dict[tuple[Any, ...], str]] = {}
        cache.listeners.append(self.notify)
        cache.interest.append(lambda table_id: bool(self._connections.get(table_id)))

    def connections(self, table_id: str) -> int:
        """How many sockets of the table are open here."""
        return len(self._connections.get(table_id, ()))

    def connected(self, table_id: str) -> set[int]:
        """The seats with at least one open connection."""
        return {c.seat for c in self._connections.get(table_id, ()) if c.seat is not None}

    def notify(self, table_id: str) -> None:
        for connection in self._connections.get(table_id, ()):
            connection.wake.set()

    async def serve(self, socket: WebSocket, table_id: str) -> None:
        await socket.accept()
        try:
            connection = await self._hello(socket, table_id)
        except WebSocketDisconnect:
            return
        if connection is None:
            return
        self._connections.setdefault(table_id, set()).add(connection)
        sender = asyncio.create_task(self._send_updates(connection))
        self.notify(table_id)  # the others see who is connected; this one gets its first update
        try:
            await self._receive(connection)
        except WebSocketDisconnect:
            pass
        finally:
            # The connection leaves the hub first, whatever ended it; then its sender, which
            # may have ended already (a send to a socket that was closing raises
            # WebSocketDisconnect), is cancelled and awaited without re-raising that.
            sender.cancel()
            self._connections[table_id].discard(connection)
            if not self._connections[table_id]:
                self._built.pop(table_id, None)
            self.notify(table_id)
            await asyncio.gather(sender, return_exceptions=True)

    async def _read(self, socket: WebSocket, types: dict[str, type[BaseModel]]) -> BaseModel | None:
        """The next message as one of `types` (by its "type"); None after a refusal was sent (the
        caller decides whether to close)."""
        message = await socket.receive()
        if message["type"] == "websocket.disconnect":
            raise WebSocketDisconnect(message.get("code", 1000))
        if not self.limiter.allow(client_address(socket.scope)):
            await _refuse(socket, self.limiter.error())
            return None
        text = message.get("text")
        if text is None:  # a binary frame
            await _refuse(
                socket,
                ApiError(
                    "bad_request",
                    "messages are JSON text, not binary",
                    "メッセージはバイナリではなくJSONのテキストで送ってください",
                ),
            )
            return None
        if len(text.encode("utf-8")) > self.max_message_bytes:
            await _refuse(
                socket,
                ApiError(
                    "too_large",
                    f"a message is at most {self.max_message_bytes} bytes",
                    f"メッセージは{self.max_message_bytes}バイトまでです",
                ),
                close=CLOSE_TOO_BIG,
            )
            raise WebSocketDisconnect(CLOSE_TOO_BIG)
        try:
            data = loads(text)
            kind = data.get("type") if isinstance(data, dict) else None
            if not isinstance(kind, str) or kind not in types:
                raise ApiError(
                    "bad_request",
                    f"bad message: type must be one of {', '.join(types)}",
                    f"メッセージが正しくありません：typeは{'、'.join(types)}のどれかにしてください",
                )
            return types[kind].model_validate(data)
        except ValidationError as error:
            await _refuse(
                socket, invalid(error.errors(), "bad message: ", "メッセージが正しくありません：")
            )
        except ApiError as error:
            await _refuse(socket, error)
        return None

    async def _hello(self, socket: WebSocket, table_id: str) -> Connection | None:
        first = await self._read(socket, HELLO)
        if first is None:
            await socket.close(CLOSE_POLICY)
            return None
        try:
            table = await self.cache.current(table_id)  # a reconnect misses nothing
            credential = first.credential if isinstance(first, WsAuth) else None
            seat: int | None
            if isinstance(first, WsAuth):
                seat = require_seat(table, credential)
            else:
                seat = viewer(table, None)
        except ApiError as error:
            await _refuse(socket, error, close=CLOSE_POLICY)
            return None
        assert isinstance(first, WsAuth | WsWatch)
        return Connection(socket, table_id, seat, credential, first.last_ply)

    async def _send_updates(self, connection: Connection) -> None:
        while True:
            await connection.wake.wait()
            connection.wake.clear()
            table = await self.cache.get(connection.table_id)
            text = self._update(table, connection)
            connection.last_ply = table.match.ply
            await connection.send_text(text)

    def _update(self, table: Table, connection: Connection) -> str:
        """The update `connection` gets now, encoded: shared with the table's other sockets here
        that get the same, unless the table has a clock (the time left is as of sending)."""
        match, seat = table.match, connection.seat
        connected = tuple(sorted(self.connected(connection.table_id)))
        key = None
        if table.clock.settings.kind == clock.NONE:
            key = (
                id(match),
                match.ply,
                seat,
                connection.last_ply,
                connected,
                table.status,
                table.rematch,
                tuple((s.kind, s.name, s.bot_level, s.stand_in) for s in table.seats),
            )
            built = self._built.setdefault(connection.table_id, {})
            text = built.get(key)
            if text is not None:
                return text
        update = {
            "type": "update",
            "ply": match.ply,
            "events": entries(table, seat, connection.last_ply),
            "prompt": match.prompt(seat),
            "connected": list(connected),
            "status": table.status,
            "rematch": table.rematch,
            "stand_ins": [each.stand_in for each in table.seats],
            **clock.clock_json(table, now()),  # the time left as of sending
        }
        text = json.dumps(update, ensure_ascii=False)
        if key is not None:
            if any(other[1] != match.ply for other in built):
                built.clear()  # the table moved on: the older updates are not asked for again
            built[key] = text
        return text

    async def _receive(self, connection: Connection) -> None:
        socket = connection.socket
        while True:
            message = await self._read(socket, PLAY)
            if message is None:
                continue
            if isinstance(message, WsSync):
                connection.last_ply = message.last_ply
                connection.wake.set()
                continue
            if connection.seat is None:
                await _refuse(
                    socket,
                    ApiError("forbidden", "a spectator cannot move", "観戦者は手を指せません"),
                )
                continue
            if isinstance(message, WsReturn):
                await self._take_back(connection)
                continue
            assert isinstance(message, WsMove | WsUndo)
            action = message.action if isinstance(message, WsMove) else None
            _, answer = await self.moves.answer(
                MoveRequest(
                    connection.table_id,
                    action,
                    message.expected_ply,
                    message.client_key,
                    credential=connection.credential,  # checked again: the seat may be left
                )
            )
            await connection.send({"type": "answer", "client_key": message.client_key, **answer})

    async def _take_back(self, connection: Connection) -> None:
        try:
            taken = await self.lobby.take_back(connection.table_id, connection.credential)
        except (ApiError, BodogeError) as error:
            await _refuse(connection.socket, error)
        else:
            await connection.send({"type": "returned", **taken})


async def _refuse(
    socket: WebSocket, error: ApiError | BodogeError, close: int | None = None
) -> None:
    with contextlib.suppress(Exception):
        await socket.send_text(
            json.dumps({"type": "error", "error": error_json(error)}, ensure_ascii=False)
        )
        if close is not None:
            await socket.close(close)
