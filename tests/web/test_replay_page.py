"""The replay page steps through a finished table (buttons, arrow keys, a URL per step, any
viewer); on a server without the replay API it says replays are not available. The rules link
is there exactly when the server has rules pages."""

from __future__ import annotations

import time

import httpx
from playwright.sync_api import Page, expect


def offered(base: str, route: str) -> bool:
    return route in httpx.get(f"{base}/openapi.json").json()["paths"]


def finished_bot_table(base: str) -> str:
    token = httpx.post(f"{base}/api/guests", json={"name": "Aki"}).json()["token"]
    made = httpx.post(
        f"{base}/api/tables",
        json={
            "game": "koremon_evolution",
            "players": 2,
            "seats": [{"kind": "bot", "level": "random"}] * 2,
        },
        headers={"Authorization": f"Bearer {token}"},
    ).json()
    table_id: str = made["table"]["id"]
    for _ in range(600):
        if httpx.get(f"{base}/api/tables/{table_id}").json()["status"] == "over":
            return table_id
        time.sleep(0.05)
    raise AssertionError("the bots did not finish")


def test_the_replay_page_steps_and_links_each_step(web_server: str, page: Page) -> None:
    table_id = finished_bot_table(web_server)
    page.goto(f"{web_server}/#/replay/{table_id}?as=spectator&step=0")
    if not offered(web_server, "/api/tables/{table_id}/replay/{step}"):
        expect(page.locator(".notice")).to_have_text("Replays are not available on this server.")
        page.click(".lang-switch")
        expect(page.locator(".notice")).to_have_text("このサーバーではリプレイを見られません。")
        return
    steps = httpx.get(f"{web_server}/api/tables/{table_id}/replay/0?as=spectator").json()["steps"]
    expect(page.locator(".step-count")).to_have_text(f"Step 0 of {steps}")
    page.click(".replay-controls .next")
    expect(page.locator(".step-count")).to_have_text(f"Step 1 of {steps}")
    assert page.url.endswith(f"#/replay/{table_id}?as=spectator&step=1")
    page.keyboard.press("ArrowRight")
    expect(page.locator(".step-count")).to_have_text(f"Step 2 of {steps}")
    page.keyboard.press("ArrowLeft")
    expect(page.locator(".step-count")).to_have_text(f"Step 1 of {steps}")
    page.select_option(".viewer", "all")
    expect(page.locator(".replay-seat .board")).to_have_count(2)
    assert "as=all&step=1" in page.url
    page.reload()  # the link leads to that step
    expect(page.locator(".step-count")).to_have_text(f"Step 1 of {steps}")


def test_the_rules_link_is_shown_when_the_server_has_rules_pages(
    web_server: str, page: Page
) -> None:
    page.goto(f"{web_server}/#/")
    page.wait_for_selector(".open-tables .table-list, .open-tables .meta")
    if not offered(web_server, "/api/games/{game}/rules"):
        expect(page.locator(".rules-link")).to_have_count(0)
        return
    expect(page.locator(".rules-link")).to_have_count(6)
    page.click(".game-card[data-game='collect'] .rules-link")
    expect(page.locator(".rules-text")).not_to_be_empty()
    # one heading names the game: the docs page's own first heading is left out
    expect(page.locator(".rules h1")).to_have_count(1)
    expect(page.locator(".rules h1")).to_have_text("Collect! — Rules")
