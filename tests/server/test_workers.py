"""Several workers: `bodoge serve --workers N` as real processes on PostgreSQL and Redis.

- Moves for one ply sent at once over fresh connections (so to different workers): exactly one
  is applied; every socket on every worker sees every move once, in order.
- kill -9 of the worker that runs the most bots, mid-game under load: no move answered
  "applied" is lost, another process takes its tables' bots over and every bot table finishes,
  and its sockets reconnect (to whichever worker) and get exactly what they missed.
- Everything that crossed Redis (the test subscribes and records it) is a table id and a ply.
"""

from __future__ import annotations

import asyncio
import json
import os
import signal
import time
from dataclasses import dataclass, field
from typing import Any

import httpx
import psycopg
import pytest
from cluster import NOTICE, REDIS, Cluster, cluster
from redis import asyncio as redis
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed

RACERS = 6
EXTRA_WATCHERS = 40
PLIES = 12
DEADLINE = 90.0  # seconds for any one wait: the test fails instead of hanging


@dataclass(eq=False)
class Watcher:
    """One websocket (reconnected when its worker dies): every entry it received, in order."""

    base: str
    table_id: str
    hello: dict[str, Any]
    plies: list[int] = field(default_factory=list)
    reconnects: int = 0
    workers: set[int] = field(default_factory=set)
    status: str = ""
    ply: int = 0

    async def run(self, cluster: Cluster, until: asyncio.Event) -> None:
        while not until.is_set():
            try:
                async with connect(f"ws://{self.base}/ws/tables/{self.table_id}") as socket:
                    await socket.send(json.dumps({**self.hello, "last_ply": self.ply}))
                    self.workers.add(cluster.worker_of(local_port(socket)) or 0)
                    await self.follow(socket, until)
                    return
            except (ConnectionClosed, OSError):
                self.reconnects += 1
                await asyncio.sleep(0.1)

    async def follow(self, socket: ClientConnection, until: asyncio.Event) -> None:
        while not (until.is_set() or self.status == "over"):
            try:
                text = await asyncio.wait_for(socket.recv(), 0.2)
            except TimeoutError:
                continue
            update = json.loads(text)
            if update["type"] != "update":
                continue
            self.plies += [entry["ply"] for entry in update["events"]]
            self.ply, self.status = update["ply"], update["status"]


def local_port(socket: ClientConnection) -> int:
    return int(socket.transport.get_extra_info("sockname")[1])


async def record_notices(channel: str, into: list[str], ready: asyncio.Event) -> None:
    client = redis.Redis.from_url(REDIS)
    async with client.pubsub(ignore_subscribe_messages=True) as pubsub:
        await pubsub.subscribe(f"{channel}:tables")
        ready.set()
        async for message in pubsub.listen():
            if message["type"] == "message":
                into.extend(message["data"].decode().split("\n"))  # a notice a line


async def guest(http: httpx.AsyncClient, name: str) -> dict[str, str]:
    answer = await http.post("/api/guests", json={"name": name})
    return {"Authorization": f"Bearer {answer.json()['token']}"}


async def two_people(http: httpx.AsyncClient) -> tuple[str, list[str]]:
    seats = [{"kind": "me"}, {"kind": "open"}]
    created = await http.post(
        "/api/tables",
        headers=await guest(http, "Aki"),
        json={"game": "koremon_evolution", "players": 2, "seats": seats},
    )
    table_id = created.json()["table"]["id"]
    joined = await http.post(
        f"/api/tables/{table_id}/join", headers=await guest(http, "Ben"), json={}
    )
    return table_id, [created.json()["credential"], joined.json()["credential"]]


async def pending_move(http: httpx.AsyncClient, table_id: str, creds: list[str]) -> Any:
    """(seat, action, ply) of the person to move, None once the game is over."""
    first = (await http.get(f"/api/tables/{table_id}/prompt", headers=seat(creds[0]))).json()
    if first["over"]:
        return None
    mover = first["pending"][0]
    mine = (await http.get(f"/api/tables/{table_id}/prompt", headers=seat(creds[mover]))).json()
    return mover, mine["actions"][0]["notation"], mine["ply"]


def seat(credential: str) -> dict[str, str]:
    return {"X-Seat-Credential": credential}


async def send_move(base: str, table_id: str, credential: str, body: dict[str, Any]) -> Any:
    async with httpx.AsyncClient(base_url=base, timeout=30) as fresh:  # a new connection
        return await fresh.post(
            f"/api/tables/{table_id}/moves", headers=seat(credential), json=body
        )


async def wait_until(check: Any, what: str) -> None:
    deadline = time.monotonic() + DEADLINE
    while not check():
        assert time.monotonic() < deadline, f"timed out waiting for {what}"
        await asyncio.sleep(0.05)


def assert_notices(notices: list[str], tables: set[str]) -> None:
    assert notices
    for text in notices:
        assert NOTICE.match(text), text
        assert text.split(" ")[0] in tables, text


async def race_on_one_table(running: Cluster) -> tuple[list[Watcher], list[str], str, int]:
    notices: list[str] = []
    subscribed = asyncio.Event()
    recorder = asyncio.create_task(record_notices(running.channel, notices, subscribed))
    await subscribed.wait()
    async with httpx.AsyncClient(base_url=running.base, timeout=30) as http:
        table_id, creds = await two_people(http)
        hellos = [{"type": "auth", "credential": c} for c in creds for _ in range(3)]
        hellos += [{"type": "watch"}] * 4
        watchers = [Watcher(running.base[7:], table_id, hello) for hello in hellos]
        stop = asyncio.Event()
        tasks = [asyncio.create_task(w.run(running, stop)) for w in watchers]
        await wait_until(lambda: all(w.workers for w in watchers), "every socket's hello")
        for _ in range(EXTRA_WATCHERS):  # the kernel may give one worker the first sockets
            if len({pid for w in watchers for pid in w.workers}) >= 2:
                break
            watchers.append(Watcher(running.base[7:], table_id, {"type": "watch"}))
            tasks.append(asyncio.create_task(watchers[-1].run(running, stop)))
            await wait_until(lambda: bool(watchers[-1].workers), "a new socket's hello")
        ply = 0
        for _ in range(PLIES):
            found = await pending_move(http, table_id, creds)
            if found is None:
                break
            mover, action, ply = found
            bodies = [
                {"action": action, "expected_ply": ply, "client_key": f"p{ply}r{n}"}
                for n in range(RACERS)
            ]
            answers = await asyncio.gather(
                *(send_move(running.base, table_id, creds[mover], body) for body in bodies)
            )
            statuses = sorted(answer.json()["status"] for answer in answers)
            assert statuses == ["applied"] + ["stale"] * (RACERS - 1), statuses
            ply += 1
        await wait_until(lambda: all(w.ply >= ply for w in watchers), "every socket's update")
        stop.set()
        await asyncio.gather(*tasks)
    recorder.cancel()
    return watchers, notices, table_id, ply


@pytest.mark.parametrize("workers", [2, 4])
def test_moves_sent_to_several_workers_at_once_apply_once_and_reach_every_socket(
    workers: int,
) -> None:
    with cluster(workers, "--bot-delay", "0") as running:
        watchers, notices, table_id, ply = asyncio.run(race_on_one_table(running))
    assert ply >= PLIES // 2
    assert len({pid for w in watchers for pid in w.workers}) >= 2  # the sockets were spread
    for watcher in watchers:
        assert watcher.plies == list(range(1, ply + 1))
    assert_notices(notices, {table_id})


BOT_TABLES = 12
PEOPLE_MOVES = 30  # moves the people make through the kill (their game may be much longer)


async def kill_one_under_load(running: Cluster) -> dict[str, Any]:
    notices: list[str] = []
    subscribed = asyncio.Event()
    recorder = asyncio.create_task(record_notices(running.channel, notices, subscribed))
    await subscribed.wait()
    applied: list[tuple[str, int]] = []
    async with httpx.AsyncClient(base_url=running.base, timeout=30) as http:
        headers = await guest(http, "Load")
        bots = [{"kind": "bot", "level": "random"}] * 2
        tables = []
        for _ in range(BOT_TABLES):
            created = await http.post(
                "/api/tables",
                headers=headers,
                json={"game": "koremon_evolution", "players": 2, "seats": bots},
            )
            tables.append(created.json()["table"]["id"])
        people, creds = await two_people(http)
        stop = asyncio.Event()
        watchers = [
            Watcher(running.base[7:], table, {"type": "watch"})
            for table in [*tables, people]
            for _ in range(2)
        ]
        tasks = [asyncio.create_task(w.run(running, stop)) for w in watchers]
        await wait_until(lambda: all(w.workers for w in watchers), "every socket's hello")
        # The kernel may give one worker every socket; then the one killed may hold none.
        for _ in range(EXTRA_WATCHERS):
            if len({pid for w in watchers for pid in w.workers}) >= 2:
                break
            watchers.append(Watcher(running.base[7:], tables[0], {"type": "watch"}))
            tasks.append(asyncio.create_task(watchers[-1].run(running, stop)))
            await wait_until(lambda: bool(watchers[-1].workers), "a new socket's hello")

        async def play_people() -> None:
            made = 0
            while made < PEOPLE_MOVES:
                try:
                    found = await pending_move(http, people, creds)
                    if found is None:
                        return
                    mover, action, ply = found
                    body = {"action": action, "expected_ply": ply, "client_key": f"k{made}"}
                    answer = await send_move(running.base, people, creds[mover], body)
                except httpx.TransportError:  # the connection was to the killed worker
                    continue
                if answer.json()["status"] in ("applied", "duplicate"):
                    applied.append((people, answer.json()["ply"]))
                    made += 1
                await asyncio.sleep(0.05)

        person = asyncio.create_task(play_people())
        await asyncio.sleep(1.0)  # mid-game
        victim = busiest_worker(running)
        held = {w for w in watchers if victim in w.workers}
        os.kill(victim, signal.SIGKILL)
        await asyncio.wait_for(person, DEADLINE)
        bot_watchers = [w for w in watchers if w.table_id != people]
        await wait_until(lambda: all(w.status == "over" for w in bot_watchers), "the games' end")
        async with httpx.AsyncClient(base_url=running.base, timeout=30) as fresh:
            final = (await fresh.get(f"/api/tables/{people}")).json()["ply"]
        theirs = [w for w in watchers if w.table_id == people]
        await wait_until(lambda: all(w.ply == final for w in theirs), "the people's moves")
        stop.set()
        await asyncio.gather(*tasks)
    recorder.cancel()
    return {
        "applied": applied,
        "tables": set(tables),
        "people": people,
        "watchers": watchers,
        "moved": held,
        "notices": notices,
    }


def busiest_worker(running: Cluster) -> int:
    """The worker process holding the most tables' leases (their owner is "pid-random")."""
    with psycopg.connect(running.db_url.replace("+psycopg", "")) as db:
        owners = db.execute(
            "SELECT owner, count(*) FROM leases GROUP BY owner ORDER BY 2 DESC"
        ).fetchall()
    return int(owners[0][0].split("-")[0])


def test_a_worker_killed_mid_game_loses_nothing_and_its_work_moves_on() -> None:
    with cluster(2, "--bot-delay", "0.15", "--lease-seconds", "1.5") as running:
        result = asyncio.run(kill_one_under_load(running))
        with psycopg.connect(running.db_url.replace("+psycopg", "")) as db:
            stored = set(db.execute("SELECT table_id, ply FROM moves").fetchall())
            statuses = dict(db.execute("SELECT id, status FROM tables").fetchall())
    assert result["applied"] and set(result["applied"]) <= stored
    assert all(statuses[table] == "over" for table in result["tables"])
    assert result["moved"], "the killed worker held no socket"
    assert all(w.reconnects >= 1 for w in result["moved"])
    for watcher in result["watchers"]:
        assert watcher.plies == list(range(1, watcher.ply + 1))
    assert_notices(result["notices"], {*result["tables"], result["people"]})
