"""Answers the schema fuzzing (test_schema_fuzz.py) found outside the OpenAPI schema: each is now
documented or brought in line with the server's other refusals."""

from __future__ import annotations

from fastapi.testclient import TestClient
from serverkit import seat_header, two_people


def test_a_body_that_is_not_utf8_is_a_422_bad_request(client: TestClient) -> None:
    answer = client.post(
        "/api/guests", content=b"\xff", headers={"Content-Type": "application/json"}
    )
    assert answer.status_code == 422  # was FastAPI's 400, which no route documents
    assert answer.json()["error"]["code"] == "bad_request"
    assert answer.json()["error"]["message"]["en"] == "the body is not JSON text (UTF-8)"


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
