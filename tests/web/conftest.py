"""Browser test fixtures: a real `bodoge serve` process (fresh SQLite data, bots without delay)
and Debian's Chromium driven by Playwright. Playwright cannot download its own browser here, so
it launches /usr/bin/chromium; without it (or without playwright) the tests skip, saying why."""

from __future__ import annotations

import contextlib
import os
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

HERE = str(Path(__file__).resolve().parent)
if HERE not in sys.path:
    sys.path.insert(0, HERE)

CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"]
DESKTOP = {"width": 1280, "height": 800}

try:
    from playwright.sync_api import Browser, BrowserContext, Page, sync_playwright
except ImportError:  # pragma: no cover - the dev extra has it; without it nothing here can run
    sync_playwright = None
    collect_ignore_glob = ["test_*.py"]


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


@pytest.fixture(scope="session")
def web_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A running `bodoge serve` whose bots move at once: its base URL."""
    with running_server(tmp_path_factory.mktemp("web-data"), 0) as base:
        yield base


# Module scope: Playwright's driver runs threads, and a test of another folder that forks (the
# simulator's process pool) in the same xdist worker could deadlock in a child forked while they
# run; so the driver is stopped at the end of each browser test module.
@pytest.fixture(scope="module")
def playwright_driver() -> Iterator[Any]:
    if sync_playwright is None:
        pytest.skip("playwright is not installed (pip install -e '.[dev]')")
    if not CHROMIUM.exists():
        pytest.skip(
            "no /usr/bin/chromium (apt-get install -y chromium fonts-noto-cjk; .ci/run does)"
        )
    with sync_playwright() as driver:
        yield driver


@pytest.fixture(scope="module")
def browser(playwright_driver: Any) -> Iterator[Browser]:
    launched = playwright_driver.chromium.launch(
        executable_path=str(CHROMIUM), args=CHROMIUM_ARGS, headless=True
    )
    yield launched
    launched.close()


@pytest.fixture
def locale() -> str:
    """The browser's language for `page` (override in a test module, or parametrize)."""
    return "en-US"


@pytest.fixture
def context(browser: Browser, locale: str) -> Iterator[BrowserContext]:
    made = browser.new_context(viewport=DESKTOP, locale=locale)
    made.set_default_timeout(15_000)
    yield made
    made.close()


@pytest.fixture
def page(context: BrowserContext) -> Page:
    return context.new_page()
