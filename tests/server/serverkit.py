"""Helpers for the server tests: guests, tables, and playing through the HTTP API."""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient

from bodoge.server.store.models import Base

# every table of the schema, emptied between tests (new tables join by being models)
TABLES = tuple(table.name for table in reversed(Base.metadata.sorted_tables))


def guest(client: TestClient, name: str = "Aki") -> dict[str, str]:
    """A new guest's Authorization header."""
    answer = client.post("/api/guests", json={"name": name})
    assert answer.status_code == 200, answer.text
    return {"Authorization": f"Bearer {answer.json()['token']}"}


def seat_header(credential: str) -> dict[str, str]:
    return {"X-Seat-Credential": credential}


def new_table(
    client: TestClient,
    headers: dict[str, str],
    game: str,
    seats: list[dict[str, Any]],
    **extra: Any,
) -> dict[str, Any]:
    answer = client.post(
        "/api/tables",
        headers=headers,
        json={"game": game, "players": len(seats), "seats": seats, **extra},
    )
    assert answer.status_code == 200, answer.text
    return answer.json()  # type: ignore[no-any-return]


def two_people(client: TestClient, game: str = "koremon_evolution") -> tuple[str, list[str]]:
    """A started table of two guests: its id and the two seats' credentials."""
    created = new_table(client, guest(client, "Aki"), game, [{"kind": "me"}, {"kind": "open"}])
    table_id = created["table"]["id"]
    joined = client.post(f"/api/tables/{table_id}/join", headers=guest(client, "Ben"), json={})
    assert joined.status_code == 200, joined.text
    return table_id, [created["credential"], joined.json()["credential"]]


def prompt(client: TestClient, table_id: str, credential: str | None = None) -> dict[str, Any]:
    headers = seat_header(credential) if credential else {}
    answer = client.get(f"/api/tables/{table_id}/prompt", headers=headers)
    assert answer.status_code == 200, answer.text
    return answer.json()  # type: ignore[no-any-return]


def move(
    client: TestClient,
    table_id: str,
    credential: str,
    action: Any,
    ply: int,
    key: str | None = None,
) -> Any:
    return client.post(
        f"/api/tables/{table_id}/moves",
        headers=seat_header(credential),
        json={"action": action, "expected_ply": ply, "client_key": key},
    )


def wait_for_bots(client: TestClient) -> None:
    client.portal.call(client.app.state.server.idle)  # type: ignore[attr-defined,union-attr]


def play_first_actions(
    client: TestClient, table_id: str, credentials: list[str], limit: int = 5000
) -> int:
    """Every pending person plays its first legal action until the game ends; the moves made."""
    made = 0
    while made < limit:
        wait_for_bots(client)
        current = prompt(client, table_id, credentials[0])
        if current["over"]:
            return made
        seat = current["pending"][0]
        if seat != 0:
            current = prompt(client, table_id, credentials[seat])
        action = current["actions"][0]["notation"]
        answer = move(client, table_id, credentials[seat], action, current["ply"], f"m{made}")
        assert answer.status_code == 200, answer.text
        made += 1
    raise AssertionError(f"the game did not end within {limit} moves")
