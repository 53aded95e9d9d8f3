"""Per-client rate limits: a token bucket per client address over HTTP requests and websocket
messages together, answered 429 rate_limited (and an error frame on a websocket). The limit does
not depend on the database, so these run on SQLite only."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from serverkit import two_people

from bodoge.server.app import create_app
from bodoge.server.config import Settings
from bodoge.server.ratelimit import RateLimiter

# Refills one token in 1000 s: within a test, a spent bucket stays spent.
TINY = {"rate_limit_per_second": 0.001, "rate_limit_burst": 3}


@pytest.fixture
def sqlite_settings(tmp_path: Path) -> Settings:
    return Settings(
        data_dir=tmp_path,
        database_url=f"sqlite:///{tmp_path / 'bodoge.sqlite3'}",
        bot_delay=0,
        stand_in_level="random",
    )


@pytest.fixture
def tiny(sqlite_settings: Settings) -> Iterator[TestClient]:
    with TestClient(create_app(replace(sqlite_settings, **TINY))) as test_client:
        yield test_client


def assert_rate_limited(body: dict[str, object], burst: int = 3) -> None:
    error = body["error"]
    assert isinstance(error, dict) and error["code"] == "rate_limited"
    assert f"at most 0.001 a second, bursts of {burst}" in error["message"]["en"]
    assert error["message"]["ja"].startswith("このアドレスからのリクエストが多すぎます")


def test_a_client_over_its_limit_gets_429_with_the_error_body(tiny: TestClient) -> None:
    assert [tiny.get("/api/health").status_code for _ in range(3)] == [200, 200, 200]
    answer = tiny.get("/api/health")
    assert answer.status_code == 429
    assert answer.headers["retry-after"] == "1000"
    assert_rate_limited(answer.json())
    # Every route is limited, not only the one that spent the bucket.
    assert tiny.post("/api/guests", json={"name": "Aki"}).status_code == 429


def test_another_client_is_unaffected(tiny: TestClient) -> None:
    for _ in range(3):
        tiny.get("/api/health")
    assert tiny.get("/api/health").status_code == 429
    with TestClient(tiny.app, client=("192.0.2.7", 40000)) as other:
        assert [other.get("/api/health").status_code for _ in range(3)] == [200, 200, 200]
        assert other.get("/api/health").status_code == 429
    assert tiny.get("/api/games").status_code == 429


def test_websocket_messages_over_the_limit_get_an_error_frame(sqlite_settings: Settings) -> None:
    # A burst of 8: the two guests, the table and the join take 4 requests, the hello 1.
    settings = replace(sqlite_settings, rate_limit_per_second=0.001, rate_limit_burst=8)
    with TestClient(create_app(settings)) as client:
        table_id, creds = two_people(client)
        with client.websocket_connect(f"/ws/tables/{table_id}") as socket:
            socket.send_json({"type": "auth", "credential": creds[0], "last_ply": 0})
            assert socket.receive_json()["type"] == "update"
            for _ in range(3):
                socket.send_json({"type": "sync", "last_ply": 0})
                assert socket.receive_json()["type"] == "update"
            socket.send_json({"type": "sync", "last_ply": 0})
            frame = socket.receive_json()
            assert frame["type"] == "error"
            assert_rate_limited({"error": frame["error"]}, burst=8)
        # The socket's messages spent the same bucket as the HTTP requests.
        assert client.get("/api/health").status_code == 429


def test_the_default_limit_is_generous(sqlite_settings: Settings) -> None:
    with TestClient(create_app(sqlite_settings)) as client:
        assert all(client.get("/api/health").status_code == 200 for _ in range(500))


def test_a_bucket_refills_at_its_rate() -> None:
    now = [0.0]
    limiter = RateLimiter(rate=2, burst=2, clock=lambda: now[0])
    assert [limiter.allow("a") for _ in range(3)] == [True, True, False]
    now[0] = 0.5  # one token back
    assert [limiter.allow("a"), limiter.allow("a")] == [True, False]
    now[0] = 100.0  # never more than the burst
    assert [limiter.allow("a") for _ in range(3)] == [True, True, False]
    assert limiter.allow("b")


def test_a_rate_of_zero_turns_the_limit_off() -> None:
    limiter = RateLimiter(rate=0, burst=0)
    assert all(limiter.allow("a") for _ in range(100))


def test_the_schema_documents_429(tiny: TestClient) -> None:
    paths = tiny.app.openapi()["paths"]  # type: ignore[attr-defined]
    assert all("429" in op["responses"] for item in paths.values() for op in item.values())
