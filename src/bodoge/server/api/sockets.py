"""Routes: the websocket of a table (its protocol: realtime/sockets.py and hub.py)."""

from __future__ import annotations

from fastapi import APIRouter, WebSocket

router = APIRouter()


@router.websocket("/ws/tables/{table_id}")
async def table_socket(socket: WebSocket, table_id: str) -> None:
    await socket.app.state.server.sockets.serve(socket, table_id)
