"""Analyses and hints over HTTP, on SQLite and PostgreSQL, in real worker processes: a finished
game's analysis and the cache a second viewer hits, the refusals during play (spectators,
another seat, rated tables), a seat's own analysis during play and its secrecy, the queue's
limits, and hints. The search runs at a few iterations (`level` is a count): the tests check
what is given to whom, not how well the search plays."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from serverkit import guest, new_table, play_first_actions, prompt, seat_header, two_people
from sqlalchemy import create_engine, text
from test_lobby import assert_error

from bodoge.server.app import create_app
from bodoge.server.config import Settings

LEVEL = "3"


def idle(client: TestClient) -> None:
    server = client.app.state.server  # type: ignore[attr-defined]
    client.portal.call(server.analyses.jobs.idle)  # type: ignore[union-attr]


def ask(
    client: TestClient,
    table_id: str,
    seat: int,
    headers: dict[str, str],
    credential: str | None = None,
    level: str = LEVEL,
) -> Any:
    sent = {**headers, **(seat_header(credential) if credential else {})}
    return client.post(
        f"/api/tables/{table_id}/analysis", headers=sent, json={"seat": seat, "level": level}
    )


def status(client: TestClient, table_id: str, seat: int, credential: str | None = None) -> Any:
    headers = seat_header(credential) if credential else {}
    return client.get(f"/api/tables/{table_id}/analysis?seat={seat}&level={LEVEL}", headers=headers)


def finished_collect(client: TestClient) -> tuple[str, str]:
    """A finished Collect! game of a person (seat 0) against a random bot."""
    created = new_table(
        client, guest(client), "collect", [{"kind": "me"}, {"kind": "bot", "level": "random"}]
    )
    table_id, credential = created["table"]["id"], created["credential"]
    play_first_actions(client, table_id, [credential])
    return table_id, credential


def set_rated(database_url: str, table_id: str) -> None:
    """Mark a table rated, as the accounts' rating does (no route sets it)."""
    engine = create_engine(database_url)
    with engine.begin() as connection:
        connection.execute(text("UPDATE tables SET rated = true WHERE id = :id"), {"id": table_id})
    engine.dispose()


def test_a_finished_game_is_analysed_once_and_a_second_viewer_gets_it_at_once(
    client: TestClient,
) -> None:
    table_id, credential = finished_collect(client)
    first = ask(client, table_id, 0, guest(client, "Cai"))
    assert first.status_code == 200, first.text
    assert first.json()["status"] in ("queued", "running")
    idle(client)
    done = status(client, table_id, 0).json()
    assert done["status"] == "ready" and done["done"] == done["total"] > 0
    analysis = done["analysis"]
    assert analysis["game"] == "collect" and analysis["seats"] == [0]
    assert analysis["iterations"] == int(LEVEL)
    decisions = [step for step in analysis["steps"] if step["kind"] == "decision"]
    assert decisions and all(step["seat"] == 0 and step["mover"] == 0 for step in decisions)
    for step in decisions:
        assert set(step["preferred"]["label"]) == {"en", "ja"}
        assert step["mark"] in (None, "inaccuracy", "mistake", "blunder")
    assert analysis["summary"][0]["decisions"] == len(decisions)
    # A second viewer, a spectator with a guest of its own: the cached one, no job.
    again = ask(client, table_id, 0, guest(client, "Dan"))
    assert again.status_code == 200 and again.json()["status"] == "ready"
    assert again.json()["analysis"] == analysis
    server = client.app.state.server  # type: ignore[attr-defined]
    assert not server.analyses.jobs._jobs
    # The seat itself, with its credential, sees the same.
    assert status(client, table_id, 0, credential).json()["analysis"] == analysis


def test_during_play_only_the_seat_itself_at_a_casual_table(
    client: TestClient, database_url: str
) -> None:
    table_id, creds = two_people(client, "collect")
    viewer = guest(client, "Eve")
    assert_error(ask(client, table_id, 0, viewer), 401, "unauthorized")  # a spectator
    assert_error(status(client, table_id, 0), 401, "unauthorized")
    assert_error(ask(client, table_id, 0, viewer, creds[1]), 403, "forbidden")  # another seat
    assert_error(status(client, table_id, 1, creds[0]), 403, "forbidden")
    assert_error(ask(client, table_id, 5, viewer, creds[0]), 422, "bad_request")
    assert_error(ask(client, table_id, 0, viewer, creds[0], level="9999999"), 422, "bad_request")
    set_rated(database_url, table_id)
    assert_error(ask(client, table_id, 0, viewer, creds[0]), 403, "rated_table")


def test_a_seats_own_analysis_during_play_is_what_it_knew_then(client: TestClient) -> None:
    """The secrecy test on the server: the analysis seat 0 gets during play (its view at ply p)
    is, step for step, the same as its part of the finished game's analysis, made after every
    card was seen (with the one fixed seed: exactly)."""
    table_id, creds = two_people(client, "collect")
    mover = guest(client, "Fay")
    for made in range(12):
        current = prompt(client, table_id, creds[0])
        seat = current["pending"][0]
        mine = prompt(client, table_id, creds[seat])
        answer = client.post(
            f"/api/tables/{table_id}/moves",
            headers=seat_header(creds[seat]),
            json={"action": mine["actions"][0]["id"], "expected_ply": mine["ply"]},
        )
        assert answer.status_code == 200, answer.text
        del made
    ply = prompt(client, table_id, creds[0])["ply"]
    assert ask(client, table_id, 0, mover, creds[0]).status_code == 200
    idle(client)
    early = status(client, table_id, 0, creds[0]).json()
    assert early["status"] == "ready" and early["ply"] == ply
    early_steps = early["analysis"]["steps"]
    assert early_steps and all(step["ply"] <= ply for step in early_steps)
    play_first_actions(client, table_id, creds)
    # The game moved on: the analysis of ply p is out of date, a new one covers it all.
    assert status(client, table_id, 0).json()["status"] == "none"
    assert ask(client, table_id, 0, mover).status_code == 200
    idle(client)
    late = status(client, table_id, 0).json()["analysis"]["steps"]
    assert [step for step in late if step["ply"] <= ply][: len(early_steps)] == early_steps


@pytest.fixture
def one_job(database_url: str, tmp_path: Path) -> Settings:
    return Settings(
        data_dir=tmp_path,
        database_url=database_url,
        bot_delay=0,
        stand_in_level="random",
        analysis_queue=1,
    )


def test_the_queue_is_bounded_per_requester_and_per_server(one_job: Settings) -> None:
    with TestClient(create_app(one_job)) as client:
        table_id, _ = finished_collect(client)
        other_id, _ = finished_collect(client)
        asker = guest(client, "Gus")
        # Enough iterations that the job is still under way while the next requests come.
        assert ask(client, table_id, 0, asker, level="200").status_code == 200
        refused = ask(client, table_id, 1, asker)
        assert_error(refused, 429, "one_at_a_time")
        assert set(refused.json()["error"]["message"]) == {"en", "ja"}
        assert_error(ask(client, other_id, 0, guest(client, "Hal")), 429, "queue_full")
        # Asking again for the job under way is no new job: its state.
        again = ask(client, table_id, 0, guest(client, "Ivy"), level="200")
        assert again.status_code == 200 and again.json()["status"] in ("queued", "running")


def hint(client: TestClient, table_id: str, credential: str | None) -> Any:
    headers = seat_header(credential) if credential else {}
    return client.post(f"/api/tables/{table_id}/hint", headers=headers)


def test_hints_at_a_casual_table_with_a_bot(client: TestClient, database_url: str) -> None:
    me = guest(client)
    seats = [{"kind": "me"}, {"kind": "bot", "level": "random"}]
    created = new_table(client, me, "collect", seats, hints=True)
    table_id, credential = created["table"]["id"], created["credential"]
    assert client.get(f"/api/tables/{table_id}/hints").json() == {"hints": True}
    current = prompt(client, table_id, credential)
    while 0 not in current["pending"]:
        current = prompt(client, table_id, credential)
    given = hint(client, table_id, credential)
    assert given.status_code == 200, given.text
    found = given.json()
    legal = {action["id"]: action for action in current["actions"]}
    assert found["action"] in legal and found["ply"] == current["ply"]
    assert found["label"] == legal[found["action"]]["label"]
    assert found["reason"]["en"] and found["reason"]["ja"]
    assert 0 <= found["chance"] <= 1
    assert_error(hint(client, table_id, None), 401, "unauthorized")
    # Without the option, and for a table of people only: no hints.
    plain = new_table(client, me, "collect", seats)
    assert_error(hint(client, plain["table"]["id"], plain["credential"]), 403, "no_hints")
    people = client.post(
        "/api/tables",
        headers=me,
        json={
            "game": "collect",
            "players": 2,
            "seats": [{"kind": "me"}, {"kind": "open"}],
            "hints": True,
        },
    )
    assert_error(people, 422, "bad_request")
    # Once the game is over there is nothing to hint at.
    ended = new_table(client, me, "collect", seats, hints=True)
    play_first_actions(client, ended["table"]["id"], [ended["credential"]])
    assert_error(hint(client, ended["table"]["id"], ended["credential"]), 409, "game_over")
    set_rated(database_url, table_id)
    assert client.get(f"/api/tables/{table_id}/hints").json() == {"hints": False}
    assert_error(hint(client, table_id, credential), 403, "rated_table")
