"""Moves over HTTP: every kind of answer, duplicates by client key, stale plies, undo, the
prompt, the events and the record."""

from __future__ import annotations

from fastapi.testclient import TestClient
from serverkit import move, play_first_actions, prompt, seat_header, two_people
from test_lobby import assert_error

from bodoge.engine import Match


def test_applied_duplicate_stale_and_refusals(client: TestClient) -> None:
    table_id, creds = two_people(client)
    aki, ben = creds
    starter = prompt(client, table_id, aki)["pending"][0]
    first = prompt(client, table_id, creds[starter])
    assert first["seat"] == starter and first["pending"] == [starter] and first["ply"] == 0
    roll = first["actions"][0]
    assert roll["notation"] == "roll" and roll["label"]["ja"]
    applied = move(client, table_id, creds[starter], "roll", 0, "key-1")
    assert applied.status_code == 200
    body = applied.json()
    assert body["status"] == "applied" and body["ply"] == 1
    assert body["events"] and all("visible_to" not in event for event in body["events"])
    # The same client key again, even with an old ply: the first answer, recomputed.
    again = move(client, table_id, creds[starter], "roll", 0, "key-1")
    assert again.status_code == 200
    assert again.json() == {**body, "status": "duplicate"}
    # A ply the game has passed: stale, with the seat's current prompt.
    now = prompt(client, table_id, aki)
    seat = now["pending"][0]
    mine = [aki, ben][seat]
    now = prompt(client, table_id, mine)
    stale = move(client, table_id, mine, now["actions"][0]["id"], 0, "key-2")
    assert_error(stale, 409, "stale")
    assert stale.json()["status"] == "stale"
    assert stale.json()["prompt"] == prompt(client, table_id, mine)
    other = [aki, ben][1 - seat]
    assert_error(
        move(client, table_id, other, now["actions"][0]["id"], now["ply"]), 409, "not_your_turn"
    )
    assert_error(move(client, table_id, mine, "fly:away", now["ply"]), 422, "illegal_action")
    assert_error(move(client, table_id, "wrong", "roll", now["ply"]), 401, "unauthorized")
    assert_error(move(client, "nope", aki, "roll", 0), 404, "not_found")
    assert_error(
        client.post(
            f"/api/tables/{table_id}/moves",
            headers=seat_header(mine),
            json={"action": True, "expected_ply": now["ply"]},
        ),
        422,
        "bad_request",
    )
    # Nothing of the refusals was stored.
    assert prompt(client, table_id, mine)["ply"] == now["ply"]


def test_events_since_a_ply_are_the_seats_own(client: TestClient) -> None:
    table_id, (aki, ben) = two_people(client)
    for ply in range(3):
        current = prompt(client, table_id, aki)
        seat = current["pending"][0]
        credential = [aki, ben][seat]
        action = prompt(client, table_id, credential)["actions"][0]["id"]
        assert move(client, table_id, credential, action, ply).status_code == 200
    events = client.get(f"/api/tables/{table_id}/events", headers=seat_header(ben)).json()
    assert [entry["ply"] for entry in events] == [1, 2, 3]
    since = client.get(f"/api/tables/{table_id}/events?since=2", headers=seat_header(ben)).json()
    assert since == events[2:]
    watched = client.get(f"/api/tables/{table_id}/events").json()
    assert [entry["ply"] for entry in watched] == [1, 2, 3]
    assert_error(client.get(f"/api/tables/{table_id}/events?since=-1"), 422, "bad_request")


def test_undo_and_its_refusal(client: TestClient) -> None:
    """Collect!: drawing from a deck shows a card (a reveal closes the turn), so the undo is
    refused then; the refusal changes nothing."""
    table_id, (aki, _) = two_people(client, "collect")
    first = prompt(client, table_id, aki)
    assert first["can_undo"] is False
    undo = client.post(
        f"/api/tables/{table_id}/undo",
        headers=seat_header(aki),
        json={"expected_ply": first["ply"], "client_key": "u1"},
    )
    assert_error(undo, 409, "undo_refused")
    assert undo.json()["status"] == "undo_refused"
    assert prompt(client, table_id, aki)["ply"] == first["ply"]


def test_undo_applies_where_the_policy_allows(client: TestClient) -> None:
    """Monster Hex: a seat may take back a decision that drew nothing and revealed nothing while
    it still decides (found by playing until the prompt offers it); the ply still grows."""
    table_id, creds = two_people(client, "monster_hex")
    for made in range(400):
        current = prompt(client, table_id, creds[0])
        assert not current["over"], "no undoable decision came up"
        seat = current["pending"][0]
        mine = prompt(client, table_id, creds[seat])
        if mine["can_undo"]:
            undo = client.post(
                f"/api/tables/{table_id}/undo",
                headers=seat_header(creds[seat]),
                json={"expected_ply": mine["ply"], "client_key": "u"},
            )
            assert undo.status_code == 200, undo.text
            assert undo.json()["status"] == "applied" and undo.json()["ply"] == mine["ply"] + 1
            assert undo.json()["events"][0]["type"] == "undo"
            again = client.post(
                f"/api/tables/{table_id}/undo",
                headers=seat_header(creds[seat]),
                json={"expected_ply": mine["ply"], "client_key": "u"},
            )
            assert again.json()["status"] == "duplicate"
            assert_error(
                move(client, table_id, creds[seat], mine["actions"][0]["id"], mine["ply"]),
                409,
                "stale",
            )
            return
        action = mine["actions"][-1]["id"]
        assert (
            move(client, table_id, creds[seat], action, mine["ply"], f"k{made}").status_code == 200
        )


def test_a_whole_game_its_record_and_game_over(client: TestClient) -> None:
    table_id, creds = two_people(client)
    assert_error(client.get(f"/api/tables/{table_id}/record"), 409, "not_over")
    made = play_first_actions(client, table_id, creds)
    assert made > 10
    info = client.get(f"/api/tables/{table_id}").json()
    assert info["status"] == "over" and info["ply"] == made
    final = prompt(client, table_id, creds[0])
    assert final["over"] and final["result"]["winners"]
    assert_error(move(client, table_id, creds[0], "roll", final["ply"]), 409, "game_over")
    record = client.get(f"/api/tables/{table_id}/record")
    assert record.status_code == 200 and record.headers["content-type"].startswith("text/plain")
    replayed = Match.from_record(record.text)  # checks the winners and scores it names
    assert replayed.ply == made and replayed.is_over()
    assert '[Seat0 "Aki"]' in record.text and '[Seat1 "Ben"]' in record.text
