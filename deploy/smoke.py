"""A smoke test of a deployed bodoge: a game of two guests played through BASE (the reverse
proxy), with both seats and a spectator on websockets; every socket must see every move.

    python deploy/smoke.py http://127.0.0.1:8080 [--moves 20]

It makes two guests and one table on the site it is pointed at (a real deployment keeps them).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import sys
from typing import Any

import httpx
from websockets.asyncio.client import connect

TIMEOUT = 30.0


async def follow(ws_url: str, hello: dict[str, Any], plies: list[int], until: int) -> None:
    async with connect(ws_url) as socket:
        await socket.send(json.dumps({**hello, "last_ply": 0}))
        ply = 0
        while ply < until:
            update = json.loads(await asyncio.wait_for(socket.recv(), TIMEOUT))
            if update["type"] == "update":
                plies += [entry["ply"] for entry in update["events"]]
                ply = update["ply"]


async def smoke(base: str, moves: int) -> int:
    async with httpx.AsyncClient(base_url=base, timeout=TIMEOUT) as http:
        aki = (await http.post("/api/guests", json={"name": "Aki"})).json()["token"]
        ben = (await http.post("/api/guests", json={"name": "Ben"})).json()["token"]
        created = await http.post(
            "/api/tables",
            headers={"Authorization": f"Bearer {aki}"},
            json={"game": "collect", "players": 2, "seats": [{"kind": "me"}, {"kind": "open"}]},
        )
        table = created.json()["table"]["id"]
        joined = await http.post(
            f"/api/tables/{table}/join", headers={"Authorization": f"Bearer {ben}"}, json={}
        )
        creds = [created.json()["credential"], joined.json()["credential"]]
        ws_url = base.replace("http", "ws", 1) + f"/ws/tables/{table}"
        hellos = [{"type": "auth", "credential": c} for c in creds] + [{"type": "watch"}]
        seen: list[list[int]] = [[] for _ in hellos]
        made = 0
        for _ in range(moves):
            first = (await http.get(f"/api/tables/{table}/prompt", headers=seat(creds[0]))).json()
            if first["over"]:
                break
            mover = first["pending"][0]
            mine = await http.get(f"/api/tables/{table}/prompt", headers=seat(creds[mover]))
            body = {
                "action": mine.json()["actions"][0]["notation"],
                "expected_ply": mine.json()["ply"],
                "client_key": f"smoke{made}",
            }
            answer = await http.post(
                f"/api/tables/{table}/moves", headers=seat(creds[mover]), json=body
            )
            if answer.json()["status"] != "applied":
                print(f"move {made}: {answer.text}", file=sys.stderr)
                return 1
            made += 1
        await asyncio.gather(
            *(follow(ws_url, hello, into, made) for hello, into in zip(hellos, seen, strict=True))
        )
    for hello, plies in zip(hellos, seen, strict=True):
        if plies != list(range(1, made + 1)):
            print(f"{hello['type']} socket saw plies {plies}", file=sys.stderr)
            return 1
    print(f"ok: table {table}, {made} moves, {len(hellos)} sockets saw every one")
    return 0


def seat(credential: str) -> dict[str, str]:
    return {"X-Seat-Credential": credential}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("base", help="the site's address, e.g. http://127.0.0.1:8080")
    parser.add_argument("--moves", type=int, default=20, help="moves to play (20)")
    args = parser.parse_args()
    sys.exit(asyncio.run(smoke(args.base.rstrip("/"), args.moves)))


if __name__ == "__main__":
    main()
