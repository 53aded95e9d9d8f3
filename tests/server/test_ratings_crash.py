"""A rated game's end survives kill -9 whole or not at all: a real `bodoge serve` on SQLite
plays rated tables of accounts over HTTP, is killed with SIGKILL while some tables are ending,
and the new process on the same data holds, for every table, either its end and its rating
changes together, or neither; the recompute then finds every stored number exact, and every
table plays on to its end, rated once."""

from __future__ import annotations

import os
import signal
import time
from pathlib import Path

import httpx
from accountkit import make_account
from logcheck import assert_no_traceback
from test_crash import Player, start

from bodoge.cli.main import main

TABLES = 4


def test_kill_9_keeps_each_rated_end_with_its_ratings(tmp_path: Path) -> None:
    from test_serve import free_port

    port = free_port()
    base = f"http://127.0.0.1:{port}"
    data, log = tmp_path / "data", tmp_path / "serve.log"
    server = start(data, port, log)
    players: list[Player] = []
    tables: list[str] = []
    try:
        aki, _ = make_account(base, "Aki")
        ben, _ = make_account(base, "Ben")
        for _ in range(TABLES):
            body = {"game": "koremon_evolution", "players": 2, "rated": True,
                    "seats": [{"kind": "me"}, {"kind": "open"}]}  # fmt: skip
            made = httpx.post(
                f"{base}/api/tables", json=body, headers={"Authorization": f"Bearer {aki}"}
            ).json()
            table = made["table"]["id"]
            joined = httpx.post(
                f"{base}/api/tables/{table}/join", json={},
                headers={"Authorization": f"Bearer {ben}"},
            ).json()  # fmt: skip
            tables.append(table)
            players += [Player(base, table, made["credential"]),
                        Player(base, table, joined["credential"])]  # fmt: skip
        for player in players:
            player.start()
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline:  # kill once a table has ended, others still going
            if sum(not p.is_alive() for p in players) >= 2:
                break
            time.sleep(0.005)
        os.kill(server.pid, signal.SIGKILL)
        server.wait(timeout=30)
    finally:
        for player in players:
            player.stop.set()
        if server.poll() is None:
            server.kill()
    for player in players:
        player.join(timeout=10)

    server = start(data, port, log)
    try:
        for table in tables:
            status = httpx.get(f"{base}/api/tables/{table}").json()["status"]
            changes = httpx.get(f"{base}/api/tables/{table}/ratings").json()
            assert len(changes) == (2 if status == "over" else 0), (status, changes)
        again = [Player(base, p.table, p.headers["X-Seat-Credential"]) for p in players]
        for player in again:  # every table goes on to its end, both seats at once
            player.start()
        for player in again:
            player.join(timeout=300)
        for table in tables:
            assert httpx.get(f"{base}/api/tables/{table}").json()["status"] == "over"
            assert len(httpx.get(f"{base}/api/tables/{table}/ratings").json()) == 2
    finally:
        server.terminate()
        server.wait(timeout=30)
    assert main(["ratings", "recompute", "--check", "--data", str(data)]) == 0
    assert_no_traceback(log)
