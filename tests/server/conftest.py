"""Server test fixtures: every test runs on SQLite and on PostgreSQL.

SQLite: a copy per test of one migrated database file per test session.
PostgreSQL: a fresh database per test session on postgresql+psycopg://postgres@127.0.0.1:5432/
(made from the `test` database, dropped at the end); each test starts with empty tables.

The log rule: a traceback the server logs during a test fails that test (`no_tracebacks`).
"""

from __future__ import annotations

import logging
import shutil
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import create_engine, text

HERE = str(Path(__file__).resolve().parent)
if HERE not in sys.path:
    sys.path.insert(0, HERE)

from cluster import fresh_database  # noqa: E402
from logcheck import Tracebacks  # noqa: E402
from serverkit import TABLES  # noqa: E402

from bodoge.server.app import create_app  # noqa: E402
from bodoge.server.config import Settings  # noqa: E402
from bodoge.server.store import migrate  # noqa: E402


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line(
        "markers",
        "expected_traceback(text): the test causes a logged traceback holding `text` on purpose",
    )


@pytest.fixture(autouse=True)
def no_tracebacks(request: pytest.FixtureRequest) -> Iterator[None]:
    """Fail the test if anything logged a traceback while it ran (uvicorn's own loggers
    propagate to the root one: wire.py starts it without a logging config of its own), but
    for those its `expected_traceback` marker names."""
    caught = Tracebacks()
    root = logging.getLogger()
    root.addHandler(caught)
    try:
        yield
    finally:
        root.removeHandler(caught)
    expected = [
        text for mark in request.node.iter_markers("expected_traceback") for text in mark.args
    ]
    found = [each for each in caught.found if not any(text in each for text in expected)]
    if found:
        pytest.fail("the server logged a traceback:\n" + "\n\n".join(found), pytrace=False)


@pytest.fixture(scope="session")
def postgres_url() -> Iterator[str]:
    with fresh_database("bodoge_test") as url:
        yield url


@pytest.fixture(scope="session")
def sqlite_template(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """An SQLite database the migrations made, once per test process: each test gets a copy
    (migrating a new file is most of a short test's time, its commits waiting for the disk),
    as each PostgreSQL test gets the session's migrated database emptied."""
    path = tmp_path_factory.mktemp("sqlite-template") / "bodoge.sqlite3"
    migrate.upgrade(f"sqlite:///{path}")
    return path


@pytest.fixture(params=["sqlite", "postgresql"])
def database_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    if request.param == "sqlite":
        made = tmp_path / "bodoge.sqlite3"
        shutil.copyfile(request.getfixturevalue("sqlite_template"), made)
        return f"sqlite:///{made}"
    url: str = request.getfixturevalue("postgres_url")
    engine = create_engine(url)
    with engine.begin() as connection:
        connection.execute(text(f"TRUNCATE {', '.join(TABLES)}"))
    engine.dispose()
    return url


@pytest.fixture
def settings(database_url: str, tmp_path: Path) -> Settings:
    return Settings(
        data_dir=tmp_path, database_url=database_url, bot_delay=0, stand_in_level="random"
    )


@pytest.fixture
def client(settings: Settings) -> Iterator[TestClient]:
    with TestClient(create_app(settings)) as test_client:
        yield test_client
