"""Browser test fixtures: a real `bodoge serve` process (fresh SQLite data, bots without delay)
and Debian's Chromium driven by Playwright. Playwright cannot download its own browser here, so
it launches /usr/bin/chromium; without it (or without playwright) the tests skip, saying why."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

HERE = str(Path(__file__).resolve().parent)
if HERE not in sys.path:
    sys.path.insert(0, HERE)

from serving import running_server  # noqa: E402

CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"]
DESKTOP = {"width": 1280, "height": 800}

try:
    from playwright.sync_api import Browser, BrowserContext, Page, sync_playwright
except ImportError:  # pragma: no cover - the dev extra has it; without it nothing here can run
    sync_playwright = None
    collect_ignore_glob = ["test_*.py"]


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
