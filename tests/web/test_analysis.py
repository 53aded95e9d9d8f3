"""The replay page's analysis and the table page's hints, in Chromium against a real server
(one per module, its SQLite file at hand): a finished Collect! game is analysed from the page
(progress, then the chart); clicking a point or a decision goes to that step; the marks and the
suggested move appear, on the board too; the hint button works at a casual table with hints and
is absent at a table without them and at a rated one; both languages. The search runs at a few
iterations (?level=3): the tests check the page, not the search."""

from __future__ import annotations

import re
import sqlite3
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from playwright.sync_api import Page, expect
from serving import running_server
from webkit import console_errors, set_name

LEVEL = "3"


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, Path]]:
    data = tmp_path_factory.mktemp("analysis-data")
    with running_server(data, 0) as base:
        yield base, data


def finished_collect(base: str) -> str:
    token = httpx.post(f"{base}/api/guests", json={"name": "Aki"}).json()["token"]
    made = httpx.post(
        f"{base}/api/tables",
        json={"game": "collect", "players": 2, "seats": [{"kind": "bot", "level": "random"}] * 2},
        headers={"Authorization": f"Bearer {token}"},
    ).json()
    table_id: str = made["table"]["id"]
    for _ in range(1200):
        if httpx.get(f"{base}/api/tables/{table_id}").json()["status"] == "over":
            return table_id
        time.sleep(0.05)
    raise AssertionError("the bots did not finish")


def analysis_of(base: str, table_id: str, seat: int) -> dict[str, Any]:
    answer = httpx.get(f"{base}/api/tables/{table_id}/analysis?seat={seat}&level={LEVEL}")
    assert answer.status_code == 200, answer.text
    assert answer.json()["status"] == "ready"
    return answer.json()["analysis"]  # type: ignore[no-any-return]


def test_a_finished_games_analysis_from_the_replay_page(
    served: tuple[str, Path], page: Page
) -> None:
    base, _ = served
    errors = console_errors(page)
    table_id = finished_collect(base)
    page.goto(f"{base}/#/replay/{table_id}?as=0&step=0&level={LEVEL}")
    expect(page.locator(".analysis-panel h2")).to_have_text("Analysis")
    page.click(".analysis-panel .analyse")
    # Progress while it runs (or it was already done), then the chart: a line per seat.
    page.wait_for_selector(".win-chart svg", timeout=120_000)
    expect(page.locator(".win-chart polyline")).to_have_count(2)
    analysis = analysis_of(base, table_id, 0)
    steps = analysis["steps"]
    expect(page.locator(".win-chart .chart-point")).to_have_count(len(steps))
    # Clicking a point goes to its step (once the replay has loaded: the chart's width follows
    # the game's length, so a point moves when the replay's step count arrives).
    total = httpx.get(f"{base}/api/tables/{table_id}/replay/0").json()["steps"]
    expect(page.locator(".step-count")).to_have_text(f"Step 0 of {total}")
    chosen = steps[len(steps) // 2]
    # A move and the draw after it share a ply (their points meet when the draw changed
    # nothing): the decision's point is drawn on top, and the point on top is clicked.
    top = page.locator(f".win-chart .chart-point[data-ply='{chosen['ply']}']").last
    kinds = {step["kind"] for step in steps if step["ply"] == chosen["ply"]}
    expect(top).to_have_class(re.compile("decision" if "decision" in kinds else "chance"))
    top.click()
    expect(page.locator(".step-count")).to_have_text(f"Step {chosen['ply']} of {total}")
    assert page.url.endswith(f"step={chosen['ply']}")
    here = len([step for step in steps if step["ply"] == chosen["ply"]])  # a move, a draw
    expect(page.locator(".win-chart .chart-point.current")).to_have_count(here)
    expect(page.locator(f".win-chart .current[data-ply='{chosen['ply']}']")).to_have_count(here)
    # A step taken redraws the page, not the chart: the same drawing, its sideways scroll kept
    # (on a phone's width the chart scrolls).
    page.set_viewport_size({"width": 420, "height": 900})
    scrolled = page.evaluate(
        "() => { const f = document.querySelector('.win-chart'); f.querySelector('svg').kept = 1;"
        " f.scrollLeft = f.scrollWidth; return f.scrollLeft; }"
    )
    assert scrolled > 0
    page.keyboard.press("ArrowRight")
    expect(page.locator(".step-count")).to_have_text(f"Step {chosen['ply'] + 1} of {total}")
    assert page.evaluate(
        "() => { const f = document.querySelector('.win-chart');"
        " return [f.querySelector('svg').kept, f.scrollLeft]; }"
    ) == [1, scrolled]
    page.keyboard.press("ArrowLeft")
    expect(page.locator(".step-count")).to_have_text(f"Step {chosen['ply']} of {total}")
    page.set_viewport_size({"width": 1280, "height": 800})
    # The decisions with their marks.
    decisions = [step for step in steps if step["kind"] == "decision"]
    expect(page.locator(".analysis-moves li")).to_have_count(len(decisions))
    marked = [step for step in decisions if step["mark"]]
    expect(page.locator(".analysis-moves .mark")).to_have_count(len(marked))
    # A decision the analysis would have made otherwise: the preferred move beside the one
    # played at its step, and at the step before, suggested on the board.
    other = next(s for s in decisions if s["preferred"]["action"] != s["played"]["action"])
    page.click(f".analysis-moves .analysis-move[data-ply='{other['ply']}']")
    expect(page.locator(".analysis-step .played")).to_contain_text(other["played"]["label"]["en"])
    expect(page.locator(".analysis-step .preferred")).to_contain_text(
        other["preferred"]["label"]["en"]
    )
    page.keyboard.press("ArrowLeft")
    expect(page.locator(".analysis-step .suggested-next")).to_have_text(
        f"Suggested next: {other['preferred']['label']['en']}"
    )
    expect(page.locator(".board .suggested").first).to_be_visible()
    summary = analysis["summary"][0]
    expect(page.locator(".analysis-summary")).to_contain_text(f"Decisions: {summary['decisions']}")
    # Japanese.
    page.click(".lang-switch")
    expect(page.locator(".analysis-panel h2")).to_have_text("解析")
    expect(page.locator(".analysis-summary")).to_contain_text(f"判断の数：{summary['decisions']}")
    expect(page.locator(".analysis-step .suggested-next")).to_have_text(
        f"次の手の提案：{other['preferred']['label']['ja']}"
    )
    assert errors == []


def hint_table(page: Page, base: str, hints: bool) -> str:
    """A Collect! table of this page's person against a random bot, made in the lobby."""
    page.goto(f"{base}/#/")
    set_name(page, "Aki")
    page.select_option("#create-game", "collect")
    page.select_option(".create-form select[name=players]", "2")
    page.select_option("#seat-0", "me")
    page.select_option("#seat-1", "bot")
    page.select_option(".seat-row[data-seat='1'] .seat-level", "random")
    if hints:
        page.check(".create-form input[name=hints]")
    page.click(".create-submit")
    page.wait_for_selector(".table-page")
    return page.url.split("#/table/")[1]


def test_the_hint_button_at_a_casual_table_and_not_at_others(
    served: tuple[str, Path], page: Page
) -> None:
    base, data = served
    errors = console_errors(page)
    table_id = hint_table(page, base, hints=True)
    page.wait_for_selector(".hint-area .hint", timeout=30_000)
    page.click(".hint-area .hint")
    line = page.locator(".hint-line")
    expect(line).to_contain_text("Hint: ", timeout=60_000)
    expect(line).to_contain_text("your chance to win is")
    expect(page.locator(".board .hinted").first).to_be_visible()
    page.click(".lang-switch")
    expect(page.locator(".hint-area .hint")).to_have_text("ヒント")
    expect(line).to_contain_text("ヒント：")
    expect(line).to_contain_text("勝率")
    page.click(".lang-switch")
    # A rated table gives no hints: the button is gone.
    with sqlite3.connect(data / "bodoge.sqlite3") as database:
        database.execute("UPDATE tables SET rated = 1 WHERE id = ?", (table_id,))
    page.reload()
    page.wait_for_selector(".table-page .board svg")
    expect(page.locator(".hint-area .hint")).to_have_count(0)
    # Nor does a table made without hints.
    hint_table(page, base, hints=False)
    page.wait_for_selector(".table-page .board svg")
    page.wait_for_timeout(500)  # the hints' answer has come back
    expect(page.locator(".hint-area .hint")).to_have_count(0)
    assert errors == []
