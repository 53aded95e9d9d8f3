"""Accounts for the ratings tests, until the accounts API (issue 26, part 1) is merged.

`make_account` stands in for the sign-up route: it makes a guest through the real guest route
and turns its player row into an account's with one UPDATE of `players.account_id` (the
identity contract: a player row belongs to an account when that column is set). When the
accounts API lands, this helper switches to the real sign-up route and the tests stay as they
are.
"""

from __future__ import annotations

import uuid
from typing import Any

import httpx
from fastapi.testclient import TestClient
from sqlalchemy import create_engine, update

from bodoge.server.store.models import PlayerRow


def make_account(
    client_or_store: TestClient | str, name: str, *, database_url: str | None = None
) -> tuple[str, str]:
    """A new account named `name`: (its guest token, its account id). `client_or_store` is a
    TestClient of the app, or the base URL of a running `bodoge serve` whose `database_url`
    is given."""
    if isinstance(client_or_store, TestClient):
        answer: Any = client_or_store.post("/api/guests", json={"name": name})
    else:
        answer = httpx.post(f"{client_or_store}/api/guests", json={"name": name})
    assert answer.status_code == 200, answer.text
    guest = answer.json()
    account_id = str(uuid.uuid4())
    link(client_or_store, guest["id"], account_id, database_url)
    return guest["token"], account_id


def add_device(
    client_or_store: TestClient | str,
    name: str,
    account_id: str,
    *,
    database_url: str | None = None,
) -> str:
    """Another player row (a second device) of the same account: its guest token."""
    if isinstance(client_or_store, TestClient):
        answer: Any = client_or_store.post("/api/guests", json={"name": name})
    else:
        answer = httpx.post(f"{client_or_store}/api/guests", json={"name": name})
    assert answer.status_code == 200, answer.text
    link(client_or_store, answer.json()["id"], account_id, database_url)
    return str(answer.json()["token"])


def link(
    client_or_store: TestClient | str, player_id: str, account_id: str, database_url: str | None
) -> None:
    if isinstance(client_or_store, TestClient):
        url = client_or_store.app.state.server.settings.sync_url()  # type: ignore[attr-defined]
    else:
        url = database_url
    assert url, "a running server's database_url is needed"
    engine = create_engine(url)
    try:
        with engine.begin() as connection:
            connection.execute(
                update(PlayerRow).where(PlayerRow.id == player_id).values(account_id=account_id)
            )
    finally:
        engine.dispose()
