"""Schema fuzzing: schemathesis generates requests from the server's own OpenAPI schema and sends
them in-process; no answer may be a 5xx, and every answer must be one the schema documents (its
status, its content type and its body). Bounded: a fixed number of derandomized examples per
operation, so the file takes the same path every run.

The path's table id and the Authorization and X-Seat-Credential headers are those of a real
started table and its seat, so that the generated bodies and queries reach the routes' work
instead of stopping at 401 and 404 (those refusals are covered by the other server tests).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
import schemathesis
from fastapi.testclient import TestClient
from hypothesis import HealthCheck, settings
from schemathesis.checks import not_a_server_error
from schemathesis.python.asgi import ASGIClient, shutdown_lifespans
from schemathesis.specs.openapi.checks import (
    content_type_conformance,
    response_schema_conformance,
    status_code_conformance,
)
from serverkit import two_people

from bodoge.server.app import create_app
from bodoge.server.config import Settings

SCHEMA = schemathesis.openapi.from_dict(create_app(Settings()).openapi())
CHECKS = [
    not_a_server_error,
    status_code_conformance,
    content_type_conformance,
    response_schema_conformance,
]


@dataclass
class Target:
    """The in-process session and the real ids the cases are pointed at."""

    session: ASGIClient
    table_id: str
    token: str
    credential: str


@pytest.fixture(scope="module", params=["sqlite", "postgresql"])
def target(
    request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[Target]:
    """One server per database for the whole file, with a started two-person table."""
    data = tmp_path_factory.mktemp("fuzz")
    if request.param == "sqlite":
        url = f"sqlite:///{Path(data) / 'bodoge.sqlite3'}"
    else:
        url = request.getfixturevalue("postgres_url")
    app = create_app(
        Settings(data_dir=data, database_url=url, bot_delay=0, stand_in_level="random")
    )
    with TestClient(app) as client:
        table_id, credentials = two_people(client)
        token = client.post("/api/guests", json={"name": "Fuzz"}).json()["token"]
        with ASGIClient(app) as session:
            yield Target(session, table_id, token, credentials[0])
    shutdown_lifespans()  # the session's lifespan outlives its `with`: close this server's store


@SCHEMA.parametrize()
@settings(
    max_examples=40,
    derandomize=True,
    database=None,
    deadline=None,  # no wall-time limit: the machine is shared; max_examples bounds the work
    suppress_health_check=list(HealthCheck),
)
def test_no_server_error_and_every_answer_in_the_schema(case: Any, target: Target) -> None:
    if "table_id" in (case.path_parameters or {}):
        case.path_parameters["table_id"] = target.table_id
    headers = {"Authorization": f"Bearer {target.token}", "X-Seat-Credential": target.credential}
    case.call_and_validate(
        session=target.session, base_url="http://testserver", headers=headers, checks=CHECKS
    )
