"""Answers the schema fuzzing (test_schema_fuzz.py) found outside the OpenAPI schema: each is now
documented or brought in line with the server's other refusals."""

from __future__ import annotations

import re
from pathlib import Path

from fastapi.testclient import TestClient
from serverkit import guest, move, prompt, seat_header, two_people
from test_ws import until

import bodoge.server

SERVER = Path(bodoge.server.__file__).parent
JAPANESE = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]")
ENGLISH_IN_PARENTHESES = re.compile(r"（[^）]*[A-Za-z][^）]*）")
PLACEHOLDER = re.compile(r"\{[^{}]*\}")


def test_a_body_that_is_not_utf8_is_a_422_bad_request(client: TestClient) -> None:
    answer = client.post(
        "/api/guests", content=b"\xff", headers={"Content-Type": "application/json"}
    )
    assert answer.status_code == 422  # was FastAPI's 400, which no route documents
    assert answer.json()["error"]["code"] == "bad_request"
    assert answer.json()["error"]["message"]["en"] == "the body is not JSON text (UTF-8)"
    assert answer.json()["error"]["message"]["ja"] == "本文がUTF-8のJSONテキストではありません"


def test_a_malformed_move_is_a_documented_422(client: TestClient) -> None:
    table_id, creds = two_people(client)
    answer = client.post(
        f"/api/tables/{table_id}/moves", headers=seat_header(creds[0]), json={"action": "x"}
    )
    assert answer.status_code == 422
    assert answer.json()["error"]["code"] == "bad_request" and "status" not in answer.json()
    schema = client.app.openapi()  # type: ignore[attr-defined]
    for route in ("moves", "undo"):
        documented = schema["paths"][f"/api/tables/{{table_id}}/{route}"]["post"]["responses"]
        refs = documented["422"]["content"]["application/json"]["schema"]["anyOf"]
        assert {"$ref": "#/components/schemas/ErrorBody"} in refs


def test_the_records_refusals_are_documented_as_json(client: TestClient) -> None:
    table_id, creds = two_people(client)
    answer = client.get(f"/api/tables/{table_id}/record", headers=seat_header(creds[0]))
    assert answer.status_code == 409 and answer.json()["error"]["code"] == "not_over"
    assert answer.headers["content-type"] == "application/json"
    schema = client.app.openapi()  # type: ignore[attr-defined]
    documented = schema["paths"]["/api/tables/{table_id}/record"]["get"]["responses"]
    for status in ("401", "403", "404", "409"):
        assert documented[status]["content"] == {
            "application/json": {"schema": {"$ref": "#/components/schemas/ErrorBody"}}
        }


def test_a_body_that_is_json_but_not_utf8_is_refused(client: TestClient) -> None:
    for encoding in ("utf-16", "utf-32"):
        answer = client.post(
            "/api/guests",
            content='{"name": "Aki"}'.encode(encoding),
            headers={"Content-Type": "application/json"},
        )
        assert answer.status_code == 422, encoding
        assert answer.json()["error"]["code"] == "bad_request"


def test_a_deeply_nested_body_is_refused_for_what_it_is(client: TestClient) -> None:
    answer = client.post(
        "/api/guests", content="[" * 1000 + "]" * 1000, headers={"Content-Type": "application/json"}
    )
    assert answer.status_code == 422
    error = answer.json()["error"]
    assert error["code"] == "bad_request"
    assert error["message"]["en"] == "the body nests arrays and objects more than 32 levels deep"
    assert error["message"]["ja"] == "本文の配列とオブジェクトの入れ子が32段を超えています"
    # Brackets inside strings are text, and a shallow body reaches the validation.
    shallow = client.post("/api/guests", json={"name": "[" * 100})
    assert shallow.status_code == 422 and "name" in shallow.json()["error"]["message"]["en"]
    assert client.post("/api/guests", json={"name": "{[(" * 10}).status_code == 200


def test_an_unsupported_method_has_its_own_code(client: TestClient) -> None:
    answer = client.delete("/api/tables")
    assert answer.status_code == 405
    assert answer.json()["error"]["code"] == "method_not_allowed"


def test_request_bodies_are_strict(client: TestClient) -> None:
    """A value of another type is refused like a ply sent as text, not converted."""
    headers = guest(client)
    seats = [{"kind": "me"}, {"kind": "open"}]
    body = {"game": "koremon_evolution", "players": 2, "seats": seats}
    for field, value in [("public", "yes"), ("spectators", 1), ("players", 2.0)]:
        answer = client.post("/api/tables", headers=headers, json={**body, field: value})
        assert answer.status_code == 422, (field, answer.text)
        assert answer.json()["error"]["code"] == "bad_request"
        assert answer.json()["error"]["message"]["en"].startswith(f"{field}: ")
    options = {**body, "options": {"first_player": "true"}}
    assert client.post("/api/tables", headers=headers, json=options).status_code != 200
    table_id, creds = two_people(client)
    answer = client.post(
        f"/api/tables/{table_id}/moves",
        headers=seat_header(creds[0]),
        json={"action": "roll", "expected_ply": "0"},
    )
    assert answer.status_code == 422 and answer.json()["error"]["code"] == "bad_request"


def test_every_ply_a_client_gives_has_one_bound_and_one_error(client: TestClient) -> None:
    table_id, creds = two_people(client)
    headers = seat_header(creds[0])
    huge = 2**70
    asked = [
        client.get(f"/api/tables/{table_id}/events?since={huge}"),
        client.get(f"/api/tables/{table_id}/replay/{huge}"),
        client.get(f"/api/tables/{table_id}/events?since=1000001"),
        client.get(f"/api/tables/{table_id}/replay/1000001"),
        client.post(
            f"/api/tables/{table_id}/moves",
            headers=headers,
            json={"action": "roll", "expected_ply": huge},
        ),
        client.post(f"/api/tables/{table_id}/undo", headers=headers, json={"expected_ply": -1}),
    ]
    for answer in asked:
        assert answer.status_code == 422, answer.text
        assert answer.json()["error"]["code"] == "bad_request"
    words = [answer.json()["error"]["message"]["en"].split(": ", 1)[1] for answer in asked]
    assert set(words[:5]) == {"Input should be less than or equal to 1000000"}
    assert words[5] == "Input should be greater than or equal to 0"
    assert client.get(f"/api/tables/{table_id}/events?since=1000000").json() == []


def test_a_move_for_a_ply_not_reached_says_so(client: TestClient) -> None:
    table_id, creds = two_people(client)
    seat = prompt(client, table_id, creds[0])["pending"][0]
    answer = move(client, table_id, creds[seat], "roll", 5)
    assert answer.status_code == 409
    body = answer.json()
    assert body["status"] == "stale" and body["prompt"]["ply"] == 0
    assert body["error"]["message"]["en"] == (
        "expected_ply 5 is ahead of the game, which is at ply 0"
    )
    assert "someone moved first" not in body["error"]["message"]["en"]
    assert body["error"]["message"]["ja"] == "送られた手数5はまだ来ていません。局面は手数0です"
    assert move(client, table_id, creds[seat], "roll", 0).status_code == 200
    behind = move(client, table_id, creds[seat], "roll", 0).json()
    if behind["status"] == "stale":  # the seat may decide again: then only its ply is stale
        assert "someone moved first" in behind["error"]["message"]["en"]


def test_malformed_requests_are_explained_in_japanese_too(client: TestClient) -> None:
    headers = guest(client)
    answers = [
        client.post("/api/guests", json={}),
        client.post("/api/guests", json={"name": "x" * 41}),
        client.post("/api/guests", json={"name": "Aki", "age": 3}),
        client.post("/api/tables", headers=headers, json={"game": "collect", "players": "2"}),
        client.post(
            "/api/tables",
            headers=headers,
            json={"game": "collect", "players": 2, "seats": [{"kind": "cat"}] * 2},
        ),
        client.get("/api/me"),
        client.post("/api/tables/nope/moves", json={"action": "roll", "expected_ply": 0}),
    ]
    for answer in answers:
        ja = answer.json()["error"]["message"]["ja"]
        assert JAPANESE.search(ja), ja
        assert not ENGLISH_IN_PARENTHESES.search(ja), ja
        assert "Input should" not in ja and "Field required" not in ja, ja
    missing, long_name, extra, text_players, bad_kind = (
        answer.json()["error"]["message"]["ja"] for answer in answers[:5]
    )
    assert missing == "nameを指定してください"
    assert long_name == "nameは40文字以下にしてください"
    assert extra == "ageという項目はありません"
    assert "playersは整数にしてください" in text_players
    assert "seats.0.kindは'me'、'open'、'bot'のどれかにしてください" in bad_kind


def test_no_japanese_message_of_the_server_carries_english_in_parentheses() -> None:
    """Read from the sources: every Japanese string of the server, with its placeholders
    ({...}) taken out."""
    offending = []
    for path in sorted(SERVER.rglob("*.py")):
        for number, line in enumerate(path.read_text().splitlines(), 1):
            if JAPANESE.search(line) and ENGLISH_IN_PARENTHESES.search(PLACEHOLDER.sub("", line)):
                offending.append(f"{path.relative_to(SERVER)}:{number}: {line.strip()}")
    assert not offending, "\n".join(offending)


def test_the_error_table_of_the_docs_lists_every_code_with_its_status() -> None:
    from bodoge.server.errors import API_CODES, ENGINE_STATUS

    docs = Path(__file__).resolve().parents[2] / "docs" / "server.md"
    rows = dict(re.findall(r"^\| `([a-z_]+)` \| (\d{3}) \|", docs.read_text(), re.MULTILINE))
    wanted = {code: str(status) for code, (status, _) in API_CODES.items()}
    wanted.update({code: str(status) for code, status in ENGINE_STATUS.items()})
    assert {code: rows.get(code) for code in wanted} == wanted


def test_an_engine_error_without_japanese_words_reads_as_its_kind(client: TestClient) -> None:
    """The engine's and the games' refusals that carry no Japanese of their own: the kind's
    Japanese line, not that line with the English detail in parentheses."""
    headers = guest(client)
    seats = [{"kind": "me"}, {"kind": "open"}]
    unknown = client.post(
        "/api/tables", headers=headers, json={"game": "chess", "players": 2, "seats": seats}
    )
    assert unknown.status_code == 400
    assert unknown.json()["error"]["message"]["ja"] == "そのゲームはありません"
    assert "chess" in unknown.json()["error"]["message"]["en"]
    table_id, creds = two_people(client)
    seat = prompt(client, table_id, creds[0])["pending"][0]
    illegal = move(client, table_id, creds[seat], "fly:away", 0)
    assert illegal.status_code == 422
    assert illegal.json()["error"]["message"]["ja"] == "その手は今は選べません"
    with client.websocket_connect(f"/ws/tables/{table_id}") as socket:
        socket.send_json({"type": "auth", "credential": creds[seat], "last_ply": 0})
        until(socket, "update")
        socket.send_json({"type": "move", "action": "fly:away", "expected_ply": 0})
        answer = until(socket, "answer")
        assert answer["error"]["message"]["ja"] == "その手は今は選べません"
