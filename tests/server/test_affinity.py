"""Table affinity on `bodoge serve --workers 2` (real processes, PostgreSQL, Redis).

One table of two people, its sockets spread over both workers (seats and spectators), moves
sent over fresh connections (so to either worker) and over sockets held by the worker that does
not own the table:
- every move is answered "applied" and a read over a fresh connection sees it at once;
- every socket on either worker sees every ply once, in order, and a seat's sockets on both
  workers get the same entries (the owner's, of that seat);
- only the owner applies moves (`bodoge_moves_total` by worker at /metrics), the other forwards;
- the owner sends no notice of its moves over Redis (no move costs more with more workers);
- everything the owner sent the other worker over Redis is, per seat, an update of that seat
  only, sent to the worker holding a socket of that seat.
"""

from __future__ import annotations

import asyncio
import json
from typing import Any

import httpx
import psycopg
from cluster import REDIS, Cluster, cluster
from prometheus_client.parser import text_string_to_metric_families
from redis import asyncio as redis
from test_workers import (
    Watcher,
    local_port,
    pending_move,
    seat,
    send_move,
    two_people,
    wait_until,
)
from websockets.asyncio.client import connect

PLIES = 10
MAX_SOCKETS = 40


async def record_relay(
    channel: str, into: list[tuple[str, dict[str, Any]]], notices: list[str], ready: Any
) -> None:
    """Every message to a worker's inbox: (the inbox's owner id, the message); and every
    table notice (notices.py), a line each."""
    client = redis.Redis.from_url(REDIS)
    async with client.pubsub(ignore_subscribe_messages=True) as pubsub:
        await pubsub.psubscribe(f"{channel}:to:*")
        await pubsub.subscribe(f"{channel}:tables")
        ready.set()
        async for message in pubsub.listen():
            if message["type"] == "pmessage":
                owner = message["channel"].decode().rsplit(":", 1)[1]
                into.append((owner, json.loads(message["data"])))
            elif message["type"] == "message":
                notices.extend(message["data"].decode().split("\n"))


async def owner_pid(running: Cluster, table_id: str) -> int:
    """The pid of the worker holding the table's lease (taken as the game starts)."""
    found: list[Any] = []

    def look() -> bool:
        with psycopg.connect(running.db_url.replace("+psycopg", "")) as db:
            query = "SELECT owner FROM leases WHERE table_id = %s"
            found[:] = db.execute(query, (table_id,)).fetchall()
        return bool(found)

    await wait_until(look, "the table's lease")
    return int(found[0][0].split("-")[0])


def moves_by_worker(running: Cluster) -> dict[str, float]:
    text = httpx.get(f"{running.base}/metrics", timeout=10).text
    found: dict[str, float] = {}
    for family in text_string_to_metric_families(text):
        for sample in family.samples:
            if sample.name == "bodoge_moves_total":
                found[sample.labels["worker"]] = sample.value
            elif sample.name.startswith(("bodoge_forwarded_total", "bodoge_updates_published")):
                key = sample.name + sample.labels.get("kind", "")
                found[key] = found.get(key, 0.0) + sample.value
    return found


async def socket_move(base: str, table_id: str, credential: str, body: dict[str, Any]) -> Any:
    """A move over a socket (its answer)."""
    async with connect(f"ws://{base}/ws/tables/{table_id}") as socket:
        await socket.send(json.dumps({"type": "auth", "credential": credential}))
        worker_port = local_port(socket)
        await socket.send(json.dumps({"type": "move", **body}))
        while True:
            message = json.loads(await socket.recv())
            if message["type"] == "answer":
                return message, worker_port


async def play(running: Cluster) -> dict[str, Any]:
    relayed: list[tuple[str, dict[str, Any]]] = []
    notices: list[str] = []
    ready = asyncio.Event()
    recorder = asyncio.create_task(record_relay(running.channel, relayed, notices, ready))
    await ready.wait()
    base = running.base[7:]
    async with httpx.AsyncClient(base_url=running.base, timeout=30) as http:
        table_id, creds = await two_people(http)
        owner = await owner_pid(running, table_id)
        hellos = [{"type": "auth", "credential": c} for c in creds] + [{"type": "watch"}]
        stop = asyncio.Event()
        watchers: list[Watcher] = []
        tasks = []
        # sockets of each kind until each kind has one on the worker that is not the owner
        for n in range(MAX_SOCKETS):
            hello = hellos[n % len(hellos)]
            watchers.append(Watcher(base, table_id, hello))
            tasks.append(asyncio.create_task(watchers[-1].run(running, stop)))
            await wait_until(lambda: bool(watchers[-1].workers), "a socket's hello")
            remote = {json.dumps(w.hello) for w in watchers if owner not in w.workers}
            if len(remote) == len(hellos) and n >= 2 * len(hellos):
                break
        socket_moves = 0
        ply = 0
        for _ in range(PLIES):
            found = await pending_move(http, table_id, creds)
            if found is None:
                break
            mover, action, ply = found
            body = {"action": action, "expected_ply": ply, "client_key": f"p{ply}"}
            if ply % 2:
                answer, _ = await socket_move(base, table_id, creds[mover], body)
                socket_moves += 1
            else:
                answer = (await send_move(running.base, table_id, creds[mover], body)).json()
            assert answer["status"] == "applied", answer
            ply += 1
            for _ in range(4):  # a read over a fresh connection (either worker) sees the move
                async with httpx.AsyncClient(base_url=running.base, timeout=30) as fresh:
                    read = await fresh.get(f"/api/tables/{table_id}/prompt", headers=seat(creds[0]))
                assert read.json()["ply"] == ply
        await wait_until(lambda: all(w.ply >= ply for w in watchers), "every socket's update")
        stop.set()
        await asyncio.gather(*tasks)
    await asyncio.sleep(0.5)
    recorder.cancel()
    return {
        "table": table_id,
        "creds": creds,
        "owner": owner,
        "ply": ply,
        "watchers": watchers,
        "relayed": relayed,
        "notices": notices,
        "metrics": moves_by_worker(running),
    }


def test_the_owner_applies_and_the_other_forwards() -> None:
    with cluster(2, "--bot-delay", "0") as running:
        result = asyncio.run(play(running))
        pids = running.workers()
    watchers: list[Watcher] = result["watchers"]
    owner, ply = result["owner"], result["ply"]
    assert ply >= PLIES // 2
    remote = [w for w in watchers if owner not in w.workers]
    assert {json.dumps(w.hello) for w in remote} == {json.dumps(w.hello) for w in watchers}
    for watcher in watchers:
        assert watcher.plies == list(range(1, ply + 1))
    # Only the owner applied moves; the other forwarded requests and socket moves to it.
    found = result["metrics"]
    assert found[str(owner)] == ply
    assert all(found.get(str(pid), 0.0) == 0.0 for pid in pids if pid != owner)
    assert found["bodoge_forwarded_totalhttp"] > 0
    assert found["bodoge_forwarded_totalsocket"] > 0
    assert found["bodoge_updates_published_total"] > 0
    # The owner sends no notice of its moves (the other ignores the notices of a table owned
    # elsewhere): the table's notices are those of the joins, at ply 0.
    noticed = [line for line in result["notices"] if line.startswith(result["table"] + " ")]
    assert noticed and all(line == f"{result['table']} 0" for line in noticed), noticed
    # What crossed Redis to the other worker: per seat, that seat's own update, to a worker
    # holding a socket of that seat.
    creds = result["creds"]

    def kind_of(watcher: Watcher) -> str:
        credential = watcher.hello.get("credential")
        return "s" if credential is None else str(creds.index(credential))

    updates = [(to, m) for to, m in result["relayed"] if m.get("op") == "update"]
    assert updates
    for to, message in updates:
        assert int(to.split("-")[0]) != owner
        for kind, (head, tail) in message["updates"].items():
            update = json.loads(head + "[]" + tail)  # encoded around its connected seats
            expected = None if kind == "s" else int(kind)
            assert update["prompt"]["seat"] == expected, (kind, update["prompt"])
            holders = {pid for w in remote if kind_of(w) == kind for pid in w.workers}
            assert int(to.split("-")[0]) in holders
