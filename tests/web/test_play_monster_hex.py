"""A person plays Monster Hex (2 players, ability and objective cards on) to the end in the browser
against a random bot, clicking inside the drawing only (issue 15). At every turn the drawing
offers only legal actions and every legal action is reachable: the faction, ability and tile
choices, a unit of the hand, then the unit turned with the rotation buttons (which step only
through rotations some placement allows) and a highlighted hex, whose click sends exactly that
place:HEX@ROT; an ability's target hex, pass, blitz, scheme, Confuse's turn."""

from __future__ import annotations

import random
from typing import Any

import httpx
import pytest
from playwright.sync_api import Page

from .drawing_kit import (
    api_table,
    board_actions,
    click,
    console_errors,
    open_table,
    pattern,
    play_to_the_end,
    prompt_of,
    screenshots,
)

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


# Each game takes the faction and ability named (when still free), so that between them the
# games aim at units, turn one, draw an objective card and place twice.
PLANS = [("yellow", "confuse"), ("green", "petrify"), ("blue", "blitz")]


@pytest.mark.parametrize(("faction", "ability"), PLANS)
def test_a_person_plays_monster_hex_to_the_end_by_clicking_the_drawing(
    page: Page, web_server: str, faction: str, ability: str
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
        planned = [n for n in (f"faction:{faction}", f"ability:{ability}") if n in legal]
        rare = [n for n in legal if pattern(n) not in played]
        notation = planned[0] if planned else chooser.choice(rare or legal)
        played.add(pattern(notation))
        if notation.startswith("place:"):
            return place(page, notation, chooser)
        click(page, f".board [data-action='{notation}']", chooser)
        return 1

    def on_step(page: Page, number: int) -> None:
        nonlocal shot
        if number >= 16 and not shot:
            shot = True
            if faction == PLANS[0][0]:
                screenshots(page, "monster_hex")

    final = play_to_the_end(page, web_server, table, step, seed=5, on_step=on_step)
    assert final["over"] and final["result"] is not None
    assert page.locator(".result-area").inner_text().strip()
    # Each step checked that every legal action was offered; a kind of move that came up again
    # was clicked (kinds not made yet come first), and these come up in every game.
    assert {"faction:X", "ability:X", "unit:X", "place:HEX@N"} <= played <= offered
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
        table = api_table(web_server, "monster_hex", 2, SEATS, {**OPTIONS, "factions": "random"})
        open_table(page, web_server, table)
        page.wait_for_selector(".board [data-action]")
        text = page.inner_text(".board")
        assert "ラウンド1／9" in text and "2人用ボード" in text
        content = httpx.get(f"{web_server}/api/tables/{table['table']}/content").json()
        cards = {card["key"]: card["text"]["ja"] for card in content["objectives"]}
        dealt = prompt_of(web_server, table)["view"]["objectives"]
        assert "全体目標" in text  # the public cards, in the content's own Japanese
        for key in [*dealt["public"], *dealt["private"][table["seat"]]]:
            assert cards[key] in text
        names = {card["name"]["ja"] for card in content["abilities"]}
        offered = page.eval_on_selector_all(
            ".board [data-action] strong", "els => els.map(e => e.textContent)"
        )
        assert len(offered) == 2 and set(offered) <= names  # ability:..., in Japanese
        width = page.eval_on_selector(".board .hex-map", "e => e.getBoundingClientRect().width")
        assert width <= 390
    finally:
        japanese.close()


def test_the_four_player_board_is_drawn_whole(browser: Any, web_server: str) -> None:
    seats = [{"kind": "me"}] + [{"kind": "bot", "level": "random"}] * 3
    table = api_table(web_server, "monster_hex", 4, seats, {"factions": "random"})
    made = browser.new_context(viewport={"width": 1280, "height": 800})
    try:
        page = made.new_page()
        open_table(page, web_server, table)
        page.wait_for_selector(".board .hex-map")
        assert page.locator(".board .hex-map .hex").count() == 36  # 32 placeable, 4 large stones
        assert page.locator(".board .hex-map .large-stone").count() == 4
        assert page.locator(".board .hex-map .small-stone").count() == 4
        assert page.locator(".board .hex-map .cell.start").count() == 2
        assert page.locator(".board .hex-map .tile").count() == 8  # two tiles on each stone
        assert page.locator(".board .faction-row").count() == 4
    finally:
        made.close()


def test_a_placed_unit_arrives_animated(page: Page, web_server: str) -> None:
    # The page's animations, noted by the hex they play on (the test's own instrument).
    page.add_init_script(
        """(() => {
            const animate = Element.prototype.animate;
            window.animatedHexes = [];
            Element.prototype.animate = function (...args) {
                const hex = this.closest && this.closest("[data-hex]");
                const unit = this.classList.contains("unit");
                if (hex && unit) window.animatedHexes.push(hex.dataset.hex);
                return animate.apply(this, args);
            };
        })();"""
    )
    table = api_table(web_server, "monster_hex", 2, SEATS, {"factions": "random"})
    open_table(page, web_server, table)
    page.wait_for_selector(".board [data-action^='unit:']")
    before = int(page.get_attribute(".table-page", "data-ply") or "0")
    page.locator(".board [data-action^='unit:']").first.click()
    page.wait_for_selector(".board .hex.legal")
    legal = page.locator(".board .hex.legal").first
    hex_id = legal.get_attribute("data-hex")
    legal.click()
    page.wait_for_function(
        "n => Number(document.querySelector('.table-page').dataset.ply) > n", arg=before + 1
    )
    page.wait_for_function("h => window.animatedHexes.includes(h)", arg=hex_id)
    # A page that loads a game in play shows it as it is, without replaying its moves.
    page.wait_for_selector(".board [data-action^='unit:']")  # this seat's turn: nothing moves
    page.reload()
    page.wait_for_selector(".board [data-action^='unit:']")
    assert page.evaluate("() => window.animatedHexes") == []
