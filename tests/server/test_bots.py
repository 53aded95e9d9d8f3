"""Bots on the server: they finish a game of each of the six games through the same move path,
seeded per (table seed, seat, ply) so a table replays; the search levels think in worker
processes."""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient
from serverkit import guest, new_table, prompt, seat_header, wait_for_bots

from bodoge.ai import make_bot
from bodoge.engine import Match, game_ids, get_game
from bodoge.server.runners.thinking import bot_seed


@pytest.mark.parametrize("game", game_ids())
def test_random_bots_finish_a_game(client: TestClient, game: str) -> None:
    players = get_game(game).info.min_players
    created = new_table(client, guest(client), game, [{"kind": "bot", "level": "random"}] * players)
    table_id = created["table"]["id"]
    assert created["table"]["status"] == "playing" and created["seat"] is None
    wait_for_bots(client)
    info = client.get(f"/api/tables/{table_id}").json()
    assert info["status"] == "over"
    assert prompt(client, table_id)["over"]  # a spectator sees the end
    record = client.get(f"/api/tables/{table_id}/record").text
    replayed = Match.from_record(record)
    assert replayed.ply == info["ply"] and replayed.is_over()
    assert all(entry.by == "bot:random" for entry in replayed.log)
    # The record names its seats as the page does.
    assert replayed.names == [f"Bot {n} (Random)" for n in range(1, players + 1)]
    # Each decision is the one a bot seeded by (table seed, seat, ply) makes: the table replays.
    again = Match(game, players, replayed.options, replayed.seed)
    for entry in replayed.log:
        seed = bot_seed(replayed.seed, entry.seat, again.ply)
        assert make_bot("random", seed).choose(again.state, entry.seat) == entry.action
        again.apply(entry.seat, entry.action)


def test_a_person_plays_against_a_search_bot(client: TestClient) -> None:
    """Trick the Monster with one "easy" bot (thinking in the process pool), one random bot and
    a person who plays the first card listed; the bots answer every time it is their turn."""
    created = new_table(
        client,
        guest(client),
        "koremon_trick",
        [{"kind": "me"}, {"kind": "bot", "level": "easy"}, {"kind": "bot", "level": "random"}],
    )
    table_id, credential = created["table"]["id"], created["credential"]
    for made in range(200):
        wait_for_bots(client)
        mine = prompt(client, table_id, credential)
        if mine["over"]:
            break
        assert mine["pending"] and 0 in mine["pending"]  # the bots never leave it waiting
        answer = client.post(
            f"/api/tables/{table_id}/moves",
            headers=seat_header(credential),
            json={
                "action": mine["actions"][0]["id"],
                "expected_ply": mine["ply"],
                "client_key": f"k{made}",
            },
        )
        assert answer.status_code == 200, answer.text
    record = Match.from_record(client.get(f"/api/tables/{table_id}/record").text)
    assert {entry.by for entry in record.log if entry.seat == 1} == {"bot:easy"}
    assert {entry.by for entry in record.log if entry.seat == 0} == {None}
