"""A person plays each of the four Collectable Monster games to the end in a real browser
(headless Chromium) against random bots on a real `bodoge serve`, on the real table page
(`#/table/ID`), by clicking (and pressing keys on) the drawing
inside `.board` only: the bid form, the cards, the slots, the dice.

Every element that sends a move must carry a `data-action` that is one of the prompt's actions
(the last prompt among the websocket frames the page received).
"""

from __future__ import annotations

import json
import random
import re
from collections.abc import Iterator
from typing import Any

import httpx
import pytest
from playwright.sync_api import Browser, BrowserContext, Page
from webkit import console_errors, frames, ply, screenshot

DESKTOP = {"width": 1280, "height": 800}
WAIT = 60_000  # ms: generous, for a machine shared with other work (a passing run never waits it)
MOVE_LIMIT = 2000  # a safety net: the longest Evolution game in 20,000 random ones took 1,238
READY = """() => document.querySelector('.result')
  || document.querySelector('.board [data-action], .board .can-select')"""


@pytest.fixture
def context(browser: Browser) -> Iterator[BrowserContext]:
    """The kit's context with reduced motion: Playwright waits for an element to stop moving
    before it clicks, and the animations are tested in test_draw_koremon.py."""
    made = browser.new_context(viewport=DESKTOP, locale="en-US", reduced_motion="reduce")
    made.set_default_timeout(WAIT)
    yield made
    made.close()


def last_prompt(received: list[dict[str, Any]]) -> dict[str, Any] | None:
    for frame in reversed(received):
        if frame.get("type") == "update" and frame.get("prompt"):
            return frame["prompt"]  # type: ignore[no-any-return]
    return None


def board_actions(page: Page) -> list[str]:
    return [str(a) for a in page.eval_on_selector_all(
        ".board [data-action]", "nodes => nodes.map(n => n.getAttribute('data-action'))"
    )]  # fmt: skip


def over(page: Page) -> bool:
    return page.locator(".result").count() > 0


def click(page: Page, selector: str, keyboard: bool, legal: set[str]) -> None:
    target = page.locator(selector).first
    action = target.get_attribute("data-action")
    assert action is None or action in legal, (action, selector)
    if keyboard:  # focus and key in one step: a redraw (a seat connecting) may come between
        target.press("Enter")
    else:
        target.click()


class Table:
    """A table of this person and random bots, made through the HTTP API and opened on the real
    table page with the guest and the seat where the page keeps them (web/store.js), with the
    websocket frames and script errors the page gets from then on. (The lobby's own form is
    tested in test_lobby_page.py; going through it here would add nothing to the drawings.)"""

    def __init__(self, page: Page, base: str, game: str, players: int) -> None:
        self.page, self.game = page, game
        self.errors = console_errors(page)
        self.received = frames(page)
        guest = httpx.post(f"{base}/api/guests", json={"name": "Aki"})
        assert guest.status_code == 200, guest.text
        token = guest.json()["token"]
        seats = [{"kind": "me"}] + [{"kind": "bot", "level": "random"}] * (players - 1)
        made = httpx.post(
            f"{base}/api/tables",
            json={"game": game, "players": players, "seats": seats},
            headers={"Authorization": f"Bearer {token}"},
        )
        assert made.status_code == 200, made.text
        answer = made.json()
        self.id = str(answer["table"]["id"])
        stored = json.dumps(
            {
                "guest": {"token": token, "name": "Aki"},
                "seats": {self.id: {"seat": answer["seat"], "credential": answer["credential"]}},
            }
        )
        page.add_init_script(
            f"""(() => {{ const s = {stored};
                localStorage.setItem("bodoge.guest", JSON.stringify(s.guest));
                localStorage.setItem("bodoge.name", JSON.stringify(s.guest.name));
                localStorage.setItem("bodoge.seats", JSON.stringify(s.seats)); }})();"""
        )
        page.goto(f"{base}/#/table/{self.id}")
        page.wait_for_selector(".table-page .board svg")

    def prompt(self) -> dict[str, Any]:
        """The last prompt the page received, once it is the one the page shows (Playwright
        hands the frames to Python as events, which may come a moment after the drawing)."""
        for _ in range(400):
            found = last_prompt(self.received)
            if found is not None and (found["ply"] == ply(self.page) or found["over"]):
                return found
            self.page.wait_for_timeout(25)
        raise AssertionError("the page's prompt never arrived among the websocket frames")


def play_to_end(table: Table, choose: Any, seed: int = 1) -> dict[str, Any]:
    """Click through the game to its end; `choose(page, actions, rng)` returns (selector,
    keyboard, sends) for the next click inside `.board`."""
    page = table.page
    rng = random.Random(seed)
    moves = 0
    shot = False
    while moves < MOVE_LIMIT:
        page.wait_for_function(READY)
        if over(page):
            break
        prompt = table.prompt()
        if prompt["ply"] != ply(page):
            continue  # a newer update came meanwhile
        legal = {a["notation"] for a in prompt["actions"]}
        assert set(board_actions(page)) <= legal, prompt["ply"]
        if not shot and moves >= 3:
            screenshot(page, table.game)
            shot = True
        selector, keyboard, sends = choose(page, board_actions(page), rng)
        before = ply(page)
        click(page, selector, keyboard, legal)
        if sends:
            page.wait_for_function(
                "n => document.querySelector('.result')"
                " || Number(document.querySelector('.table-page').dataset.ply) !== n",
                arg=before,
            )
            moves += 1
    assert over(page), f"not over after {moves} moves"
    final = table.prompt()
    assert final["over"] and moves > 0
    if not shot:
        screenshot(page, table.game)
    assert not table.errors, table.errors
    return final


def by_action(notation: str) -> str:
    return f'.board [data-action="{notation}"]'


# ---- the four games ----------------------------------------------------------------------


def choose_auction(page: Page, actions: list[str], rng: random.Random) -> tuple[str, bool, bool]:
    if page.locator(".board form.koremon-bid").count():
        form = page.locator(".board form.koremon-bid")
        maximum = int(form.locator("input[type=number]").get_attribute("max") or 0)
        # all-in on a monster that fits (the game's label carries no warning), else nothing
        form.locator("input[type=number]").fill(str(maximum))
        warned = form.locator("p.koremon-warning").count() > 0
        if warned or rng.random() < 0.3:
            form.locator("button.koremon-quick").first.click()  # 0
        return ".board form.koremon-bid button[type=submit]", rng.random() < 0.3, True
    places = [a for a in actions if a.startswith("place:")]
    if places:
        return by_action(rng.choice(places)), rng.random() < 0.3, True
    return ".board .can-select", False, False  # pick another won card first


def test_auction_played_to_the_end(page: Page, web_server: str) -> None:
    table = Table(page, web_server, "koremon_auction", 3)
    page.wait_for_selector(".board form.koremon-bid")
    form = page.locator(".board form.koremon-bid")
    # the form refuses what the money does not allow: an amount over it is brought back
    form.locator("input[type=number]").fill("1000")
    assert form.locator("input[type=number]").input_value() == "100"
    assert form.locator("button[type=submit]").get_attribute("data-action") == "bid:100"
    # it shows the game's own label for that bid, marked as a warning when it says so
    label = next(a["label"]["en"] for a in table.prompt()["actions"] if a["notation"] == "bid:100")
    assert form.get_by_text(label, exact=True).count() == 1
    warned = form.locator("p.koremon-warning").count() == 1
    assert warned == ("could not place" in label)
    form.locator("input[type=number]").fill("0")
    assert form.locator("button[type=submit]").get_attribute("data-action") == "bid:0"
    final = play_to_end(table, choose_auction)
    assert final["result"]["scores"] is not None


def choose_hunt(page: Page, actions: list[str], rng: random.Random) -> tuple[str, bool, bool]:
    return by_action(rng.choice(actions)), rng.random() < 0.3, True


def test_hunt_played_to_the_end_in_japanese(browser: Browser, web_server: str) -> None:
    context = browser.new_context(locale="ja-JP", viewport=DESKTOP, reduced_motion="reduce")
    context.set_default_timeout(WAIT)
    page = context.new_page()
    table = Table(page, web_server, "koremon_hunt", 3)
    page.wait_for_selector('.board [data-action="roll"]')
    assert "ウィンハルト" in page.inner_text(".board")
    final = play_to_end(table, choose_hunt)
    # the breakdown in the game's words: why it ended, the cards placed; no raw key
    result = page.inner_text(".result")
    assert "終了の理由" in result and "置いたカード" in result
    assert not {"end", "cards", final["view"]["end"]} & set(re.findall(r"[a-z]+", result))
    context.close()
    assert final["view"]["end"] in ("deck", "full", "dead")


def choose_trick(page: Page, actions: list[str], rng: random.Random) -> tuple[str, bool, bool]:
    naming = [a for a in actions if a.startswith("play:mimic=")]
    if naming:
        return by_action(rng.choice(naming)), rng.random() < 0.3, True
    if actions and rng.random() < 0.8:
        return by_action(rng.choice(actions)), rng.random() < 0.3, True
    if page.locator(".board .can-select").count():
        return ".board .can-select", False, False  # the Mimic: then name a species
    return by_action(rng.choice(actions)), False, True


def test_trick_played_to_the_end(page: Page, web_server: str) -> None:
    final = play_to_end(Table(page, web_server, "koremon_trick", 3), choose_trick)
    assert len(final["result"]["scores"]) == 3
    # three players play two games: one column of points each, named, never the raw "games"
    headings = page.locator(".result .scores th").all_inner_texts()
    assert headings[-2:] == ["Game 1", "Game 2"] and "games" not in page.inner_text(".result")
    first = [int(cell.replace("−", "-")) for cell in page.locator(
        ".result .scores tbody tr td:nth-last-child(2)").all_inner_texts()]  # fmt: skip
    assert first == final["result"]["detail"]["games"][0]
    page.click(".lang-switch")
    headings = page.locator(".result .scores th").all_inner_texts()
    assert headings[-2:] == ["ゲーム1", "ゲーム2"]


def choose_evolution(page: Page, actions: list[str], rng: random.Random) -> tuple[str, bool, bool]:
    return by_action(rng.choice(actions)), rng.random() < 0.5, True


def test_evolution_played_to_the_end(page: Page, web_server: str) -> None:
    final = play_to_end(Table(page, web_server, "koremon_evolution", 2), choose_evolution)
    assert final["view"]["winner"] in (0, 1)
