"""`/metrics`: Prometheus's text format (read back with prometheus_client's own parser), whose
counters follow the moves a process applies and the sockets it holds."""

from __future__ import annotations

import time

from fastapi.testclient import TestClient
from prometheus_client.parser import text_string_to_metric_families
from serverkit import move, prompt, two_people

from bodoge.server import metrics

NAMES = {
    "bodoge_moves",
    "bodoge_move_seconds",
    "bodoge_sockets",
    "bodoge_tables_owned",
    "bodoge_forwarded",
    "bodoge_updates_published",
    "bodoge_lease_takeovers",
    "bodoge_bot_queue",
}
Samples = dict[tuple[str, tuple[tuple[str, str], ...]], float]
MOVES = ("bodoge_moves_total", (("worker", metrics.WORKER),))
TIMED = ("bodoge_move_seconds_count", ())
SOCKETS = ("bodoge_sockets", ())


def samples(client: TestClient) -> Samples:
    answer = client.get("/metrics")
    assert answer.status_code == 200
    assert answer.headers["content-type"].startswith("text/plain")
    families = list(text_string_to_metric_families(answer.text))
    assert {family.name for family in families} >= NAMES
    return {
        (sample.name, tuple(sorted(sample.labels.items()))): sample.value
        for family in families
        for sample in family.samples
    }


def test_moves_counted_and_timed(client: TestClient) -> None:
    table_id, creds = two_people(client)
    before = samples(client)
    for _ in range(5):
        seat = prompt(client, table_id, creds[0])["pending"][0]
        mine = prompt(client, table_id, creds[seat])
        answer = move(client, table_id, creds[seat], mine["actions"][0]["notation"], mine["ply"])
        assert answer.status_code == 200, answer.text
    refused = move(client, table_id, creds[0], "fly:away", 0)  # refused: not counted
    assert refused.status_code == 409
    after = samples(client)
    assert after[MOVES] - before.get(MOVES, 0.0) == 5
    assert after[TIMED] - before.get(TIMED, 0.0) == 5
    assert after[("bodoge_tables_owned", ())] >= 1  # this process took the table's lease


def test_sockets_counted(client: TestClient) -> None:
    table_id, _ = two_people(client)
    before = samples(client)[SOCKETS]
    with client.websocket_connect(f"/ws/tables/{table_id}") as socket:
        socket.send_json({"type": "watch"})
        assert socket.receive_json()["type"] == "update"
        assert samples(client)[SOCKETS] == before + 1
    deadline = time.monotonic() + 10
    while samples(client)[SOCKETS] != before:  # the close is on its way to the server
        assert time.monotonic() < deadline, "the closed socket is still counted"
        time.sleep(0.02)
