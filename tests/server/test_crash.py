"""Nothing answered "applied" is lost when the server process is killed with SIGKILL (issue 14).

A real `bodoge serve` process on SQLite runs tables of a person against bots; clients send moves
from several threads at once; the process is killed with kill -9 in the middle; a new process on
the same data folder must hold every move that was answered "applied", answer a resent client key
"duplicate", and let every table play on to its end.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any

import httpx
from logcheck import assert_no_traceback

SRC = str(Path(__file__).resolve().parents[2] / "src")
GAMES = ("koremon_evolution", "collect", "koremon_trick", "koremon_evolution")


def start(data: Path, port: int, log: Path) -> subprocess.Popen[str]:
    """`bodoge serve` on `data`, its log in the file `log` (appended to)."""
    with log.open("ab") as out:
        server = subprocess.Popen(
            [sys.executable, "-m", "bodoge", "serve", "--port", str(port), "--data", str(data),
             "--bot-delay", "0"],
            stdout=out, stderr=subprocess.STDOUT, text=True,
            env={**os.environ, "PYTHONPATH": SRC},
        )  # fmt: skip
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        try:
            if httpx.get(f"http://127.0.0.1:{port}/api/health", timeout=1).status_code == 200:
                return server
        except httpx.HTTPError:
            time.sleep(0.1)
    server.kill()
    raise AssertionError("bodoge serve did not answer within 60 s")


class Player(threading.Thread):
    """Plays one seat of one table over HTTP until stopped, keeping every applied answer."""

    def __init__(self, base: str, table: str, credential: str) -> None:
        super().__init__(daemon=True)
        self.base, self.table = base, table
        self.headers = {"X-Seat-Credential": credential}
        self.applied: list[dict[str, Any]] = []  # {"ply", "client_key", "action"}
        self.stop = threading.Event()

    def run(self) -> None:
        with httpx.Client(base_url=self.base, headers=self.headers, timeout=5) as client:
            number = 0
            while not self.stop.is_set():
                try:
                    prompt = client.get(f"/api/tables/{self.table}/prompt").json()
                    if prompt.get("over"):
                        return
                    if not prompt.get("actions"):
                        time.sleep(0.005)
                        continue
                    action = prompt["actions"][-1]["notation"]
                    key = f"k{number}"
                    number += 1
                    body = {"action": action, "expected_ply": prompt["ply"], "client_key": key}
                    answer = client.post(f"/api/tables/{self.table}/moves", json=body).json()
                except (httpx.HTTPError, ValueError):
                    return  # the server is gone
                if answer.get("status") == "applied":
                    self.applied.append({"ply": answer["ply"], "client_key": key,
                                         "action": action})  # fmt: skip


def test_kill_9_loses_no_applied_move(tmp_path: Path) -> None:
    from test_serve import free_port

    port = free_port()
    base = f"http://127.0.0.1:{port}"
    data = tmp_path / "data"
    log = tmp_path / "serve.log"
    server = start(data, port, log)
    players: list[Player] = []
    try:
        token = httpx.post(f"{base}/api/guests", json={"name": "Aki"}).json()["token"]
        auth = {"Authorization": f"Bearer {token}"}
        for game in GAMES:
            seats = [{"kind": "me"}] + [{"kind": "bot", "level": "random"}] * 2
            created = httpx.post(
                f"{base}/api/tables", headers=auth,
                json={"game": game, "players": 3, "seats": seats, "public": False},
            ).json()  # fmt: skip
            players.append(Player(base, created["table"]["id"], created["credential"]))
        for player in players:
            player.start()
        deadline = time.monotonic() + 60
        while sum(len(p.applied) for p in players) < 40 and time.monotonic() < deadline:
            time.sleep(0.01)
        os.kill(server.pid, signal.SIGKILL)  # mid-run: moves are in flight
        server.wait(timeout=30)
    finally:
        for player in players:
            player.stop.set()
        if server.poll() is None:
            server.kill()
    for player in players:
        player.join(timeout=10)
    applied = sum(len(p.applied) for p in players)
    assert applied >= 40, f"only {applied} moves were applied before the kill"

    server = start(data, port, log)
    try:
        for player in players:
            headers = player.headers
            events = httpx.get(
                f"{base}/api/tables/{player.table}/events", params={"since": 0}, headers=headers
            ).json()
            mine = {entry["ply"] for entry in events if entry["seat"] == 0 and entry["by"] is None}
            lost = [move for move in player.applied if move["ply"] not in mine]
            assert not lost, f"answered applied, missing after kill -9: {lost}"
            if player.applied:  # the same key again after the restart: the first answer
                last = player.applied[-1]
                again = httpx.post(
                    f"{base}/api/tables/{player.table}/moves", headers=headers,
                    json={"action": last["action"], "expected_ply": last["ply"] - 1,
                          "client_key": last["client_key"]},
                ).json()  # fmt: skip
                assert again["status"] == "duplicate" and again["ply"] == last["ply"]
        for player in players:  # every table goes on to its end
            player.stop.clear()
            player.run()
            info = httpx.get(f"{base}/api/tables/{player.table}").json()
            assert info["status"] == "over", info
            record = httpx.get(f"{base}/api/tables/{player.table}/record")
            assert record.status_code == 200 and record.text.startswith('[Bodoge "1"]')
    finally:
        server.terminate()
        server.wait(timeout=30)
    assert_no_traceback(log)
    print(f"kill -9 test: {applied} moves answered applied before the kill, 0 lost, "
          f"{len(players)} tables finished after the restart")  # fmt: skip
