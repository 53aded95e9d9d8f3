"""Accounts and rated tables for the ratings tests. Accounts are made through the real routes: a
guest (`POST /api/guests`) signs up (`POST /api/account/signup` with its bearer token), so its
player row becomes the account's; another device is another guest signing in to the same
account. (A module of its own name: `test_ratings` names a file in tests/web too.)"""

from __future__ import annotations

import random
from typing import Any

import httpx
from fastapi.testclient import TestClient
from serverkit import move, new_table, prompt, wait_for_bots

PASSWORD = "correct horse battery"
GAME = "koremon_evolution"  # the rated tables' game unless a test names another


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


def bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def rated_table(
    client: TestClient, tokens: list[str], game: str = GAME, rated: bool = True, **extra: Any
) -> tuple[str, list[str]]:
    """A started table of the tokens' persons, the first making it: its id and credentials."""
    seats = [{"kind": "me"}] + [{"kind": "open"}] * (len(tokens) - 1)
    created = new_table(client, bearer(tokens[0]), game, seats, rated=rated, **extra)
    table_id = created["table"]["id"]
    credentials = [created["credential"]]
    for token in tokens[1:]:
        joined = client.post(f"/api/tables/{table_id}/join", headers=bearer(token), json={})
        assert joined.status_code == 200, joined.text
        credentials.append(joined.json()["credential"])
    return table_id, credentials


def play_out(client: TestClient, table_id: str, credentials: list[str | None]) -> None:
    """Play the game to its end, each pending person a random legal action (seeded; first
    actions alone may cycle in some deals); a seat without a credential is a bot's."""
    rng = random.Random(table_id)
    watcher = next(credential for credential in credentials if credential)
    for number in range(5000):
        wait_for_bots(client)
        current = prompt(client, table_id, watcher)
        if current["over"]:
            return
        seat = current["pending"][0]
        credential = credentials[seat]
        if credential is None:  # a bot stands in: it moves before the next look
            continue
        mine = prompt(client, table_id, credential)
        action = rng.choice(mine["actions"])["notation"]
        answer = move(client, table_id, credential, action, mine["ply"], f"r{number}")
        assert answer.status_code in (200, 409), answer.text  # 409: a bot moved meanwhile
    raise AssertionError("the game did not end within 5000 moves")


def changes(client: TestClient, table_id: str) -> list[dict[str, Any]]:
    answer = client.get(f"/api/tables/{table_id}/ratings")
    assert answer.status_code == 200, answer.text
    return answer.json()  # type: ignore[no-any-return]


def result(client: TestClient, table_id: str, credential: str) -> dict[str, Any]:
    return prompt(client, table_id, credential)["view"]["result"]  # type: ignore[no-any-return]
