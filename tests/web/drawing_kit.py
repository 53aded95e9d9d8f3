"""What the drawing tests of Collect! and Monster Hex share (the server and browser fixtures are
conftest.py's): a table made through the HTTP API and opened on the real table page with the
seat's credential where the page keeps it, and a loop that plays a whole game by clicking inside
`.board` only while the test checks at every step what the drawing offers."""

from __future__ import annotations

import json
import os
import random
import re
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import httpx
from playwright.sync_api import Page

DESKTOP = {"width": 1280, "height": 800}
PHONE = {"width": 390, "height": 844}


# ---- tables -------------------------------------------------------------------------------------


def api_table(
    base: str, game: str, players: int, seats: list[dict[str, str]], options: dict[str, str]
) -> dict[str, Any]:
    """A table made through the HTTP API as a guest: {"table" (its id), "seat", "credential",
    "invite"} and the guest's {"token", "name"} under "guest"."""
    guest = httpx.post(f"{base}/api/guests", json={"name": "Aki"})
    assert guest.status_code == 200, guest.text
    token = guest.json()["token"]
    body = {"game": game, "players": players, "options": options, "seats": seats}
    made = httpx.post(f"{base}/api/tables", json=body, headers={"Authorization": f"Bearer {token}"})
    assert made.status_code == 200, made.text
    answer = made.json()
    return {**answer, "table": answer["table"]["id"], "guest": {"token": token, "name": "Aki"}}


def open_table(page: Page, base: str, table: dict[str, Any]) -> None:
    """The real table page, with the guest and seat credential where the page keeps them
    (localStorage bodoge.guest and bodoge.seats, see web/store.js), put there before the
    page's own scripts run."""
    seat = {"seat": table["seat"], "credential": table["credential"], "invite": table["invite"]}
    stored = json.dumps([table["table"], table["guest"], seat])
    page.add_init_script(
        f"""(() => {{
            const [id, guest, seat] = {stored};
            localStorage.setItem("bodoge.guest", JSON.stringify(guest));
            localStorage.setItem("bodoge.name", JSON.stringify(guest.name));
            const seats = JSON.parse(localStorage.getItem("bodoge.seats") || "{{}}");
            seats[id] = {{...(seats[id] || {{}}), ...seat}};
            localStorage.setItem("bodoge.seats", JSON.stringify(seats));
        }})();"""
    )
    page.goto(f"{base}/#/table/{table['table']}")
    page.wait_for_selector(".table-page .board svg")


def prompt_of(base: str, table: dict[str, Any]) -> dict[str, Any]:
    answer = httpx.get(
        f"{base}/api/tables/{table['table']}/prompt",
        headers={"X-Seat-Credential": table["credential"]},
    )
    assert answer.status_code == 200, answer.text
    return answer.json()  # type: ignore[no-any-return]


def page_ply(page: Page) -> int:
    value = page.get_attribute(".table-page", "data-ply")
    return -1 if value in (None, "") else int(value)


def pattern(notation: str) -> str:
    """A notation's kind: "card:1.3" -> "card:N.N", "name:lion" -> "name:X", "top:B" -> "top:D"."""
    kind, _, arg = notation.partition(":")
    if not arg:
        return kind
    if arg in ("A", "B"):
        return f"{kind}:D"
    if kind in ("name", "faction", "shared", "ability", "take", "unit"):
        return f"{kind}:X"
    if kind == "place":
        return "place:HEX@N"
    if re.fullmatch(r"[a-z]\d+", arg):
        return f"{kind}:HEX"
    return f"{kind}:" + re.sub(r"\d+", "N", arg)


def board_actions(page: Page) -> list[str]:
    """The data-action of every element the drawing (not its fallback buttons) offers."""
    return page.eval_on_selector_all(  # type: ignore[no-any-return]
        ".board [data-action]:not(.leftover [data-action])", "els => els.map(e => e.dataset.action)"
    )


def wait_for_turn_or_end(page: Page, timeout: float = 30_000) -> bool:
    """Wait until the board offers something or the result is shown; True at the end."""
    page.wait_for_function(
        """() => document.querySelector('.board [data-action]') ||
                 document.querySelector('.result-area')?.children.length""",
        timeout=timeout,
    )
    return bool(page.eval_on_selector(".result-area", "e => e.children.length"))


def wait_past(page: Page, ply: int) -> None:
    page.wait_for_function(
        "n => Number(document.querySelector('.table-page')?.dataset.ply ?? -1) > n", arg=ply
    )


Step = Callable[[Page, dict[str, Any], random.Random], int]


def play_to_the_end(
    page: Page,
    base: str,
    table: dict[str, Any],
    step: Step,
    *,
    seed: int = 1,
    max_steps: int = 2000,
    on_step: Callable[[Page, int], None] | None = None,
) -> dict[str, Any]:
    """Play the page's seat to the end: at each turn `step` makes one move by clicking inside
    `.board` (it returns how many clicks it took) after checking that the drawing offers the
    prompt's actions; returns the final prompt."""
    final = play_moves(page, base, table, step, max_steps, seed=seed, on_step=on_step)
    assert final["over"], f"the game did not end within {max_steps} moves"
    return final


def play_moves(
    page: Page,
    base: str,
    table: dict[str, Any],
    step: Step,
    moves: int,
    *,
    seed: int = 1,
    on_step: Callable[[Page, int], None] | None = None,
) -> dict[str, Any]:
    """Play the page's seat for `moves` of its moves, as `play_to_the_end` does, or to the end
    if that comes first; returns the prompt then."""
    chooser = random.Random(seed)
    number = 0
    while number < moves:
        if wait_for_turn_or_end(page):
            final = prompt_of(base, table)
            assert final["over"], "the page shows a result but the game is not over"
            return final
        prompt = prompt_of(base, table)
        if prompt["ply"] != page_ply(page) or not prompt["actions"]:
            wait_past(page, page_ply(page))  # the page is behind the server: wait for its update
            continue
        before = page_ply(page)
        step(page, prompt, chooser)
        wait_past(page, before)
        if on_step:
            on_step(page, number)
        number += 1
    return prompt_of(base, table)


def click(page: Page, selector: str, chooser: random.Random) -> None:
    """Click an element of the board, or (one time in four) focus it and press Enter/Space."""
    target = page.locator(selector).first
    if chooser.random() < 0.25:
        target.focus()
        page.keyboard.press(chooser.choice(["Enter", " "]))
    else:
        target.click()


def screenshots(page: Page, game: str) -> None:
    """With BODOGE_SCREENSHOTS=DIR: the table page at desktop and phone sizes, DIR/<game>-*.png."""
    folder = os.environ.get("BODOGE_SCREENSHOTS")
    if not folder:
        return
    Path(folder).mkdir(parents=True, exist_ok=True)
    for name, viewport in (("desktop", DESKTOP), ("phone", PHONE)):
        page.set_viewport_size(viewport)
        page.reload()
        page.wait_for_selector(".table-page .board svg")
        page.screenshot(path=str(Path(folder) / f"{game}-{name}.png"), full_page=False)
    page.set_viewport_size(DESKTOP)
    page.reload()
    page.wait_for_selector(".table-page .board svg")


def dumps(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False)


def advance(
    base: str,
    table: dict[str, Any],
    done: Callable[[dict[str, Any]], bool],
    *,
    seed: int = 0,
    max_moves: int = 3000,
) -> dict[str, Any]:
    """Play the table's seat over HTTP (a random legal move each turn, the bots answering at
    once) until `done(prompt)` holds for the seat's prompt or the game is over; returns that
    prompt. The page, if one is open, follows by its websocket."""
    chooser = random.Random(seed)
    for _ in range(max_moves):
        prompt = prompt_of(base, table)
        if prompt["over"] or done(prompt):
            return prompt
        if not prompt["actions"]:
            time.sleep(0.02)  # a bot is moving: ask again
            continue
        action = chooser.choice(prompt["actions"])["notation"]
        answer = httpx.post(
            f"{base}/api/tables/{table['table']}/moves",
            json={"action": action, "expected_ply": prompt["ply"]},
            headers={"X-Seat-Credential": table["credential"]},
        )
        assert answer.status_code in (200, 409), answer.text
    raise AssertionError(f"not done within {max_moves} moves")


def use_language(page: Page, lang: str) -> None:
    """The page's language from its first script on (what the language button stores)."""
    page.add_init_script(
        f"localStorage.setItem('bodoge.lang', JSON.stringify({json.dumps(lang)}));"
    )


def wait_until_drawn(page: Page, ply: int) -> None:
    """Wait until the page has drawn the prompt of `ply` (or a later one)."""
    page.wait_for_function(
        "n => Number(document.querySelector('.table-page')?.dataset.ply ?? -1) >= n", arg=ply
    )
