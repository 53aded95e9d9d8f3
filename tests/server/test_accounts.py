"""Accounts: sign up, in and out with a password; the session cookie; a guest who signs up keeps
its tables, and a second device that signs in sees them too; sign-in failures say nothing of the
name and are rate-limited per name and per address."""

from __future__ import annotations

import asyncio
import dataclasses
from collections.abc import Iterator

import pytest
from accountkit import PASSWORD, cheap, csrf, sign_in, sign_out, sign_up
from fastapi.testclient import TestClient
from serverkit import guest, new_table

from bodoge.server.app import create_app
from bodoge.server.config import Settings
from bodoge.server.services.accounts import bad_sign_in
from bodoge.server.services.passwords import Passwords


@pytest.fixture
def settings(settings: Settings) -> Settings:
    return cheap(settings)  # argon2 at a test's cost (accountkit.cheap)


@pytest.fixture
def limited(settings: Settings) -> Iterator[TestClient]:
    strict = dataclasses.replace(settings, signin_burst=3, signin_per_second=0.001)
    with TestClient(create_app(strict)) as test_client:
        yield test_client


def test_sign_up_who_am_i_and_sign_out(client: TestClient) -> None:
    made = sign_up(client, "aki")
    assert made["name"] == "aki" and made["display_name"] == "aki" and made["has_password"]
    cookie = client.cookies.get("bodoge_session")
    assert cookie and cookie not in str(made)
    me = client.get("/api/account").json()
    assert me["id"] == made["id"] and me["csrf"] == made["csrf"]
    sign_out(client)
    refused = client.get("/api/account")
    assert refused.status_code == 401 and refused.json()["error"]["code"] == "unauthorized"


def test_the_session_cookie_is_httponly_and_samesite(client: TestClient) -> None:
    answer = client.post("/api/account/signup", json={"name": "aki", "password": PASSWORD})
    header = answer.headers["set-cookie"].lower()
    assert "httponly" in header and "samesite=lax" in header and "path=/" in header
    assert "secure" not in header  # plain http here; https (or secure_cookies) adds it


def test_a_name_is_taken_once_whatever_its_case(client: TestClient) -> None:
    sign_up(client, "Aki")
    client.cookies.clear()
    again = client.post("/api/account/signup", json={"name": "ａｋｉ", "password": PASSWORD})
    assert again.status_code == 409 and again.json()["error"]["code"] == "name_taken"
    assert sign_in(client, "AKI").status_code == 200


def test_bad_sign_in_never_says_whether_the_name_exists(client: TestClient) -> None:
    sign_up(client, "aki")
    client.cookies.clear()
    wrong = sign_in(client, "aki", "not the password")
    unknown = sign_in(client, "nobody", "not the password")
    assert wrong.status_code == unknown.status_code == 401
    assert wrong.json() == unknown.json() == {"error": bad_sign_in().to_json()}
    assert "bodoge_session" not in client.cookies


def test_bad_bodies_get_the_error_body(client: TestClient) -> None:
    short = client.post("/api/account/signup", json={"name": "aki", "password": "short"})
    assert short.status_code == 422 and short.json()["error"]["code"] == "bad_request"
    spaced = client.post("/api/account/signup", json={"name": "a b", "password": PASSWORD})
    assert spaced.status_code == 422
    assert client.post("/api/account/signin", content=b"{").status_code == 422


def test_a_guest_who_signs_up_keeps_its_tables_and_a_second_device_sees_them(
    client: TestClient,
) -> None:
    laptop = guest(client, "Aki")
    first = new_table(
        client, laptop, "collect", [{"kind": "me"}, {"kind": "bot", "level": "random"}]
    )
    account = sign_up(client, "aki", guest=laptop)
    mine = client.get("/api/me/tables").json()
    assert [(each["table_id"], each["seat"]) for each in mine] == [(first["table"]["id"], 0)]
    assert client.get("/api/me", headers=laptop).json()["name"] == "Aki"  # the token still works

    client.cookies.clear()  # the phone: another browser, another guest
    phone = guest(client, "Aki on the phone")
    second = new_table(client, phone, "collect", [{"kind": "open"}, {"kind": "me"}])
    assert sign_in(client, "aki", guest=phone).json()["id"] == account["id"]
    mine = client.get("/api/me/tables").json()
    assert {(each["table_id"], each["seat"]) for each in mine} == {
        (first["table"]["id"], 0),
        (second["table"]["id"], 1),
    }
    assert {each["game"] for each in mine} == {"collect"}


def test_a_guest_of_another_account_stays_its(client: TestClient) -> None:
    shared = guest(client, "Aki")
    new_table(client, shared, "collect", [{"kind": "me"}, {"kind": "bot", "level": "random"}])
    sign_up(client, "aki", guest=shared)
    client.cookies.clear()
    sign_up(client, "ben", guest=shared)  # someone else's browser's token: not relinked
    assert client.get("/api/me/tables").json() == []


def test_writes_without_the_csrf_token_are_refused(client: TestClient) -> None:
    sign_up(client, "aki")
    for headers in ({}, {"X-CSRF-Token": "0" * 64}):
        refused = client.post("/api/account/signout", headers=headers)
        assert refused.status_code == 403 and refused.json()["error"]["code"] == "csrf"
        renamed = client.post("/api/account/name", json={"display_name": "x"}, headers=headers)
        assert renamed.status_code == 403
    assert client.get("/api/account").status_code == 200  # still signed in
    assert client.post("/api/account/name", json={"display_name": "Aki"}, headers=csrf(client))
    assert client.get("/api/account").json()["display_name"] == "Aki"


def test_sign_in_from_another_sites_page_is_refused(client: TestClient) -> None:
    sign_up(client, "aki")
    client.cookies.clear()
    forged = client.post(
        "/api/account/signin",
        json={"name": "aki", "password": PASSWORD},
        headers={"Origin": "https://evil.example"},
    )
    assert forged.status_code == 403 and "bodoge_session" not in client.cookies
    own = client.post(
        "/api/account/signin",
        json={"name": "aki", "password": PASSWORD},
        headers={"Origin": "http://testserver"},
    )
    assert own.status_code == 200


def test_sign_in_attempts_are_limited_per_address(limited: TestClient) -> None:
    sign_up(limited, "aki")  # takes one of the address's three tokens
    limited.cookies.clear()
    assert sign_in(limited, "aki", "wrong password").status_code == 401
    assert sign_in(limited, "aki", "wrong password").status_code == 401
    blocked = sign_in(limited, "other")  # another name, the same address
    assert blocked.status_code == 429 and blocked.json()["error"]["code"] == "rate_limited"
    assert sign_in(limited, "aki").status_code == 429  # even the right password waits


def test_sign_in_attempts_are_limited_per_name(limited: TestClient) -> None:
    sign_up(limited, "aki")
    accounts = limited.app.state.server.accounts  # type: ignore[attr-defined]

    async def attempt(address: str) -> str:
        try:
            await accounts.sign_in("aki", "wrong password", address, None)
        except Exception as error:  # the ApiError it answers with
            return str(getattr(error, "code", error))
        return "signed in"

    codes = [limited.portal.call(attempt, f"10.0.0.{n}") for n in range(5)]
    assert codes == ["bad_sign_in"] * 3 + ["rate_limited"] * 2


def test_change_password_needs_the_current_one_and_ends_other_sessions(
    client: TestClient, settings: Settings
) -> None:
    sign_up(client, "aki")
    with TestClient(client.app) as other:
        assert sign_in(other, "aki").status_code == 200
        wrong = client.post(
            "/api/account/password",
            json={"current": "not it at all", "new": "a new long password"},
            headers=csrf(client),
        )
        assert wrong.status_code == 401
        changed = client.post(
            "/api/account/password",
            json={"current": PASSWORD, "new": "a new long password"},
            headers=csrf(client),
        )
        assert changed.status_code == 200
        assert other.get("/api/account").status_code == 401  # the other session ended
    assert client.get("/api/account").status_code == 200  # this one goes on
    client.cookies.clear()
    assert sign_in(client, "aki").status_code == 401
    assert sign_in(client, "aki", "a new long password").status_code == 200


def test_the_cookie_is_secure_over_https_or_when_set(settings: Settings) -> None:
    body = {"name": "aki", "password": PASSWORD}
    with TestClient(create_app(settings), base_url="https://testserver") as client:
        header = client.post("/api/account/signup", json=body).headers["set-cookie"].lower()
        assert "secure" in header
    always = dataclasses.replace(settings, secure_cookies=True)
    with TestClient(create_app(always)) as client:
        body["name"] = "ben"
        header = client.post("/api/account/signup", json=body).headers["set-cookie"].lower()
        assert "secure" in header


def test_a_server_hashes_at_argon2_cffis_default_cost() -> None:
    defaults = Settings()
    made = asyncio.run(
        Passwords(defaults.argon2_memory_kib, defaults.argon2_time_cost).hash("x" * 8)
    )
    assert made.startswith("$argon2id$v=19$m=65536,t=3,p=4$")
    cheap_one = asyncio.run(Passwords(1024, 1).hash("x" * 8))
    assert asyncio.run(Passwords().verify("x" * 8, cheap_one))  # a hash names its own cost


def test_signing_in_again_ends_the_browsers_earlier_session(client: TestClient) -> None:
    sign_up(client, "aki")
    earlier = client.cookies["bodoge_session"]
    assert sign_in(client, "aki").status_code == 200
    assert client.cookies["bodoge_session"] != earlier
    client.cookies.set("bodoge_session", earlier)
    assert client.get("/api/account").status_code == 401
