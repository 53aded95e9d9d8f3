"""Clocks and timeouts: the settings and their refusals, a realtime bank that runs out (a bot of
the timeout level stands in, its moves marked `timeout:<level>`), the increment, a turn clock,
several seats pending at once (sealed bids), the person taking the seat back, the clock state in
websocket updates, and a restart with an overdue deadline. A clock that must run out has a
fraction of a second, or a few seconds where a person must move before it runs out; one that must
not has an hour or more; and nothing is asserted on wall time beyond "it timed out" or "it did
not"."""

from __future__ import annotations

import os
import signal
import sqlite3
import time
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import Any

import httpx
import pytest
from fastapi.testclient import TestClient
from logcheck import assert_no_traceback
from serverkit import guest, move, new_table, prompt, seat_header, wait_for_bots
from sqlalchemy import create_engine, text
from test_lobby import assert_error
from test_ws import auth, until

from bodoge.engine import StaleMove
from bodoge.server.app import create_app
from bodoge.server.config import Settings
from bodoge.server.services.moves import MoveRequest

LIMIT = 60.0  # seconds to wait for something that must happen (a slow, shared machine)


def wait_until(check: Callable[[], Any], what: str) -> Any:
    """Poll `check` until it returns something true (a timeout fires in the server's loop)."""
    end = time.monotonic() + LIMIT
    while time.monotonic() < end:
        found = check()
        if found:
            return found
        time.sleep(0.02)
    raise AssertionError(f"{what}: not within {LIMIT} s")


def people(
    client: TestClient, game: str, players: int, clock: dict[str, Any], **extra: Any
) -> tuple[str, list[str]]:
    """A started table of persons only with `clock`: its id and the seats' credentials."""
    seats = [{"kind": "me"}] + [{"kind": "open"}] * (players - 1)
    created = new_table(client, guest(client, "P0"), game, seats, clock=clock, **extra)
    table_id = created["table"]["id"]
    creds = [created["credential"]]
    for n in range(1, players):
        joined = client.post(
            f"/api/tables/{table_id}/join", headers=guest(client, f"P{n}"), json={}
        )
        assert joined.status_code == 200, joined.text
        creds.append(joined.json()["credential"])
    return table_id, creds


def finished(client: TestClient, table_id: str) -> None:
    """Wait until the bots have finished the game (a stand-in's bot starts once the timeout is
    committed, a moment after the seat shows it)."""

    def over() -> bool:
        wait_for_bots(client)
        return bool(info(client, table_id)["status"] == "over")

    wait_until(over, "the bots finished the game")


def info(client: TestClient, table_id: str) -> dict[str, Any]:
    answer = client.get(f"/api/tables/{table_id}")
    assert answer.status_code == 200, answer.text
    return answer.json()  # type: ignore[no-any-return]


def clocks(client: TestClient, table_id: str) -> list[dict[str, Any]]:
    return info(client, table_id)["clocks"]  # type: ignore[no-any-return]


def running(client: TestClient, table_id: str) -> list[int]:
    return [each["seat"] for each in clocks(client, table_id) if each["running"]]


def stand_ins(client: TestClient, table_id: str) -> list[str | None]:
    return [seat["stand_in"] for seat in info(client, table_id)["seats"]]


def bys(client: TestClient, table_id: str, credential: str) -> list[tuple[int, str | None]]:
    entries = client.get(f"/api/tables/{table_id}/events", headers=seat_header(credential)).json()
    return [(entry["seat"], entry["by"]) for entry in entries]


def test_clock_settings_and_their_refusals(client: TestClient) -> None:
    aki = guest(client)

    def create(clock: Any, **extra: Any) -> Any:
        return client.post(
            "/api/tables",
            headers=aki,
            json={
                "game": "collect",
                "players": 2,
                "seats": [{"kind": "me"}, {"kind": "open"}],
                "clock": clock,
                **extra,
            },
        )

    for clock in [
        {"kind": "blitz"},
        {"kind": "realtime"},
        {"kind": "realtime", "bank": 0},
        {"kind": "realtime", "bank": -5},
        {"kind": "realtime", "bank": 10**9},
        {"kind": "realtime", "bank": 60, "increment": -1},
        {"kind": "realtime", "bank": 60, "per_move": 30},
        {"kind": "turn"},
        {"kind": "turn", "per_move": 0},
        {"kind": "turn", "per_move": 3600, "bank": 60},
        {"kind": "none", "bank": 60},
    ]:
        error = assert_error(create(clock), 422, "invalid_clock")
        assert "clock" in error["message"]["en"] or "takes" in error["message"]["en"], error  # type: ignore[index]
    for clock in [{"kind": "realtime", "bank": "60"}, {"kind": "turn", "per_move": True}]:
        assert_error(create(clock), 422, "bad_request")  # not a number: the request's shape
    assert_error(create({"kind": "none"}, timeout_level="grandmaster"), 422, "bad_request")
    plain = new_table(client, aki, "collect", [{"kind": "me"}, {"kind": "open"}])["table"]
    assert plain["clock"] == {"kind": "none"} and plain["clocks"] == []
    assert plain["timeout_level"] == "normal"  # the default
    made = create({"kind": "realtime", "bank": 300, "increment": 5}, timeout_level="easy")
    assert made.status_code == 200, made.text
    table = made.json()["table"]
    assert table["clock"] == {"kind": "realtime", "bank": 300.0, "increment": 5.0}
    assert table["timeout_level"] == "easy"
    assert table["clocks"] == [  # the game has not started: no clock runs
        {"seat": 0, "remaining": 300.0, "running": False},
        {"seat": 1, "remaining": 300.0, "running": False},
    ]
    turn = create({"kind": "turn", "per_move": 86400}).json()["table"]
    assert turn["clock"] == {"kind": "turn", "per_move": 86400.0}
    assert [each["remaining"] for each in turn["clocks"]] == [86400.0, 86400.0]


def test_a_realtime_bank_runs_out_and_a_bot_stands_in(client: TestClient) -> None:
    created = new_table(
        client,
        guest(client),
        "koremon_evolution",
        [{"kind": "me"}, {"kind": "bot", "level": "random"}],
        clock={"kind": "realtime", "bank": 0.2, "increment": 0},
        timeout_level="random",
    )
    table_id, credential = created["table"]["id"], created["credential"]
    wait_until(lambda: stand_ins(client, table_id)[0] == "random", "seat 0 timed out")
    finished(client, table_id)  # the stand-in and the bot finish the game
    by_seat_0 = {by for seat, by in bys(client, table_id, credential) if seat == 0}
    assert by_seat_0 == {"timeout:random"}  # the person never moved: every move is the stand-in's
    assert running(client, table_id) == []
    assert clocks(client, table_id)[0]["remaining"] == 0.0  # the bank ran out
    record = client.get(f"/api/tables/{table_id}/record").text
    assert "timeout:random" in record
    # The person's credential still opens the seat (unlike after leaving), but a bot plays it.
    assert prompt(client, table_id, credential)["seat"] == 0
    assert_error(
        move(client, table_id, credential, 0, info(client, table_id)["ply"]), 409, "stood_in"
    )


def test_the_increment_and_the_clocks_in_updates(client: TestClient) -> None:
    setting = {"kind": "realtime", "bank": 1000, "increment": 1000}
    table_id, creds = people(client, "koremon_evolution", 2, setting)
    first = prompt(client, table_id, creds[0])["pending"][0]
    other = 1 - first
    wait_until(lambda: running(client, table_id) == [first], "the first seat's clock starts")
    with client.websocket_connect(f"/ws/tables/{table_id}") as socket:
        hello = auth(socket, creds[other])
        assert hello["clock"] == {"kind": "realtime", "bank": 1000.0, "increment": 1000.0}
        assert [each["running"] for each in hello["clocks"]] == [s == first for s in (0, 1)]
        assert 0 < hello["clocks"][first]["remaining"] <= 1000
        assert hello["clocks"][other]["remaining"] == 1000.0
        assert hello["stand_ins"] == [None, None]
        mine = prompt(client, table_id, creds[first])
        answer = move(client, table_id, creds[first], mine["actions"][0]["id"], mine["ply"], "a")
        assert answer.status_code == 200, answer.text
        after = until(socket, "update", ply=1)
        # Charged the time it took (far less than the increment) and given the increment.
        assert 1000 < after["clocks"][first]["remaining"] <= 2000
        pending = after["prompt"]["pending"]
        assert [each["running"] for each in after["clocks"]] == [s in pending for s in (0, 1)]
        if other in pending:
            assert 0 < after["clocks"][other]["remaining"] <= 1000


def test_an_undo_is_charged_but_earns_no_increment(client: TestClient) -> None:
    """Monster Hex (where a decision that drew and revealed nothing may be taken back): a move
    earns the increment, an undo does not."""
    setting = {"kind": "realtime", "bank": 1000, "increment": 1000}
    table_id, creds = people(client, "monster_hex", 2, setting)
    for made in range(400):
        current = prompt(client, table_id, creds[0])
        assert not current["over"], "no undoable decision came up"
        seat = current["pending"][0]
        mine = prompt(client, table_id, creds[seat])
        wait_until(lambda: seat in running(client, table_id), "the clock runs")  # noqa: B023
        before = clocks(client, table_id)[seat]["remaining"]
        if mine["can_undo"]:
            undo = client.post(
                f"/api/tables/{table_id}/undo",
                headers=seat_header(creds[seat]),
                json={"expected_ply": mine["ply"], "client_key": "u"},
            )
            assert undo.status_code == 200, undo.text
            assert clocks(client, table_id)[seat]["remaining"] <= before  # no increment
            return
        action = mine["actions"][-1]["id"]
        answer = move(client, table_id, creds[seat], action, mine["ply"], f"k{made}")
        assert answer.status_code == 200, answer.text
        assert clocks(client, table_id)[seat]["remaining"] > before  # the increment
    raise AssertionError("no undoable decision came up")


def test_a_turn_clock_gives_each_decision_its_time(client: TestClient) -> None:
    table_id, creds = people(client, "koremon_evolution", 2, {"kind": "turn", "per_move": 3600})
    for made in range(4):
        current = prompt(client, table_id, creds[0])
        seat = current["pending"][0]
        wait_until(lambda: running(client, table_id) == [seat], "the pending seat's clock runs")  # noqa: B023
        shown = clocks(client, table_id)
        assert 3500 < shown[seat]["remaining"] <= 3600  # the time left for this decision
        assert shown[1 - seat]["remaining"] == 3600.0  # a full move's time when its turn comes
        mine = prompt(client, table_id, creds[seat])
        answer = move(
            client, table_id, creds[seat], mine["actions"][0]["id"], mine["ply"], f"k{made}"
        )
        assert answer.status_code == 200, answer.text
    assert stand_ins(client, table_id) == [None, None]  # nobody timed out


def test_a_turn_clock_runs_out_for_both_seats(client: TestClient) -> None:
    table_id, creds = people(
        client, "koremon_evolution", 2, {"kind": "turn", "per_move": 0.2}, timeout_level="random"
    )
    wait_until(lambda: stand_ins(client, table_id) == ["random", "random"], "both timed out")
    finished(client, table_id)
    seen = bys(client, table_id, creds[0])
    assert {by for _, by in seen} == {"timeout:random"}
    assert {seat for seat, _ in seen} == {0, 1}


def test_sealed_bids_run_several_clocks_at_once(client: TestClient) -> None:
    table_id, creds = people(
        client,
        "koremon_auction",
        3,
        {"kind": "realtime", "bank": 2.5, "increment": 0},
        timeout_level="random",
    )
    assert prompt(client, table_id, creds[0])["pending"] == [0, 1, 2]
    wait_until(lambda: running(client, table_id) == [0, 1, 2], "three clocks run")
    # Seat 0 bids on one monster (of several): charged, and still running for its next bid.
    mine = prompt(client, table_id, creds[0])
    answer = move(client, table_id, creds[0], mine["actions"][0]["id"], mine["ply"], "bid")
    assert answer.status_code == 200, answer.text
    shown = clocks(client, table_id)
    assert [each["running"] for each in shown] == [True, True, True]
    assert shown[0]["remaining"] < 2.5
    # Nobody else moves: every seat runs out, and bots of the timeout level finish the game.
    wait_until(lambda: stand_ins(client, table_id) == ["random"] * 3, "all three timed out")
    finished(client, table_id)
    seen = bys(client, table_id, creds[1])
    assert seen[0] == (0, None)  # seat 0's own bid
    assert {seat for seat, by in seen if by == "timeout:random"} == {0, 1, 2}


def test_the_person_takes_the_seat_back_and_moves(client: TestClient) -> None:
    """The seat first to play runs out; its stand-in plays while the other person (safe with a
    large increment after its first move) keeps playing; then the person takes the seat back and
    plays its own moves, and the stand-in does nothing more."""
    setting = {"kind": "realtime", "bank": 3.0, "increment": 3600}
    table_id, creds = people(client, "koremon_evolution", 2, setting, timeout_level="random")
    late = prompt(client, table_id, creds[0])["pending"][0]
    other = 1 - late
    wait_until(lambda: stand_ins(client, table_id)[late] == "random", "the first seat timed out")
    assert_error(
        client.post(f"/api/tables/{table_id}/return", headers=seat_header(creds[other])),
        409,
        "no_stand_in",
    )
    assert_error(client.post(f"/api/tables/{table_id}/return"), 401, "unauthorized")
    returned, own_moves = False, 0
    for made in range(200):
        wait_for_bots(client)
        current = prompt(client, table_id, creds[other])
        if current["over"] or own_moves == 2:
            break
        if late in current["pending"] and not returned:
            time.sleep(0.01)  # the stand-in is about to move
            continue
        timeout_moves = [by for seat, by in bys(client, table_id, creds[late]) if seat == late]
        if not returned and timeout_moves:
            assert set(timeout_moves) == {"timeout:random"}
            back = client.post(f"/api/tables/{table_id}/return", headers=seat_header(creds[late]))
            assert back.status_code == 200, back.text
            assert back.json() == {"seat": late, "ply": current["ply"]}
            assert stand_ins(client, table_id) == [None, None]
            returned = True
        seat = current["pending"][0]
        own_moves += seat == late
        mine = prompt(client, table_id, creds[seat])
        action = mine["actions"][0]["id"]
        if seat == late:  # what a stand-in still thinking at the return would send: dropped
            moves = client.app.state.server.moves  # type: ignore[attr-defined]
            with pytest.raises(StaleMove):
                stand_in_move = MoveRequest(
                    table_id, action, mine["ply"], seat=late, by="timeout:random"
                )
                client.portal.call(moves.move, stand_in_move)  # type: ignore[union-attr]
        answer = move(client, table_id, creds[seat], action, mine["ply"], f"k{made}")
        assert answer.status_code == 200, answer.text
    assert returned
    wait_for_bots(client)
    seen = [by for seat, by in bys(client, table_id, creds[late]) if seat == late]
    first_own = seen.index(None)
    assert first_own > 0 and set(seen[:first_own]) == {"timeout:random"}
    assert set(seen[first_own:]) == {None}  # the stand-in made no more moves
    assert stand_ins(client, table_id) == [None, None]


def test_the_decision_that_timed_out_is_the_stand_ins(settings: Settings) -> None:
    """Taking the seat back waits for the stand-in's first decision (here it "thinks" for an
    hour), so a timeout always costs a decision and cannot refill a bank at once."""
    with TestClient(create_app(replace(settings, bot_delay=3600))) as client:
        setting = {"kind": "realtime", "bank": 0.2, "increment": 0}
        table_id, creds = people(client, "koremon_evolution", 2, setting, timeout_level="random")
        late = prompt(client, table_id, creds[0])["pending"][0]
        wait_until(lambda: stand_ins(client, table_id)[late] == "random", "timed out")
        wait_until(lambda: running(client, table_id) == [], "no clock runs for a bot")
        action = prompt(client, table_id, creds[late])["actions"][0]["id"]
        assert_error(move(client, table_id, creds[late], action, 0, "a"), 409, "stood_in")
        back = client.post(f"/api/tables/{table_id}/return", headers=seat_header(creds[late]))
        assert_error(back, 409, "too_early")
        assert (
            stand_ins(client, table_id)[late] == "random" and bys(client, table_id, creds[0]) == []
        )


def test_taking_the_seat_back_over_the_socket(client: TestClient) -> None:
    setting = {"kind": "realtime", "bank": 3.0, "increment": 3600}
    table_id, creds = people(client, "koremon_evolution", 2, setting, timeout_level="random")
    late = prompt(client, table_id, creds[0])["pending"][0]
    other = 1 - late
    wait_until(lambda: stand_ins(client, table_id)[late] == "random", "timed out")
    wait_until(lambda: other in prompt(client, table_id, creds[other])["pending"], "stand-in moved")
    with client.websocket_connect(f"/ws/tables/{table_id}") as socket:
        hello = auth(socket, creds[late])
        assert hello["stand_ins"][late] == "random"
        ply = hello["ply"]
        socket.send_json({"type": "move", "action": 0, "expected_ply": ply, "client_key": "a"})
        assert until(socket, "answer")["status"] == "stood_in"
        socket.send_json({"type": "return"})
        assert until(socket, "returned") == {"type": "returned", "seat": late, "ply": ply}
        assert until(socket, "update")["stand_ins"] == [None, None]
        for made in range(20):  # the other person plays until it is this seat's turn
            current = prompt(client, table_id, creds[other])
            if late in current["pending"] or current["over"]:
                break
            action = current["actions"][0]["id"]
            answer = move(client, table_id, creds[other], action, current["ply"], f"k{made}")
            assert answer.status_code == 200, answer.text
        update = until(socket, "update", ply=current["ply"])
        assert update["clocks"][late]["running"] and update["prompt"]["pending"] == [late]
        action = update["prompt"]["actions"][0]["id"]
        socket.send_json(
            {"type": "move", "action": action, "expected_ply": update["ply"], "client_key": "b"}
        )
        assert until(socket, "answer")["status"] == "applied"
        socket.send_json({"type": "return"})
        assert until(socket, "error")["error"]["code"] == "no_stand_in"
    assert bys(client, table_id, creds[late])[-1] == (late, None)


def test_a_restart_fires_an_overdue_deadline(settings: Settings, database_url: str) -> None:
    setting = {"kind": "realtime", "bank": 3600, "increment": 0}
    with TestClient(create_app(settings)) as before:
        table_id, creds = people(before, "koremon_evolution", 2, setting, timeout_level="random")
        late = prompt(before, table_id, creds[0])["pending"][0]
        wait_until(lambda: running(before, table_id) == [late], "the clock starts")
    # The server was down for two hours: the deadline passed meanwhile.
    engine = create_engine(database_url)
    with engine.begin() as connection:
        moved = connection.execute(
            text("UPDATE deadlines SET due = due - 7200 WHERE table_id = :id"), {"id": table_id}
        )
        assert moved.rowcount == 1
    engine.dispose()
    with TestClient(create_app(settings)) as after:
        wait_until(lambda: stand_ins(after, table_id)[late] == "random", "fired after the restart")
        seen = wait_until(lambda: bys(after, table_id, creds[late]), "the stand-in moves")
        assert seen[0] == (late, "timeout:random")
        assert stand_ins(after, table_id)[1 - late] is None  # the other clock has not run out


def test_a_clock_stops_for_a_seat_whose_person_left(settings: Settings) -> None:
    """The leave stand-in is still "thinking" (a long bot delay): the clock stops at the leave."""
    with TestClient(create_app(replace(settings, bot_delay=3600))) as client:
        table_id, creds = people(client, "koremon_evolution", 2, {"kind": "turn", "per_move": 3600})
        late = prompt(client, table_id, creds[0])["pending"][0]
        wait_until(lambda: running(client, table_id) == [late], "the clock starts")
        left = client.post(f"/api/tables/{table_id}/leave", headers=seat_header(creds[late]))
        assert left.status_code == 200
        wait_until(lambda: running(client, table_id) == [], "the clock stops")
        assert stand_ins(client, table_id)[late] == "random"  # the leave stand-in (settings)


def test_kill_9_keeps_the_deadline_a_move_started(tmp_path: Path) -> None:
    """A real `bodoge serve` (SQLite): a move is answered "applied", the process is killed with
    SIGKILL at once; the deadline that move started was in its transaction, and after the restart
    (the deadline having passed while no server ran) it fires at once."""
    from test_crash import start
    from test_serve import free_port

    port = free_port()
    base = f"http://127.0.0.1:{port}"
    data = tmp_path / "data"
    log = tmp_path / "serve.log"
    server = start(data, port, log)
    try:
        tokens = [httpx.post(f"{base}/api/guests", json={"name": n}).json() for n in "AB"]
        aki, ben = ({"Authorization": f"Bearer {token['token']}"} for token in tokens)
        created = httpx.post(
            f"{base}/api/tables",
            headers=aki,
            json={
                "game": "koremon_evolution",
                "players": 2,
                "seats": [{"kind": "me"}, {"kind": "open"}],
                "clock": {"kind": "realtime", "bank": 3600},
                "timeout_level": "random",
            },
        ).json()
        table_id = created["table"]["id"]
        joined = httpx.post(f"{base}/api/tables/{table_id}/join", headers=ben, json={})
        creds = [created["credential"], joined.json()["credential"]]
        first = httpx.get(
            f"{base}/api/tables/{table_id}/prompt", headers=seat_header(creds[0])
        ).json()["pending"][0]
        mine = httpx.get(
            f"{base}/api/tables/{table_id}/prompt", headers=seat_header(creds[first])
        ).json()
        body = {"action": mine["actions"][0]["id"], "expected_ply": 0, "client_key": "a"}
        answer = httpx.post(
            f"{base}/api/tables/{table_id}/moves", headers=seat_header(creds[first]), json=body
        ).json()
        assert answer["status"] == "applied"
        os.kill(server.pid, signal.SIGKILL)
        server.wait(timeout=30)
    finally:
        if server.poll() is None:
            server.kill()
    database = sqlite3.connect(data / "bodoge.sqlite3")
    with database:
        rows = database.execute(
            "SELECT seat, ply FROM deadlines WHERE table_id = ?", (table_id,)
        ).fetchall()
        started = [seat for seat, _ in rows]
        assert rows and all(ply == 1 for _, ply in rows)  # started by the move (ply 1)
        database.execute("UPDATE deadlines SET due = due - 7200 WHERE table_id = ?", (table_id,))
    database.close()
    server = start(data, port, log)
    try:

        def timed_out() -> list[dict[str, Any]]:
            seats = httpx.get(f"{base}/api/tables/{table_id}").json()["seats"]
            return [seat for seat in seats if seat["stand_in"] == "random"]

        stood_in = wait_until(timed_out, "the overdue deadline fired after the restart")
        assert [seat["seat"] for seat in stood_in] == started
    finally:
        server.terminate()
        server.wait(timeout=30)
    assert_no_traceback(log)
