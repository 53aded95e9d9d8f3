"""Races: many requests at once for one ply, one seat or one key; the per-table lock and the
one-transaction move path let exactly one through."""

from __future__ import annotations

import asyncio
import threading
from collections import Counter
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from fastapi.testclient import TestClient
from serverkit import guest, move, new_table, prompt, seat_header, two_people

from bodoge.server.app import create_app
from bodoge.server.config import Settings
from bodoge.server.services.moves import MoveRequest

RACERS = 8


def at_once(calls: list[Any]) -> list[Any]:
    """Run the calls in threads released together."""
    start = threading.Barrier(len(calls))

    def run(call: Any) -> Any:
        start.wait()
        return call()

    with ThreadPoolExecutor(len(calls)) as pool:
        return list(pool.map(run, calls))


def test_many_moves_for_one_ply_apply_exactly_one(client: TestClient) -> None:
    table_id, creds = two_people(client)
    current = prompt(client, table_id, creds[0])
    seat = current["pending"][0]
    url = f"/api/tables/{table_id}/moves"

    def send(key: str) -> Any:
        return lambda: client.post(
            url,
            headers=seat_header(creds[seat]),
            json={"action": "roll", "expected_ply": 0, "client_key": key},
        )

    answers = at_once([send(f"k{n}") for n in range(RACERS)])
    statuses = Counter(answer.json()["status"] for answer in answers)
    assert statuses == {"applied": 1, "stale": RACERS - 1}
    assert prompt(client, table_id, creds[0])["ply"] == 1
    events = client.get(f"/api/tables/{table_id}/events").json()
    assert [entry["ply"] for entry in events] == [1]


def test_one_key_sent_many_times_at_once_applies_once(client: TestClient) -> None:
    table_id, creds = two_people(client)
    seat = prompt(client, table_id, creds[0])["pending"][0]
    url = f"/api/tables/{table_id}/moves"
    answers = at_once(
        [
            lambda: client.post(
                url,
                headers=seat_header(creds[seat]),
                json={"action": "roll", "expected_ply": 0, "client_key": "same"},
            )
            for _ in range(RACERS)
        ]
    )
    bodies = [answer.json() for answer in answers]
    assert Counter(body["status"] for body in bodies) == {"applied": 1, "duplicate": RACERS - 1}
    assert len({(body["ply"], str(body["events"])) for body in bodies}) == 1


def test_many_joins_for_the_last_seat_seat_exactly_one(client: TestClient) -> None:
    created = new_table(
        client, guest(client), "koremon_evolution", [{"kind": "me"}, {"kind": "open"}]
    )
    table_id = created["table"]["id"]
    guests = [guest(client, f"G{n}") for n in range(RACERS)]
    answers = at_once(
        [
            lambda headers=headers: client.post(
                f"/api/tables/{table_id}/join", headers=headers, json={}
            )
            for headers in guests
        ]
    )
    codes = Counter(answer.status_code for answer in answers)
    assert codes == {200: 1, 409: RACERS - 1}
    assert all(a.json()["error"]["code"] == "table_full" for a in answers if a.status_code == 409)
    seats = client.get(f"/api/tables/{table_id}").json()["seats"]
    assert seats[1]["kind"] == "human"


def test_the_service_under_gather(client: TestClient) -> None:
    """The same race inside one event loop, without HTTP: the table's lock alone decides."""
    table_id, creds = two_people(client)
    moves = client.app.state.server.moves  # type: ignore[attr-defined]
    seat = prompt(client, table_id, creds[0])["pending"][0]

    async def race() -> list[tuple[int, dict[str, Any]]]:
        requests = [
            MoveRequest(table_id, "roll", 0, f"g{n}", credential=creds[seat]) for n in range(RACERS)
        ]
        return await asyncio.gather(*[moves.answer(request) for request in requests])

    answers = client.portal.call(race)  # type: ignore[union-attr]
    assert Counter(body["status"] for _, body in answers) == {"applied": 1, "stale": RACERS - 1}


def test_two_servers_on_one_database_store_one_move_per_ply(settings: Settings) -> None:
    """Server B still holds the table at ply 0 when server A stores ply 1: B's insert breaks
    UNIQUE(table_id, ply), B answers stale and drops its copy, and then shows A's move."""
    with TestClient(create_app(settings)) as a, TestClient(create_app(settings)) as b:
        table_id, creds = two_people(a)
        seat = prompt(b, table_id, creds[0])["pending"][0]  # B loads the table now
        assert prompt(b, table_id, creds[seat])["ply"] == 0
        assert move(a, table_id, creds[seat], "roll", 0, "from-a").json()["status"] == "applied"
        late = move(b, table_id, creds[seat], "roll", 0, "from-b")
        assert late.status_code == 409 and late.json()["status"] == "stale"
        assert late.json()["prompt"]["ply"] == 1  # reloaded from the database
        assert (
            b.get(f"/api/tables/{table_id}/events").json()
            == a.get(f"/api/tables/{table_id}/events").json()
        )
