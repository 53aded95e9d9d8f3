"""Clocks in the browser: a table made with a realtime clock from the lobby's form shows every
seat's clock (the running one counting down between updates); a tiny bank runs out while the
person waits, the page marks the bot standing in, and the person takes the seat back (after the
stand-in's decision that timed out: `too_early` before it, shown in the page's language) and
moves again."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from playwright.sync_api import Page, expect
from serving import running_server
from webkit import play_from_list, stored_seat, wait_for_ply


def choose_clock(page: Page, kind: str, **seconds: float) -> None:
    page.select_option(".create-form select[name=clock]", kind)
    for key, value in seconds.items():
        page.fill(f".create-form .clock-{key}", str(value))


def table_info(base: str, table_id: str) -> dict:
    answer = httpx.get(f"{base}/api/tables/{table_id}")
    assert answer.status_code == 200, answer.text
    return answer.json()  # type: ignore[no-any-return]


def test_a_realtime_clock_from_the_lobby_shows_every_seats_time(
    web_server: str, page: Page
) -> None:
    page.goto(f"{web_server}/#/")
    page.fill(".name-field input", "Aki")
    page.select_option("#create-game", "collect")
    page.select_option(".create-form select[name=players]", "2")
    page.select_option("#seat-1", "bot")
    choose_clock(page, "realtime", bank=600, increment=7)
    page.select_option(".create-form .timeout-level", "random")
    page.click(".create-submit")
    page.wait_for_selector(".table-page")
    table_id = page.url.split("#/table/")[1]

    info = table_info(web_server, table_id)
    assert info["clock"] == {"kind": "realtime", "bank": 600, "increment": 7}
    assert info["timeout_level"] == "random"
    expect(page.locator(".seat-clock")).to_have_count(2)
    expect(page.locator(".clock-kind")).to_contain_text("10 min")
    expect(page.locator(".clock-kind")).to_contain_text("+7 s")
    # The bot moves at once, so the person is the one deciding: their clock runs and the page
    # counts it down between updates (from 10:00 or a little under it, to something lower).
    mine = page.locator(".seat-clock[data-seat='0']")
    expect(mine).to_have_attribute("data-running", "true")
    first = mine.inner_text()
    assert first.startswith(("10:00", "9:5"))
    page.wait_for_function(
        "t => document.querySelector(\".seat-clock[data-seat='0']\").textContent !== t",
        arg=first,
    )
    expect(page.locator(".seat-clock[data-seat='1']")).to_have_attribute("data-running", "false")

    # A move: the page's clocks are set again from the update that follows it.
    start = int(page.get_attribute(".table-page", "data-ply") or 0)
    play_from_list(page)
    wait_for_ply(page, start + 1)
    expect(page.locator(".seat-clock")).to_have_count(2)


@pytest.fixture(scope="module")
def slow_bots(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A server whose bots wait a second before each move, so a person can take a seat back
    between the stand-in's decisions."""
    data: Path = tmp_path_factory.mktemp("slow-bots")
    with running_server(data, 1.0) as base:
        yield base


@pytest.mark.parametrize("locale", ["ja-JP"])
def test_a_bank_that_runs_out_brings_a_stand_in_and_the_person_takes_the_seat_back(
    slow_bots: str, page: Page
) -> None:
    page.goto(f"{slow_bots}/#/")
    page.fill(".name-field input", "Aki")
    page.select_option("#create-game", "collect")
    page.select_option(".create-form select[name=players]", "2")
    page.select_option("#seat-1", "bot")
    page.select_option(".seat-row[data-seat='1'] .seat-level", "random")
    choose_clock(page, "realtime", bank=3, increment=0)
    page.select_option(".create-form .timeout-level", "random")
    page.click(".create-submit")
    page.wait_for_selector(".table-page")
    table_id = page.url.split("#/table/")[1]
    credential = stored_seat(page, table_id)["credential"]

    # The person waits: the bank runs out, a bot stands in, the page marks it and offers the
    # seat back.
    me = page.locator(".seat[data-seat='0']")
    expect(me.locator(".badge.stand-in")).to_be_visible(timeout=30_000)
    expect(me.locator(".seat-clock")).to_have_text("0:00")
    expect(page.locator(".take-back")).to_have_text("席に戻る")
    # Every refusal the page shows from now on, as it shows it (it is gone again once the seat
    # is back, so a check afterwards could miss it).
    page.evaluate(
        """() => {
          window.shownRefusals = [];
          const refused = document.querySelector('.refused');
          new MutationObserver(() => window.shownRefusals.push(refused.textContent))
            .observe(refused, {childList: true, characterData: true, subtree: true});
        }"""
    )
    with page.expect_response(lambda r: r.url.endswith(f"/api/tables/{table_id}/return")) as asked:
        page.click(".take-back")
    first = asked.value
    # Before the stand-in has made the decision that timed out the server says too_early: the
    # page shows its words in Japanese and asks again after that decision.
    if first.status == 409:
        assert first.json()["error"]["code"] == "too_early"
        too_early = "時間切れになった手はボットが打ちます。その手のあとで席を取り戻してください"
        page.wait_for_function("t => window.shownRefusals.includes(t)", arg=too_early)
    else:
        assert first.status == 200, first.text()
    expect(me.locator(".badge.stand-in")).to_have_count(0, timeout=30_000)
    assert table_info(slow_bots, table_id)["seats"][0]["stand_in"] is None

    # The seat is the person's again: they move when their turn comes.
    page.wait_for_function(
        "() => document.querySelectorAll('.move-list button').length > 0", timeout=30_000
    )
    before = int(page.get_attribute(".table-page", "data-ply") or 0)
    play_from_list(page)
    wait_for_ply(page, before + 1)
    events = httpx.get(
        f"{slow_bots}/api/tables/{table_id}/events",
        params={"since": 0},
        headers={"X-Seat-Credential": credential},
    ).json()
    mine = [entry for entry in events if entry["seat"] == 0]
    assert any(entry["by"] == "timeout:random" for entry in mine)  # the stand-in's decision
    assert mine[-1]["by"] is None  # and then the person's own move
    expect(page.locator(".refused")).to_be_hidden()
