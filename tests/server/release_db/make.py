"""Make the database of a bodoge release for tests/server/test_release_upgrade.py: run it with
that release's source first on the path, e.g. for the release at commit be5dbd1 (migration 0004):

    git worktree add /tmp/release be5dbd1
    PYTHONPATH=/tmp/release/src python tests/server/release_db/make.py tests/server/release_db

It writes `bodoge.sqlite3` (made by that release's own server) and `expected.json`: the guests'
tokens, the seats' credentials, and what the release answered for every table, which the
current server must still answer after migrating the file."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

from fastapi.testclient import TestClient

from bodoge.server.app import create_app
from bodoge.server.config import Settings


def main() -> None:
    out = Path(sys.argv[1])
    (out / "bodoge.sqlite3").unlink(missing_ok=True)
    settings = Settings(data_dir=out, bot_delay=0, stand_in_level="random")
    expected: dict[str, Any] = {"guests": {}, "tables": {}}
    with TestClient(create_app(settings)) as client:

        def guest(name: str) -> dict[str, str]:
            made = client.post("/api/guests", json={"name": name}).json()
            expected["guests"][made["token"]] = {"id": made["id"], "name": name}
            return {"Authorization": f"Bearer {made['token']}"}

        def table(owner: dict[str, str], game: str, seats: list[dict[str, Any]]) -> dict[str, Any]:
            body = {"game": game, "players": len(seats), "seats": seats, "public": True}
            answer = client.post("/api/tables", headers=owner, json=body)
            assert answer.status_code == 200, answer.text
            return answer.json()  # type: ignore[no-any-return]

        aki, ben, cho = guest("Aki"), guest("Ben"), guest("ちょう")
        # a game of bots played to its end
        finished = table(aki, "koremon_evolution", [{"kind": "bot", "level": "random"}] * 2)
        client.portal.call(client.app.state.server.idle)  # type: ignore[attr-defined,union-attr]
        # two people half-way through a game
        playing = table(aki, "collect", [{"kind": "me"}, {"kind": "open"}])
        playing_id = playing["table"]["id"]
        joined = client.post(f"/api/tables/{playing_id}/join", headers=ben, json={}).json()
        credentials = [playing["credential"], joined["credential"]]
        for ply in range(6):
            pending = client.get(f"/api/tables/{playing_id}/prompt").json()["pending"][0]
            seat = {"X-Seat-Credential": credentials[pending]}
            prompt = client.get(f"/api/tables/{playing_id}/prompt", headers=seat).json()
            body = {"action": prompt["actions"][0]["id"], "expected_ply": ply}
            moved = client.post(f"/api/tables/{playing_id}/moves", headers=seat, json=body)
            assert moved.status_code == 200, moved.text
        # a table waiting for a friend
        waiting = table(cho, "monster_hex", [{"kind": "me"}, {"kind": "open"}])
        for made, seats in (
            (finished, []),
            (playing, credentials),
            (waiting, [waiting["credential"]]),
        ):
            table_id = made["table"]["id"]
            info = client.get(f"/api/tables/{table_id}").json()
            expected["tables"][table_id] = {
                "game": info["game"],
                "status": info["status"],
                "credentials": seats,
                "prompts": [
                    client.get(
                        f"/api/tables/{table_id}/prompt", headers={"X-Seat-Credential": each}
                    ).json()
                    for each in seats
                ],
                "record": client.get(f"/api/tables/{table_id}/record").text
                if info["status"] == "over"
                else None,
            }
    (out / "expected.json").write_text(json.dumps(expected, ensure_ascii=False, indent=1) + "\n")


if __name__ == "__main__":
    main()
