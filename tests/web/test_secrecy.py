"""A seat's page and a spectator's page never hold another seat's hidden cards: every websocket
frame they receive is exactly what the server gives that viewer (its prompt at that ply, its own
entries), and the other seats' hands, read from the server with those seats' own credentials,
appear in none of the frames and nowhere in the page."""

from __future__ import annotations

import json
import re
from typing import Any

import httpx
from playwright.sync_api import Browser, Page
from webkit import frames, new_table, open_move_list, seat_prompt, stored_seat, wait_for_ply

GAME = "koremon_trick"
PLIES = 15  # five tricks of three cards: hands shrink, cards change hands


def join(base: str, table_id: str, invite: str, name: str) -> str:
    token = httpx.post(f"{base}/api/guests", json={"name": name}).json()["token"]
    answer = httpx.post(
        f"{base}/api/tables/{table_id}/join",
        json={"invite": invite},
        headers={"Authorization": f"Bearer {token}"},
    )
    assert answer.status_code == 200, answer.text
    return answer.json()["credential"]  # type: ignore[no-any-return]


def events(base: str, table_id: str, credential: str | None) -> list[dict[str, Any]]:
    headers = {"X-Seat-Credential": credential} if credential else {}
    return httpx.get(f"{base}/api/tables/{table_id}/events", headers=headers).json()  # type: ignore[no-any-return]


def updates(received: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [frame for frame in received if frame.get("type") == "update"]


def page_text(page: Page) -> str:
    return page.evaluate("() => document.documentElement.outerHTML + document.body.innerText")  # type: ignore[no-any-return]


def test_seat_and_spectator_pages_never_hold_another_seats_hand(
    web_server: str, browser: Browser
) -> None:
    seat_context = browser.new_context(locale="en-US")
    watch_context = browser.new_context(locale="en-US")
    seat_page, watch_page = seat_context.new_page(), watch_context.new_page()
    seat_frames = frames(seat_page)
    watch_frames = frames(watch_page)
    table_id = new_table(seat_page, web_server, GAME, 3, ["me", "open", "open"])
    mine = stored_seat(seat_page, table_id)
    credentials: list[str | None] = [
        mine["credential"],
        join(web_server, table_id, mine["invite"], "Ben"),
        join(web_server, table_id, mine["invite"], "Chie"),
    ]
    watch_page.goto(f"{web_server}/#/table/{table_id}")
    open_move_list(seat_page)

    seen_prompts: dict[str, dict[int, list[Any]]] = {"seat": {}, "watch": {}}
    other_hands: list[list[str]] = []
    told = {"seat": "", "watch": ""}  # everything each viewer was told over HTTP so far
    for ply in range(PLIES + 1):
        wait_for_ply(seat_page, ply)
        wait_for_ply(watch_page, ply)
        prompts = [seat_prompt(web_server, table_id, credential) for credential in credentials]
        spectator = seat_prompt(web_server, table_id, None)
        seen_prompts["seat"].setdefault(ply, []).append(prompts[0])
        seen_prompts["watch"].setdefault(ply, []).append(spectator)
        assert updates(seat_frames)[-1]["prompt"] == prompts[0]
        assert updates(watch_frames)[-1]["prompt"] == spectator
        hands = [prompt["view"]["hand"] for prompt in prompts[1:]]
        other_hands.extend(hands)
        own_words = json.dumps([prompts[0], events(web_server, table_id, credentials[0])])
        told["seat"] += own_words
        watch_words = json.dumps([spectator, events(web_server, table_id, None)])
        told["watch"] += watch_words
        for name, page, received, allowed in (
            ("seat", seat_page, seat_frames, own_words),
            ("watch", watch_page, watch_frames, watch_words),
        ):
            text = page_text(page)
            wire = json.dumps(received, ensure_ascii=False)
            for hand in hands:
                # Another seat's hand on the wire is a leak, unless this viewer was told the same
                # list itself (its own hand, once, held the same cards: duplicates are many).
                if json.dumps(hand) in wire or ", ".join(hand) in text:
                    assert json.dumps(hand) in told[name], hand
                # a card only another seat holds, and this viewer was never told of
                for card in set(hand) - set(re.findall(r"[a-z_]+", allowed)):
                    assert not re.search(rf"\b{card}\b", text), card
                    assert not re.search(rf"\b{card}\b", wire), card
        if ply == PLIES:
            break
        pending = prompts[0]["pending"][0]
        if pending == 0:
            seat_page.locator(".move-list button").first.click()
        else:
            action = prompts[pending]["actions"][0]["notation"]
            answer = httpx.post(
                f"{web_server}/api/tables/{table_id}/moves",
                json={"action": action, "expected_ply": ply},
                headers={"X-Seat-Credential": credentials[pending]},
            )
            assert answer.json()["status"] == "applied", answer.text

    assert len(other_hands) == 2 * (PLIES + 1)
    for name, received, credential in (
        ("seat", seat_frames, credentials[0]),
        ("watch", watch_frames, None),
    ):
        for frame in updates(received):  # every frame, not only the last at each ply
            assert frame["prompt"] in seen_prompts[name][frame["ply"]]
            if name == "watch":
                assert not frame["prompt"]["view"].get("hand")  # a spectator holds no cards
        sent = [entry for frame in updates(received) for entry in frame["events"]]
        assert sent == events(web_server, table_id, credential)
        assert not [frame for frame in received if frame.get("type") == "error"]
    seat_context.close()
    watch_context.close()
