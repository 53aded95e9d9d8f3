"""The ratings in the page (Debian's Chromium): a profile's rating chart drawn as SVG, a game's
leaderboard, the rating changes at a rated table's end, and the turn notices (the header's
badge and list, the count in the page's title, the Notification button), in English and
Japanese. One `bodoge serve` for the module (a leaderboard threshold of 1 game); the accounts
come from tests/server/accountkit.py."""

from __future__ import annotations

import json
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from playwright.sync_api import BrowserContext, Page, expect
from serving import running_server

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "server"))
from accountkit import make_account

GAME = "koremon_evolution"
DAY = 86_400


def bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def table_of(base: str, tokens: list[str], **extra: Any) -> tuple[str, list[str]]:
    """A started rated table of the tokens' persons: its id and the seats' credentials."""
    body = {"game": GAME, "players": 2, "seats": [{"kind": "me"}, {"kind": "open"}],
            "rated": True, **extra}  # fmt: skip
    made = httpx.post(f"{base}/api/tables", json=body, headers=bearer(tokens[0]))
    assert made.status_code == 200, made.text
    table_id = made.json()["table"]["id"]
    joined = httpx.post(f"{base}/api/tables/{table_id}/join", json={}, headers=bearer(tokens[1]))
    assert joined.status_code == 200, joined.text
    return table_id, [made.json()["credential"], joined.json()["credential"]]


def play_to_the_end(base: str, table_id: str, credentials: list[str]) -> None:
    with httpx.Client(base_url=base) as client:
        for number in range(5000):
            seen = client.get(
                f"/api/tables/{table_id}/prompt", headers={"X-Seat-Credential": credentials[0]}
            ).json()
            if seen["over"]:
                return
            seat = seen["pending"][0]
            mine = client.get(
                f"/api/tables/{table_id}/prompt", headers={"X-Seat-Credential": credentials[seat]}
            ).json()
            answer = client.post(
                f"/api/tables/{table_id}/moves",
                headers={"X-Seat-Credential": credentials[seat]},
                json={"action": mine["actions"][0]["notation"], "expected_ply": mine["ply"],
                      "client_key": f"k{number}"},
            )  # fmt: skip
            assert answer.status_code == 200, answer.text
    raise AssertionError("the game did not end")


@pytest.fixture(scope="module")
def world(tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[str, Any]]:
    """A server with two accounts that finished one rated game and sit at a slow one."""
    data = tmp_path_factory.mktemp("ratings-web")
    with running_server(data, 0, ("--leaderboard-min-games", "1")) as base:
        aki, aki_id = make_account(base, "Aki")
        ben, ben_id = make_account(base, "Ben")
        finished, credentials = table_of(base, [aki, ben])
        play_to_the_end(base, finished, credentials)
        slow, slow_credentials = table_of(base, [aki, ben], clock={"kind": "turn",
                                                                    "per_move": DAY})  # fmt: skip
        pending = httpx.get(
            f"{base}/api/tables/{slow}/prompt", headers={"X-Seat-Credential": slow_credentials[0]}
        ).json()["pending"]
        tokens = {"Aki": aki, "Ben": ben}
        waiting = ["Aki", "Ben"][pending[0]]
        yield {"base": base, "ids": {"Aki": aki_id, "Ben": ben_id}, "tokens": tokens,
               "finished": finished, "slow": slow, "waiting": waiting}  # fmt: skip


def as_person(page: Page, token: str, name: str, lang: str = "en") -> None:
    guest = json.dumps({"token": token, "name": name})
    page.add_init_script(
        f"""localStorage.setItem("bodoge.guest", JSON.stringify({guest}));
            localStorage.setItem("bodoge.name", JSON.stringify({json.dumps(name)}));
            localStorage.setItem("bodoge.lang", JSON.stringify({json.dumps(lang)}));"""
    )


def test_a_profile_draws_its_rating_history_and_recent_games(
    page: Page, world: dict[str, Any]
) -> None:
    base, aki_id = world["base"], world["ids"]["Aki"]
    page.goto(f"{base}/#/player/{aki_id}")
    expect(page.locator(".profile h1")).to_have_text("Aki's profile")
    card = page.locator(f".profile-game[data-game='{GAME}']")
    expect(card.locator("svg.rating-chart")).to_have_attribute("data-points", "2")
    assert card.locator("svg.rating-chart circle").count() == 2
    expect(card).to_contain_text("Played 1, won ")
    recent = page.locator(f".recent-games li[data-table='{world['finished']}']")
    expect(recent.locator("a.replay-link")).to_have_attribute(
        "href", f"#/replay/{world['finished']}"
    )
    expect(recent.locator("a.record")).to_have_attribute(
        "href", f"/api/tables/{world['finished']}/record"
    )
    page.click(".lang-switch")
    expect(page.locator(".profile h1")).to_have_text("Akiさんのプロフィール")
    expect(card).to_contain_text("1局")
    page.goto(f"{base}/#/player/nobody-at-all")
    expect(page.locator(".profile .error")).to_have_text("そのプレイヤーはいません。")


def test_the_leaderboard_and_a_rated_tables_end(page: Page, world: dict[str, Any]) -> None:
    base = world["base"]
    page.goto(f"{base}/#/ratings/{GAME}")
    rows = page.locator(".board-table tbody tr")
    expect(rows).to_have_count(2)
    assert {rows.nth(n).locator("td a").inner_text() for n in range(2)} == {"Aki", "Ben"}
    expect(page.locator(".boards .meta").first).to_contain_text(
        "Accounts with 1 or more rated games."
    )
    page.goto(f"{base}/#/table/{world['finished']}")
    changes = page.locator(".table-ratings li")
    expect(changes).to_have_count(2)
    expect(changes.first).to_contain_text("→")
    page.click(".lang-switch")
    expect(page.locator(".table-ratings h2")).to_have_text("レーティング")
    page.goto(f"{base}/#/ratings/{GAME}")
    expect(page.locator(".board-table th").nth(2)).to_have_text("レーティング")
    page.goto(f"{base}/#/games/finished?game={GAME}")
    expect(page.locator(f".finished-list li[data-table='{world['finished']}']")).to_be_visible()


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_turn_notices_show_the_tables_waiting_for_the_person(
    context: BrowserContext, world: dict[str, Any], lang: str
) -> None:
    base, name = world["base"], world["waiting"]
    page = context.new_page()
    as_person(page, world["tokens"][name], name, lang)
    page.goto(f"{base}/#/")
    badge = page.locator(".turns-badge")
    expect(badge).to_have_attribute("data-count", "1")
    expect(badge).to_have_text("1 waiting" if lang == "en" else "1卓が待っています")
    assert page.title().startswith("(1) " if lang == "en" else "（1）")
    assert "null" not in page.locator("#bar").inner_text()  # a closed list's placeholder
    badge.click()
    expect(page.locator(f".turns-list li[data-table='{world['slow']}'] a")).to_have_attribute(
        "href", f"#/table/{world['slow']}"
    )
    expect(page.locator(".notify-ask")).to_have_text(
        "Notify me" if lang == "en" else "通知を受け取る"
    )
    context.grant_permissions(["notifications"], origin=base)
    page.click(".notify-ask")
    expect(page.locator(".notify-state")).to_have_text("Notices on" if lang == "en" else "通知オン")
    other = context.new_page()  # the other person: nothing waits for them
    waiting_not = "Ben" if name == "Aki" else "Aki"
    as_person(other, world["tokens"][waiting_not], waiting_not, lang)
    other.goto(f"{base}/#/tables/mine")
    expect(other.locator(f".all-tables li[data-table='{world['slow']}']")).to_be_visible()
    expect(other.locator(".turns-badge")).to_have_count(0)
    assert not other.title().startswith("(")


def test_the_lobby_makes_a_rated_table_and_refuses_bots_at_one(
    page: Page, world: dict[str, Any]
) -> None:
    base = world["base"]
    page.goto(f"{base}/#/")
    page.fill(".name-field input", "Eri")
    page.select_option("#create-game", GAME)
    page.select_option(".create-form select[name=players]", "2")
    page.select_option("#seat-1", "bot")
    page.check(".create-form input[name=rated]")
    page.click(".create-submit")
    expect(page.locator(".create-form .error")).to_contain_text("no bot seats")
    page.click(".lang-switch")
    page.click(".create-submit")
    expect(page.locator(".create-form .error")).to_contain_text("ボットの席は置けません")
    page.select_option("#seat-1", "open")
    page.click(".create-submit")
    page.wait_for_selector(".table-page")
    table_id = page.url.split("#/table/")[1]
    assert httpx.get(f"{base}/api/tables/{table_id}").json()["rated"] is True
