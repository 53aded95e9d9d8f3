"""A trained policy seated by the server (issue 17): only the server's configuration names it
(`bodoge serve --policy NAME=FILE.json`); the lobby offers NAME as a bot level, and the policy
decides in the bot workers through the same move path."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from serverkit import guest, new_table, wait_for_bots

from bodoge.cli.serve import policy_bots
from bodoge.engine import InvalidOptions, Match, get_game
from bodoge.engine.registry import spec_of
from bodoge.server.app import create_app
from bodoge.server.config import Settings


def policy_file(tmp_path: Path) -> Path:
    game = get_game("koremon_evolution")
    observer = spec_of(game).observer(2, {})
    assert observer is not None
    actions = game.num_actions(2, {})
    data = {
        "format": "bodoge-linear-policy", "version": 1, "game": "koremon_evolution",
        "players": 2, "options": {}, "observation_size": observer.size, "num_actions": actions,
        "weights": [[0.0] * observer.size for _ in range(actions)], "bias": [0.0] * actions,
    }  # fmt: skip
    path = tmp_path / "trained.json"
    path.write_text(json.dumps(data))
    return path


def test_a_configured_policy_is_a_bot_level_and_plays(settings: Settings, tmp_path: Path) -> None:
    configured = Settings(
        **{**settings.__dict__, "policy_bots": policy_bots([f"trained={policy_file(tmp_path)}"])}
    )
    with TestClient(create_app(configured)) as client:
        games = {game["id"]: game for game in client.get("/api/games").json()}
        assert "trained" in games["koremon_evolution"]["bots"]
        seats = [{"kind": "bot", "level": "trained"}, {"kind": "bot", "level": "random"}]
        created = new_table(client, guest(client), "koremon_evolution", seats)
        wait_for_bots(client)
        table_id = created["table"]["id"]
        assert client.get(f"/api/tables/{table_id}").json()["status"] == "over"
        record = Match.from_record(client.get(f"/api/tables/{table_id}/record").text)
        assert {entry.by for entry in record.log if entry.seat == 0} == {"bot:trained"}


def test_without_configuration_the_level_is_refused(client: TestClient) -> None:
    seats = [{"kind": "bot", "level": "trained"}, {"kind": "bot", "level": "random"}]
    answer = client.post(
        "/api/tables",
        headers=guest(client),
        json={"game": "koremon_evolution", "players": 2, "seats": seats},
    )
    assert answer.status_code == 422 and answer.json()["error"]["code"] == "bad_request"


@pytest.mark.parametrize(
    ("pair", "message"),
    [
        ("normal=x.json", "new name"),
        ("trained", "NAME=FILE.json"),
        ("t=/no/file.json", "cannot read"),
    ],
)
def test_bad_policy_settings_fail_at_start(pair: str, message: str) -> None:
    with pytest.raises((InvalidOptions, Exception), match=message):
        policy_bots([pair])
