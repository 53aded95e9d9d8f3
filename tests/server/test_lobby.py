"""The lobby over HTTP: games, guests, tables, joining and leaving, and the error bodies."""

from __future__ import annotations

from dataclasses import replace

import pytest
from fastapi.testclient import TestClient
from serverkit import guest, new_table, prompt, seat_header, wait_for_bots

from bodoge.ai.factory import LEVEL_INFO
from bodoge.engine import game_ids, get_game, get_spec
from bodoge.server.app import create_app
from bodoge.server.config import Settings


def assert_error(answer: object, status: int, code: str) -> dict[str, object]:
    assert answer.status_code == status, answer.text  # type: ignore[attr-defined]
    error = answer.json()["error"]  # type: ignore[attr-defined]
    assert error["code"] == code
    assert error["message"]["en"] and error["message"]["ja"]
    return error  # type: ignore[no-any-return]


def test_health_and_games(client: TestClient) -> None:
    assert client.get("/api/health").json()["status"] == "ok"
    games = {game["id"]: game for game in client.get("/api/games").json()}
    assert sorted(games) == game_ids()
    hexes = games["monster_hex"]
    keys = [option["key"] for option in hexes["options"]]
    assert "content" not in keys and "factions" in keys  # the file option is server config
    assert hexes["title"]["ja"] and hexes["options"][0]["help"]["ja"]
    assert games["collect"]["players"] == [2, 4]
    assert hexes["bots"]["hard"] == LEVEL_INFO["hard"]
    assert list(hexes["bots"]) == ["random", "easy", "normal", "hard"]
    # the studio link: a game whose spec gives its variants (docs/studio.md)
    assert {game_id: game["studio"] for game_id, game in games.items()} == {
        game_id: get_spec(game_id).variants is not None for game_id in game_ids()
    }
    assert hexes["studio"] is True
    # What a player reads of each option: its name and each choice's, in both languages.
    for game in games.values():
        for option in game["options"]:
            spec = next(s for s in get_game(game["id"]).info.options if s.key == option["key"])
            assert option["label"] == {"en": spec.label("en"), "ja": spec.label("ja")}
            assert list(option["choice_labels"]) == option["choices"]
    factions = hexes["options"][keys.index("factions")]
    assert factions["label"] == {"en": "Factions", "ja": "派閥"}
    assert factions["choice_labels"]["random"] == {"en": "Dealt at random", "ja": "ランダムに配る"}


def test_guests_and_me(client: TestClient) -> None:
    headers = guest(client, "あき")
    me = client.get("/api/me", headers=headers).json()
    assert me["name"] == "あき" and me["id"]
    assert_error(client.get("/api/me"), 401, "unauthorized")
    assert_error(
        client.get("/api/me", headers={"Authorization": "Bearer nope"}), 401, "unauthorized"
    )
    assert_error(client.post("/api/guests", json={"name": ""}), 422, "bad_request")
    assert_error(client.post("/api/guests", json={"name": "a\nb"}), 422, "bad_request")


def test_create_join_and_start(client: TestClient) -> None:
    aki = guest(client, "Aki")
    created = new_table(
        client,
        aki,
        "collect",
        [{"kind": "me"}, {"kind": "open"}, {"kind": "bot", "level": "random"}],
        options={"team_mode": "off"},
    )
    table = created["table"]
    assert created["seat"] == 0 and created["credential"] and created["invite"]
    assert table["status"] == "waiting" and len(table["id"]) >= 12
    assert [seat["kind"] for seat in table["seats"]] == ["human", "open", "bot"]
    assert table["seats"][0]["name"] == "Aki" and table["seats"][2]["level"] == "random"
    listed = [each["id"] for each in client.get("/api/tables").json()]
    assert listed == [table["id"]]
    # Moves wait for the last seat.
    ply = prompt(client, table["id"], created["credential"])["ply"]
    refused = client.post(
        f"/api/tables/{table['id']}/moves",
        headers=seat_header(created["credential"]),
        json={"action": "draw:A", "expected_ply": ply},
    )
    assert_error(refused, 409, "not_started")
    ben = guest(client, "Ben")
    joined = client.post(f"/api/tables/{table['id']}/join", headers=ben, json={})
    assert joined.json()["seat"] == 1
    info = client.get(f"/api/tables/{table['id']}").json()
    assert info["status"] == "playing" and info["seats"][1]["name"] == "Ben"
    assert "credential" not in str(info) and "invite" not in str(info)
    assert client.get("/api/tables").json() == []  # full tables are not listed
    cara = guest(client, "Cara")
    assert_error(
        client.post(f"/api/tables/{table['id']}/join", headers=cara, json={}), 409, "table_full"
    )
    assert_error(
        client.post(f"/api/tables/{table['id']}/join", headers=ben, json={}), 409, "seat_taken"
    )


def test_unlisted_tables_need_the_invite(client: TestClient) -> None:
    created = new_table(
        client, guest(client), "koremon_evolution", [{"kind": "me"}, {"kind": "open"}], public=False
    )
    table_id = created["table"]["id"]
    assert client.get("/api/tables").json() == []
    ben = guest(client, "Ben")
    url = f"/api/tables/{table_id}/join"
    assert_error(client.post(url, headers=ben, json={}), 403, "forbidden")
    assert_error(client.post(url, headers=ben, json={"invite": "wrong"}), 403, "forbidden")
    joined = client.post(url, headers=ben, json={"invite": created["invite"]})
    assert joined.status_code == 200 and joined.json()["seat"] == 1


def test_leave_before_and_during_the_game(client: TestClient) -> None:
    created = new_table(
        client, guest(client), "koremon_evolution", [{"kind": "me"}, {"kind": "open"}]
    )
    table_id = created["table"]["id"]
    ben = guest(client, "Ben")
    first = client.post(f"/api/tables/{table_id}/join", headers=ben, json={}).json()
    # The game started; Ben leaves: a bot stands in and his credential opens nothing any more.
    left = client.post(f"/api/tables/{table_id}/leave", headers=seat_header(first["credential"]))
    assert left.json() == {"seat": 1, "status": "playing"}
    info = client.get(f"/api/tables/{table_id}").json()
    assert info["seats"][1]["stand_in"] == "random"  # the tests' settings
    assert_error(
        client.get(f"/api/tables/{table_id}/prompt", headers=seat_header(first["credential"])),
        401,
        "unauthorized",
    )
    # Before the start, leaving opens the seat again.
    waiting = new_table(
        client, guest(client), "koremon_evolution", [{"kind": "open"}, {"kind": "open"}]
    )
    assert waiting["seat"] is None and waiting["credential"] is None
    wid = waiting["table"]["id"]
    joined = client.post(f"/api/tables/{wid}/join", headers=ben, json={}).json()
    client.post(f"/api/tables/{wid}/leave", headers=seat_header(joined["credential"]))
    seats = client.get(f"/api/tables/{wid}").json()["seats"]
    assert seats[0]["kind"] == "open" and seats[0]["name"] is None


def test_bad_tables_are_refused_with_a_code(client: TestClient) -> None:
    aki = guest(client)
    me_open = [{"kind": "me"}, {"kind": "open"}]

    def create(**body: object) -> object:
        return client.post(
            "/api/tables", headers=aki, json={"players": 2, "seats": me_open, **body}
        )

    assert_error(create(game="chess"), 400, "unknown_game")
    assert_error(create(game="collect", options={"team_mode": "maybe"}), 422, "invalid_options")
    assert_error(create(game="collect", options={"colour": "red"}), 422, "invalid_options")
    named_file = assert_error(
        create(game="monster_hex", options={"content": "/etc"}), 422, "invalid_options"
    )
    assert "content" in named_file["message"]["en"]  # type: ignore[index]
    assert_error(create(game="collect", players=3), 422, "bad_request")
    assert_error(create(game="collect", seats=[{"kind": "me"}, {"kind": "me"}]), 422, "bad_request")
    assert_error(
        create(game="collect", seats=[{"kind": "me"}, {"kind": "bot", "level": "god"}]),
        422,
        "bad_request",
    )
    assert_error(
        create(game="collect", players=9, seats=[{"kind": "open"}] * 9), 422, "invalid_options"
    )
    assert_error(create(game="collect", clock={"kind": "fischer"}), 422, "invalid_clock")
    assert_error(
        client.post("/api/tables", headers=aki, json={"game": "collect"}), 422, "bad_request"
    )
    assert_error(client.post("/api/tables", json={"game": "collect"}), 401, "unauthorized")
    assert_error(client.get("/api/tables/nope"), 404, "not_found")
    too_big = client.post(
        "/api/guests",
        content=b"{" + b" " * 70_000 + b"}",
        headers={"Content-Type": "application/json"},
    )
    assert_error(too_big, 413, "too_large")


def test_spectators_only_where_allowed(client: TestClient) -> None:
    closed = new_table(
        client,
        guest(client),
        "koremon_evolution",
        [{"kind": "me"}, {"kind": "bot", "level": "random"}],
        spectators=False,
    )
    assert_error(client.get(f"/api/tables/{closed['table']['id']}/prompt"), 403, "forbidden")
    assert_error(client.get(f"/api/tables/{closed['table']['id']}/events"), 403, "forbidden")
    open_ = new_table(
        client,
        guest(client),
        "koremon_evolution",
        [{"kind": "me"}, {"kind": "bot", "level": "random"}],
    )
    watched = prompt(client, open_["table"]["id"])
    assert watched["seat"] is None and watched["actions"] == []
    # The record of a finished game without spectators is for its seats only.
    bots_only = new_table(
        client,
        guest(client),
        "koremon_trick",
        [{"kind": "bot", "level": "random"}] * 3,
        spectators=False,
    )
    wait_for_bots(client)
    record_url = f"/api/tables/{bots_only['table']['id']}/record"
    assert client.get(f"/api/tables/{bots_only['table']['id']}").json()["status"] == "over"
    assert_error(client.get(record_url), 403, "forbidden")


def test_openapi_documents_every_route_and_its_errors(client: TestClient) -> None:
    schema = client.get("/openapi.json").json()
    paths = schema["paths"]
    assert "/api/tables/{table_id}/moves" in paths and "/api/guests" in paths
    for path, operations in paths.items():
        for method, operation in operations.items():
            if path in ("/api/health", "/api/games", "/api/tables") and method == "get":
                continue  # these cannot fail but for the server's own fault
            codes = [code for code in operation["responses"] if code.startswith("4")]
            assert codes, f"{method.upper()} {path} documents no error response"
    assert "ErrorBody" in schema["components"]["schemas"]


def test_cors_origins_from_the_settings(settings: Settings) -> None:
    allowed = "https://play.example"
    with TestClient(create_app(replace(settings, cors_origins=(allowed,)))) as cors:
        answer = cors.options(
            "/api/guests", headers={"Origin": allowed, "Access-Control-Request-Method": "POST"}
        )
        assert answer.headers["access-control-allow-origin"] == allowed
        other = cors.get("/api/health", headers={"Origin": "https://elsewhere.example"})
        assert "access-control-allow-origin" not in other.headers


def test_a_streamed_body_over_the_limit_is_too_large(client: TestClient) -> None:
    def chunks() -> object:
        for _ in range(20):
            yield b" " * 4096  # no Content-Length: the limit counts as it streams in

    answer = client.post(
        "/api/guests", content=chunks(), headers={"Content-Type": "application/json"}
    )
    assert_error(answer, 413, "too_large")


@pytest.mark.expected_traceback("RuntimeError: secret detail")
def test_anything_unexpected_is_internal_without_detail(
    settings: Settings, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    from bodoge.server import catalog

    def broken(*args: object) -> object:
        raise RuntimeError("secret detail")

    monkeypatch.setattr(catalog, "games", broken)
    with TestClient(create_app(settings), raise_server_exceptions=False) as plain:
        answer = plain.get("/api/games")
    assert_error(answer, 500, "internal")
    assert "secret" not in answer.text
    assert "secret detail" in caplog.text  # logged for the operator
