"""A person plays Collect! to the end in the browser against a random bot, clicking inside the
drawing only (issue 15): at every turn the drawing offers exactly the prompt's legal actions (each
a thing to click with its data-action, none left to the fallback buttons), and the moves are made
by mouse or by keyboard. The Japanese page draws the game's own Japanese words."""

from __future__ import annotations

import random
from typing import Any

from playwright.sync_api import Page

from .drawing_kit import (
    api_table,
    board_actions,
    click,
    console_errors,
    open_table,
    pattern,
    play_to_the_end,
    screenshots,
)

BOTS = [{"kind": "bot", "level": "random"}]
SEATS = [{"kind": "me"}, *BOTS]


def test_a_person_plays_collect_to_the_end_by_clicking_the_drawing(
    page: Page, web_server: str
) -> None:
    errors = console_errors(page)
    table = api_table(web_server, "collect", 2, SEATS, {})
    open_table(page, web_server, table)
    played: set[str] = set()
    offered: set[str] = set()
    shot = False

    def step(page: Page, prompt: dict[str, Any], chooser: random.Random) -> int:
        legal = sorted(a["notation"] for a in prompt["actions"])
        drawn = board_actions(page)
        assert sorted(drawn) == legal, f"the drawing offers {drawn}, the prompt {legal}"
        assert page.locator(".board .leftover").count() == 0
        offered.update(pattern(n) for n in legal)
        # A kind of move not made yet comes first, so that every kind offered gets clicked.
        rare = [n for n in legal if pattern(n) not in played]
        notation = chooser.choice(rare or legal)
        played.add(pattern(notation))
        click(page, f".board [data-action='{notation}']", chooser)
        return 1

    def on_step(page: Page, number: int) -> None:
        nonlocal shot
        if number == 12 and not shot:
            shot = True
            screenshots(page, "collect")

    final = play_to_the_end(page, web_server, table, step, seed=3, on_step=on_step)
    assert final["over"] and final["result"] is not None
    assert page.locator(".result-area").inner_text().strip()
    # Each step checked that every legal action was offered; a kind of move that came up again
    # was clicked (kinds not made yet come first), and these come up in every game.
    assert {"draw:D", "keep", "return:D", "left", "right"} <= played <= offered
    assert errors == []


def test_the_japanese_page_draws_the_games_japanese_words(browser: Any, web_server: str) -> None:
    japanese = browser.new_context(viewport={"width": 390, "height": 844}, locale="ja-JP")
    try:
        page = japanese.new_page()
        table = api_table(web_server, "collect", 2, SEATS, {})
        open_table(page, web_server, table)
        page.wait_for_selector(".board [data-action]")
        text = page.inner_text(".board")
        assert "デッキA" in text and "デッキB" in text
        assert "ラウンド1" in text
        labels = page.eval_on_selector_all(
            ".board [data-action]", "els => els.map(e => e.getAttribute('aria-label'))"
        )
        assert labels and all("デッキ" in label for label in labels)  # draw:A, draw:B
        width = page.eval_on_selector(".board svg", "e => e.getBoundingClientRect().width")
        assert width <= 390
    finally:
        japanese.close()


def wait_for_draw_offer(page: Page) -> None:
    page.wait_for_selector(".board [data-action='draw:A']")


def test_a_drawn_card_arrives_animated_and_not_with_reduced_motion(
    browser: Any, web_server: str
) -> None:
    for motion, animated in (("no-preference", True), ("reduce", False)):
        made = browser.new_context(viewport={"width": 1280, "height": 800}, reduced_motion=motion)
        try:
            page = made.new_page()
            table = api_table(web_server, "collect", 2, SEATS, {})
            open_table(page, web_server, table)
            wait_for_draw_offer(page)
            before = int(page.get_attribute(".table-page", "data-ply") or "0")
            page.click(".board [data-action='draw:A']")
            page.wait_for_function(
                "n => Number(document.querySelector('.table-page').dataset.ply) > n", arg=before
            )
            page.wait_for_selector(".board .card.held")
            fresh = page.locator(".board .fresh").count()
            running = page.evaluate("() => document.getAnimations().length")
            if animated:
                assert fresh >= 1 and page.locator(".board .held.fresh").count() == 1
            else:
                assert fresh == 0 and running == 0
        finally:
            made.close()


def test_a_spectator_sees_the_table_and_is_offered_nothing(browser: Any, web_server: str) -> None:
    table = api_table(web_server, "collect", 4, [{"kind": "me"}] + BOTS * 3, {"team_mode": "on"})
    watcher = browser.new_context(viewport={"width": 1280, "height": 800})
    try:
        page = watcher.new_page()
        page.goto(f"{web_server}/#/table/{table['table']}")
        page.wait_for_selector(".table-page .board svg.collect")
        assert page.locator(".board [data-action]").count() == 0
        assert page.locator(".board [role='button']").count() == 0
        text = page.inner_text(".board")
        assert text.count("Team A") == 2 and text.count("Team B") == 2
        assert "Deck A" in text and "Deck B" in text
    finally:
        watcher.close()
