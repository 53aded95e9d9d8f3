"""Ratings through the HTTP API, on SQLite and PostgreSQL: a rated table of accounts played to
its end rates every seat (openskill's own numbers), in the transaction of the last move; unrated,
bot and guest tables change nothing; a leaver ranks last; the boards, the profile, a person's
tables across devices and the turn notices read what is stored."""

from __future__ import annotations

import dataclasses
import threading
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import pytest
from accountkit import add_device, cheap, make_account
from fastapi.testclient import TestClient
from openskill.models import PlackettLuce
from ratedkit import GAME, bearer, changes, play_out, rated_table, result
from serverkit import guest, move, new_table, prompt, seat_header, wait_for_bots
from sqlalchemy import create_engine, update

from bodoge.cli.main import main
from bodoge.server.app import create_app
from bodoge.server.config import Settings
from bodoge.server.store.models import RatingRow


@pytest.fixture
def settings(settings: Settings) -> Settings:
    # argon2 at a test's cost (accountkit.cheap); whole games over HTTP make more requests
    # from one address than the default burst of the rate limit allows
    return dataclasses.replace(cheap(settings), rate_limit_burst=1_000_000)


def test_a_rated_table_of_accounts_rates_both_as_openskill_does(client: TestClient) -> None:
    (aki, aki_id), (ben, ben_id) = make_account(client, "Aki"), make_account(client, "Ben")
    table_id, credentials = rated_table(client, [aki, ben])
    assert client.get(f"/api/tables/{table_id}").json()["rated"] is True
    play_out(client, table_id, credentials)
    ranks = result(client, table_id, credentials[0])["ranks"]
    model = PlackettLuce()
    expected = model.rate([[model.rating()], [model.rating()]], ranks=ranks)
    found = changes(client, table_id)
    assert [row["account_id"] for row in found] == [aki_id, ben_id]
    for row, (want,) in zip(found, expected, strict=True):
        assert (row["after"]["mu"], row["after"]["sigma"]) == (want.mu, want.sigma)
        assert row["before"]["mu"] == model.mu and row["rank"] == ranks[row["seat"]]
    board = client.get(f"/api/ratings/{GAME}").json()
    assert board["min_games"] == 5 and board["players"] == []  # one game is not enough
    profile = client.get(f"/api/players/{aki_id}").json()
    assert profile["name"] == "Aki"
    (rating,) = profile["games"]
    assert rating["games"] == 1 and rating["mu"] == found[0]["after"]["mu"]
    assert rating["wins"] == (1 if ranks[0] == 1 else 0)
    assert [change["table_id"] for change in rating["history"]] == [table_id]
    assert profile["recent"][0]["table_id"] == table_id
    assert client.get("/api/players/Ben").json()["account_id"] == ben_id  # by display name
    listed = client.get("/api/finished", params={"game": GAME}).json()
    assert [table["table_id"] for table in listed] == [table_id]
    assert listed[0]["names"] == {"en": ["Aki", "Ben"], "ja": ["Aki", "Ben"]}
    assert client.get("/api/finished", params={"game": "collect"}).json() == []


def test_lists_name_bots_as_the_table_does(client: TestClient) -> None:
    """The finished list names a seat as the table's own info does ("Bot 2 (Random)")."""
    bots = [{"kind": "bot", "level": "random"}] * 2
    table_id = new_table(client, guest(client), GAME, bots, public=True)["table"]["id"]
    wait_for_bots(client)
    (listed,) = client.get("/api/finished", params={"game": GAME}).json()
    assert listed["table_id"] == table_id
    assert listed["names"] == client.get(f"/api/tables/{table_id}").json()["names"]
    assert listed["names"]["en"] == ["Bot 1 (Random)", "Bot 2 (Random)"]
    assert listed["names"]["ja"] == ["ボット1（ランダム）", "ボット2（ランダム）"]


def test_unrated_bot_and_guest_tables_change_nothing(client: TestClient) -> None:
    (aki, aki_id), (ben, _) = make_account(client, "Aki"), make_account(client, "Ben")
    unrated, credentials = rated_table(client, [aki, ben], rated=False)
    play_out(client, unrated, credentials)
    guest_token = guest(client, "Cho")["Authorization"].split()[1]
    with_guest, credentials = rated_table(client, [aki, guest_token])
    play_out(client, with_guest, credentials)
    assert changes(client, unrated) == [] and changes(client, with_guest) == []
    missing = client.get("/api/tables/no-such-table/ratings")
    assert missing.status_code == 404 and missing.json()["error"]["code"] == "not_found"
    assert client.get(f"/api/players/{aki_id}").json()["games"] == []
    refused = client.post(
        "/api/tables",
        headers=bearer(aki),
        json={"game": GAME, "players": 2, "seats": [{"kind": "me"}, {"kind": "bot",
              "level": "random"}], "rated": True},
    )  # fmt: skip
    assert refused.status_code == 422
    assert refused.json()["error"]["code"] == "rated_with_bots"
    assert refused.json()["error"]["message"]["ja"]


def test_a_leaver_ranks_last(client: TestClient) -> None:
    tokens = [make_account(client, name)[0] for name in ("Aki", "Ben", "Cho")]
    table_id, credentials = rated_table(client, tokens)
    left = client.post(f"/api/tables/{table_id}/leave", headers=seat_header(credentials[0]))
    assert left.status_code == 200, left.text
    play_out(client, table_id, [None, credentials[1], credentials[2]])
    found = changes(client, table_id)
    assert len(found) == 3
    assert found[0]["rank"] == 3 and all(row["rank"] < 3 for row in found[1:])
    assert found[0]["after"]["mu"] < found[0]["before"]["mu"]


def test_a_person_finds_their_tables_and_turns_across_devices(client: TestClient) -> None:
    (aki, aki_id), (ben, _) = make_account(client, "Aki"), make_account(client, "Ben")
    laptop = add_device(client, "Aki", aki_id)
    table_id, credentials = rated_table(client, [aki, ben])
    mine = client.get("/api/me/tables", headers=bearer(laptop)).json()
    assert [table["table_id"] for table in mine] == [table_id]
    pending = prompt(client, table_id, credentials[0])["pending"]
    waiting = client.get("/api/me/waiting", headers=bearer(laptop)).json()
    assert [table["table_id"] for table in waiting] == ([table_id] if 0 in pending else [])
    ben_waiting = client.get("/api/me/waiting", headers=bearer(ben)).json()
    assert [table["table_id"] for table in ben_waiting] == ([table_id] if 1 in pending else [])
    assert client.get("/api/me/waiting").status_code == 401


def test_teams_are_rated_as_openskill_rates_them_and_recompute_rebuilds_them(
    client: TestClient, capsys: Any
) -> None:
    accounts = [make_account(client, name) for name in ("Aki", "Ben", "Cho", "Dai")]
    tokens = [token for token, _ in accounts]
    teams, credentials = rated_table(client, tokens, "collect", options={"team_mode": "on"})
    play_out(client, teams, credentials)
    view = result(client, teams, credentials[0])
    model = PlackettLuce()
    sides = view["teams"]
    ranks = [min(view["ranks"][seat] for seat in side) for side in sides]
    expected = model.rate([[model.rating() for _ in side] for side in sides], ranks=ranks)
    found = {row["seat"]: row for row in changes(client, teams)}
    for side, rated in zip(sides, expected, strict=True):
        for seat, want in zip(sorted(side), rated, strict=True):
            assert (found[seat]["after"]["mu"], found[seat]["after"]["sigma"]) == (
                want.mu,
                want.sigma,
            )
    # a second game from those ratings, then the recompute gives the same numbers
    again, credentials = rated_table(client, tokens[:2])
    play_out(client, again, credentials)
    url = client.app.state.server.settings.sync_url()  # type: ignore[attr-defined]
    assert main(["ratings", "recompute", "--check", "--db", url]) == 0
    assert "2 rated results replayed, 6 ratings rebuilt, 0 stored numbers differed" in (
        capsys.readouterr().out
    )
    engine = create_engine(url)
    with engine.begin() as connection:  # a rating changed behind the model's back
        connection.execute(update(RatingRow).values(mu=RatingRow.mu + 1))
    engine.dispose()
    assert main(["ratings", "recompute", "--check", "--db", url]) == 1
    assert main(["ratings", "recompute", "--db", url]) == 0
    assert main(["ratings", "recompute", "--check", "--db", url]) == 0
    aki = client.get(f"/api/players/{accounts[0][1]}").json()["games"]
    assert {rating["game"] for rating in aki} == {"collect", GAME}
    capsys.readouterr()
    assert main(["ratings", "top", "collect", "--min-games", "1", "--db", url]) == 0
    printed = capsys.readouterr().out
    assert all(name in printed for name in ("Aki", "Ben", "Cho", "Dai"))


def test_two_servers_finishing_one_table_at_once_rate_it_once(settings: Settings) -> None:
    """The last move sent to two servers on one database at the same moment: one is applied,
    and the table is rated once (two history rows, one game each)."""
    with TestClient(create_app(settings)) as a, TestClient(create_app(settings)) as b:
        (aki, aki_id), (ben, _) = make_account(a, "Aki"), make_account(a, "Ben")
        table_id, credentials = rated_table(a, [aki, ben])
        server = a.app.state.server  # type: ignore[attr-defined]
        while True:  # play up to the move that ends the game
            current = prompt(a, table_id, credentials[0])
            seat = current["pending"][0]
            action = prompt(a, table_id, credentials[seat])["actions"][0]["notation"]
            trial = server.cache.cached(table_id).match.clone()
            trial.apply(seat, action)
            if trial.is_over():
                break
            assert move(a, table_id, credentials[seat], action, current["ply"]).status_code == 200
        assert not prompt(b, table_id, credentials[seat])["over"]  # b holds the table too
        start = threading.Barrier(2)

        def finish(client: TestClient, key: str) -> Any:
            start.wait()
            return move(client, table_id, credentials[seat], action, current["ply"], key)

        with ThreadPoolExecutor(2) as pool:
            answers = list(pool.map(finish, [a, b], ["from-a", "from-b"]))
        assert sorted(answer.json()["status"] for answer in answers)[0] == "applied"
        assert [answer.json()["status"] for answer in answers].count("applied") == 1
        assert len(changes(a, table_id)) == 2
        (rating,) = a.get(f"/api/players/{aki_id}").json()["games"]
        assert rating["games"] == 1


def test_an_unlisted_table_stays_out_of_profiles_and_lists(client: TestClient) -> None:
    (aki, aki_id), (ben, _) = make_account(client, "Aki"), make_account(client, "Ben")
    created = new_table(
        client, bearer(aki), GAME, [{"kind": "me"}, {"kind": "open"}], rated=True, public=False
    )
    table_id, invite = created["table"]["id"], created["invite"]
    joined = client.post(
        f"/api/tables/{table_id}/join", headers=bearer(ben), json={"invite": invite}
    )
    play_out(client, table_id, [created["credential"], joined.json()["credential"]])
    assert len(changes(client, table_id)) == 2  # rated all the same
    profile = client.get(f"/api/players/{aki_id}").json()
    assert profile["recent"] == [] and profile["games"][0]["games"] == 1
    assert profile["games"][0]["history"][0]["table_id"] is None
    assert table_id not in str(profile)
    assert client.get("/api/finished").json() == []
    mine = client.get("/api/me/tables", headers=bearer(aki)).json()
    assert [table["table_id"] for table in mine] == [table_id]  # the person's own list has it
