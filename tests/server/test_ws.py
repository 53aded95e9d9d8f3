"""The websocket per tab: auth first, updates per seat, moves and their answers, reconnect with
the last ply, and the refusals."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient
from serverkit import guest, move, new_table, prompt, two_people
from starlette.websockets import WebSocketDisconnect


def until(socket: Any, kind: str, **match: Any) -> dict[str, Any]:
    """The next frame of `kind` (with the given fields); the frames in between are skipped."""
    for _ in range(50):
        frame: dict[str, Any] = socket.receive_json()
        if frame["type"] == kind and all(frame.get(k) == v for k, v in match.items()):
            return frame
    raise AssertionError(f"no {kind} frame with {match}")


def auth(socket: Any, credential: str, last_ply: int = 0) -> dict[str, Any]:
    socket.send_json({"type": "auth", "credential": credential, "last_ply": last_ply})
    return until(socket, "update")


def test_updates_per_seat_and_moves_over_the_socket(client: TestClient) -> None:
    table_id, creds = two_people(client)
    url = f"/ws/tables/{table_id}"
    with client.websocket_connect(url) as first, client.websocket_connect(url) as second:
        hello = auth(first, creds[0])
        assert hello["ply"] == 0 and hello["events"] == [] and hello["status"] == "playing"
        assert hello["prompt"] == prompt(client, table_id, creds[0])
        auth(second, creds[1])
        assert until(first, "update", connected=[0, 1])["connected"] == [0, 1]
        seats = client.get(f"/api/tables/{table_id}").json()["seats"]
        assert [seat["connected"] for seat in seats] == [True, True]
        seat = hello["prompt"]["pending"][0]
        mover = [first, second][seat]
        mover.send_json({"type": "move", "action": "roll", "expected_ply": 0, "client_key": "a"})
        answer = until(mover, "answer")
        assert answer["client_key"] == "a" and answer["status"] == "applied"
        assert answer["ply"] == 1
        for socket, credential in [(first, creds[0]), (second, creds[1])]:
            update = until(socket, "update", ply=1)
            assert [entry["ply"] for entry in update["events"]] == [1]
            assert update["prompt"] == prompt(client, table_id, credential)
        # The same key again: duplicate; an old ply: stale with the prompt.
        mover.send_json({"type": "move", "action": "roll", "expected_ply": 0, "client_key": "a"})
        assert until(mover, "answer")["status"] == "duplicate"
        mover.send_json({"type": "move", "action": "roll", "expected_ply": 0, "client_key": "b"})
        stale = until(mover, "answer")
        assert stale["status"] == "stale" and stale["error"]["code"] == "stale"
        assert stale["prompt"]["ply"] == 1
        # A move over HTTP reaches the sockets too.
        now = prompt(client, table_id, creds[seat])
        if now["pending"] == [seat]:
            assert (
                move(client, table_id, creds[seat], now["actions"][0]["id"], 1).status_code == 200
            )
            assert until(first, "update", ply=2)["events"][0]["ply"] == 2


def test_reconnect_with_the_last_ply_gets_exactly_what_it_missed(client: TestClient) -> None:
    table_id, creds = two_people(client)
    url = f"/ws/tables/{table_id}"
    with client.websocket_connect(url) as socket:
        seen = auth(socket, creds[1])["ply"]
    for made in range(4):  # moves while seat 1 is away
        current = prompt(client, table_id, creds[0])
        mover = creds[current["pending"][0]]
        mine = prompt(client, table_id, mover)
        answer = move(client, table_id, mover, mine["actions"][0]["id"], mine["ply"], f"k{made}")
        assert answer.status_code == 200
    seats = client.get(f"/api/tables/{table_id}").json()["seats"]
    assert [seat["connected"] for seat in seats] == [False, False]
    with client.websocket_connect(url) as socket:
        back = auth(socket, creds[1], last_ply=seen)
        assert [entry["ply"] for entry in back["events"]] == [1, 2, 3, 4]
        events = client.get(
            f"/api/tables/{table_id}/events", headers={"X-Seat-Credential": creds[1]}
        ).json()
        assert back["events"] == events
        socket.send_json({"type": "sync", "last_ply": 2})
        again = until(socket, "update")
        assert again["events"] == events[2:] and again["ply"] == 4


def test_refusals_on_the_socket(client: TestClient) -> None:
    table_id, _ = two_people(client)
    url = f"/ws/tables/{table_id}"
    with client.websocket_connect(url) as socket:
        socket.send_json({"type": "auth", "credential": "wrong"})
        assert socket.receive_json()["error"]["code"] == "unauthorized"
        with pytest.raises(WebSocketDisconnect):
            socket.receive_json()
    with client.websocket_connect(url) as socket:
        socket.send_json({"type": "move", "action": "roll", "expected_ply": 0})
        assert socket.receive_json()["error"]["code"] == "bad_request"  # auth comes first
        with pytest.raises(WebSocketDisconnect):
            socket.receive_json()
    with client.websocket_connect(url) as socket:
        socket.send_text("x" * 20_000)
        assert socket.receive_json()["error"]["code"] == "too_large"
        with pytest.raises(WebSocketDisconnect):
            socket.receive_json()
    with client.websocket_connect(url) as socket:
        socket.send_json({"type": "watch"})
        watched = until(socket, "update")
        assert watched["prompt"]["seat"] is None and watched["prompt"]["actions"] == []
        socket.send_json({"type": "move", "action": "roll", "expected_ply": 0})
        assert until(socket, "error")["error"]["code"] == "forbidden"
        for bad in [{"type": "dance"}, {"type": []}, ["move"], {"type": "move", "action": 1}]:
            socket.send_json(bad)
            assert until(socket, "error")["error"]["code"] == "bad_request"
        socket.send_bytes(b"{}")
        assert until(socket, "error")["error"]["code"] == "bad_request"
        socket.send_json({"type": "sync", "last_ply": 0})  # still open
        assert until(socket, "update")["ply"] == 0
    closed = new_table(
        client,
        guest(client),
        "koremon_evolution",
        [{"kind": "me"}, {"kind": "open"}],
        spectators=False,
    )
    with client.websocket_connect(f"/ws/tables/{closed['table']['id']}") as socket:
        socket.send_json({"type": "watch"})
        assert socket.receive_json()["error"]["code"] == "forbidden"
    with client.websocket_connect("/ws/tables/nope") as socket:
        socket.send_json({"type": "watch"})
        assert socket.receive_json()["error"]["code"] == "not_found"


def test_a_seat_left_cannot_move_on_its_open_socket(client: TestClient) -> None:
    table_id, creds = two_people(client)
    with client.websocket_connect(f"/ws/tables/{table_id}") as socket:
        hello = auth(socket, creds[0])
        client.post(f"/api/tables/{table_id}/leave", headers={"X-Seat-Credential": creds[0]})
        socket.send_json(
            {"type": "move", "action": "roll", "expected_ply": hello["ply"], "client_key": "z"}
        )
        assert until(socket, "answer")["status"] == "unauthorized"


def test_a_nested_or_out_of_bounds_message_gets_an_error_and_the_socket_stays_open(
    client: TestClient,
) -> None:
    table_id, creds = two_people(client)
    with client.websocket_connect(f"/ws/tables/{table_id}") as socket:
        auth(socket, creds[0])
        socket.send_text("[" * 1000 + "]" * 1000)
        error = until(socket, "error")["error"]
        assert error["code"] == "bad_request"
        assert error["message"]["en"] == (
            "the message nests arrays and objects more than 32 levels deep"
        )
        for bad in [
            {"type": "sync", "last_ply": -1},
            {"type": "sync", "last_ply": 2**70},
            {"type": "move", "action": "roll", "expected_ply": "0"},
        ]:
            socket.send_json(bad)
            refused = until(socket, "error")["error"]
            assert refused["code"] == "bad_request", bad
            assert refused["message"]["en"].startswith("bad message: "), refused
            assert refused["message"]["ja"].startswith("メッセージが正しくありません："), refused
        socket.send_text("not json")
        assert (
            until(socket, "error")["error"]["message"]["ja"] == "メッセージがJSONとして読めません"
        )
        socket.send_json({"type": "sync", "last_ply": 0})  # still open
        assert until(socket, "update")["ply"] == 0
