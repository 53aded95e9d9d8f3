"""Helpers for the browser tests: going through the lobby, playing from the table page's move
list, collecting every websocket frame a page receives, screenshots."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import httpx
from playwright.sync_api import Page, WebSocket, expect


def set_name(page: Page, name: str) -> None:
    page.fill(".name-field input", name)


def new_table(
    page: Page,
    base: str,
    game: str,
    players: int,
    seats: list[str],
    options: dict[str, str] | None = None,
    *,
    name: str = "Aki",
    public: bool = True,
) -> str:
    """Create a table through the lobby's form; `seats` per seat: "me", "open" or "bot:LEVEL".
    Returns the table's id, once its page is shown."""
    page.goto(f"{base}/#/")
    set_name(page, name)
    page.select_option("#create-game", game)
    page.select_option(".create-form select[name=players]", str(players))
    for seat, kind in enumerate(seats):
        kind, _, level = kind.partition(":")
        page.select_option(f"#seat-{seat}", kind)
        if level:
            page.select_option(f".seat-row[data-seat='{seat}'] .seat-level", level)
    for key, value in (options or {}).items():
        page.select_option(f"#option-{key}", value)
    if not public:
        page.uncheck(".create-form input[name=public]")
    page.click(".create-submit")
    page.wait_for_selector(".table-page")
    return page.url.split("#/table/")[1]


def ply(page: Page) -> int:
    """The ply the table page has drawn (-1 before its first update)."""
    value = page.get_attribute(".table-page", "data-ply")
    return -1 if value in (None, "") else int(value)


def wait_for_ply(page: Page, at_least: int) -> None:
    page.wait_for_function(
        "n => Number(document.querySelector('.table-page')?.dataset.ply ?? -1) >= n", arg=at_least
    )


def open_move_list(page: Page) -> None:
    """The "all moves" list is folded away when the game has a drawing: unfold it."""
    if not page.eval_on_selector(".all-moves", "d => d.open"):
        page.click(".all-moves summary")


def play_from_list(page: Page, notation: str | None = None) -> str:
    """Click a move in the page's "all moves" list (the first one, or `notation`); returns it."""
    open_move_list(page)
    selector = ".move-list button" if notation is None else f".move-list [data-action='{notation}']"
    button = page.locator(selector).first
    chosen = button.get_attribute("data-action")
    assert chosen is not None
    button.click()
    return chosen


def my_turn(page: Page) -> bool:
    return page.locator(".move-list button").count() > 0 and page.is_visible(".all-moves")


def console_errors(page: Page) -> list[str]:
    """The page's script errors from now on (not the 404s of probing for optional routes)."""
    errors: list[str] = []

    def note(message: Any) -> None:
        if message.type == "error" and not message.text.startswith("Failed to load resource"):
            errors.append(message.text)

    page.on("console", note)
    page.on("pageerror", lambda error: errors.append(str(error)))
    return errors


def frames(page: Page) -> list[dict[str, Any]]:
    """Every websocket frame `page` receives from now on (parsed), in order, kept in the list."""
    received: list[dict[str, Any]] = []

    def watch(socket: WebSocket) -> None:
        socket.on("framereceived", lambda payload: received.append(json.loads(payload)))

    page.on("websocket", watch)
    return received


def stored_seat(page: Page, table_id: str) -> dict[str, Any]:
    """The seat and credential this page's browser keeps for a table."""
    seats = page.evaluate("() => JSON.parse(localStorage.getItem('bodoge.seats') || '{}')")
    return seats[table_id]  # type: ignore[no-any-return]


def seat_prompt(base: str, table_id: str, credential: str | None) -> dict[str, Any]:
    headers = {"X-Seat-Credential": credential} if credential else {}
    answer = httpx.get(f"{base}/api/tables/{table_id}/prompt", headers=headers)
    assert answer.status_code == 200, answer.text
    return answer.json()  # type: ignore[no-any-return]


def screenshot(page: Page, game: str) -> None:
    """With BODOGE_SCREENSHOTS=DIR: the page at desktop and phone sizes, DIR/<game>-*.png."""
    folder = os.environ.get("BODOGE_SCREENSHOTS")
    if not folder:
        return
    Path(folder).mkdir(parents=True, exist_ok=True)
    size = page.viewport_size
    for name, viewport in (
        ("desktop", {"width": 1280, "height": 800}),
        ("phone", {"width": 390, "height": 844}),
    ):
        page.set_viewport_size(viewport)
        page.screenshot(path=str(Path(folder) / f"{game}-{name}.png"), full_page=False)
    if size:
        page.set_viewport_size(size)


# Signing in and up in the page header (tests/web/test_accounts.py and others)
PASSWORD = "a long browser password"


def open_menu(page: Page) -> None:
    page.click("#bar .account-menu summary")


def sign_in(page: Page, name: str, password: str = PASSWORD, *, up: bool = False) -> None:
    open_menu(page)
    page.fill("#bar .sign-in input[name=account-name]", name)
    page.fill("#bar .sign-in input[name=account-password]", password)
    page.click("#bar .sign-up-button" if up else "#bar .sign-in-button")
    expect(page.locator(".account-link")).to_be_visible()
