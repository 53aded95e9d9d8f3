"""`bodoge serve --workers N` as real processes on PostgreSQL and Redis, for the tests of several
workers: a fresh database per cluster, its own Redis channel, and which worker holds what."""

from __future__ import annotations

import os
import re
import secrets
import signal
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import httpx
import psycopg
from logcheck import assert_no_traceback

from bodoge.server.store import migrate

SRC = str(Path(__file__).resolve().parents[2] / "src")
PG_SERVER = "postgresql://postgres@127.0.0.1:5432"
REDIS = "redis://127.0.0.1:6379/0"
START_TIMEOUT = 60.0


@dataclass
class Cluster:
    process: subprocess.Popen[bytes]
    port: int
    db_url: str
    channel: str  # the Redis channel of its notices

    @property
    def base(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def workers(self) -> list[int]:
        """The pids of uvicorn's worker processes (the supervisor's spawned children)."""
        found = []
        children = Path(f"/proc/{self.process.pid}/task/{self.process.pid}/children")
        for pid in children.read_text().split():
            try:
                command = Path(f"/proc/{pid}/cmdline").read_bytes()
            except FileNotFoundError:
                continue
            if b"spawn_main" in command:
                found.append(int(pid))
        return found

    def worker_of(self, client_port: int) -> int | None:
        """The worker whose socket is the server end of the connection from `client_port`."""
        inode = _server_inode(self.port, client_port)
        if inode is None:
            return None
        for pid in self.workers():
            for fd in Path(f"/proc/{pid}/fd").iterdir():
                try:
                    if os.readlink(fd) == f"socket:[{inode}]":
                        return pid
                except OSError:
                    continue
        return None


def _server_inode(server_port: int, client_port: int) -> str | None:
    for line in Path("/proc/net/tcp").read_text().splitlines()[1:]:
        fields = line.split()
        local, remote, inode = fields[1], fields[2], fields[9]
        if int(local.split(":")[1], 16) == server_port and int(remote.split(":")[1], 16) == (
            client_port
        ):
            return inode
    return None


def free_port() -> int:
    import socket

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@contextmanager
def fresh_database(prefix: str) -> Iterator[str]:
    """A new PostgreSQL database, migrated (its SQLAlchemy URL); dropped afterwards."""
    name = f"{prefix}_{secrets.token_hex(4)}"
    with psycopg.connect(f"{PG_SERVER}/test", autocommit=True) as admin:
        admin.execute(f'CREATE DATABASE "{name}"')
        # A test database need not survive a crash: commits without waiting for the disk.
        admin.execute(f'ALTER DATABASE "{name}" SET synchronous_commit = off')
    db_url = f"postgresql+psycopg://postgres@127.0.0.1:5432/{name}"
    try:
        migrate.upgrade(db_url)
        yield db_url
    finally:
        with psycopg.connect(f"{PG_SERVER}/test", autocommit=True) as admin:
            admin.execute(
                "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = %s",
                (name,),
            )
            admin.execute(f'DROP DATABASE "{name}"')


def serve(
    db_url: str, channel: str, port: int, workers: int, log_path: Path, *extra: str
) -> subprocess.Popen[bytes]:
    """`bodoge serve` on PostgreSQL and Redis in its own session, its output in `log_path`."""
    command = [sys.executable, "-m", "bodoge", "serve", "--port", str(port), "--db", db_url,
               "--redis", REDIS, "--redis-channel", channel,
               "--workers", str(workers), *extra]  # fmt: skip
    with log_path.open("wb") as log:
        return subprocess.Popen(
            command,
            stdout=log,
            stderr=subprocess.STDOUT,
            env={**os.environ, "PYTHONPATH": SRC},
            start_new_session=True,
        )


def stop(process: subprocess.Popen[bytes]) -> None:
    """SIGTERM to the server's session, SIGKILL if it has not stopped in 30 s."""
    os.killpg(process.pid, signal.SIGTERM)
    try:
        process.wait(timeout=30)
    except subprocess.TimeoutExpired:
        os.killpg(process.pid, signal.SIGKILL)
        process.wait()


def wait_healthy(process: subprocess.Popen[bytes], base: str, more: Any = lambda: True) -> None:
    """Until the server answers /api/health (and `more()` holds), or fail."""
    deadline = time.monotonic() + START_TIMEOUT
    while not (more() and _healthy(base)):
        assert process.poll() is None, f"bodoge serve exited with {process.returncode}"
        assert time.monotonic() < deadline, "the server did not start in time"
        time.sleep(0.1)


@contextmanager
def cluster(workers: int, *extra: str) -> Iterator[Cluster]:
    """The cluster while it runs; its log (every worker's) must hold no traceback (the log
    rule: checked when the test's block ends without failing)."""
    port, channel = free_port(), f"test-{secrets.token_hex(4)}"
    log_dir = tempfile.TemporaryDirectory(prefix="bodoge-cluster-")
    log_path = Path(log_dir.name) / "serve.log"
    with fresh_database("bodoge_workers") as db_url:
        process = serve(db_url, channel, port, workers, log_path, *extra)
        running = Cluster(process, port, db_url, channel)
        try:
            wait_healthy(process, running.base, lambda: len(running.workers()) >= workers)
            time.sleep(0.5)  # the last worker's startup (its lifespan) after its first answer
            yield running
        finally:
            stop(process)
    try:
        assert_no_traceback(log_path, f"bodoge serve --workers {workers}")
    finally:
        log_dir.cleanup()


def _healthy(base: str) -> bool:
    try:
        return httpx.get(f"{base}/api/health", timeout=1).status_code == 200
    except httpx.HTTPError:
        return False


NOTICE = re.compile(r"^[A-Za-z0-9_-]{1,32} [0-9]+$")
