"""`bodoge serve` in a process of its own for the browser tests (a module of its own: a test
that imports `conftest` may get another folder's)."""

from __future__ import annotations

import contextlib
import os
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import httpx


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def _source_root() -> str:
    return str(Path(__file__).resolve().parents[2] / "src")


@contextlib.contextmanager
def running_server(data: Path, bot_delay: float, extra: tuple[str, ...] = ()) -> Iterator[str]:
    """`bodoge serve` on a free loopback port with its data in `data` (and `extra` options):
    its base URL (http://127.0.0.1:PORT) while it runs; stopped at the end."""
    port = _free_port()
    log = (data / "server.log").open("w")
    env = {
        **os.environ,
        "PYTHONPATH": os.pathsep.join([_source_root(), os.environ.get("PYTHONPATH", "")]),
    }
    command = [
        sys.executable,
        "-m",
        "bodoge",
        "serve",
        "--port",
        str(port),
        "--data",
        str(data),
        "--bot-delay",
        str(bot_delay),
        *extra,
    ]
    server = subprocess.Popen(command, stdout=log, stderr=subprocess.STDOUT, env=env)
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 60
        while True:
            if server.poll() is not None:
                raise RuntimeError(
                    f"bodoge serve stopped: {(data / 'server.log').read_text()[-2000:]}"
                )
            try:
                if httpx.get(f"{base}/api/health", timeout=1).status_code == 200:
                    break
            except httpx.HTTPError:
                pass
            if time.monotonic() > deadline:
                raise RuntimeError("bodoge serve did not answer within 60 s")
            time.sleep(0.1)
        yield base
    finally:
        server.terminate()
        try:
            server.wait(timeout=20)
        except subprocess.TimeoutExpired:
            server.kill()
            server.wait()
        log.close()
