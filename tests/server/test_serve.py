"""`bodoge serve`: it starts uvicorn on the address given, with SQLite in --data; a missing extra
and a bad --db are one clear line each."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
from pathlib import Path

import httpx
import pytest
from logcheck import assert_no_traceback

from bodoge.cli.main import main

SRC = str(Path(__file__).resolve().parents[2] / "src")


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def test_serve_runs_the_server_with_sqlite_in_the_data_folder(tmp_path: Path) -> None:
    port = free_port()
    data = tmp_path / "data"
    env = {**os.environ, "PYTHONPATH": SRC}
    server = subprocess.Popen(
        [sys.executable, "-m", "bodoge", "serve", "--port", str(port), "--data", str(data)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
    )
    try:
        assert server.stdout is not None and server.stderr is not None
        assert server.stdout.readline().strip() == f"bodoge serve: http://127.0.0.1:{port}"
        log = []
        for line in server.stderr:  # uvicorn says when it listens
            log.append(line)
            if "Uvicorn running" in line or "Application startup complete" in line:
                break
        answer = httpx.post(f"http://127.0.0.1:{port}/api/guests", json={"name": "Aki"})
        assert answer.status_code == 200 and answer.json()["name"] == "Aki"
        assert (data / "bodoge.sqlite3").is_file()
    finally:
        server.terminate()
        _, rest = server.communicate(timeout=30)
    assert_no_traceback("".join(log) + rest)


def test_a_bad_database_url_is_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["serve", "--db", "mysql://localhost/x"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("bodoge: error: ") and "postgresql" in err and err.count("\n") == 1


def test_without_the_extra_it_says_how_to_install_it(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(sys.modules, "uvicorn", None)  # import uvicorn now fails
    assert main(["serve"]) == 2
    assert "pip install 'bodoge[server]'" in capsys.readouterr().err
