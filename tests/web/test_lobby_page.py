"""The lobby in a browser: the six games, the create form with every option, a table with a bot
that starts, the open tables list."""

from __future__ import annotations

import json
import re

import httpx
from playwright.sync_api import Browser, Page, expect
from webkit import console_errors, new_table, wait_for_ply

GAMES = [
    "collect",
    "monster_hex",
    "koremon_auction",
    "koremon_hunt",
    "koremon_trick",
    "koremon_evolution",
]


def test_the_lobby_shows_every_game_and_every_option_with_its_help(
    web_server: str, page: Page
) -> None:
    errors = console_errors(page)
    games = httpx.get(f"{web_server}/api/games").json()
    page.goto(f"{web_server}/#/")
    for game in games:
        card = page.locator(f".game-card[data-game='{game['id']}']")
        expect(card).to_contain_text(game["title"]["en"])
        expect(card).to_contain_text(game["summary"]["en"])
    assert sorted(g["id"] for g in games) == sorted(GAMES)
    for game in games:
        page.select_option("#create-game", game["id"])
        for option in game["options"]:
            row = page.locator(f".option-row[data-option='{option['key']}']")
            expect(row).to_contain_text(option["help"]["en"])
            values = row.locator("select option").evaluate_all("els => els.map(e => e.value)")
            assert values == option["choices"]
        counts = page.locator(".create-form select[name=players] option").evaluate_all(
            "els => els.map(e => Number(e.value))"
        )
        assert counts == list(range(game["players"][0], game["players"][1] + 1))
    assert errors == []


def test_a_table_made_in_the_lobby_with_options_and_a_bot_starts(
    web_server: str, page: Page
) -> None:
    errors = console_errors(page)
    table_id = new_table(
        page, web_server, "collect", 2, ["me", "bot:random"], {"known_cards": "hidden"}
    )
    info = httpx.get(f"{web_server}/api/tables/{table_id}").json()
    assert info["options"]["known_cards"] == "hidden"
    assert info["status"] == "playing"
    assert [seat["kind"] for seat in info["seats"]] == ["human", "bot"]
    assert info["seats"][1]["level"] == "random"
    wait_for_ply(page, 0)
    expect(page.locator(".seat[data-seat='1']")).to_contain_text("Bot 2 (Random)")
    expect(page.locator(".seat[data-seat='0'] .dot.on")).to_have_count(1)
    expect(page.locator(".turn")).not_to_have_text("Loading…")
    assert errors == []


def test_an_open_public_table_is_listed_and_joined_from_the_lobby(
    web_server: str, page: Page, browser
) -> None:
    table_id = new_table(page, web_server, "koremon_evolution", 2, ["me", "open"])
    expect(page.locator(".invite-link")).to_have_value(
        f"{web_server}/#/join/{table_id}/"
        + page.locator(".invite-link").input_value().rsplit("/", 1)[1]
    )
    other = browser.new_context(locale="en-US").new_page()
    other.goto(f"{web_server}/#/")
    other.fill(".name-field input", "Ben")
    other.click(".open-tables .refresh")
    other.locator(f".table-list li[data-table='{table_id}'] .join").click()
    other.wait_for_selector(f".table-page[data-table='{table_id}']")
    wait_for_ply(other, 0)
    expect(page.locator(".seat[data-seat='1']")).to_contain_text("Ben")
    info = httpx.get(f"{web_server}/api/tables/{table_id}").json()
    assert info["status"] == "playing"
    other.context.close()


def test_the_keyboard_alone_creates_a_table_and_plays_a_move(web_server: str, browser) -> None:
    context = browser.new_context(locale="en-US", reduced_motion="reduce")
    page = context.new_page()
    page.goto(f"{web_server}/#/")
    page.focus(".name-field input")
    page.keyboard.type("Kei")
    page.select_option("#create-game", "koremon_evolution")
    page.select_option("#seat-1", "bot")
    page.focus(".create-submit")
    page.keyboard.press("Enter")
    page.wait_for_selector(".table-page")
    page.wait_for_selector(".turn.mine")
    ply = int(page.get_attribute(".table-page", "data-ply") or 0)
    if not page.eval_on_selector(".all-moves", "d => d.open"):  # folded under a drawing
        page.focus(".all-moves summary")
        page.keyboard.press("Enter")
    page.focus(".move-list button")
    page.keyboard.press("Enter")
    wait_for_ply(page, ply + 1)
    outline = page.evaluate(
        "() => { const b = document.querySelector('.lang-switch'); b.focus();"
        " return getComputedStyle(b).outlineStyle; }"
    )
    assert outline != "none"  # focus is visible
    # reduced motion: new log lines are not highlighted
    expect(page.locator(".log li.fresh")).to_have_count(0)
    assert page.locator(".log li").count() >= 1
    context.close()


def test_the_pages_fit_a_phone(web_server: str, browser) -> None:
    context = browser.new_context(locale="ja-JP", viewport={"width": 390, "height": 844})
    page = context.new_page()
    overflow = "() => document.documentElement.scrollWidth - window.innerWidth"
    page.goto(f"{web_server}/#/")
    page.wait_for_selector(".game-card")
    for game in GAMES:  # every game's create form, options and all
        page.select_option("#create-game", game)
        assert page.evaluate(overflow) <= 0, game
    new_table(page, web_server, "koremon_trick", 3, ["me", "bot:random", "bot:random"])
    wait_for_ply(page, 0)
    assert page.evaluate(overflow) <= 0
    columns = "() => getComputedStyle(document.querySelector('.table-layout')).gridTemplateColumns"
    assert len(page.evaluate(columns).split()) == 1  # one column: the seats and log go below
    context.close()


def test_the_clock_choices_are_the_kinds_the_server_takes(web_server: str, page: Page) -> None:
    schema = httpx.get(f"{web_server}/openapi.json").json()["components"]["schemas"]
    text = json.dumps(schema.get("TableIn", {}).get("properties", {}).get("clock", {}))
    text += json.dumps({name: body for name, body in schema.items() if "Clock" in name})
    offered = [kind for kind in ("none", "realtime", "turn") if f'"{kind}"' in text]
    page.goto(f"{web_server}/#/")
    options = page.locator(".create-form select[name=clock] option")
    expect(options).to_have_count(len(offered))  # the form fills in once the schema is read
    kinds = options.evaluate_all("els => els.map(e => e.value)")
    assert kinds == offered
    if offered == ["none"]:
        expect(page.locator(".create-form .clock")).to_contain_text(
            "This server does not offer clocks yet."
        )


def test_the_japanese_create_form_names_every_option_and_choice(
    web_server: str, browser: Browser
) -> None:
    """No raw key anywhere in a Japanese form: each option and each choice by its name, the
    value sent still the key."""
    context = browser.new_context(locale="ja-JP")
    page = context.new_page()
    games = httpx.get(f"{web_server}/api/games").json()
    page.goto(f"{web_server}/#/")
    page.wait_for_selector(".game-card")
    for game in games:
        page.select_option("#create-game", game["id"])
        raw = {option["key"] for option in game["options"]}
        raw |= {choice for option in game["options"] for choice in option.get("choices", [])}
        for option in game["options"]:
            row = page.locator(f".option-row[data-option='{option['key']}']")
            expect(row.locator("label")).to_have_text(option["label"]["ja"])
            shown = row.locator("select option").evaluate_all(
                "els => els.map(e => [e.value, e.textContent])"
            )
            assert shown == [
                [choice, option["choice_labels"][choice]["ja"]] for choice in option["choices"]
            ]
            words = set(re.findall(r"[A-Za-z][A-Za-z_-]*", row.inner_text()))
            assert not words & raw, (game["id"], option["key"], words & raw)
    context.close()


def test_the_table_page_names_the_tables_options(web_server: str, browser: Browser) -> None:
    context = browser.new_context(locale="ja-JP")
    page = context.new_page()
    new_table(page, web_server, "koremon_hunt", 3, ["me", "bot:random", "bot:random"],
              {"dead_ring": "end"})  # fmt: skip
    panel = page.locator(".options-panel")
    expect(panel).to_contain_text("オプション")
    expect(panel.locator("dd[data-option='dead_ring']")).to_have_text("ゲーム終了")
    expect(panel.locator("dd[data-option='mimics_placeable']")).to_have_text("ワイルドとして置ける")
    expect(panel).to_contain_text("誰もリングのカードを置けないとき")
    page.click(".lang-switch")
    expect(panel.locator("dd[data-option='dead_ring']")).to_have_text("The game ends")
    context.close()


def test_long_option_names_stay_inside_the_side_panel(web_server: str, browser: Browser) -> None:
    """Monster Hex's option names are long ("Small stone between units of one faction"): they
    wrap within the side panel, and its values stay inside it (they once pushed the page wider
    than a 1280 px window)."""
    context = browser.new_context(locale="en-US", viewport={"width": 1280, "height": 800})
    page = context.new_page()
    new_table(page, web_server, "monster_hex", 2, ["me", "bot:random"])
    panel = page.locator(".options-panel")
    expect(panel.locator("dd[data-option='small_stone_same_faction']")).to_be_visible()
    right = panel.evaluate("p => p.getBoundingClientRect().right")
    edges = panel.locator("dt, dd").evaluate_all(
        "nodes => nodes.map(n => n.getBoundingClientRect().right)"
    )
    assert edges and max(edges) <= right
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    context.close()
