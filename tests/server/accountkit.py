"""Helpers for the account tests: sign up, sign in, the CSRF header of a session."""

from __future__ import annotations

import dataclasses
from typing import Any

from fastapi.testclient import TestClient

from bodoge.server.config import Settings

PASSWORD = "correct horse battery"


def cheap(settings: Settings) -> Settings:
    """Real argon2id at a test's cost (1 MiB, one pass), so a test's many hashes stay quick."""
    return dataclasses.replace(settings, argon2_memory_kib=1024, argon2_time_cost=1)


def sign_up(
    client: TestClient,
    name: str,
    password: str = PASSWORD,
    guest: dict[str, str] | None = None,
) -> dict[str, Any]:
    answer = client.post(
        "/api/account/signup", json={"name": name, "password": password}, headers=guest or {}
    )
    assert answer.status_code == 200, answer.text
    return answer.json()  # type: ignore[no-any-return]


def sign_in(
    client: TestClient,
    name: str,
    password: str = PASSWORD,
    guest: dict[str, str] | None = None,
) -> Any:
    return client.post(
        "/api/account/signin", json={"name": name, "password": password}, headers=guest or {}
    )


def csrf(client: TestClient) -> dict[str, str]:
    """The CSRF header of the client's session."""
    answer = client.get("/api/account")
    assert answer.status_code == 200, answer.text
    return {"X-CSRF-Token": answer.json()["csrf"]}


def sign_out(client: TestClient) -> None:
    answer = client.post("/api/account/signout", headers=csrf(client))
    assert answer.status_code == 200, answer.text
