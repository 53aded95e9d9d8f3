"""Accounts' security: every route of an account takes its identity from the session alone, and
one account's session can neither read nor act for another; no password, hash, session, CSRF
token, guest token or seat credential reaches a log line, a URL or another person's answer; the
export holds only the person's own data; a deleted account cannot sign in and its finished game
still replays, with a former player at its seat."""

from __future__ import annotations

import logging
from typing import Any

import pytest
from accountkit import PASSWORD, add_passkey, cheap, csrf, sign_in, sign_up
from authenticator import Authenticator
from fastapi.testclient import TestClient
from serverkit import guest, new_table, play_first_actions, seat_header
from sqlalchemy import create_engine, text

from bodoge.server.config import Settings

SESSION_ROUTES = [
    ("GET", "/api/account"),
    ("GET", "/api/me/tables"),
    ("GET", "/api/account/export"),
    ("POST", "/api/account/signout"),
    ("POST", "/api/account/name"),
    ("POST", "/api/account/password"),
    ("POST", "/api/account/delete"),
    ("POST", "/api/account/passkeys/options"),
    ("POST", "/api/account/passkeys"),
    ("POST", "/api/account/passkeys/xyz/delete"),
]


@pytest.fixture
def settings(settings: Settings) -> Settings:
    return cheap(settings)  # argon2 at a test's cost (accountkit.cheap)


def two_accounts_at_one_table(client: TestClient) -> dict[str, Any]:
    """Aki and Ben, each an account, at one started Collect! table; Aki's client is signed in."""
    aki, ben = guest(client, "Aki"), guest(client, "Ben")
    table = new_table(client, aki, "collect", [{"kind": "me"}, {"kind": "open"}])
    table_id = table["table"]["id"]
    joined = client.post(f"/api/tables/{table_id}/join", headers=ben, json={}).json()
    ben_account = sign_up(client, "ben", guest=ben)
    client.cookies.clear()
    aki_account = sign_up(client, "aki", guest=aki)
    return {
        "table": table_id,
        "creds": [table["credential"], joined["credential"]],
        "tokens": [aki, ben],
        "accounts": [aki_account, ben_account],
    }


@pytest.mark.parametrize(("method", "path"), SESSION_ROUTES)
def test_every_account_route_needs_a_session(client: TestClient, method: str, path: str) -> None:
    body = None if method == "GET" else {}
    for cookie in (None, "a made-up session"):
        client.cookies.clear()
        if cookie:
            client.cookies.set("bodoge_session", cookie)
        answer = client.request(method, path, json=body)
        assert answer.status_code == 401, (path, answer.text)
        assert answer.json()["error"]["code"] == "unauthorized"


def test_a_guest_token_is_no_session(client: TestClient) -> None:
    aki = guest(client, "Aki")
    sign_up(client, "aki", guest=aki)
    client.cookies.clear()
    assert client.get("/api/account", headers=aki).status_code == 401


def test_one_account_cannot_read_or_act_for_another(client: TestClient) -> None:
    both = two_accounts_at_one_table(client)
    aki_id, ben_id = (each["id"] for each in both["accounts"])
    client.cookies.clear()
    sign_in(client, "ben")
    key = Authenticator()
    ben_key = add_passkey(client, key)
    ben_challenge = client.post("/api/account/passkeys/options", headers=csrf(client)).json()

    client.cookies.clear()
    sign_in(client, "aki")
    # Aki's session on Ben's passkey, Ben's challenge and Ben's name: nothing of Ben's moves.
    gone = client.post(f"/api/account/passkeys/{ben_key['id']}/delete", headers=csrf(client))
    assert gone.status_code == 404
    taken = client.post(
        "/api/account/passkeys",
        json={
            "challenge_id": ben_challenge["challenge_id"],
            "credential": Authenticator().create(ben_challenge["options"]),
        },
        headers=csrf(client),
    )
    assert taken.status_code == 422
    wrong_name = client.post("/api/account/delete", json={"confirm": "ben"}, headers=csrf(client))
    assert wrong_name.status_code == 422
    assert client.get("/api/account").json()["id"] == aki_id
    assert ben_id not in client.get("/api/account/export").text
    assert [t["seat"] for t in client.get("/api/me/tables").json()] == [0]

    client.cookies.clear()
    sign_in(client, "ben")
    assert [p["id"] for p in client.get("/api/account").json()["passkeys"]] == [ben_key["id"]]


def test_the_export_holds_only_the_persons_own_data(client: TestClient) -> None:
    both = two_accounts_at_one_table(client)
    table_id, creds = both["table"], both["creds"]
    exported = client.get("/api/account/export")
    assert exported.status_code == 200
    assert "attachment" in exported.headers["content-disposition"]
    data = exported.json()
    assert data["account"]["name"] == "aki"
    assert [p["name"] for p in data["players"]] == ["Aki"]
    (table,) = data["tables"]
    assert table["table"]["id"] == table_id and table["seat"] == 0
    # The entries and the position as Aki's seat saw them, exactly: Ben's hand stays Ben's.
    own = client.get(f"/api/tables/{table_id}/events", headers=seat_header(creds[0])).json()
    assert table["entries"] == own
    own_view = client.get(f"/api/tables/{table_id}/prompt", headers=seat_header(creds[0])).json()
    ben_view = client.get(f"/api/tables/{table_id}/prompt", headers=seat_header(creds[1])).json()
    assert table["prompt"] == own_view and own_view["view"] != ben_view["view"]
    whole = exported.text
    ben = both["accounts"][1]
    for secret in [ben["id"], ben["csrf"], creds[1], creds[0], both["tokens"][1]["Authorization"]]:
        assert secret.split()[-1] not in whole
    assert "$argon2" not in whole and "public_key" not in whole


def test_no_secret_reaches_a_log_a_url_or_anyone_else(
    client: TestClient, settings: Settings, caplog: pytest.LogCaptureFixture
) -> None:
    # What a server logs when run (INFO), and everything of bodoge's own loggers. (A database
    # driver's DEBUG trace, aiosqlite's or SQLAlchemy's echo, prints every statement's values:
    # hashes included; docs/accounts.md says to keep it off.)
    caplog.set_level(logging.INFO)
    caplog.set_level(logging.DEBUG, logger="bodoge")
    urls: list[str] = []
    client.event_hooks["request"] = [lambda request: urls.append(str(request.url))]
    both = two_accounts_at_one_table(client)
    key = Authenticator()
    add_passkey(client, key)
    session = client.cookies["bodoge_session"]
    token = csrf(client)["X-CSRF-Token"]
    sign_in(client, "aki", "a wrong password here")
    client.post(
        "/api/account/password",
        json={"current": PASSWORD, "new": "another long password"},
        headers=csrf(client),
    )
    engine = create_engine(settings.sync_url())
    with engine.connect() as connection:
        hashes = list(connection.execute(text("SELECT password_hash FROM accounts")).scalars())
        session_hashes = list(connection.execute(text("SELECT id_hash FROM account_sessions")))
    engine.dispose()
    secrets = [
        PASSWORD,
        "another long password",
        "a wrong password here",
        session,
        token,
        *both["creds"],
        *(each["Authorization"].split()[-1] for each in both["tokens"]),
        *hashes,
        *(row[0] for row in session_hashes),
    ]
    logged = "\n".join(record.getMessage() for record in caplog.records)
    for secret in secrets:
        assert secret not in logged
        assert not any(secret in url for url in urls)
    # What Ben (or anyone) reads of the table and of the lobby holds none of Aki's secrets.
    client.cookies.clear()
    sign_in(client, "ben")
    seen = (
        client.get(f"/api/tables/{both['table']}").text
        + client.get("/api/tables").text
        + client.get("/api/account").text
        + client.get("/api/account/export").text
    )
    for secret in secrets:
        if secret not in (both["creds"][1], both["tokens"][1]["Authorization"].split()[-1]):
            assert secret not in seen
    assert both["accounts"][0]["id"] not in seen


def test_a_deleted_account_cannot_sign_in_and_its_finished_game_replays(
    client: TestClient,
) -> None:
    aki, ben = guest(client, "Aki"), guest(client, "Ben")
    table = new_table(client, aki, "monster_hex", [{"kind": "me"}, {"kind": "open"}])
    table_id = table["table"]["id"]
    joined = client.post(f"/api/tables/{table_id}/join", headers=ben, json={}).json()
    play_first_actions(client, table_id, [table["credential"], joined["credential"]])
    record_before = client.get(f"/api/tables/{table_id}/record").text
    again = client.post(
        f"/api/tables/{table_id}/rematch", headers=seat_header(joined["credential"])
    ).json()["table"]
    kept = client.get(f"/api/tables/{again['id']}").json()["seats"]
    assert sorted(seat["kind"] for seat in kept) == ["human", "reserved"]  # kept for Aki
    waiting = new_table(client, aki, "collect", [{"kind": "me"}, {"kind": "open"}])
    sign_up(client, "aki", guest=aki)

    refused = client.post("/api/account/delete", json={"confirm": "aki"})
    assert refused.status_code == 403  # no CSRF token
    deleted = client.post("/api/account/delete", json={"confirm": "aki"}, headers=csrf(client))
    assert deleted.status_code == 200
    assert client.get("/api/account").status_code == 401
    client.cookies.clear()
    assert sign_in(client, "aki").json()["error"]["code"] == "bad_sign_in"
    assert client.get("/api/me", headers=aki).status_code == 401  # the guest token is dead too

    info = client.get(f"/api/tables/{table_id}").json()
    assert info["status"] == "over"
    assert [s["name"] for s in info["seats"]] == [None, "Ben"]
    assert info["names"] == {"en": ["Former player", "Ben"], "ja": ["元プレイヤー", "Ben"]}
    steps = client.get(f"/api/tables/{table_id}/replay/0?as=all").json()["steps"]
    last = client.get(f"/api/tables/{table_id}/replay/{steps}?as=all")
    assert last.status_code == 200 and last.json()["prompt"]["over"]
    record = client.get(f"/api/tables/{table_id}/record").text
    assert "Aki" not in record and record.count("\n") == record_before.count("\n")
    # The unfinished table: the seat left as leaving says (before the start: open again).
    left = client.get(f"/api/tables/{waiting['table']['id']}").json()
    assert left["seats"][0]["kind"] == "open"
    # The seat kept for Aki at the rematch is open again, as when a person leaves.
    kept = client.get(f"/api/tables/{again['id']}").json()["seats"]
    assert sorted(seat["kind"] for seat in kept) == ["human", "open"]
    # The name stays out of reach: a new account of that name is someone else.
    fresh = sign_up(client, "aki")
    assert client.get("/api/me/tables").json() == [] and fresh["display_name"] == "aki"


def test_deleting_mid_game_leaves_the_seat_to_a_stand_in(client: TestClient) -> None:
    aki, ben = guest(client, "Aki"), guest(client, "Ben")
    table = new_table(client, aki, "collect", [{"kind": "me"}, {"kind": "open"}])
    table_id = table["table"]["id"]
    client.post(f"/api/tables/{table_id}/join", headers=ben, json={})
    sign_up(client, "aki", guest=aki)
    client.post("/api/account/delete", json={"confirm": "aki"}, headers=csrf(client))
    info = client.get(f"/api/tables/{table_id}").json()
    assert info["seats"][0]["stand_in"] == "random" and info["names"]["en"][0] == "Former player"
    moved = client.get(f"/api/tables/{table_id}/prompt", headers=seat_header(table["credential"]))
    assert moved.status_code == 401  # the seat's credential stopped working, as at a leave
