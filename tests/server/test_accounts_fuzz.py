"""Schema fuzzing of the account routes with a signed-in session (its cookie and CSRF token), so
that the generated bodies reach the routes' work: no 5xx, and every answer one the schema
documents. (tests/server/test_schema_fuzz.py fuzzes every route without a session; the routes
that start or end a session are left to it, so the session here lasts the whole file.)"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
import schemathesis
from accountkit import cheap, sign_up
from fastapi.testclient import TestClient
from hypothesis import HealthCheck, settings
from schemathesis.python.asgi import ASGIClient, shutdown_lifespans
from serverkit import guest, new_table
from test_schema_fuzz import CHECKS

from bodoge.server.app import create_app
from bodoge.server.config import Settings

SESSION_ROUTES = (
    r"^/api/account(/tables.*|/export|/name|/password|/guest"
    r"|/passkeys(/options|/\{passkey_id\}/delete)?)?$"
)
SCHEMA = schemathesis.openapi.from_dict(create_app(Settings()).openapi()).include(
    path_regex=SESSION_ROUTES
)


@dataclass
class Target:
    session: ASGIClient
    table_id: str
    headers: dict[str, str]


@pytest.fixture(scope="module", params=["sqlite", "postgresql"])
def target(
    request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[Target]:
    data = tmp_path_factory.mktemp("account-fuzz")
    if request.param == "sqlite":
        url = f"sqlite:///{Path(data) / 'bodoge.sqlite3'}"
    else:
        url = request.getfixturevalue("postgres_url")
    app = create_app(cheap(Settings(data_dir=data, database_url=url, bot_delay=0)))
    with TestClient(app) as client:
        token = guest(client, "Fuzz")
        table = new_table(client, token, "collect", [{"kind": "me"}, {"kind": "open"}])
        account = sign_up(client, f"fuzz{request.param}", guest=token)
        headers = {
            "Cookie": f"bodoge_session={client.cookies['bodoge_session']}",
            "X-CSRF-Token": account["csrf"],
            **token,
        }
        with ASGIClient(app) as session:
            yield Target(session, table["table"]["id"], headers)
        assert client.get("/api/account").status_code == 200  # the session lasted throughout
    shutdown_lifespans()


@SCHEMA.parametrize()
@settings(
    max_examples=25,
    derandomize=True,
    database=None,
    deadline=None,
    suppress_health_check=list(HealthCheck),
)
def test_account_routes_with_a_session(case: Any, target: Target) -> None:
    if "table_id" in (case.path_parameters or {}):
        case.path_parameters["table_id"] = target.table_id
    case.call_and_validate(
        session=target.session, base_url="http://testserver", headers=target.headers, checks=CHECKS
    )
