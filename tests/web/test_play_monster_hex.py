"""A person plays Monster Hex (2 players, ability and objective cards on) to the end in the browser
against a random bot, clicking inside the drawing only (issue 15). At every turn the drawing
offers only legal actions and every legal action is reachable: the faction, ability and tile
choices, a unit of the hand, then the unit turned with the rotation buttons (which step only
through rotations some placement allows) and a highlighted hex, whose click sends exactly that
place:HEX@ROT; an ability's target hex, pass, blitz, scheme, Confuse's turn."""

from __future__ import annotations

import random
from typing import Any

from playwright.sync_api import Page

from . import drawing_kit
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

# the fixtures (see drawing_kit)
web_server = drawing_kit.web_server
browser = drawing_kit.browser
locale = drawing_kit.locale
context = drawing_kit.context
page = drawing_kit.page

SEATS = [{"kind": "me"}, {"kind": "bot", "level": "random"}]
OPTIONS = {"abilities": "on", "objectives": "on"}


def rotation_now(page: Page) -> int:
    return int(page.get_attribute(".board .rotation-now", "data-rotation") or "-1")


def place(page: Page, notation: str, chooser: random.Random) -> int:
    """Turn the selected unit to the rotation of `notation` and click its hex; the clicks used."""
    hex_id, rot = notation.removeprefix("place:").split("@")
    wanted = int(rot)
    clicks = 0
    turned = page.locator(f".board .hex.legal-turned[data-hex='{hex_id}'][data-turn='{wanted}']")
    if rotation_now(page) != wanted and turned.count() and chooser.random() < 0.5:
        click(page, f".board .hex.legal-turned[data-hex='{hex_id}']", chooser)  # turn by the hex
        clicks += 1
    step = chooser.choice(["turn-right", "turn-left"])
    for _ in range(7):
        if rotation_now(page) == wanted:
            break
        click(page, f".board [data-key='{step}']", chooser)
        clicks += 1
    assert rotation_now(page) == wanted, f"{notation}: the buttons never turned the unit to {rot}"
    # Turned so, the hex offers exactly this placement, and every offer is a legal one.
    assert page.locator(f".board [data-action='{notation}']").count() == 1
    click(page, f".board [data-action='{notation}']", chooser)
    return clicks + 1


def test_a_person_plays_monster_hex_to_the_end_by_clicking_the_drawing(
    page: Page, web_server: str
) -> None:
    errors = console_errors(page)
    table = api_table(web_server, "monster_hex", 2, SEATS, OPTIONS)
    open_table(page, web_server, table)
    played: set[str] = set()
    offered: set[str] = set()
    shot = False

    def step(page: Page, prompt: dict[str, Any], chooser: random.Random) -> int:
        legal = sorted(a["notation"] for a in prompt["actions"])
        drawn = board_actions(page)
        assert page.locator(".board .leftover").count() == 0
        assert set(drawn) <= set(legal), f"the drawing offers {set(drawn) - set(legal)}"
        placing = [n for n in legal if n.startswith("place:")]
        if placing:
            # each placement's hex is highlighted: legal as the unit is turned now, or otherwise
            hexes = {n.removeprefix("place:").split("@")[0] for n in placing}
            shown = page.eval_on_selector_all(
                ".board .hex.legal, .board .hex.legal-turned", "els => els.map(e => e.dataset.hex)"
            )
            assert set(shown) == hexes
        else:
            assert sorted(drawn) == legal, f"the drawing offers {drawn}, the prompt {legal}"
        offered.update(pattern(n) for n in legal)
        rare = [n for n in legal if pattern(n) not in played]
        notation = chooser.choice(rare or legal)
        played.add(pattern(notation))
        if notation.startswith("place:"):
            return place(page, notation, chooser)
        click(page, f".board [data-action='{notation}']", chooser)
        return 1

    def on_step(page: Page, number: int) -> None:
        nonlocal shot
        if number >= 16 and not shot:
            shot = True
            screenshots(page, "monster_hex")

    final = play_to_the_end(page, web_server, table, step, seed=5, on_step=on_step)
    assert final["over"] and final["result"] is not None
    assert page.locator(".result-area").inner_text().strip()
    assert played == offered
    assert {"faction:X", "ability:X", "unit:X", "place:HEX@N"} <= offered
    # The end: every unit on the board is drawn with its six edge powers.
    units = page.locator(".board .hex-map .unit:not(.ghost)")
    assert units.count() >= 20
    assert units.first.locator(".edge-power").count() == 6
    assert errors == []


def test_the_japanese_page_draws_factions_and_cards_in_japanese(
    browser: Any, web_server: str
) -> None:
    japanese = browser.new_context(viewport={"width": 390, "height": 844}, locale="ja-JP")
    try:
        page = japanese.new_page()
        table = api_table(web_server, "monster_hex", 2, SEATS, OPTIONS)
        open_table(page, web_server, table)
        page.wait_for_selector(".board [data-action]")
        text = page.inner_text(".board")
        assert "ラウンド1／9" in text and "2人用ボード" in text
        assert "全体目標" in text  # the objective cards, in the content's Japanese
        labels = page.eval_on_selector_all(
            ".board [data-action]", "els => els.map(e => e.textContent)"
        )
        assert labels and set(labels) <= {"赤", "青", "黄", "緑"}  # faction:... in Japanese
        width = page.eval_on_selector(".board .hex-map", "e => e.getBoundingClientRect().width")
        assert width <= 390
    finally:
        japanese.close()
