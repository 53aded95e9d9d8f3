"""Websockets per table and seat: `/ws/tables/{id}`, what each socket says.

The first message says who is there (`{"type": "auth", "credential": ..., "last_ply": P}` or
`{"type": "watch", "last_ply": P}`); then the connection joins the hub (hub.py), which sends its
updates. Client messages: "move", "undo" (answered with `{"type": "answer", "client_key", ...the
HTTP answer's body}`), "sync" (resend from a ply) and "return" (take back a seat a bot took on
timeout: `{"type": "returned", "seat", "ply"}`). A message that cannot be read gets an `error`
frame and the socket stays open; one over the size limit closes it.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
from typing import TYPE_CHECKING, Any

from fastapi import WebSocket, WebSocketDisconnect
from pydantic import BaseModel, ValidationError

from bodoge.engine import BodogeError
from bodoge.server.errors import ApiError, error_json, invalid
from bodoge.server.forwarding import ask_owner
from bodoge.server.jsontext import loads
from bodoge.server.ratelimit import RateLimiter, client_address
from bodoge.server.realtime.hub import Connection, Hub
from bodoge.server.schemas import WsAuth, WsMove, WsReturn, WsSync, WsUndo, WsWatch
from bodoge.server.services.cache import TableCache
from bodoge.server.services.lobby import Lobby
from bodoge.server.services.model import require_seat, viewer
from bodoge.server.services.moves import MoveRequest, Moves

if TYPE_CHECKING:
    from bodoge.server.realtime.affinity import Affinity

CLOSE_POLICY = 1008  # a first message that is not a valid auth or watch
CLOSE_TOO_BIG = 1009
HELLO: dict[str, type[BaseModel]] = {"auth": WsAuth, "watch": WsWatch}
PLAY: dict[str, type[BaseModel]] = {
    "move": WsMove,
    "undo": WsUndo,
    "sync": WsSync,
    "return": WsReturn,
}


class Sockets:
    def __init__(
        self,
        hub: Hub,
        cache: TableCache,
        lobby: Lobby,
        moves: Moves,
        max_message_bytes: int,
        limiter: RateLimiter,
    ) -> None:
        self.hub = hub
        self.cache = cache
        self.lobby = lobby
        self.moves = moves
        self.max_message_bytes = max_message_bytes
        self.limiter = limiter
        self.affinity: Affinity | None = None  # several processes: moves go to the owner

    async def serve(self, socket: WebSocket, table_id: str) -> None:
        await socket.accept()
        try:
            connection = await self._hello(socket, table_id)
        except WebSocketDisconnect:
            return
        if connection is None:
            return
        sender = asyncio.create_task(self.hub.send_updates(connection))
        self.hub.add(connection)
        try:
            await self._receive(connection)
        except WebSocketDisconnect:
            pass
        finally:
            # The connection leaves the hub first, whatever ended it; then its sender, which
            # may have ended already (a send to a socket that was closing raises
            # WebSocketDisconnect), is cancelled and awaited without re-raising that.
            sender.cancel()
            self.hub.remove(connection)
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
            if self.affinity is not None:  # who builds its updates: this process or the owner
                await self.affinity.owner_elsewhere(table_id)
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
                if not await self._forwarded(connection, "return", {}, message):
                    await self._take_back(connection)
                continue
            assert isinstance(message, WsMove | WsUndo)
            action = message.action if isinstance(message, WsMove) else None
            body = {"expected_ply": message.expected_ply, "client_key": message.client_key}
            if isinstance(message, WsMove):
                body["action"] = message.action
            path = "moves" if isinstance(message, WsMove) else "undo"
            if await self._forwarded(connection, path, body, message):
                continue
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

    async def _forwarded(
        self, connection: Connection, path: str, body: dict[str, Any], message: Any
    ) -> bool:
        """Send a decision of a table owned elsewhere to its owner and its answer back; False if
        the table is owned here (or nobody answered): the caller decides here."""
        owner = self.affinity.elsewhere(connection.table_id) if self.affinity else None
        if owner is None or self.affinity is None:
            return False
        asked = await ask_owner(
            self.affinity,
            owner,
            f"/api/tables/{connection.table_id}/{path}",
            body,
            connection.credential,
            connection.socket.scope.get("client"),
        )
        if asked is None:
            return False
        status, answer = asked
        if path == "return":
            if status == 200:
                await connection.send({"type": "returned", **answer})
            else:
                await connection.send({"type": "error", "error": answer["error"]})
            return True
        if "error" in answer and "status" not in answer:  # a refusal before any route
            await connection.send({"type": "error", "error": answer["error"]})
            return True
        await connection.send({"type": "answer", "client_key": message.client_key, **answer})
        return True

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
