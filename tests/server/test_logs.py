"""The server's logs are JSON, a line per event, with the table's id and ply, and hold no
secret: the log is captured while two guests join and move with their credentials."""

from __future__ import annotations

import io
import json
import logging
from collections.abc import Iterator

import pytest
from fastapi.testclient import TestClient
from serverkit import guest, move, new_table, prompt

from bodoge.server import logs


@pytest.fixture
def captured() -> Iterator[io.StringIO]:
    """The server's log as `bodoge serve` writes it (logs.uvicorn_config's handler)."""
    out = io.StringIO()
    handler = logging.StreamHandler(out)
    handler.setFormatter(logs.formatter())
    handler.addFilter(logs.Redact())
    handler.addFilter(logs.NoColour())
    logger = logging.getLogger("bodoge")
    level = logger.level
    logger.addHandler(handler)
    logger.setLevel(logging.INFO)
    try:
        yield out
    finally:
        logger.removeHandler(handler)
        logger.setLevel(level)


def test_json_lines_with_table_and_ply_and_no_secret(
    client: TestClient, captured: io.StringIO
) -> None:
    aki, ben = guest(client, "Aki"), guest(client, "Ben")
    created = new_table(client, aki, "koremon_evolution", [{"kind": "me"}, {"kind": "open"}])
    table_id = created["table"]["id"]
    joined = client.post(f"/api/tables/{table_id}/join", headers=ben, json={})
    creds = [created["credential"], joined.json()["credential"]]
    for _ in range(6):
        seat = prompt(client, table_id, creds[0])["pending"][0]
        mine = prompt(client, table_id, creds[seat])
        answer = move(client, table_id, creds[seat], mine["actions"][0]["notation"], mine["ply"])
        assert answer.status_code == 200, answer.text
    with client.websocket_connect(f"/ws/tables/{table_id}") as socket:
        socket.send_json({"type": "auth", "credential": creds[0]})
        assert socket.receive_json()["type"] == "update"
    lines = captured.getvalue().splitlines()
    records = [json.loads(line) for line in lines]  # every line is one JSON object
    moves = [r for r in records if r.get("event") == "move"]
    assert [r["ply"] for r in moves] == list(range(1, 7))
    assert all(r["table"] == table_id and r["level"] == "INFO" and r["time"] for r in moves)
    secrets = [*creds, aki["Authorization"][7:], ben["Authorization"][7:]]
    text = captured.getvalue()
    assert not [secret for secret in secrets if secret in text]


def test_redact_blanks_a_secret_field() -> None:
    record = logging.LogRecord("bodoge.server", logging.INFO, __file__, 1, "x", (), None)
    record.credential = "s3cret"
    assert logs.Redact().filter(record)
    line = json.loads(logs.formatter().format(record))
    assert line["credential"] == "[redacted]" and "s3cret" not in json.dumps(line)


def test_uvicorns_coloured_copy_of_a_message_is_not_logged() -> None:
    record = logging.LogRecord("uvicorn.error", logging.INFO, __file__, 1, "Started", (), None)
    record.color_message = "\x1b[36mStarted\x1b[0m"
    assert logs.NoColour().filter(record)
    line = json.loads(logs.formatter().format(record))
    assert "color_message" not in line and line["message"] == "Started"


def test_the_served_log_config_uses_both_filters() -> None:
    handler = logs.uvicorn_config()["handlers"]["json"]
    assert handler["filters"] == ["redact", "no_colour"]
