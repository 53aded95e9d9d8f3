"""Behind a proxy routing by table id (deploy/nginx.conf) a table's owner is the process its
requests go to. A table of bots starts at its creation, which has no id to route by yet, so it
may be made by any process: its lease goes to the first process asked about it, not to the
one that made it (runners/leases.py, `claim`).

Two `bodoge serve` processes, each on its own port, share PostgreSQL and Redis (the deployment
of docs/deploy.md); the table is made through one and asked about through the other."""

from __future__ import annotations

import secrets
import subprocess
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import httpx
import psycopg
from cluster import free_port, fresh_database, serve, stop, wait_healthy
from logcheck import assert_no_traceback


@contextmanager
def two_processes() -> Iterator[tuple[str, list[tuple[subprocess.Popen[bytes], str]]]]:
    """(the database's URL, [(process, its base URL)] for two single-process servers)."""
    channel = f"test-{secrets.token_hex(4)}"
    logs = tempfile.TemporaryDirectory(prefix="bodoge-routed-")
    started: list[tuple[subprocess.Popen[bytes], str]] = []
    try:
        with fresh_database("bodoge_routed") as db_url:
            try:
                for number in range(2):
                    port = free_port()
                    log_path = Path(logs.name) / f"serve-{number}.log"
                    process = serve(db_url, channel, port, 1, log_path)
                    base = f"http://127.0.0.1:{port}"
                    started.append((process, base))
                    wait_healthy(process, base)
                yield db_url, started
            finally:
                for process, _ in started:
                    stop(process)
        for log_path in sorted(Path(logs.name).iterdir()):
            assert_no_traceback(log_path, "bodoge serve")
    finally:
        logs.cleanup()


def lease_owner(db_url: str, table_id: str) -> str | None:
    with psycopg.connect(db_url.replace("+psycopg", ""), autocommit=True) as db:
        row = db.execute("SELECT owner FROM leases WHERE table_id = %s", (table_id,)).fetchone()
    return None if row is None else str(row[0])


def test_a_table_of_bots_is_owned_by_the_process_asked_about_it() -> None:
    with two_processes() as (db_url, [(_, maker), (asked, routed)]):
        token = httpx.post(f"{maker}/api/guests", json={"name": "maker"}).json()["token"]
        seats = [{"kind": "bot", "level": "random"}] * 2
        made = httpx.post(
            f"{maker}/api/tables",
            json={"game": "koremon_evolution", "players": 2, "seats": seats},
            headers={"Authorization": f"Bearer {token}"},
        )
        made.raise_for_status()
        table_id = made.json()["table"]["id"]
        assert httpx.get(f"{routed}/api/tables/{table_id}").status_code == 200
        owner = lease_owner(db_url, table_id)
        assert owner is not None and owner.split("-")[0] == str(asked.pid)
        # and it plays there: the bots of the owner move
        deadline = time.monotonic() + 30
        while httpx.get(f"{routed}/api/tables/{table_id}").json()["ply"] < 3:
            assert time.monotonic() < deadline, "the bots did not move"
            time.sleep(0.2)
