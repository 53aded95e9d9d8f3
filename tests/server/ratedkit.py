"""Rated tables for the ratings tests: made by accounts' guests, played to their end through the
HTTP API, and their rating changes read back. (A module of its own name: `test_ratings` names
a file in tests/web too, so the tests cannot import these from there.)"""

from __future__ import annotations

import random
from typing import Any

from fastapi.testclient import TestClient
from serverkit import move, new_table, prompt, wait_for_bots

GAME = "koremon_evolution"  # the rated tables' game unless a test names another


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
