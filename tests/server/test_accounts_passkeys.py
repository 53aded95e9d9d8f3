"""Passkeys: sign up with one, sign out, sign in with it (a software authenticator with a real
P-256 key, so the server's webauthn checks run on real signatures); add and remove one; what a
wrong origin, a wrong signature or a used challenge gets."""

from __future__ import annotations

import copy
import dataclasses

import pytest
from accountkit import add_passkey, cheap, csrf, sign_out, sign_up
from authenticator import Authenticator
from fastapi.testclient import TestClient
from serverkit import guest, new_table

from bodoge.server.app import create_app
from bodoge.server.config import Settings


@pytest.fixture
def settings(settings: Settings) -> Settings:
    return cheap(settings)  # argon2 at a test's cost (accountkit.cheap)


def passkey_sign_up(client: TestClient, key: Authenticator, name: str, **extra: object) -> dict:
    options = client.post("/api/account/passkeys/signup-options", json={"name": name}).json()
    answer = client.post(
        "/api/account/passkeys/signup",
        json={
            "challenge_id": options["challenge_id"],
            "credential": key.create(options["options"]),
        },
        **extra,  # type: ignore[arg-type]
    )
    assert answer.status_code == 200, answer.text
    return answer.json()  # type: ignore[no-any-return]


def passkey_sign_in(client: TestClient, key: Authenticator, **extra: object) -> object:
    options = client.post("/api/account/passkeys/signin-options").json()
    return client.post(
        "/api/account/passkeys/signin",
        json={"challenge_id": options["challenge_id"], "credential": key.get(options["options"])},
        **extra,  # type: ignore[arg-type]
    )


def test_sign_up_out_and_in_with_a_passkey_keeps_the_tables(client: TestClient) -> None:
    key = Authenticator()
    laptop = guest(client, "Aki")
    table = new_table(client, laptop, "collect", [{"kind": "me"}, {"kind": "open"}])
    made = passkey_sign_up(client, key, "aki", headers=laptop)
    assert not made["has_password"] and [p["label"] for p in made["passkeys"]] == ["passkey"]
    sign_out(client)

    phone = guest(client, "Aki")
    answer = passkey_sign_in(client, key, headers=phone)
    assert answer.status_code == 200, answer.text  # type: ignore[attr-defined]
    assert answer.json()["id"] == made["id"]  # type: ignore[attr-defined]
    mine = client.get("/api/me/tables").json()
    assert [each["table_id"] for each in mine] == [table["table"]["id"]]
    assert client.get("/api/account").json()["passkeys"][0]["last_used"] is not None


def test_the_options_name_this_site_and_ask_for_a_discoverable_passkey(
    client: TestClient,
) -> None:
    options = client.post("/api/account/passkeys/signup-options", json={"name": "aki"}).json()
    public = options["options"]
    assert public["rp"]["id"] == "testserver"
    assert public["authenticatorSelection"]["residentKey"] == "required"
    assert public["user"]["name"] == "aki"
    signin = client.post("/api/account/passkeys/signin-options").json()["options"]
    assert signin["rpId"] == "testserver" and signin.get("allowCredentials", []) == []


def test_a_wrong_origin_signature_or_used_challenge_is_refused(client: TestClient) -> None:
    key = Authenticator()
    options = client.post("/api/account/passkeys/signup-options", json={"name": "aki"}).json()
    wrong = client.post(
        "/api/account/passkeys/signup",
        json={
            "challenge_id": options["challenge_id"],
            "credential": key.create(options["options"], origin="http://evil.example"),
        },
    )
    assert wrong.status_code == 422 and wrong.json()["error"]["code"] == "passkey_refused"
    passkey_sign_up(client, key, "aki")
    sign_out(client)

    options = client.post("/api/account/passkeys/signin-options").json()
    answer = key.get(options["options"])
    forged = copy.deepcopy(answer)
    forged["response"]["signature"] = Authenticator().get(options["options"])["response"][
        "signature"
    ]
    body = {"challenge_id": options["challenge_id"], "credential": forged}
    refused = client.post("/api/account/passkeys/signin", json=body)
    assert refused.status_code == 422 and refused.json()["error"]["code"] == "passkey_refused"
    body["credential"] = answer  # the right answer, but its challenge was used up
    assert client.post("/api/account/passkeys/signin", json=body).status_code == 422
    assert "bodoge_session" not in client.cookies

    stranger = Authenticator()  # a passkey this server never registered
    stranger.user_handle = "AAAA"
    assert passkey_sign_in(client, stranger).status_code == 422  # type: ignore[attr-defined]
    garbage = client.post("/api/account/passkeys/signin-options").json()
    junk = {"challenge_id": garbage["challenge_id"], "credential": {"id": "!!", "response": 3}}
    assert client.post("/api/account/passkeys/signin", json=junk).status_code == 422


def test_add_and_remove_a_passkey_of_a_password_account(client: TestClient) -> None:
    sign_up(client, "aki")
    key = Authenticator()
    passkey = add_passkey(client, key, "laptop")
    assert [p["label"] for p in client.get("/api/account").json()["passkeys"]] == ["laptop"]
    sign_out(client)
    assert passkey_sign_in(client, key).status_code == 200  # type: ignore[attr-defined]

    removed = client.post(f"/api/account/passkeys/{passkey['id']}/delete", headers=csrf(client))
    assert removed.status_code == 200
    assert client.get("/api/account").json()["passkeys"] == []
    sign_out(client)
    assert passkey_sign_in(client, key).status_code == 422  # type: ignore[attr-defined]


def test_passkey_sign_up_takes_no_name_in_use(client: TestClient) -> None:
    sign_up(client, "aki")
    client.cookies.clear()
    taken = client.post("/api/account/passkeys/signup-options", json={"name": "AKI"})
    assert taken.status_code == 409 and taken.json()["error"]["code"] == "name_taken"


def test_passkey_attempts_are_rate_limited(settings: Settings) -> None:
    strict = dataclasses.replace(settings, signin_burst=2, signin_per_second=0.001)
    with TestClient(create_app(strict)) as client:
        key = Authenticator()
        passkey_sign_up(client, key, "aki")  # the sign-up takes one of the address's two
        sign_out(client)
        assert passkey_sign_in(client, key).status_code == 200  # type: ignore[attr-defined]
        sign_out(client)
        blocked = passkey_sign_in(client, key)
        assert blocked.status_code == 429  # type: ignore[attr-defined]
        assert blocked.json()["error"]["code"] == "rate_limited"  # type: ignore[attr-defined]


def test_a_second_device_takes_the_seat_to_play_there(client: TestClient) -> None:
    laptop = guest(client, "Aki")
    table = new_table(client, laptop, "collect", [{"kind": "me"}, {"kind": "open"}])
    table_id = table["table"]["id"]
    client.post(f"/api/tables/{table_id}/join", headers=guest(client, "Ben"), json={})
    sign_up(client, "aki", guest=laptop)
    refused = client.post(f"/api/account/tables/{table_id}/seat")
    assert refused.status_code == 403  # a write: the CSRF token
    taken = client.post(f"/api/account/tables/{table_id}/seat", headers=csrf(client))
    assert taken.status_code == 200 and taken.json()["seat"] == 0
    here = {"X-Seat-Credential": taken.json()["credential"]}
    assert client.get(f"/api/tables/{table_id}/prompt", headers=here).json()["seat"] == 0
    old = {"X-Seat-Credential": table["credential"]}
    assert client.get(f"/api/tables/{table_id}/prompt", headers=old).status_code == 401
    none = client.post("/api/account/tables/nope/seat", headers=csrf(client))
    assert none.status_code == 404


def test_no_seat_of_another_account_can_be_taken(client: TestClient) -> None:
    ben = guest(client, "Ben")
    table = new_table(client, ben, "collect", [{"kind": "me"}, {"kind": "open"}])
    sign_up(client, "ben", guest=ben)
    client.cookies.clear()
    sign_up(client, "aki", guest=guest(client, "Aki"))
    taken = client.post(f"/api/account/tables/{table['table']['id']}/seat", headers=csrf(client))
    assert taken.status_code == 404 and taken.json()["error"]["code"] == "not_found"
