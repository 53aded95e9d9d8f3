"""The designer's studio in a real browser (issue 28): a designer edits a Monster Hex board and
one unit tile, gets a validation error and fixes it, saves, runs 50 games with a progress bar,
sees the charts, compares with the built-in content, creates a table with the variant and plays
it against a bot; the studio in Japanese; the results at phone width."""

from __future__ import annotations

import json
import random
import re
import tomllib
from pathlib import Path
from typing import Any

from playwright.sync_api import Browser, Page, expect
from webkit import console_errors, frames

from .drawing_kit import board_actions, play_moves, play_to_the_end
from .test_play_koremon import Table, choose_trick, play_to_end

PHONE = {"width": 390, "height": 844}


def hex_at(page: Page, place: str) -> Any:
    return page.locator(f".studio-board [data-place='{place}']")


def cycle(page: Page, place: str, times: int) -> None:
    for _ in range(times):
        kind = hex_at(page, place).get_attribute("data-kind")
        hex_at(page, place).click()
        expect(hex_at(page, place)).not_to_have_attribute("data-kind", kind or "")


def edit_and_save(page: Page, base: str) -> None:
    """The board: a hex added beside the board (28 placeable: refused), then one removed at its
    other end (27 again: accepted); a unit's edge set to 9 (refused), then to 2; saved."""
    page.goto(f"{base}/#/studio/monster_hex")
    expect(page.locator("#studio-ok")).to_be_visible()
    cycle(page, "12,0", 1)  # off -> empty
    problems = page.locator("#studio-problems")
    expect(problems).to_be_visible()
    expect(problems.locator("[data-field='board_2p']")).to_contain_text("28 placeable")
    cycle(page, "10,0", 4)  # empty -> start -> small -> large -> off
    expect(page.locator("#studio-ok")).to_be_visible()
    expect(page.locator("#studio-counts")).to_contain_text("27")
    edge = page.locator(".studio-unit[data-unit='C4'] input.edge[data-edge='0']")
    edge.fill("9")
    expect(problems).to_be_visible()
    expect(problems).to_contain_text("edge power 9")
    page.locator("#studio-undo").click()  # the 9 taken back: the edit before it stands
    expect(page.locator("#studio-ok")).to_be_visible()
    edge.fill("2")
    expect(page.locator("#studio-ok")).to_contain_text("unit C4")
    expect(page.locator("#studio-ok")).to_contain_text("2-player board")
    page.locator("#studio-name").fill("Wide board")
    page.locator("#studio-save").click()
    expect(page.locator("#studio-saved")).to_contain_text("version 1")


def run_games(page: Page, games: int) -> None:
    page.locator("#studio-games").fill(str(games))
    page.locator("#studio-run").click()
    bar = page.locator("#studio-progress-run [role=progressbar]")
    try:
        expect(bar).to_have_attribute("aria-valuemax", str(games))
    except AssertionError as error:  # the page's own words on why the run did not start
        alerts = page.locator("[role=alert]").all_text_contents()
        raise AssertionError(f"the run of {games} did not start; the page says {alerts}") from error
    expect(page.locator("#studio-results")).to_be_visible(timeout=120_000)
    expect(bar).to_have_attribute("aria-valuenow", str(games))


def test_a_designer_edits_runs_compares_and_plays(page: Page, web_server: str) -> None:
    errors = console_errors(page)
    edit_and_save(page, web_server)
    # progress while it runs: the bar's value rises from 0 to 50
    seen: list[int] = []
    page.expose_function("noteProgress", lambda value: seen.append(int(value)))
    page.evaluate(
        """() => new MutationObserver(() => {
             const bar = document.querySelector('#studio-progress-run [role=progressbar]');
             if (bar) window.noteProgress(bar.getAttribute('aria-valuenow'));
           }).observe(document.body, {subtree: true, childList: true})"""
    )
    assert "#/studio/monster_hex/" in page.url  # the address names the saved variant
    variant = page.url.rsplit("/", 1)[1]
    run_games(page, 50)
    assert seen and seen[-1] == 50 and min(seen) < 50
    charts = page.locator("#studio-results svg.studio-chart")
    assert charts.count() == 4  # seats, factions, scores, stones
    # the stones' chart names each stone in words, not by its key in the files
    stone_labels = page.locator("#studio-results .chart-label[data-stone]").all_text_contents()
    assert stone_labels and not [label for label in stone_labels if label.startswith("tile ")]
    assert any(label.startswith("Small stone ") for label in stone_labels)
    expect(page.locator("#studio-results figcaption").first).to_contain_text("Win rate by seat")
    assert page.locator("#studio-results .whisker").count() >= 2
    page.locator("#studio-compare").click()
    table = page.locator("#studio-comparison")
    expect(table).to_be_visible(timeout=120_000)
    expect(table.locator("tbody tr").first).to_contain_text("Seat 1")
    assert table.locator("tbody tr").count() >= 2
    expect(table.locator("thead")).to_contain_text("Built-in")
    # version 2 (red 3 worth 1), its run compared with version 1's
    stone = page.locator(".studio-stone[data-tile='red3']")
    expect(stone).to_contain_text("Red stone tile 2")  # named as a designer reads it
    assert "red3" not in stone.inner_text()
    stone.locator("input").fill("1")
    expect(page.locator("#studio-ok")).to_contain_text(
        "Red stone tile 2: 3 points → Red stone tile 2: 1 points"
    )
    page.locator("#studio-save").click()
    expect(page.locator("#studio-saved")).to_contain_text("version 2")
    run_games(page, 50)
    expect(page.locator("#studio-earlier")).to_contain_text("version 1: 50 games")
    page.locator("#studio-compare-earlier").click()
    expect(table.locator("thead")).to_contain_text("Version 1")
    expect(table.locator("thead")).to_contain_text("Version 2")
    # a table with the variant, played to the end against the random bot
    page.locator("#studio-play").click()
    page.wait_for_url("**/#/table/*")
    table_id = page.url.rsplit("/", 1)[1]
    stored = json.loads(page.evaluate("localStorage.getItem('bodoge.seats')"))
    seat = stored[table_id]

    def step(page: Page, prompt: dict[str, Any], chooser: random.Random) -> int:
        for clicks in range(8):
            offered = board_actions(page)
            if offered:
                page.locator(f".board [data-action='{offered[0]}']").first.click()
                return clicks + 1
            page.locator(".board [data-key='turn-right']").first.click()
        raise AssertionError("the drawing offered nothing to click")

    final = play_to_the_end(
        page, web_server, {"table": table_id, "credential": seat["credential"]}, step
    )
    assert final["over"]
    # the variant's page, as the lobby links it: name, author and what differs
    key = final["view"]["options"]["content"] if "options" in final.get("view", {}) else None
    if key is None:
        key = page.evaluate(f"fetch('/api/tables/{table_id}').then(r => r.json())")["options"][
            "content"
        ]
    page.goto(f"{web_server}/#/variant/{key}")
    expect(page.locator("h1")).to_contain_text("Wide board")
    expect(page.locator("#variant-differences")).to_contain_text("unit C4")
    # a public table with the variant: the lobby names the variant and its author
    made = page.evaluate(
        """async (id) => {
             const guest = JSON.parse(localStorage.getItem('bodoge.guest'));
             const body = {game: 'monster_hex', players: 2, public: true,
                           seats: [{kind: 'me'}, {kind: 'open'}]};
             const answer = await fetch(`/api/variants/${id}/tables`, {method: 'POST',
               headers: {'Content-Type': 'application/json',
                         Authorization: `Bearer ${guest.token}`},
               body: JSON.stringify(body)});
             return [answer.status, guest.name];
           }""",
        variant,
    )
    assert made[0] == 200
    page.goto(f"{web_server}/#/")
    expect(page.locator(".open-tables .variant-line").first).to_have_text(
        f"Variant: Wide board by {made[1]}"
    )
    assert errors == []


def test_the_studio_in_japanese_and_results_at_phone_width(
    browser: Browser, web_server: str
) -> None:
    context = browser.new_context(viewport=PHONE, locale="ja-JP")
    context.set_default_timeout(15_000)
    try:
        page = context.new_page()
        errors = console_errors(page)
        page.goto(f"{web_server}/#/studio/monster_hex")
        expect(page.locator("h1")).to_have_text("デザイナーのスタジオ")
        expect(page.locator("#studio-ok")).to_contain_text("検査に通ります")
        tile = page.locator(".studio-stone[data-tile='red3'] input")
        tile.fill("99999999")
        expect(page.locator("#studio-problems")).to_contain_text("範囲を超えています")
        tile.fill("2")
        expect(page.locator("#studio-ok")).to_contain_text("赤の魔石タイル2")
        page.locator("#studio-save").click()
        expect(page.locator("#studio-saved")).to_contain_text("第1版")
        # export the saved version as TOML, and import it back into the forms
        with page.expect_download() as download:
            page.locator("#studio-export").click()
        text = Path(download.value.path()).read_text()
        assert tomllib.loads(text)["stones"]["tile"][1] == {
            "key": "red3",
            "color": "red",
            "value": 2,
        }
        page.locator("#studio-import").set_input_files(
            files=[{"name": "v.toml", "mimeType": "text/plain",
                    "buffer": text.replace("value = 2", "value = 99999999").encode()}]
        )  # fmt: skip
        expect(page.locator("#studio-problems")).to_contain_text("範囲を超えています")
        page.locator("#studio-import").set_input_files(
            files=[{"name": "v.toml", "mimeType": "text/plain", "buffer": text.encode()}]
        )
        expect(page.locator("#studio-ok")).to_contain_text("赤の魔石タイル2")
        # a long run, cancelled from the page
        page.locator("#studio-games").fill("2000")
        page.locator("#studio-run").click()
        expect(page.locator("#studio-progress-run")).to_contain_text("実行中")
        page.locator("#studio-progress-run .studio-cancel").click()
        expect(page.locator("#studio-progress-run")).to_contain_text("取り消し")
        expect(page.locator("#studio-results")).to_have_count(0)
        run_games(page, 10)
        expect(page.locator("#studio-results figcaption").first).to_contain_text("席ごとの勝率")
        # at phone width the page does not scroll sideways, and every chart fits the screen
        width = page.evaluate("document.documentElement.scrollWidth")
        assert width <= PHONE["width"]
        for box in page.locator("#studio-results svg").all():
            found = box.bounding_box()
            assert found is not None and found["width"] <= PHONE["width"]
        assert errors == []
    finally:
        context.close()


def test_a_cancel_stands_when_a_read_of_the_run_arrives_after_it(
    page: Page, web_server: str
) -> None:
    """The page reads a run's progress every 400 ms. A read sent before the cancel and answered
    after it ("running") must neither show the run running again nor keep the page polling."""
    errors = console_errors(page)
    edit_and_save(page, web_server)
    held: list[tuple[Any, Any]] = []  # (route, the answer the server gave while the run ran)
    holding = True

    def hold(route: Any) -> None:
        if route.request.method == "GET" and holding:
            held.append((route, route.fetch()))
        else:
            route.continue_()

    page.route(re.compile(r".*/api/balance/[^/?]+$"), hold)
    page.locator("#studio-games").fill("2000")
    page.locator("#studio-run").click()
    expect(page.locator("#studio-progress-run")).to_contain_text("running")
    for _ in range(100):  # the first read of the run's progress, held
        if held:
            break
        page.wait_for_timeout(100)
    assert held, "the page did not read the run's progress"
    page.locator("#studio-progress-run .studio-cancel").click()
    expect(page.locator("#studio-progress-run")).to_contain_text("cancelled")
    page.evaluate(
        """() => { window.seenStatus = [];
             new MutationObserver(() => {
               const run = document.querySelector('#studio-progress-run');
               if (run) window.seenStatus.push(run.textContent);
             }).observe(document.body, {subtree: true, childList: true, characterData: true}); }"""
    )
    holding = False
    for route, answer in held:
        assert answer.json()["status"] == "running"
        route.fulfill(response=answer)
    page.wait_for_timeout(1500)  # the stale answer's render, and a poll after it, had their time
    seen = page.evaluate("window.seenStatus")
    assert not [text for text in seen if "running" in text], seen
    expect(page.locator("#studio-progress-run")).to_contain_text("cancelled")
    expect(page.locator("#studio-run")).to_be_enabled()
    assert errors == []


def test_a_field_selected_to_be_typed_over_stays_selected_when_the_check_answers(
    page: Page, web_server: str
) -> None:
    """The form is drawn anew when a check answers. A field the designer has selected (as
    Playwright's fill and a double click do) must still be selected afterwards, so what is typed
    replaces it: typing 2000 over a selected 50 gives 2000, never 502000."""
    errors = console_errors(page)
    page.goto(f"{web_server}/#/studio/monster_hex")
    expect(page.locator("#studio-ok")).to_be_visible()
    held: list[Any] = []
    page.route(re.compile(r".*/api/variants/check$"), lambda route: held.append(route))
    page.locator(".studio-stone[data-tile='red3'] input").fill("2")  # a check, held
    for _ in range(100):
        if held:
            break
        page.wait_for_timeout(100)
    assert held, "the page did not check the edit"
    games = page.locator("#studio-games")
    games.focus()
    games.evaluate("field => field.select()")
    held[0].continue_()  # the answer redraws the form
    expect(page.locator("#studio-ok")).to_contain_text("Red stone tile 2")
    page.keyboard.insert_text("2000")
    expect(games).to_have_value("2000")
    assert errors == []


def test_the_lobby_links_the_studio_of_each_game_with_forms(page: Page, web_server: str) -> None:
    """The lobby links the studio of a game whose content it edits (the catalog's `studio`);
    a studio address for a game without forms says so in words, not a broken page."""
    errors = console_errors(page)
    page.goto(f"{web_server}/#/")
    games = page.request.get(f"{web_server}/api/games").json()
    for game in games:
        link = page.locator(f"a.studio-link[href='#/studio/{game['id']}']")
        expect(link).to_have_count(1 if game["studio"] else 0)
    without = [game["id"] for game in games if not game["studio"]]
    if without:
        page.goto(f"{web_server}/#/studio/{without[0]}")
        expect(page.locator(".studio [role='alert']")).to_contain_text(
            "The studio does not edit this game's content."
        )
    assert errors == []


def test_a_designer_edits_collect_counts_runs_and_plays(page: Page, web_server: str) -> None:
    """Collect!'s counts per animal: a count of 0 refused, then a total over 64 refused, then
    fixed; saved; 10 games run with the progress bar; a table with the variant played against
    the random bot for 30 moves, by clicking the drawing (test_play_collect.py plays Collect! to
    the end)."""
    errors = console_errors(page)
    page.goto(f"{web_server}/#/studio/collect")
    expect(page.locator("#studio-ok")).to_be_visible()
    crocodile = page.locator(".studio-stone[data-animal='crocodile']")
    expect(crocodile).to_contain_text("Crocodile")
    problems = page.locator("#studio-problems")
    crocodile.locator("input").fill("0")
    expect(problems.locator("[data-field='animals.animal[0].count']")).to_contain_text("0 cards")
    crocodile.locator("input").fill("12")
    expect(problems.locator("[data-field='animals.animal']")).to_contain_text("68 cards in all")
    page.locator(".studio-stone[data-animal='lion'] input").fill("4")
    expect(page.locator("#studio-ok")).to_contain_text("Crocodile: 8 → 12 cards")
    expect(page.locator("#studio-ok")).to_contain_text("Lion: 8 → 4 cards")
    expect(page.locator("#studio-counts")).to_contain_text("64 cards in all")
    page.locator("#studio-name").fill("Crocodile pond")
    page.locator("#studio-save").click()
    expect(page.locator("#studio-saved")).to_contain_text("version 1")
    assert "#/studio/collect/" in page.url
    run_games(page, 10)
    expect(page.locator("#studio-results figcaption").first).to_contain_text("Win rate by seat")
    page.locator("#studio-play").click()
    page.wait_for_url("**/#/table/*")
    table_id = page.url.rsplit("/", 1)[1]
    seat = json.loads(page.evaluate("localStorage.getItem('bodoge.seats')"))[table_id]

    def step(page: Page, prompt: dict[str, Any], chooser: random.Random) -> int:
        legal = sorted(a["notation"] for a in prompt["actions"])
        assert sorted(board_actions(page)) == legal
        page.locator(f".board [data-action='{chooser.choice(legal)}']").first.click()
        return 1

    played = play_moves(
        page, web_server, {"table": table_id, "credential": seat["credential"]}, step, 30
    )
    assert played["ply"] > 30 and played["view"]["options"]["content"].startswith("variant:")
    assert errors == []


def test_the_collect_form_in_japanese(browser: Browser, web_server: str) -> None:
    context = browser.new_context(locale="ja-JP")
    context.set_default_timeout(15_000)
    try:
        page = context.new_page()
        errors = console_errors(page)
        page.goto(f"{web_server}/#/studio/collect")
        expect(page.locator(".studio-stone[data-animal='chameleon']")).to_contain_text("カメレオン")
        expect(page.locator("#studio-counts")).to_contain_text("合計64枚：デッキA・Bは各32枚")
        page.locator(".studio-stone[data-animal='parrot'] input").fill("7")
        expect(page.locator("#studio-problems")).to_contain_text("奇数")
        page.locator(".studio-stone[data-animal='parrot'] input").fill("6")
        expect(page.locator("#studio-ok")).to_contain_text("オウム：8枚 → 6枚")
        assert errors == []
    finally:
        context.close()


def test_a_designer_edits_the_koremon_card_list_runs_and_plays(
    browser: Browser, web_server: str
) -> None:
    """Trick the Monster's card list, in English then Japanese: a count set to 0 is refused
    naming the field, a Dragon count too high for the deal is refused, fixed; the Dragon's
    points raised; saved; 10 games run with the progress bar; a table played against bots."""
    for locale in ("en-US", "ja-JP"):
        context = browser.new_context(locale=locale, reduced_motion="reduce")
        context.set_default_timeout(30_000)
        try:
            page = context.new_page()
            errors = console_errors(page)
            page.goto(f"{web_server}/#/studio/koremon_trick")
            expect(page.locator("#studio-ok")).to_be_visible()
            ja = locale == "ja-JP"
            dragon = page.locator(".studio-cards tr[data-species='dragon']")
            expect(page.locator(".studio-cards thead")).to_contain_text("枚数" if ja else "Count")
            count = dragon.locator("input[data-focus='count-0']")
            count.fill("0")
            problems = page.locator("#studio-problems")
            expect(problems.locator("[data-field='species[0].count']")).to_contain_text(
                "枚数が0です" if ja else "the count is 0"
            )
            count.fill("6")  # 61 cards: not dealt evenly
            expect(problems.locator("[data-field='species']")).to_contain_text("61")
            count.fill("5")
            expect(page.locator("#studio-ok")).to_be_visible()
            dragon.locator("input[data-focus='points-0']").fill("12")
            expect(page.locator("#studio-ok")).to_contain_text(
                "ドラゴン：得点 8 → 12" if ja else "Dragon: points 8 → 12"
            )
            page.locator("#studio-save").click()
            expect(page.locator("#studio-saved")).to_contain_text("第1版" if ja else "version 1")
            if not ja:
                run_games(page, 10)
                page.locator("#studio-play").click()
                page.wait_for_url("**/#/table/*")
                # the table page, read again with its websocket frames heard from the start
                table = Table.__new__(Table)
                table.page, table.game, table.errors = page, "koremon_trick", errors
                table.received = frames(page)
                page.reload()
                page.wait_for_selector(".table-page .board svg")
                final = play_to_end(table, choose_trick)
                assert final["over"]
            assert errors == []
        finally:
            context.close()


def test_monster_evolution_edits_the_same_card_list(page: Page, web_server: str) -> None:
    """The shared form for Monster Evolution: its player counts, a rank refused (no rank-5
    species enough for five players) and fixed; the species named by their names as edited."""
    errors = console_errors(page)
    page.goto(f"{web_server}/#/studio/koremon_evolution")
    expect(page.locator("#studio-ok")).to_be_visible()
    players = page.locator("#studio-players option").all_text_contents()
    assert players == ["2", "3", "4", "5"]
    rank = page.locator(".studio-cards tr[data-species='bat'] input[data-focus='rank-14']")
    rank.fill("4")
    expect(page.locator("#studio-problems [data-field='species']")).to_contain_text(
        "4 species have rank 5"
    )
    rank.fill("5")
    expect(page.locator("#studio-ok")).to_contain_text("same as the built-in")
    # the first column names the species in both languages as the list does, the key a tooltip
    names = page.locator(".studio-cards tr[data-species='bat'] td.studio-card-names")
    expect(names).to_have_text("Batバット")
    expect(names).to_have_attribute("title", "bat")
    page.locator(".studio-cards input[data-focus='en-14']").fill("Night Wing")
    expect(names).to_have_text("Night Wingバット")
    assert errors == []


def test_monster_auction_edits_the_same_card_list(page: Page, web_server: str) -> None:
    """The shared form for Monster Auction: its player counts, a Mimic count refused (a deck of
    89 cards cannot turn six for fifteen rounds) and fixed."""
    errors = console_errors(page)
    page.goto(f"{web_server}/#/studio/koremon_auction")
    expect(page.locator("#studio-ok")).to_be_visible()
    players = page.locator("#studio-players option").all_text_contents()
    assert players == ["3", "4", "5", "6"]
    count = page.locator("input[data-focus='mimic-count']")
    count.fill("14")
    expect(page.locator("#studio-problems [data-field='species']")).to_contain_text("89 cards")
    count.fill("15")
    expect(page.locator("#studio-ok")).to_contain_text("same as the built-in")
    assert errors == []
