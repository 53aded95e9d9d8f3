"""Rematch: a new table for the people of a finished one, seats rotated by one, the bots with
their levels, a seat reserved for each person who stayed and claimed with a new credential at
every call; a person who left gets no seat; one rematch even when everyone asks at once."""

from __future__ import annotations

from collections import Counter
from typing import Any

from fastapi.testclient import TestClient
from serverkit import guest, new_table, play_first_actions, prompt, seat_header, wait_for_bots
from test_lobby import assert_error
from test_races import at_once
from test_ws import until

from bodoge.server.app import create_app
from bodoge.server.config import Settings


def rematch(client: TestClient, table_id: str, credential: str | None) -> Any:
    headers = seat_header(credential) if credential else {}
    return client.post(f"/api/tables/{table_id}/rematch", headers=headers)


def three_seats(client: TestClient, **extra: Any) -> tuple[str, list[str]]:
    """Aki (seat 0), Ben (seat 1) and a random bot (seat 2) at Monster Evolution."""
    seats = [{"kind": "me"}, {"kind": "open"}, {"kind": "bot", "level": "random"}]
    created = new_table(client, guest(client, "Aki"), "koremon_evolution", seats, **extra)
    table_id = created["table"]["id"]
    invite = {"invite": created["invite"]}
    joined = client.post(f"/api/tables/{table_id}/join", headers=guest(client, "Ben"), json=invite)
    return table_id, [created["credential"], joined.json()["credential"]]


def test_a_rematch_rotates_the_seats_and_gives_each_person_their_own(client: TestClient) -> None:
    old_id, (aki, ben) = three_seats(client, public=False)
    assert_error(rematch(client, old_id, aki), 409, "not_over")
    play_first_actions(client, old_id, [aki, ben])
    with client.websocket_connect(f"/ws/tables/{old_id}") as socket:
        socket.send_json({"type": "watch", "last_ply": 0})
        assert until(socket, "update")["rematch"] is None
        first = rematch(client, old_id, aki)
        assert first.status_code == 200, first.text
        body = first.json()
        new_id = body["table"]["id"]
        assert until(socket, "update", rematch=new_id)["status"] == "over"
    assert client.get(f"/api/tables/{old_id}").json()["rematch"] == new_id
    table = body["table"]
    assert table["game"] == "koremon_evolution" and table["players"] == 3
    assert table["options"] == client.get(f"/api/tables/{old_id}").json()["options"]
    assert table["public"] is False and table["spectators"] is True
    # Old seat s sits at new seat s - 1: Ben starts, the bot follows, Aki is last.
    assert [(s["kind"], s["name"], s["level"]) for s in table["seats"]] == [
        ("reserved", "Ben", None),
        ("bot", None, "random"),
        ("human", "Aki", None),
    ]
    assert body["seat"] == 2 and table["status"] == "waiting"
    assert prompt(client, new_id, body["credential"])["seat"] == 2
    # Aki again: the same table, a new credential; the older one stops working.
    again = rematch(client, old_id, aki).json()
    assert again["table"]["id"] == new_id and again["seat"] == 2
    assert again["credential"] != body["credential"]
    assert_error(
        client.get(f"/api/tables/{new_id}/prompt", headers=seat_header(body["credential"])),
        401,
        "unauthorized",
    )
    # Ben claims his seat: no seat is kept any more, the game starts.
    bens = rematch(client, old_id, ben).json()
    assert bens["seat"] == 0 and bens["table"]["status"] == "playing"
    wait_for_bots(client)
    assert prompt(client, new_id, bens["credential"])["seat"] == 0
    assert_error(rematch(client, old_id, "not a credential"), 401, "unauthorized")
    assert_error(rematch(client, old_id, None), 401, "unauthorized")
    assert_error(rematch(client, "nope", aki), 404, "not_found")
    # The stored row: same clock and timeout level, and where it comes from.
    store = client.app.state.server.store  # type: ignore[attr-defined]
    old_row, _ = client.portal.call(store.table, old_id)  # type: ignore[union-attr]
    new_row, _ = client.portal.call(store.table, new_id)  # type: ignore[union-attr]
    assert new_row.rematch_of == old_id and old_row.rematch_id == new_id
    assert (new_row.clock, new_row.timeout_level) == (old_row.clock, old_row.timeout_level)
    assert new_row.seed != old_row.seed
    # A rematch of the rematch rotates again.
    play_first_actions(client, new_id, [bens["credential"], "", again["credential"]])
    third = rematch(client, new_id, bens["credential"]).json()
    assert [s["name"] for s in third["table"]["seats"]] == [None, "Aki", "Ben"]


def test_a_rematch_keeps_the_tables_hints(client: TestClient) -> None:
    old_id, (aki, ben) = three_seats(client, hints=True)
    play_first_actions(client, old_id, [aki, ben])
    answer = rematch(client, old_id, aki)
    assert answer.status_code == 200, answer.text
    new_id = answer.json()["table"]["id"]
    assert client.get(f"/api/tables/{new_id}/hints").json() == {"hints": True}


def test_a_person_who_left_gets_no_seat_and_it_is_open(client: TestClient) -> None:
    old_id, (aki, ben) = three_seats(client)
    left = client.post(f"/api/tables/{old_id}/leave", headers=seat_header(ben))
    assert left.json()["status"] == "playing"
    play_first_actions(client, old_id, [aki])
    assert_error(rematch(client, old_id, ben), 401, "unauthorized")
    body = rematch(client, old_id, aki).json()
    new_id = body["table"]["id"]
    assert [s["kind"] for s in body["table"]["seats"]] == ["open", "bot", "human"]
    assert body["table"]["status"] == "waiting"
    listed = [t["id"] for t in client.get("/api/tables").json()]
    assert new_id in listed  # public, with a seat open
    joined = client.post(f"/api/tables/{new_id}/join", headers=guest(client, "Cy"), json={})
    assert joined.status_code == 200 and joined.json()["seat"] == 0
    assert client.get(f"/api/tables/{new_id}").json()["status"] == "playing"


def test_a_reserved_seat_waits_for_its_person(client: TestClient) -> None:
    """A join fills open seats only: a table with a seat still kept does not start."""
    seats = [{"kind": "me"}, {"kind": "open"}, {"kind": "open"}]
    created = new_table(client, guest(client, "Aki"), "koremon_evolution", seats)
    old_id = created["table"]["id"]
    ben = client.post(f"/api/tables/{old_id}/join", headers=guest(client, "Ben"), json={}).json()
    cy = client.post(f"/api/tables/{old_id}/join", headers=guest(client, "Cy"), json={}).json()
    client.post(f"/api/tables/{old_id}/leave", headers=seat_header(cy["credential"]))
    play_first_actions(client, old_id, [created["credential"], ben["credential"]])
    body = rematch(client, old_id, created["credential"]).json()
    new_id = body["table"]["id"]
    assert [s["kind"] for s in body["table"]["seats"]] == ["reserved", "open", "human"]
    dee = client.post(f"/api/tables/{new_id}/join", headers=guest(client, "Dee"), json={})
    assert dee.json()["seat"] == 1
    assert client.get(f"/api/tables/{new_id}").json()["status"] == "waiting"
    assert rematch(client, old_id, ben["credential"]).json()["table"]["status"] == "playing"


def test_leaving_the_old_table_frees_the_kept_seat(client: TestClient) -> None:
    old_id, (aki, ben) = three_seats(client)
    play_first_actions(client, old_id, [aki, ben])
    new_id = rematch(client, old_id, aki).json()["table"]["id"]
    assert client.get(f"/api/tables/{new_id}").json()["seats"][0]["kind"] == "reserved"
    assert client.post(f"/api/tables/{old_id}/leave", headers=seat_header(ben)).status_code == 200
    seat = client.get(f"/api/tables/{new_id}").json()["seats"][0]
    assert (seat["kind"], seat["name"]) == ("open", None)
    assert_error(rematch(client, old_id, ben), 401, "unauthorized")
    joined = client.post(f"/api/tables/{new_id}/join", headers=guest(client, "Cy"), json={})
    assert joined.json()["seat"] == 0
    assert client.get(f"/api/tables/{new_id}").json()["status"] == "playing"


def test_everyone_asking_at_once_makes_one_rematch(client: TestClient) -> None:
    old_id, creds = three_seats(client)
    play_first_actions(client, old_id, creds)
    answers = at_once([lambda c=c: rematch(client, old_id, c) for c in creds * 3])
    assert Counter(a.status_code for a in answers) == {200: 6}
    assert len({a.json()["table"]["id"] for a in answers}) == 1
    seats = Counter(a.json()["seat"] for a in answers)
    assert seats == {2: 3, 0: 3}
    tables = client.get(f"/api/tables/{old_id}").json()
    store = client.app.state.server.store  # type: ignore[attr-defined]
    rows = client.portal.call(store.table_ids, "playing")  # type: ignore[union-attr]
    assert tables["rematch"] in rows


def test_a_restart_keeps_the_rematch_and_its_kept_seats(settings: Settings) -> None:
    with TestClient(create_app(settings)) as before:
        old_id, (aki, ben) = three_seats(before)
        play_first_actions(before, old_id, [aki, ben])
        new_id = rematch(before, old_id, aki).json()["table"]["id"]
    with TestClient(create_app(settings)) as after:
        assert after.get(f"/api/tables/{old_id}").json()["rematch"] == new_id
        seats = after.get(f"/api/tables/{new_id}").json()["seats"]
        assert [s["kind"] for s in seats] == ["reserved", "bot", "human"]
        bens = rematch(after, old_id, ben).json()
        assert bens["table"]["id"] == new_id and bens["table"]["status"] == "playing"
