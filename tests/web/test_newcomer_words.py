"""What a person new to the games reads on the table page: names, never identifiers (Monster
Hex's units and stone tiles, Collect!'s board named in the page's language); unseen cards
counted in words; a bid that would put the bidder out explained and confirmed before it is
sealed; Trick's last trick kept on the end board; negative numbers written one way; Monster
Hex's final points with the objective cards; the 2-player shared faction's win said in words.
Real `bodoge serve`, real Chromium, tables made over HTTP and played there by random moves."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import httpx
import pytest
from drawing_kit import (
    advance,
    api_table,
    open_table,
    prompt_of,
    use_language,
    wait_until_drawn,
)
from playwright.sync_api import Browser, BrowserContext, Page
from webkit import console_errors

BOTS = {"kind": "bot", "level": "random"}
UNIT_ID = re.compile(r"\b(red|blue|yellow|green)-(S|[ABC]\d)\b")
TILE_KEY = re.compile(r"\b(red|blue|yellow|green)\d[ab]?\b")

# Every word the board shows or says: its texts, aria-labels, titles and SVG <title>s (the
# fallback buttons, which carry the server's own action labels as they are, left out).
BOARD_WORDS = """() => {
  const board = document.querySelector(".board");
  const words = [];
  for (const element of board.querySelectorAll("*")) {
    if (element.closest(".leftover")) continue;
    for (const name of ["aria-label", "title"]) {
      if (element.hasAttribute(name)) words.push(element.getAttribute(name));
    }
    for (const node of element.childNodes) {
      const text = node.nodeType === Node.TEXT_NODE ? node.textContent.trim() : "";
      if (text) words.push(text);
    }
  }
  return words;
}"""


@pytest.fixture
def context(browser: Browser) -> Iterator[BrowserContext]:
    made = browser.new_context(
        viewport={"width": 1280, "height": 800}, locale="en-US", reduced_motion="reduce"
    )
    made.set_default_timeout(30_000)
    yield made
    made.close()


def table_page(
    context: BrowserContext, base: str, table: dict[str, Any], lang: str = "en"
) -> tuple[Page, list[str]]:
    page = context.new_page()
    errors = console_errors(page)
    use_language(page, lang)
    open_table(page, base, table)
    return page, errors


def my_turn(prompt: dict[str, Any]) -> bool:
    return bool(prompt["actions"])


# ---- names, never identifiers ---------------------------------------------------------------


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_monster_hex_names_its_units_and_tiles(
    context: BrowserContext, web_server: str, lang: str
) -> None:
    """Every unit button, placement, ability target and tile of the board by its name (RULINGS
    and the seed name units by faction and monster; the rank tells a faction's units apart)."""
    options = {"abilities": "on", "objectives": "on"}
    table = api_table(web_server, "monster_hex", 2, [{"kind": "me"}, BOTS], options)
    page, errors = table_page(context, web_server, table, lang)
    phases = set()
    for turn in range(40):
        prompt = advance(web_server, table, my_turn, seed=turn)
        if prompt["over"]:
            break
        wait_until_drawn(page, prompt["ply"])
        phases.add(prompt["view"]["phase"])
        words = page.evaluate(BOARD_WORDS)
        named = [w for w in words if UNIT_ID.search(w) or TILE_KEY.search(w)]
        assert not named, (prompt["view"]["phase"], named[:5])
        if prompt["view"]["phase"] == "unit":
            labels = page.eval_on_selector_all(
                ".board .hand-unit[data-action]",
                "els => els.map(e => e.getAttribute('aria-label'))",
            )
            assert labels and all(
                ("Choose the " if lang == "en" else "を選ぶ") in x for x in labels
            )
        advance(web_server, table, lambda p, ply=prompt["ply"]: p["ply"] > ply, seed=turn)
    assert {"unit", "place"} <= phases
    assert not errors, errors


def test_collect_names_its_board_in_the_pages_language(
    context: BrowserContext, web_server: str
) -> None:
    table = api_table(web_server, "collect", 2, [{"kind": "me"}, BOTS], {})
    page, _ = table_page(context, web_server, table, "ja")
    assert page.get_attribute(".board svg.collect", "aria-label") == "コレクト！"


def deck_with_unseen_and_seen(prompt: dict[str, Any]) -> bool:
    decks = prompt["view"].get("decks") or {}
    return any(
        any(card is None for card in deck["cards"]) and any(deck["cards"])
        for deck in decks.values()
    )


@pytest.mark.parametrize(("lang", "words"), [("en", "face down"), ("ja", "裏向きのカード")])
def test_collect_counts_a_decks_unseen_cards_in_words(
    context: BrowserContext, web_server: str, lang: str, words: str
) -> None:
    table = api_table(web_server, "collect", 2, [{"kind": "me"}, BOTS], {"known_cards": "shown"})
    prompt = advance(
        web_server, table, lambda p: my_turn(p) and deck_with_unseen_and_seen(p), seed=2
    )
    assert deck_with_unseen_and_seen(prompt), "no deck with seen and unseen cards"
    page, _ = table_page(context, web_server, table, lang)
    wait_until_drawn(page, prompt["ply"])
    chips = page.eval_on_selector_all(
        ".board .chip:has(.chip-unknown) text", "els => els.map(e => e.textContent)"
    )
    assert chips and all(words in chip and "×" not in chip for chip in chips), chips
    if lang == "en":
        assert all(re.fullmatch(r"1 card face down|\d+ cards face down", chip) for chip in chips)


# ---- Monster Auction: a bid that would put the bidder out -----------------------------------


def test_a_bid_that_would_put_you_out_is_explained_and_confirmed(
    context: BrowserContext, web_server: str
) -> None:
    """RULINGS §3: a seat that wins cards it cannot all place is out. With Mimics not
    placeable, a positive bid on a Mimic is such a bid: the page says so in words and seals it
    only on a second, deliberate press."""
    for _ in range(30):
        table = api_table(
            web_server, "koremon_auction", 3, [{"kind": "me"}, BOTS, BOTS],
            {"mimics_placeable": "no"},
        )  # fmt: skip
        prompt = prompt_of(web_server, table)
        if "mimic" in prompt["view"]["table"]:
            break
    else:
        raise AssertionError("no round-1 table with a Mimic in 30 tables")
    at = prompt["view"]["table"].index("mimic")
    sealed = 0
    while sealed < at:  # nothing on the monsters before it
        prompt = prompt_of(web_server, table)
        answer = httpx.post(
            f"{web_server}/api/tables/{table['table']}/moves",
            json={"action": "bid:0", "expected_ply": prompt["ply"]},
            headers={"X-Seat-Credential": table["credential"]},
        )
        # the bots write their bids meanwhile: a stale ply is asked again
        assert answer.json()["status"] in ("applied", "stale"), answer.text
        sealed += answer.json()["status"] == "applied"
    page, errors = table_page(context, web_server, table)
    form = page.locator(".board form.koremon-bid")
    assert "Mimic" in form.locator("p.koremon-strong").inner_text()
    before = prompt_of(web_server, table)
    form.locator("input[type=number]").fill("5")
    form.locator("button[type=submit]").click()
    confirm = page.locator(".board .koremon-confirm")
    assert confirm.is_visible()
    assert "puts you out of the game" in confirm.inner_text()
    assert prompt_of(web_server, table)["view"]["my_bid"] == before["view"]["my_bid"]  # not sent
    page.click(".board .koremon-change-bid")
    assert not page.locator(".board .koremon-confirm").is_visible()
    form.locator("button[type=submit]").click()
    assert page.locator(".board .koremon-confirm-bid").get_attribute("data-action") == "bid:5"
    page.click(".board .koremon-confirm-bid")
    page.wait_for_function(
        "n => Number(document.querySelector('.table-page').dataset.ply) > n", arg=before["ply"]
    )
    view = prompt_of(web_server, table)["view"]
    # the bid as written, or (the round's last bid sealed, the round resolved) as revealed
    written = view["my_bid"] if len(view["my_bid"] or []) > at else None
    written = written or view["last_reveal"]["bids"][table["seat"]]
    assert written[at] == 5
    assert not errors, errors


def test_the_confirmation_reads_in_japanese(context: BrowserContext, web_server: str) -> None:
    for _ in range(30):
        table = api_table(
            web_server, "koremon_auction", 3, [{"kind": "me"}, BOTS, BOTS],
            {"mimics_placeable": "no"},
        )  # fmt: skip
        if prompt_of(web_server, table)["view"]["table"][0] == "mimic":
            break
    else:
        pytest.skip("no round-1 table led by a Mimic in 30 tables")
    page, _ = table_page(context, web_server, table, "ja")
    form = page.locator(".board form.koremon-bid")
    form.locator("input[type=number]").fill("5")
    form.locator("button[type=submit]").click()
    words = page.locator(".board .koremon-confirm").inner_text()
    assert "ゲームから脱落します" in words and "それでも入札しますか" in words
    assert not re.search(r"[A-Za-z]", words)


# ---- the end of a game ----------------------------------------------------------------------


def finished(
    base: str, game: str, players: int, options: dict[str, str], want: Any
) -> tuple[dict[str, Any], dict[str, Any]]:
    """A table of `game` played to its end whose final prompt satisfies `want` (up to 30)."""
    for seed in range(30):
        table = api_table(base, game, players, [{"kind": "me"}] + [BOTS] * (players - 1), options)
        final = advance(base, table, lambda p: False, seed=seed)
        if want(final):
            return table, final
    raise AssertionError(f"no {game} game ended as wanted in 30")


def test_tricks_end_board_keeps_the_last_trick(context: BrowserContext, web_server: str) -> None:
    table, final = finished(
        web_server, "koremon_trick", 3, {}, lambda p: bool(p["view"]["last_trick"])
    )
    page, _ = table_page(context, web_server, table)
    wait_until_drawn(page, final["ply"])
    cards = page.eval_on_selector_all(".board [data-trick]", "els => els.map(e => e.dataset.card)")
    assert cards == [entry["card"] for entry in final["view"]["last_trick"]]
    assert "Last trick" in page.inner_text(".board")


def has_negative(value: Any) -> bool:
    if isinstance(value, list):
        return any(has_negative(item) for item in value)
    return isinstance(value, (int, float)) and value < 0


def test_negative_numbers_read_one_way(context: BrowserContext, web_server: str) -> None:
    """The score table writes −7 as the panels do (the minus sign, never a hyphen)."""

    def negative(p: dict[str, Any]) -> bool:
        return has_negative(p["result"]["scores"]) or has_negative(p["result"]["detail"]["games"])

    table, final = finished(web_server, "koremon_trick", 3, {}, negative)
    page, _ = table_page(context, web_server, table)
    wait_until_drawn(page, final["ply"])
    cells = page.locator(".result .scores td").all_inner_texts()
    assert any(cell.startswith("−") for cell in cells)
    assert not [cell for cell in cells if re.match(r"-\d", cell)]


def test_monster_hex_panels_show_the_final_points(context: BrowserContext, web_server: str) -> None:
    """After the game a seat's panel shows the points the result counts, objectives included."""

    def objectives_scored(p: dict[str, Any]) -> bool:
        return sum(p["result"]["detail"]["objectives"][p["seat"]].values()) > 0

    table, final = finished(web_server, "monster_hex", 2, {"objectives": "on"}, objectives_scored)
    page, _ = table_page(context, web_server, table)
    wait_until_drawn(page, final["ply"])
    seat = final["seat"]
    row = page.locator(".board .hex-seats .faction-row").nth(seat)
    points = row.locator(".points").inner_text()
    assert points == f"{final['result']['scores'][seat]:g} pts", points


@pytest.mark.parametrize(
    ("lang", "words"),
    [("en", "The shared faction ({}) won"), ("ja", "共有の派閥（{}）の勝ち")],
)
def test_a_shared_factions_win_is_said(
    context: BrowserContext, web_server: str, lang: str, words: str
) -> None:
    """RULINGS: in a 2-player game with the shared faction, both players below it lose; the
    result says the shared faction won instead of "No winner"."""
    table, final = finished(
        web_server, "monster_hex", 2, {}, lambda p: bool(p["result"]["detail"].get("double_loss"))
    )
    page, _ = table_page(context, web_server, table, lang)
    wait_until_drawn(page, final["ply"])
    faction = final["result"]["detail"]["shared_faction"]["faction"]
    name = final["result"]["values"]["factions"][faction][lang]
    headline = page.inner_text(".result .winners")
    assert headline.startswith(words.format(name)), headline
