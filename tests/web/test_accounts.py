"""Accounts in Debian's Chromium: a guest who made a table signs up in the page's header, signs out
and in with the password, adds a passkey on the account page; in a second browser context (the
phone) the same account signs in with the password and, with the passkey on that context's virtual
authenticator (CDP WebAuthn, ctap2, internal, resident key, user verification), and finds the same
table; a passkey-only account signs up and in with a passkey. WebAuthn needs a secure context and
an RP id that is a domain: the pages are loaded from http://localhost (the server's own host)."""

from __future__ import annotations

import secrets
from typing import Any

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, expect
from webkit import PASSWORD, console_errors, new_table, open_menu, sign_in


@pytest.fixture(scope="module")
def base(web_server: str) -> str:
    return web_server.replace("127.0.0.1", "localhost")


def virtual_authenticator(page: Page) -> tuple[Any, str]:
    """A platform authenticator on this page (CDP): the session and its id."""
    cdp = page.context.new_cdp_session(page)
    cdp.send("WebAuthn.enable")
    made = cdp.send(
        "WebAuthn.addVirtualAuthenticator",
        {
            "options": {
                "protocol": "ctap2",
                "transport": "internal",
                "hasResidentKey": True,
                "hasUserVerification": True,
                "isUserVerified": True,
            }
        },
    )
    return cdp, made["authenticatorId"]


def sign_out(page: Page) -> None:
    page.click(".sign-out")
    expect(page.locator("#bar .account-menu summary")).to_be_visible()


def account_tables(page: Page) -> list[str]:
    """The tables "your tables" lists on #/tables/mine (every device's)."""
    page.goto(page.url.split("#")[0] + "#/tables/mine")
    page.wait_for_selector(".my-tables li[data-table]")
    return page.eval_on_selector_all(
        ".my-tables li[data-table]", "items => items.map(i => i.dataset.table)"
    )


def new_context(browser: Browser, locale: str = "en-US") -> BrowserContext:
    made = browser.new_context(locale=locale, viewport={"width": 1280, "height": 800})
    made.set_default_timeout(20_000)
    return made


def test_sign_up_out_in_and_a_passkey_on_a_second_context_find_the_same_tables(
    base: str, browser: Browser
) -> None:
    name = f"aki{secrets.token_hex(3)}"
    laptop_context, phone_context = new_context(browser), new_context(browser, "ja-JP")
    try:
        laptop = laptop_context.new_page()
        errors = console_errors(laptop)
        laptop_key, laptop_authenticator = virtual_authenticator(laptop)
        table_id = new_table(laptop, base, "collect", 2, ["me", "bot:random"], name="Aki")
        sign_in(laptop, name, up=True)
        assert "bodoge_session" in {c["name"] for c in laptop_context.cookies()}
        cookie = next(c for c in laptop_context.cookies() if c["name"] == "bodoge_session")
        assert cookie["httpOnly"] and cookie["sameSite"] == "Lax"
        assert laptop.evaluate("document.cookie").find("bodoge_session") == -1
        assert account_tables(laptop) == [table_id]
        sign_out(laptop)
        sign_in(laptop, name)
        expect(laptop.locator(".account-link")).to_have_text("Aki")

        laptop.goto(f"{base}/#/account")
        laptop.fill(".add-passkey input[name=label]", "laptop")
        laptop.click(".add-passkey button")
        expect(laptop.locator(".passkey-label")).to_have_text(["laptop"])
        (credential,) = laptop_key.send(
            "WebAuthn.getCredentials", {"authenticatorId": laptop_authenticator}
        )["credentials"]
        assert credential["isResidentCredential"]

        # The phone: another context. First the password, then the passkey (synced to it).
        phone = phone_context.new_page()
        phone_errors = console_errors(phone)
        phone.goto(f"{base}/#/")
        sign_in(phone, name)
        assert account_tables(phone) == [table_id]
        expect(phone.locator(".my-tables .status")).to_have_text(["対局中"])
        sign_out(phone)
        phone_key, phone_authenticator = virtual_authenticator(phone)
        phone_key.send(
            "WebAuthn.addCredential",
            {"authenticatorId": phone_authenticator, "credential": credential},
        )
        open_menu(phone)
        phone.click("#bar .passkey-sign-in")
        expect(phone.locator(".account-link")).to_have_text("Aki")
        # The lobby's "your tables" is the same list: the seat held on the laptop, "Play here".
        phone.goto(f"{base}/#/")
        expect(
            phone.locator(f".mine .my-tables li[data-table='{table_id}'] .play-here")
        ).to_be_visible()
        assert account_tables(phone) == [table_id]
        # The seat itself moves to the phone with "Play here": the phone plays it as "you".
        phone.click(f".my-tables li[data-table='{table_id}'] .play-here")
        phone.wait_for_selector(f".table-page[data-table='{table_id}']")
        expect(phone.locator(".seat[data-seat='0'] .name")).to_have_text("あなた")
        assert errors == [] and phone_errors == []
    finally:
        laptop_context.close()
        phone_context.close()


def test_a_passkey_only_account_signs_up_and_in(base: str, browser: Browser) -> None:
    name = f"ben{secrets.token_hex(3)}"
    context = new_context(browser)
    try:
        page = context.new_page()
        errors = console_errors(page)
        virtual_authenticator(page)
        page.goto(f"{base}/#/")
        open_menu(page)
        page.fill("#bar .sign-in input[name=account-name]", name)
        page.click("#bar .passkey-sign-up")
        expect(page.locator(".account-link")).to_have_text(name)
        sign_out(page)
        open_menu(page)
        page.click("#bar .passkey-sign-in")
        expect(page.locator(".account-link")).to_have_text(name)
        page.goto(f"{base}/#/account")
        expect(page.locator(".signed-in-as")).to_contain_text(name)
        expect(page.locator(".passkey-label")).to_have_count(1)
        expect(page.locator(".account-password h2")).to_have_text("Set a password")
        assert errors == []
    finally:
        context.close()


def test_a_wrong_password_is_said_in_the_pages_language(base: str, browser: Browser) -> None:
    context = new_context(browser, "ja-JP")
    try:
        page = context.new_page()
        page.goto(f"{base}/#/")
        open_menu(page)
        page.fill("#bar .sign-in input[name=account-name]", "nobody-here")
        page.fill("#bar .sign-in input[name=account-password]", "not a password")
        page.click("#bar .sign-in-button")
        expect(page.locator("#bar .account-message")).to_contain_text("名前かパスワードが違います")
        assert "password" not in page.url and "nobody" not in page.url
    finally:
        context.close()


def test_export_and_delete_from_the_account_page(base: str, browser: Browser) -> None:
    name = f"cho{secrets.token_hex(3)}"
    context = new_context(browser)
    try:
        page = context.new_page()
        page.goto(f"{base}/#/")
        sign_in(page, name, up=True)
        page.goto(f"{base}/#/account")
        with page.expect_download() as download:
            page.click(".export")
        assert download.value.suggested_filename == "bodoge-account.json"
        page.fill(".delete-account input[name=confirm]", name)
        page.once("dialog", lambda dialog: dialog.accept())
        page.click(".delete-account button")
        expect(page.locator("#bar .account-menu summary")).to_be_visible()
        page.goto(f"{base}/#/")
        open_menu(page)
        page.fill("#bar .sign-in input[name=account-name]", name)
        page.fill("#bar .sign-in input[name=account-password]", PASSWORD)
        page.click("#bar .sign-in-button")
        expect(page.locator("#bar .account-message")).to_contain_text("wrong name or password")
    finally:
        context.close()


def test_a_page_opened_by_address_points_to_localhost_for_passkeys(
    web_server: str, browser: Browser
) -> None:
    context = new_context(browser)
    try:
        page = context.new_page()
        page.goto(f"{web_server}/#/")
        open_menu(page)
        expect(page.locator("#bar .passkey-sign-in")).to_have_count(0)  # 127.0.0.1: no RP id
        page.fill("#bar .sign-in input[name=account-name]", f"dan{secrets.token_hex(3)}")
        page.fill("#bar .sign-in input[name=account-password]", PASSWORD)
        page.click("#bar .sign-up-button")
        expect(page.locator(".account-link")).to_be_visible()  # signed up before going on
        page.goto(f"{web_server}/#/account")
        hint = page.locator(".account-passkeys p").last
        expect(hint).to_contain_text(web_server.replace("127.0.0.1", "localhost"))
    finally:
        context.close()
