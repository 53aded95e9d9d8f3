"""Sockets that close while the table moves leave the hub: many open/close cycles over real
sockets against a real server, the other seats moving over HTTP meanwhile. Afterwards the hub
holds no connection and the table's info shows the seat disconnected."""

from __future__ import annotations

import asyncio
import json
from typing import Any

import httpx
from websockets.asyncio.client import connect
from wire import running

from bodoge.server.app import create_app
from bodoge.server.config import Settings

CYCLES = 40
SOCKETS = 6  # all authenticated as one seat
SETTLE_TRIES = 500  # polls of 10 ms for the server to notice the closes


async def _guest(http: httpx.AsyncClient, name: str) -> dict[str, str]:
    answer = await http.post("/api/guests", json={"name": name})
    return {"Authorization": f"Bearer {answer.json()['token']}"}


async def _move_once(http: httpx.AsyncClient, table_id: str, creds: list[str], key: str) -> bool:
    """The pending seat plays its first action over HTTP; False once the game is over."""
    headers = {"X-Seat-Credential": creds[0]}
    current = (await http.get(f"/api/tables/{table_id}/prompt", headers=headers)).json()
    if current["over"]:
        return False
    seat = current["pending"][0]
    headers = {"X-Seat-Credential": creds[seat]}
    mine = (await http.get(f"/api/tables/{table_id}/prompt", headers=headers)).json()
    body = {"action": mine["actions"][0]["id"], "expected_ply": mine["ply"], "client_key": key}
    await http.post(f"/api/tables/{table_id}/moves", headers=headers, json=body)
    return True


async def _cycles(settings: Settings) -> tuple[int, list[dict[str, Any]]]:
    app = create_app(settings)
    async with running(settings, app) as host, httpx.AsyncClient(base_url=f"http://{host}") as http:
        seats = [{"kind": "me"}, {"kind": "open"}, {"kind": "open"}]
        created = await http.post(
            "/api/tables",
            headers=await _guest(http, "A"),
            json={"game": "koremon_hunt", "players": 3, "seats": seats},
        )
        table_id = created.json()["table"]["id"]
        creds = [created.json()["credential"]]
        for name in ("B", "C"):
            joined = await http.post(
                f"/api/tables/{table_id}/join", headers=await _guest(http, name), json={}
            )
            creds.append(joined.json()["credential"])
        url = f"ws://{host}/ws/tables/{table_id}"
        hello = json.dumps({"type": "auth", "credential": creds[1], "last_ply": 0})
        closing = asyncio.Event()

        async def play() -> None:  # the other seats move all along
            made = 0
            while not closing.is_set() and await _move_once(http, table_id, creds, f"k{made}"):
                made += 1

        mover = asyncio.create_task(play())
        for _ in range(CYCLES):
            sockets = [await connect(url) for _ in range(SOCKETS)]
            for socket in sockets:
                await socket.send(hello)
                assert json.loads(await socket.recv())["type"] == "update"
            # The closes race the updates the moves wake.
            await asyncio.gather(*(socket.close() for socket in sockets))
        closing.set()
        await mover
        hub = app.state.server.hub
        for _ in range(SETTLE_TRIES):
            if hub.connections(table_id) == 0:
                break
            await asyncio.sleep(0.01)
        seats_now = (await http.get(f"/api/tables/{table_id}")).json()["seats"]
        return hub.connections(table_id), seats_now


def test_closed_sockets_leave_the_hub_under_moves(settings: Settings) -> None:
    left, seats = asyncio.run(_cycles(settings))
    assert left == 0
    assert [seat["connected"] for seat in seats] == [False, False, False]
