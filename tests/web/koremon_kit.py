"""Fixtures and helpers of the Collectable Monster browser tests (test_play_koremon.py,
test_draw_koremon.py): a real `bodoge serve`, headless Chromium, and the drawing modules served
to a page by Playwright's routing.

web-core's `tests/web/conftest.py` and `webkit.py` (the contract's `web_server`, `browser`,
`page`, `new_table`) replace these once merged; until then these keep the same shapes.
"""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

ROOT = Path(__file__).resolve().parents[2]
SRC = ROOT / "src"
GAMES_DIR = SRC / "bodoge" / "server" / "web" / "games"
HARNESS = Path(__file__).with_name("koremon_harness.html")
CHROMIUM = "/usr/bin/chromium"


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


@pytest.fixture(scope="module")
def web_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A real `bodoge serve` on a free port with a fresh data folder and instant bots."""
    port = free_port()
    data = tmp_path_factory.mktemp("koremon-web")
    server = subprocess.Popen(
        [sys.executable, "-m", "bodoge", "serve", "--port", str(port), "--data", str(data),
         "--bot-delay", "0"],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
        env={**os.environ, "PYTHONPATH": str(SRC)},
    )  # fmt: skip
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                if httpx.get(f"{base}/api/health", timeout=1).status_code == 200:
                    break
            except httpx.HTTPError:
                pass
            if time.monotonic() > deadline or server.poll() is not None:
                raise AssertionError("bodoge serve did not start")
            time.sleep(0.1)
        yield base
    finally:
        server.terminate()
        server.wait(timeout=20)


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    sync_api = pytest.importorskip("playwright.sync_api")
    if not Path(CHROMIUM).exists() and not shutil.which("chromium"):
        pytest.skip("no Chromium at /usr/bin/chromium (apt-get install -y chromium fonts-noto-cjk)")
    with sync_api.sync_playwright() as play:
        launched = play.chromium.launch(
            executable_path=CHROMIUM,
            # the last flag only for the stand-in page: Chromium counts a page that Playwright
            # fulfils as public, and would block its websocket to the loopback server
            args=[
                "--no-sandbox",
                "--disable-gpu",
                "--disable-dev-shm-usage",
                "--disable-features=LocalNetworkAccessChecks",
            ],
            headless=True,
        )
        yield launched
        launched.close()


def watch_errors(page: Any) -> list[str]:
    """The page's uncaught errors and console errors, collected as they come."""
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    return errors


def serve_drawings(page: Any, origin: str, pages: dict[str, str] | None = None) -> None:
    """The drawing modules at `origin`/games/..., and each of `pages` (path: HTML) at its path,
    on that origin (same-origin fetches and websocket to a server without static files)."""
    pages = pages or {}

    def fulfil(route: Any) -> None:
        path = route.request.url.split(origin, 1)[1].split("?", 1)[0].split("#", 1)[0]
        if path in pages:
            route.fulfill(body=pages[path], content_type="text/html")
            return
        file = (GAMES_DIR / path.removeprefix("/games/")).resolve()
        if not path.startswith("/games/") or GAMES_DIR not in file.parents or not file.is_file():
            route.fulfill(status=404, body="not found")
            return
        kind = "text/css" if file.suffix == ".css" else "text/javascript"
        route.fulfill(body=file.read_text("utf-8"), content_type=kind)

    for path in pages:
        page.route(f"{origin}{path}*", fulfil)
    page.route(f"{origin}/games/**", fulfil)
