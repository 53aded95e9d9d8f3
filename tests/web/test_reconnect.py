"""A table page whose connection drops reconnects by itself, from its last ply: it gets exactly
the entries it missed (its log then equals a freshly opened page's) and its moves go on."""

from __future__ import annotations

import json
from typing import Any

import httpx
from playwright.sync_api import Browser, WebSocketRoute, expect
from webkit import new_table, stored_seat, wait_for_ply


def test_a_dropped_page_reconnects_and_gets_what_it_missed(
    web_server: str, browser: Browser
) -> None:
    context = browser.new_context(locale="en-US")
    page = context.new_page()
    routes: list[WebSocketRoute] = []
    hellos: list[dict[str, Any]] = []

    def through(route: WebSocketRoute) -> None:  # every socket goes through the test, to cut it
        server = route.connect_to_server()

        def forward(message: str | bytes) -> None:
            if isinstance(message, str) and '"auth"' in message:
                hellos.append(json.loads(message))
            server.send(message)

        route.on_message(forward)
        routes.append(route)

    page.route_web_socket(lambda url: "/ws/tables/" in url, through)
    table_id = new_table(page, web_server, "koremon_evolution", 2, ["me", "open"])
    mine = stored_seat(page, table_id)
    token = httpx.post(f"{web_server}/api/guests", json={"name": "Ben"}).json()["token"]
    ben = httpx.post(
        f"{web_server}/api/tables/{table_id}/join",
        json={"invite": mine["invite"]},
        headers={"Authorization": f"Bearer {token}"},
    ).json()["credential"]
    wait_for_ply(page, 0)
    seats = {0: mine["credential"], 1: ben}

    def refuse(route: WebSocketRoute) -> None:  # while "offline": sockets open and close at once
        route.close(code=4001, reason="offline")

    def play_http(seat: int) -> None:
        prompt = httpx.get(
            f"{web_server}/api/tables/{table_id}/prompt", headers={"X-Seat-Credential": seats[seat]}
        ).json()
        answer = httpx.post(
            f"{web_server}/api/tables/{table_id}/moves",
            json={"action": prompt["actions"][0]["notation"], "expected_ply": prompt["ply"]},
            headers={"X-Seat-Credential": seats[seat]},
        )
        assert answer.status_code == 200, answer.text

    for _ in range(2):  # two moves the page sees
        info = httpx.get(f"{web_server}/api/tables/{table_id}/prompt").json()
        play_http(info["pending"][0])
    wait_for_ply(page, 2)
    page.route_web_socket(lambda url: "/ws/tables/" in url, refuse)
    routes[-1].close(code=4000, reason="cut by the test")
    expect(page.locator(".online")).to_be_visible()  # the page says it is reconnecting
    for _ in range(4):  # both seats move over HTTP while the page is away
        info = httpx.get(f"{web_server}/api/tables/{table_id}/prompt").json()
        play_http(info["pending"][0])
    page.route_web_socket(lambda url: "/ws/tables/" in url, through)
    wait_for_ply(page, 6)
    expect(page.locator(".online")).to_be_hidden()
    assert len(routes) >= 2  # a new socket, not a reload
    assert [hello["last_ply"] for hello in hellos] == [0, 2]  # it asked only for what it missed

    fresh = context.new_page()
    fresh.goto(f"{web_server}/#/table/{table_id}")
    wait_for_ply(fresh, 6)
    assert page.locator(".log li").all_inner_texts() == fresh.locator(".log li").all_inner_texts()
    assert page.locator(".log li").count() == 6
    context.close()
