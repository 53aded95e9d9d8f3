"""At a phone's width (390 px) nothing scrolls sideways and no text is smaller than 11 px: every
game at its most crowded table, mid-game (at the seat's turn) and at the result, in English and
in Japanese, on the real table page of a real `bodoge serve`. A text's size is what the screen
shows: an SVG text's font size times its picture's scale (getScreenCTM). The lobby's create
form at 390 px for every game, and Collect! drawn again when the window narrows."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from drawing_kit import PHONE, advance, api_table, open_table, use_language, wait_until_drawn
from playwright.sync_api import Browser, BrowserContext, Page
from webkit import console_errors

# Each game at its most players (the widest score tables, the most pyramids to draw), with the
# options that add most to the board.
TABLES = {
    "collect": (4, {"known_cards": "shown"}),
    "monster_hex": (4, {"abilities": "on", "objectives": "on"}),
    "koremon_auction": (6, {}),
    "koremon_hunt": (8, {}),
    "koremon_trick": (6, {}),
    "koremon_evolution": (5, {}),
}
MID = 14  # plies: far enough in for cards in pyramids, rows and hands

# What the page shows that a person could not read or reach: texts under 11 px and texts whose
# box runs past the viewport's sides, each [size or box, the text]; the page's scroll width.
MEASURE = """() => {
  const small = [], outside = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const words = node.textContent.trim();
    const element = node.parentElement;
    if (!words || !element || element.closest("title, script, style")) continue;
    const range = document.createRange();
    range.selectNodeContents(node);
    const boxes = [...range.getClientRects()].filter((box) => box.width > 0 && box.height > 0);
    if (!boxes.length || getComputedStyle(element).visibility === "hidden") continue;
    let size = parseFloat(getComputedStyle(element).fontSize);
    const matrix = element instanceof SVGElement ? element.getScreenCTM() : null;
    if (matrix) size *= Math.hypot(matrix.a, matrix.b);
    if (size < 11) small.push([Math.round(size * 100) / 100, words.slice(0, 40)]);
    for (const box of boxes) {
      if (box.left < -0.5 || box.right > innerWidth + 0.5) {
        outside.push([Math.round(box.left), Math.round(box.right), words.slice(0, 40)]);
      }
    }
  }
  return { scrollWidth: document.documentElement.scrollWidth, innerWidth, small, outside };
}"""


@pytest.fixture
def context(browser: Browser) -> Iterator[BrowserContext]:
    """A phone-sized context without animations (an entrance animation scales a card while it
    runs; what is measured is the drawing at rest)."""
    made = browser.new_context(viewport=PHONE, locale="en-US", reduced_motion="reduce")
    made.set_default_timeout(30_000)
    yield made
    made.close()


def check(page: Page, where: str) -> None:
    found = page.evaluate(MEASURE)
    assert found["scrollWidth"] <= found["innerWidth"], (where, found)
    assert not found["small"], (where, found["small"][:10])
    assert not found["outside"], (where, found["outside"][:10])


def look(
    context: BrowserContext, base: str, table: dict[str, Any], lang: str, ply: int, where: str
) -> None:
    page = context.new_page()
    errors = console_errors(page)
    use_language(page, lang)
    open_table(page, base, table)
    wait_until_drawn(page, ply)
    if where.endswith("end"):
        page.wait_for_selector(".result-area .result")
    check(page, f"{where} {lang}")
    assert not errors, errors
    page.close()


@pytest.mark.parametrize("game", sorted(TABLES))
def test_every_game_fits_a_phone_mid_game_and_at_the_result(
    context: BrowserContext, web_server: str, game: str
) -> None:
    players, options = TABLES[game]
    seats = [{"kind": "me"}] + [{"kind": "bot", "level": "random"}] * (players - 1)
    table = api_table(web_server, game, players, seats, options)
    mid = advance(web_server, table, lambda p: p["ply"] >= MID and bool(p["actions"]), seed=3)
    for lang in ("en", "ja"):
        look(context, web_server, table, lang, mid["ply"], f"{game} mid")
    end = advance(web_server, table, lambda p: False, seed=4)
    assert end["over"]
    for lang in ("en", "ja"):
        look(context, web_server, table, lang, end["ply"], f"{game} end")


def test_collect_is_drawn_again_when_the_window_narrows(
    context: BrowserContext, web_server: str
) -> None:
    table = api_table(
        web_server, "collect", 4, [{"kind": "me"}] + [{"kind": "bot", "level": "random"}] * 3, {}
    )
    mid = advance(web_server, table, lambda p: p["ply"] >= MID and bool(p["actions"]), seed=5)
    page = context.new_page()
    page.set_viewport_size({"width": 1280, "height": 800})
    open_table(page, web_server, table)
    wait_until_drawn(page, mid["ply"])
    page.set_viewport_size(PHONE)
    page.wait_for_function("() => document.querySelector('.board svg').viewBox.baseVal.width < 400")
    check(page, "collect narrowed")


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_lobby_create_form_fits_a_phone_for_every_game(
    context: BrowserContext, web_server: str, lang: str
) -> None:
    page = context.new_page()
    use_language(page, lang)
    page.goto(f"{web_server}/#/")
    page.wait_for_selector("#create-game")
    for game in sorted(TABLES):
        page.select_option("#create-game", game)
        check(page, f"lobby {game} {lang}")


def test_the_signed_in_header_and_your_tables_fit_a_phone(
    context: BrowserContext, web_server: str
) -> None:
    """The header with both the account area and the ratings links, signed in, and the lobby's
    "your tables" list, in English and in Japanese."""
    from webkit import new_table, sign_in

    page = context.new_page()
    errors = console_errors(page)
    table_id = new_table(page, web_server, "collect", 2, ["me", "bot:random"], name="Aki")
    sign_in(page, f"phone{table_id[:6]}", up=True)
    for lang in ("en", "ja"):
        use_language(page, lang)
        page.goto(f"{web_server}/#/")
        page.reload()  # the language is read at load
        page.wait_for_selector(f".mine .my-tables li[data-table='{table_id}']")
        page.wait_for_selector("#bar .account-link")
        assert page.evaluate("document.documentElement.lang") == lang
        check(page, f"signed-in lobby {lang}")
    assert not errors, errors
    page.close()
