"""Accounts and ratings as one feature, on SQLite and PostgreSQL: "your tables" is one route for a
guest token or a signed-in session; profiles and boards use the account's display name; the export
holds the person's ratings and their history; a deleted account leaves the boards while the others'
history and the recompute's numbers stay what they were."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest
from accountkit import cheap, csrf, make_account, sign_in
from fastapi.testclient import TestClient
from ratedkit import GAME, bearer, changes, play_out, rated_table

from bodoge.cli.main import main
from bodoge.server.config import Settings


@pytest.fixture
def settings(settings: Settings) -> Settings:
    # one game is enough for the board here, so a deletion has something to leave
    return dataclasses.replace(cheap(settings), leaderboard_min_games=1)


def board(client: TestClient) -> list[dict[str, Any]]:
    players: list[dict[str, Any]] = client.get(f"/api/ratings/{GAME}").json()["players"]
    return players


def test_a_signed_in_device_without_a_guest_token_finds_its_tables(client: TestClient) -> None:
    (aki, _), (ben, _) = make_account(client, "Aki"), make_account(client, "Ben")
    table_id, _ = rated_table(client, [aki, ben])
    client.cookies.clear()
    assert client.get("/api/me/tables").status_code == 401
    sign_in(client, "Aki")  # a new browser: a session, no guest token
    mine = client.get("/api/me/tables").json()
    assert [(row["table_id"], row["seat"], row["held"]) for row in mine] == [(table_id, 0, True)]
    assert client.get("/api/account/tables").status_code in (404, 405)  # the one route is /api/me
    moved = client.post(f"/api/account/tables/{table_id}/seat", headers=csrf(client))
    assert moved.status_code == 200 and moved.json()["seat"] == 0
    # Ben's token still reads Ben's tables, whoever is signed in on this client
    theirs = client.get("/api/me/tables", headers=bearer(ben)).json()
    assert [(row["table_id"], row["seat"]) for row in theirs] == [(table_id, 1)]


def test_profiles_and_boards_use_the_accounts_display_name(client: TestClient) -> None:
    (aki, aki_id), (ben, _) = make_account(client, "Aki"), make_account(client, "Ben")
    table_id, credentials = rated_table(client, [aki, ben])
    play_out(client, table_id, credentials)
    sign_in(client, "Aki")
    renamed = client.post("/api/account/name", json={"display_name": "Akiko"}, headers=csrf(client))
    assert renamed.status_code == 200, renamed.text
    assert client.get(f"/api/players/{aki_id}").json()["name"] == "Akiko"
    assert client.get("/api/players/Akiko").json()["account_id"] == aki_id
    assert client.get("/api/players/Aki").status_code == 404  # the seat's name is no account's
    assert {row["name"] for row in board(client)} == {"Akiko", "Ben"}
    names = {row["account_id"]: row["name"] for row in changes(client, table_id)}
    assert names[aki_id] == "Akiko"
    assert client.get(f"/api/tables/{table_id}").json()["seats"][0]["name"] == "Aki"  # the seat's


def test_the_export_holds_the_persons_ratings_and_history(client: TestClient) -> None:
    (aki, aki_id), (ben, ben_id) = make_account(client, "Aki"), make_account(client, "Ben")
    table_id, credentials = rated_table(client, [aki, ben])
    play_out(client, table_id, credentials)
    sign_in(client, "Aki")
    data = client.get("/api/account/export").json()
    ((rating,),) = [data["ratings"]]
    assert rating["game"] == GAME and rating["games"] == 1
    (change,) = data["rating_history"]
    mine = next(row for row in changes(client, table_id) if row["account_id"] == aki_id)
    assert change["table_id"] == table_id and change["after"] == mine["after"]
    assert ben_id not in client.get("/api/account/export").text


def test_a_deleted_account_leaves_the_boards_and_the_others_keep_their_numbers(
    client: TestClient, capsys: Any
) -> None:
    tokens = [make_account(client, name) for name in ("Aki", "Ben", "Cho")]
    first, credentials = rated_table(client, [token for token, _ in tokens])
    play_out(client, first, credentials)
    second, credentials = rated_table(client, [tokens[1][0], tokens[2][0]])
    play_out(client, second, credentials)
    aki_id = tokens[0][1]
    before = {row["account_id"]: row for row in board(client)}
    history = {key: changes(client, key) for key in (first, second)}
    sign_in(client, "Aki")
    deleted = client.post("/api/account/delete", json={"confirm": "Aki"}, headers=csrf(client))
    assert deleted.status_code == 200, deleted.text
    after = {row["account_id"]: row for row in board(client)}
    assert aki_id not in after and set(after) == set(before) - {aki_id}
    for account, row in after.items():
        assert (row["mu"], row["sigma"], row["games"]) == (
            before[account]["mu"],
            before[account]["sigma"],
            before[account]["games"],
        )
    assert client.get(f"/api/players/{aki_id}").status_code == 404
    kept = changes(client, first)
    assert [row["after"] for row in kept] == [row["after"] for row in history[first]]
    assert next(row for row in kept if row["account_id"] == aki_id)["name"] is None
    assert changes(client, second) == history[second]
    url = client.app.state.server.settings.sync_url()  # type: ignore[attr-defined]
    capsys.readouterr()
    assert main(["ratings", "recompute", "--check", "--db", url]) == 0
    assert "0 stored numbers differed" in capsys.readouterr().out
    assert main(["ratings", "recompute", "--db", url]) == 0
    assert board(client) == list(after.values())  # the rebuild brings no deleted rating back
