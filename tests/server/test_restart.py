"""A restart: a new app on the same database rebuilds every table from its log and goes on; a
move resent with the same client key after the restart is answered "duplicate"."""

from __future__ import annotations

from dataclasses import replace

from fastapi.testclient import TestClient
from serverkit import (
    guest,
    move,
    new_table,
    play_first_actions,
    prompt,
    seat_header,
    two_people,
    wait_for_bots,
)

from bodoge.engine import Match
from bodoge.server.app import create_app
from bodoge.server.config import Settings


def test_a_new_app_rebuilds_every_table_and_goes_on(settings: Settings) -> None:
    slow_bots = replace(settings, bot_delay=3600)  # the bot is still "thinking" at the stop
    with TestClient(create_app(slow_bots)) as before:
        people, creds = two_people(before, "monster_hex")
        last = None
        for made in range(6):
            current = prompt(before, people, creds[0])
            seat = current["pending"][0]
            mine = prompt(before, people, creds[seat])
            action = mine["actions"][-1]["id"]
            last = (seat, action, mine["ply"], f"key{made}")
            answer = move(before, people, creds[seat], action, mine["ply"], f"key{made}")
            assert answer.status_code == 200
        first_answer = answer.json()
        prompts = [prompt(before, people, credential) for credential in creds]
        events = before.get(f"/api/tables/{people}/events", headers=seat_header(creds[1])).json()
        vs_bot = new_table(
            before,
            guest(before),
            "koremon_evolution",
            [{"kind": "me"}, {"kind": "bot", "level": "random"}],
        )
        bot_table, mine_cred = vs_bot["table"]["id"], vs_bot["credential"]
        for _ in range(50):  # play until it is the bot's turn
            opening = prompt(before, bot_table, mine_cred)
            if opening["pending"] != [0]:
                break
            action = opening["actions"][0]["id"]
            assert move(before, bot_table, mine_cred, action, opening["ply"]).status_code == 200
        waiting_at = prompt(before, bot_table, mine_cred)
        assert waiting_at["pending"] == [1]
        waiting = new_table(before, guest(before), "collect", [{"kind": "me"}, {"kind": "open"}])
    with TestClient(create_app(settings)) as after:
        assert [prompt(after, people, credential) for credential in creds] == prompts
        assert (
            after.get(f"/api/tables/{people}/events", headers=seat_header(creds[1])).json()
            == events
        )
        seat, action, ply, key = last  # type: ignore[misc]
        again = move(after, people, creds[seat], action, ply, key)
        assert again.status_code == 200
        assert again.json() == {**first_answer, "status": "duplicate"}
        # The bot whose turn it was at the stop goes on, and the game can be finished.
        wait_for_bots(after)
        assert prompt(after, bot_table, mine_cred)["ply"] > waiting_at["ply"]
        play_first_actions(after, people, creds)
        record = Match.from_record(after.get(f"/api/tables/{people}/record").text)
        assert record.is_over()
        info = after.get(f"/api/tables/{waiting['table']['id']}").json()
        assert info["status"] == "waiting"
        joined = after.post(
            f"/api/tables/{waiting['table']['id']}/join", headers=guest(after, "Ben"), json={}
        )
        assert joined.status_code == 200
        assert after.get(f"/api/tables/{waiting['table']['id']}").json()["status"] == "playing"
