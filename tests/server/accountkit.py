"""Helpers for the account tests: sign up, sign in, the CSRF header of a session; and for the
ratings tests, accounts made through the real routes: a guest (`POST /api/guests`) signs up
(`POST /api/account/signup` with its bearer token), so its player row becomes the account's;
another device is another guest signing in to the same account (`make_account`,
`add_device`, on a TestClient or the base URL of a running `bodoge serve`)."""

from __future__ import annotations

import dataclasses
from typing import Any

import httpx
from authenticator import Authenticator
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


def add_passkey(client: TestClient, key: Authenticator, label: str | None = None) -> dict[str, Any]:
    """Add `key` as a passkey of the signed-in account (the options, then the new credential)."""
    options = client.post("/api/account/passkeys/options", headers=csrf(client)).json()
    body: dict[str, Any] = {
        "challenge_id": options["challenge_id"],
        "credential": key.create(options["options"]),
    }
    if label is not None:
        body["label"] = label
    added = client.post("/api/account/passkeys", json=body, headers=csrf(client))
    assert added.status_code == 200, added.text
    return added.json()  # type: ignore[no-any-return]


def csrf(client: TestClient) -> dict[str, str]:
    """The CSRF header of the client's session."""
    answer = client.get("/api/account")
    assert answer.status_code == 200, answer.text
    return {"X-CSRF-Token": answer.json()["csrf"]}


def sign_out(client: TestClient) -> None:
    answer = client.post("/api/account/signout", headers=csrf(client))
    assert answer.status_code == 200, answer.text


def _post(client_or_base: TestClient | str, path: str, **kwargs: Any) -> Any:
    if isinstance(client_or_base, TestClient):
        answer = client_or_base.post(path, **kwargs)
        # the tests act with guest tokens; a session cookie left in the client's jar would
        # make the next sign-up sign this one out
        client_or_base.cookies.clear()
    else:
        answer = httpx.post(f"{client_or_base}{path}", **kwargs)
    assert answer.status_code == 200, answer.text
    return answer.json()


def _guest(client_or_base: TestClient | str, name: str) -> dict[str, str]:
    guest: dict[str, str] = _post(client_or_base, "/api/guests", json={"name": name})
    return guest


def make_account(client_or_base: TestClient | str, name: str) -> tuple[str, str]:
    """A new account named `name`, its guest signed up: (the guest's token, the account's id).
    `client_or_base` is a TestClient of the app or the base URL of a running `bodoge serve`."""
    token = _guest(client_or_base, name)["token"]
    account = _post(
        client_or_base,
        "/api/account/signup",
        json={"name": name, "password": PASSWORD},
        headers={"Authorization": f"Bearer {token}"},
    )
    return token, str(account["id"])


def add_device(client_or_base: TestClient | str, name: str, account_id: str) -> str:
    """Another player row (a second device) of the account named `name`: its guest token."""
    token = _guest(client_or_base, name)["token"]
    account = _post(
        client_or_base,
        "/api/account/signin",
        json={"name": name, "password": PASSWORD},
        headers={"Authorization": f"Bearer {token}"},
    )
    assert account["id"] == account_id
    return token
