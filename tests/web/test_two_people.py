"""Two people in two browser contexts: one creates a 2-player Collect! table in the lobby, the
other joins by the invite link; they play to the end from the pages' move lists, and one
reloads mid-game and goes on from where it was; one takes a move back with the undo button;
at the end both take the rematch (when the server has it)."""

from __future__ import annotations

import random
import time
from pathlib import Path
from typing import Any

import httpx
from playwright.sync_api import Browser, Page, expect
from webkit import console_errors, new_table, open_move_list, set_name, wait_for_ply

RELOAD_AT = 12


def page_state(page: Page) -> dict[str, Any]:
    """What the page shows: its ply, the moves in its list, whether the result is shown."""
    return page.evaluate(  # type: ignore[no-any-return]
        """() => ({
            ply: Number(document.querySelector('.table-page')?.dataset.ply ?? -1),
            moves: [...document.querySelectorAll('.move-list button')].map(b => b.dataset.action),
            over: document.querySelector('.result') !== null,
            undo: document.querySelector('.undo') !== null,
        })"""
    )


def test_two_people_play_collect_to_the_end_through_an_invite_link(
    web_server: str, browser: Browser
) -> None:
    aki_context = browser.new_context(locale="en-US", viewport={"width": 1280, "height": 800})
    ben_context = browser.new_context(locale="ja-JP", viewport={"width": 390, "height": 844})
    aki, ben = aki_context.new_page(), ben_context.new_page()
    errors = console_errors(aki) + console_errors(ben)
    table_id = new_table(aki, web_server, "collect", 2, ["me", "open"], name="Aki")
    expect(aki.locator(".turn")).to_have_text("Waiting for players to join")
    invite = aki.locator(".invite-link").input_value()
    assert invite.startswith(f"{web_server}/#/join/{table_id}/")

    ben.goto(invite)
    set_name(ben, "Ben")
    ben.click(".join-submit")
    ben.wait_for_selector(f".table-page[data-table='{table_id}']")
    expect(aki.locator(".seat[data-seat='1'] .name")).to_have_text("Ben")
    expect(ben.locator(".seat[data-seat='0'] .name")).to_have_text("Aki")
    expect(ben.locator(".seat[data-seat='1'] .name")).to_have_text("あなた")

    chooser = random.Random(15)
    pages = [aki, ben]
    open_move_list(aki)
    open_move_list(ben)
    reloaded = False
    undone = False
    moves = 0
    stuck_since = (time.monotonic(), -1)
    while True:
        seen = [page_state(page) for page in pages]
        if seen[0]["ply"] != stuck_since[1]:
            stuck_since = (time.monotonic(), seen[0]["ply"])
        assert time.monotonic() - stuck_since[0] < 30, f"stuck at ply {stuck_since[1]}: {seen}"
        if all(state["over"] for state in seen):
            break
        if seen[0]["ply"] != seen[1]["ply"]:  # one page has not had the last update yet
            continue
        ply = seen[0]["ply"]
        if ply >= RELOAD_AT and not reloaded:
            log_lines = ben.locator(".log li").count()
            ben.reload()
            wait_for_ply(ben, ply)
            expect(ben.locator(".log li")).to_have_count(log_lines)
            expect(ben.locator(".seat[data-seat='1'] .name")).to_have_text("あなた")
            open_move_list(ben)
            reloaded = True
            continue
        can_undo = [page for page, state in zip(pages, seen, strict=True) if state["undo"]]
        if can_undo and not undone:  # once: take a move back with the page's undo button
            can_undo[0].click(".undo")
            wait_for_ply(can_undo[0], ply + 1)  # the undo is an entry of its own
            expect(can_undo[0].locator(".log li").last).to_have_attribute("data-ply", str(ply + 1))
            undone = True
            continue
        ready = [(page, state) for page, state in zip(pages, seen, strict=True) if state["moves"]]
        if not ready:
            continue
        page, state = ready[0]
        page.click(f".move-list [data-action='{chooser.choice(state['moves'])}']")
        wait_for_ply(page, ply + 1)
        moves += 1

    assert reloaded and undone and moves > RELOAD_AT
    for page, over in ((aki, "Game over"), (ben, "ゲーム終了")):
        expect(page.locator(".turn")).to_have_text(over)
        expect(page.locator(".result .scores tbody tr")).to_have_count(2)
        expect(page.locator("a.record[href^='blob:']")).to_have_count(1)
    record = httpx.get(f"{web_server}/api/tables/{table_id}/record")
    assert record.status_code == 200
    with aki.expect_download() as download:
        aki.click("a.record")
    assert Path(download.value.path()).read_text(encoding="utf-8") == record.text
    winners = httpx.get(f"{web_server}/api/tables/{table_id}/prompt").json()["result"]["winners"]
    names = ["Aki", "Ben"]
    expect(aki.locator(".result .winners")).to_contain_text(
        ", ".join("You" if seat == 0 else names[seat] for seat in winners)
    )

    # a rematch: Aki asks for it, Ben's page offers to join it; seats rotate by one
    if "/api/tables/{table_id}/rematch" in httpx.get(f"{web_server}/openapi.json").json()["paths"]:
        aki.click(".rematch")
        aki.wait_for_url(lambda url: "#/table/" in url and not url.endswith(table_id))
        rematch_id = aki.url.split("#/table/")[1]
        expect(ben.locator(".rematch")).to_have_text("再戦の卓に着く")
        ben.click(".rematch")
        ben.wait_for_url(f"**/#/table/{rematch_id}")
        for page in (aki, ben):
            wait_for_ply(page, 0)
            expect(page.locator(".turn")).not_to_have_text("Waiting for players to join")
        expect(ben.locator(".seat[data-seat='0'] .name")).to_have_text("あなた")
        expect(aki.locator(".seat[data-seat='1'] .name")).to_have_text("You")
        assert httpx.get(f"{web_server}/api/tables/{rematch_id}").json()["status"] == "playing"
    assert errors == []
    aki_context.close()
    ben_context.close()
