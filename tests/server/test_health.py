"""`/api/health`: 200 when the database (and Redis) answer, 503 naming the part that does not
(a Redis at a port where nothing listens)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from cluster import REDIS, free_port
from fastapi.testclient import TestClient
from redis import asyncio as redis

from bodoge.server.app import create_app
from bodoge.server.config import Settings


@pytest.fixture
def with_redis(settings: Settings, tmp_path: Path) -> Iterator[TestClient]:
    shared = Settings(**{**settings.__dict__, "redis_url": REDIS, "redis_channel": "health"})
    with TestClient(create_app(shared)) as test_client:
        yield test_client


def test_one_process_without_redis(client: TestClient) -> None:
    answer = client.get("/api/health")
    assert answer.status_code == 200
    assert answer.json() == {"status": "ok", "database": "ok", "redis": "off"}


def test_redis_down_is_503(with_redis: TestClient) -> None:
    assert with_redis.get("/api/health").json() == {
        "status": "ok",
        "database": "ok",
        "redis": "ok",
    }
    server = with_redis.app.state.server  # type: ignore[attr-defined]
    working = server.health_redis
    server.health_redis = redis.Redis.from_url(f"redis://127.0.0.1:{free_port()}/0")
    try:
        answer = with_redis.get("/api/health")
    finally:
        with_redis.portal.call(server.health_redis.aclose)
        server.health_redis = working
    assert answer.status_code == 503
    assert answer.json() == {"status": "failed", "database": "ok", "redis": "failed"}
