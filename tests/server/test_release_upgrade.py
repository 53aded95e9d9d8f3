"""A database made by the previous release (commit be5dbd1, migration 0004; made by
release_db/make.py with that release's own server) is migrated at start and keeps every
guest and table: each guest's token is the same guest, each table answers as the release
answered (its status, each seat's prompt, a finished game's record), and a game in play goes
on with the seats' old credentials."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

from fastapi.testclient import TestClient
from sqlalchemy import create_engine, text

from bodoge.server.app import create_app
from bodoge.server.config import DATABASE_FILE, Settings

RELEASE = Path(__file__).resolve().parent / "release_db"


def seat(credential: str) -> dict[str, str]:
    return {"X-Seat-Credential": credential}


def same_prompt(now: dict[str, Any], then: dict[str, Any]) -> None:
    for key in ("ply", "pending", "view"):
        assert now[key] == then[key], key
    assert [a["notation"] for a in now["actions"]] == [a["notation"] for a in then["actions"]]


def test_a_release_database_keeps_every_guest_and_table(tmp_path: Path) -> None:
    shutil.copy(RELEASE / DATABASE_FILE, tmp_path / DATABASE_FILE)
    expected = json.loads((RELEASE / "expected.json").read_text())
    settings = Settings(data_dir=tmp_path, bot_delay=0, stand_in_level="random")
    with TestClient(create_app(settings)) as client:
        for token, who in expected["guests"].items():
            me = client.get("/api/me", headers={"Authorization": f"Bearer {token}"})
            assert me.status_code == 200, me.text
            assert (me.json()["id"], me.json()["name"]) == (who["id"], who["name"])
        for table_id, then in expected["tables"].items():
            info = client.get(f"/api/tables/{table_id}").json()
            assert (info["game"], info["status"]) == (then["game"], then["status"])
            for credential, prompt in zip(then["credentials"], then["prompts"], strict=True):
                answer = client.get(f"/api/tables/{table_id}/prompt", headers=seat(credential))
                assert answer.status_code == 200, answer.text
                same_prompt(answer.json(), prompt)
            if then["record"] is not None:
                assert client.get(f"/api/tables/{table_id}/record").text == then["record"]
        # the game in play goes on: its seat to move moves with the release's credential
        table_id, then = next(
            (key, value)
            for key, value in expected["tables"].items()
            if value["status"] == "playing"
        )
        mover = then["prompts"][0]["pending"][0]
        prompt = then["prompts"][mover]
        body = {"action": prompt["actions"][0]["id"], "expected_ply": prompt["ply"]}
        moved = client.post(
            f"/api/tables/{table_id}/moves", headers=seat(then["credentials"][mover]), json=body
        )
        assert moved.status_code == 200, moved.text
    # and the file now has the newest schema, without a row lost
    engine = create_engine(settings.sync_url())
    try:
        with engine.connect() as connection:
            assert connection.execute(text("SELECT count(*) FROM players")).scalar() == len(
                expected["guests"]
            )
            assert connection.execute(text("SELECT count(*) FROM tables")).scalar() == len(
                expected["tables"]
            )
    finally:
        engine.dispose()
