"""A person plays each of the four Collectable Monster games to the end in a real browser
(headless Chromium) against random bots on a real `bodoge serve`, by clicking (and pressing keys
on) the drawing inside `.board` only: the bid form, the cards, the slots, the dice.

Every element that sends a move must carry a `data-action` that is one of the prompt's actions
(read from the websocket frames the page received), and a legal action is always reachable.

Until web-core's table page is merged, the page is `tests/web/koremon_harness.html`, served on
the server's own origin by Playwright's routing together with the drawing modules from
`src/bodoge/server/web/games/`; it opens `#/table/ID` like the real page.
"""

from __future__ import annotations

import json
import os
import random
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

sys.path.insert(0, str(Path(__file__).parent))
from koremon_kit import HARNESS, browser, serve_drawings, watch_errors, web_server

__all__ = ["browser", "web_server"]  # fixtures
MOVE_LIMIT = 2000  # a safety net: the longest Evolution game in 20,000 random ones took 1,238


@pytest.fixture
def page(browser: Any, web_server: str) -> Iterator[Any]:
    context = browser.new_context(viewport={"width": 1280, "height": 800}, reduced_motion="reduce")
    opened = context.new_page()
    errors = watch_errors(opened)
    serve_drawings(opened, web_server, {"/koremon-harness": HARNESS.read_text("utf-8")})
    yield opened
    context.close()
    assert not errors, errors  # a drawing that throws fails the test, not only a timeout


def open_table(page: Any, base: str, game: str, players: int, lang: str = "en") -> str:
    """A table of this person and random bots, created through the HTTP API, opened in the
    page at #/table/ID."""
    with httpx.Client(base_url=base, timeout=10) as client:
        token = client.post("/api/guests", json={"name": "Web tester"}).json()["token"]
        seats = [{"kind": "me"}] + [{"kind": "bot", "level": "random"}] * (players - 1)
        created = client.post(
            "/api/tables",
            json={"game": game, "players": players, "seats": seats},
            headers={"Authorization": f"Bearer {token}"},
        )
        assert created.status_code == 200, created.text
        answer = created.json()
    table = str(answer["table"]["id"])
    page.add_init_script(f"sessionStorage.setItem('bodoge:cred:{table}', '{answer['credential']}')")
    page.goto(f"{base}/koremon-harness?lang={lang}#/table/{table}")
    return table


class Frames:
    """The prompts of the websocket updates the page received, the last one kept."""

    def __init__(self, page: Any) -> None:
        self.prompt: dict[str, Any] | None = None
        self.count = 0
        page.on("websocket", self._socket)

    def _socket(self, ws: Any) -> None:
        ws.on("framereceived", self._frame)

    def _frame(self, payload: Any) -> None:
        data = json.loads(payload if isinstance(payload, str) else payload.decode())
        if data.get("type") == "update" and data.get("prompt"):
            self.prompt = data["prompt"]
            self.count += 1


READY = """() => {
  const status = document.getElementById('status');
  if (status && status.dataset.over === 'true') return true;
  return !!document.querySelector('.board [data-action], .board .koremon-select');
}"""


def board_actions(page: Any) -> list[str]:
    return [str(a) for a in page.eval_on_selector_all(
        ".board [data-action]", "nodes => nodes.map(n => n.getAttribute('data-action'))"
    )]  # fmt: skip


def screenshot(page: Any, game: str) -> None:
    folder = os.environ.get("BODOGE_SCREENSHOTS")
    if not folder:
        return
    Path(folder).mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(Path(folder) / f"{game}-desktop.png"))
    page.set_viewport_size({"width": 390, "height": 844})
    page.wait_for_timeout(100)
    page.screenshot(path=str(Path(folder) / f"{game}-phone.png"))
    page.set_viewport_size({"width": 1280, "height": 800})


def click(page: Any, selector: str, keyboard: bool, legal: set[str]) -> None:
    target = page.locator(selector).first
    action = target.get_attribute("data-action")
    assert action is None or action in legal, (action, selector)
    if keyboard:
        target.focus()
        page.keyboard.press("Enter")
    else:
        target.click()


def wait_for_move(page: Any, ply: str | None) -> None:
    page.wait_for_function(
        "(ply) => { const s = document.getElementById('status');"
        " return s.dataset.over === 'true' || s.dataset.ply !== ply; }",
        arg=ply,
        timeout=15000,
    )


def play_to_end(page: Any, frames: Frames, game: str, choose: Any, seed: int = 1) -> dict[str, Any]:
    """Click through the game to its end; `choose(page, actions, rng)` returns (selector,
    keyboard, sends) for the next click inside `.board`. Checks every drawn action is legal."""
    rng = random.Random(seed)
    page.wait_for_selector(".board svg", timeout=20000)
    moves = 0
    shot = False
    while moves < MOVE_LIMIT:
        page.wait_for_function(READY, timeout=20000)
        if page.get_attribute("#status", "data-over") == "true":
            break
        actions = board_actions(page)
        prompt = frames.prompt
        assert prompt is not None
        legal = {a["notation"] for a in prompt["actions"]}
        if prompt["ply"] != int(page.get_attribute("#status", "data-ply") or -1):
            continue  # a newer update is being drawn
        assert set(actions) <= legal, (set(actions) - legal, prompt["ply"])
        if not shot and moves >= 3:
            screenshot(page, game)
            shot = True
        selector, keyboard, sends = choose(page, actions, rng)
        ply = page.get_attribute("#status", "data-ply")
        click(page, selector, keyboard, legal)
        if sends:
            wait_for_move(page, ply)
            moves += 1
    assert page.get_attribute("#status", "data-over") == "true", f"not over after {moves} moves"
    assert frames.prompt is not None and frames.prompt["over"]
    assert moves > 0
    if not shot:
        screenshot(page, game)
    return frames.prompt


def by_action(notation: str) -> str:
    return f'.board [data-action="{notation}"]'


# ---- the four games ----------------------------------------------------------------------


def choose_auction(page: Any, actions: list[str], rng: random.Random) -> tuple[str, bool, bool]:
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
    return ".board .koremon-select", False, False  # pick another won card first


def test_auction_played_to_the_end(page: Any, web_server: str) -> None:
    frames = Frames(page)
    open_table(page, web_server, "koremon_auction", 3)
    page.wait_for_selector(".board form.koremon-bid", timeout=20000)
    form = page.locator(".board form.koremon-bid")
    # the form refuses what the money does not allow: an amount over it is brought back
    form.locator("input[type=number]").fill("1000")
    assert form.locator("input[type=number]").input_value() == "100"
    assert form.locator("button[type=submit]").get_attribute("data-action") == "bid:100"
    # it shows the game's own label for that bid, marked as a warning when it says so
    assert frames.prompt is not None
    label = next(a["label"]["en"] for a in frames.prompt["actions"] if a["notation"] == "bid:100")
    assert form.get_by_text(label, exact=True).count() == 1
    warned = form.locator("p.koremon-warning").count() == 1
    assert warned == ("could not place" in label)
    form.locator("input[type=number]").fill("0")
    assert form.locator("button[type=submit]").get_attribute("data-action") == "bid:0"
    final = play_to_end(page, frames, "koremon_auction", choose_auction)
    assert final["result"]["scores"] is not None


def choose_hunt(page: Any, actions: list[str], rng: random.Random) -> tuple[str, bool, bool]:
    return by_action(rng.choice(actions)), rng.random() < 0.3, True


def test_hunt_played_to_the_end(page: Any, web_server: str) -> None:
    frames = Frames(page)
    open_table(page, web_server, "koremon_hunt", 3, lang="ja")
    page.wait_for_selector('.board [data-action="roll"]', timeout=20000)
    assert "ウィンハルト" in page.inner_text(".board")
    final = play_to_end(page, frames, "koremon_hunt", choose_hunt)
    assert final["view"]["end"] in ("deck", "full", "dead")


def choose_trick(page: Any, actions: list[str], rng: random.Random) -> tuple[str, bool, bool]:
    naming = [a for a in actions if a.startswith("play:mimic=")]
    if naming:
        return by_action(rng.choice(naming)), rng.random() < 0.3, True
    if actions and rng.random() < 0.8:
        return by_action(rng.choice(actions)), rng.random() < 0.3, True
    if page.locator(".board .koremon-select").count():
        return ".board .koremon-select", False, False  # the Mimic: then name a species
    return by_action(rng.choice(actions)), False, True


def test_trick_played_to_the_end(page: Any, web_server: str) -> None:
    frames = Frames(page)
    open_table(page, web_server, "koremon_trick", 3)
    final = play_to_end(page, frames, "koremon_trick", choose_trick)
    assert len(final["result"]["scores"]) == 3


def choose_evolution(page: Any, actions: list[str], rng: random.Random) -> tuple[str, bool, bool]:
    return by_action(rng.choice(actions)), rng.random() < 0.5, True


def test_evolution_played_to_the_end(page: Any, web_server: str) -> None:
    frames = Frames(page)
    open_table(page, web_server, "koremon_evolution", 2)
    final = play_to_end(page, frames, "koremon_evolution", choose_evolution)
    assert final["view"]["winner"] in (0, 1)
