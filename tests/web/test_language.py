"""The page's language: chosen from the browser's, switchable on every page, remembered; every
UI string exists in both languages and none of one is left on a page shown in the other; a
refused move shows the server's reason in the page's language."""

from __future__ import annotations

import httpx
from playwright.sync_api import Page, expect
from webkit import new_table, open_move_list, stored_seat, wait_for_ply

# What the lobby and a table page show, in each language (i18n.js); a fixed list to look for.
LOBBY = {
    "en": [
        "Lobby",
        "Your name",
        "Games",
        "New table",
        "Create a table",
        "Number of players",
        "Seats",
        "Options",
        "Clock",
        "Create the table",
        "Open tables",
        "Refresh",
        "Who may come",
        "Spectators may watch",
    ],
    "ja": [
        "ロビー",
        "あなたの名前",
        "ゲーム",
        "新しい卓",
        "卓を作る",
        "人数",
        "席",
        "オプション",
        "持ち時間",
        "卓を作成",
        "参加できる卓",
        "更新",
        "参加できる人",
        "観戦を許可する",
    ],
}
TABLE = {
    "en": [
        "What happened",
        "Seats",
        "Type a move",
        "Send",
        "Your turn",
        "All moves",
        "Replay",
        "Lobby",
    ],
    "ja": [
        "経過",
        "席",
        "手を入力",
        "送る",
        "あなたの番です",
        "選べる手の一覧",
        "リプレイ",
        "ロビー",
    ],
}


def words(page: Page) -> dict[str, dict[str, str]]:
    return page.evaluate("async () => (await import('/i18n.js')).WORDS")  # type: ignore[no-any-return]


def visible_text(page: Page) -> str:
    return page.inner_text("body")


def assert_only(
    page: Page, lang: str, expected: dict[str, list[str]], dictionary: dict[str, dict[str, str]]
) -> None:
    other = "ja" if lang == "en" else "en"
    text = visible_text(page)
    for phrase in expected[lang]:
        assert phrase in text, (lang, phrase)
    # every UI string of the other language (without placeholders): none is on the page
    for key, phrase in dictionary[other].items():
        if "{" in phrase or phrase == dictionary[lang][key] or not any(c.isalpha() for c in phrase):
            continue
        if other == "en" and len(phrase) < 4:
            continue
        assert phrase not in text, (key, phrase)


def test_every_ui_string_is_in_both_languages(web_server: str, page: Page) -> None:
    page.goto(f"{web_server}/#/")
    dictionary = words(page)
    assert set(dictionary["en"]) == set(dictionary["ja"])
    for key in dictionary["en"]:
        assert dictionary["en"][key].strip() and dictionary["ja"][key].strip(), key
        if any(c.isalpha() for c in dictionary["en"][key]) and key not in {"list_sep"}:
            assert dictionary["en"][key] != dictionary["ja"][key], key


def test_the_language_follows_the_browser_and_the_switch_on_every_page(
    web_server: str, browser
) -> None:
    context = browser.new_context(locale="ja-JP")
    page = context.new_page()
    page.goto(f"{web_server}/#/")
    page.wait_for_selector(".game-card")
    dictionary = words(page)
    assert page.get_attribute("html", "lang") == "ja"
    expect(page.locator(".game-card[data-game='collect'] h3")).to_have_text("コレクト！")
    assert_only(page, "ja", LOBBY, dictionary)

    page.click(".lang-switch")
    expect(page.locator(".game-card[data-game='collect'] h3")).to_have_text("Collect!")
    assert page.get_attribute("html", "lang") == "en"
    assert_only(page, "en", LOBBY, dictionary)
    page.reload()
    page.wait_for_selector(".game-card")
    assert_only(page, "en", LOBBY, dictionary)  # remembered

    new_table(page, web_server, "koremon_evolution", 2, ["me", "bot:random"])
    wait_for_ply(page, 0)
    expect(page.locator(".turn")).to_have_text("Your turn")
    open_move_list(page)
    assert_only(page, "en", TABLE, dictionary)
    page.click(".lang-switch")
    expect(page.locator(".turn")).to_have_text("あなたの番です")
    assert_only(page, "ja", TABLE, dictionary)
    labels = page.locator(".move-list button").all_inner_texts()
    prompt = httpx.get(
        f"{web_server}/api/tables/{page.url.split('/')[-1]}/prompt",
        headers={"X-Seat-Credential": stored_seat(page, page.url.split("/")[-1])["credential"]},
    ).json()
    assert labels == [action["label"]["ja"] for action in prompt["actions"]]
    context.close()


def test_a_refused_move_shows_the_servers_reason_in_the_pages_language(
    web_server: str, browser
) -> None:
    context = browser.new_context(locale="ja-JP")
    page = context.new_page()
    table_id = new_table(page, web_server, "collect", 2, ["me", "bot:random"], name="Aki")
    wait_for_ply(page, 0)
    page.wait_for_selector(".turn.mine")
    ply = int(page.get_attribute(".table-page", "data-ply") or 0)
    page.fill(".notation-input", "take:nothing-here")
    page.press(".notation-input", "Enter")
    refusal = httpx.post(
        f"{web_server}/api/tables/{table_id}/moves",
        json={"action": "take:nothing-here", "expected_ply": ply},
        headers={"X-Seat-Credential": stored_seat(page, table_id)["credential"]},
    ).json()
    assert refusal["status"] == "illegal_action"
    expect(page.locator(".refused")).to_have_text(refusal["error"]["message"]["ja"])
    expect(page.locator(".notation-input")).to_have_value("take:nothing-here")  # kept to fix
    page.click(".lang-switch")
    expect(page.locator(".refused")).to_have_text(refusal["error"]["message"]["en"])
    context.close()
