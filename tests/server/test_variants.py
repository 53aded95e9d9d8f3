"""The studio on the server (SQLite and PostgreSQL): variants made, checked, versioned, private /
unlisted / public, exported as TOML; a table with a variant played against a bot; balance runs
in worker processes equal to `bodoge simulate` on the exported TOML, bounded, cancelled."""

from __future__ import annotations

import copy
import json
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from serverkit import guest, play_first_actions, seat_header

from bodoge.engine import get_spec
from bodoge.engine.variants import parse_toml, to_toml

ROOT = Path(__file__).resolve().parents[2]


def variant_content() -> dict[str, Any]:
    """The built-in content with the red 3 tile worth 2 and one unit's edges changed."""
    content = get_spec("monster_hex").variants.builtin()  # type: ignore[union-attr]
    content["stones"]["tile"][1]["value"] = 2
    content["units"]["unit"][9]["edges"] = [1, 1, 1, 1, 1, 2]
    return content


def collect_content(**counts: int) -> dict[str, Any]:
    """Collect!'s built-in counts per animal, some changed."""
    content = get_spec("collect").variants.builtin()  # type: ignore[union-attr]
    for item in content["animals"]["animal"]:
        item["count"] = counts.get(item["key"], item["count"])
    return content


def make_variant(client: TestClient, headers: dict[str, str], **extra: Any) -> dict[str, Any]:
    body = {"game": "monster_hex", "name": "Low red", "content": variant_content(), **extra}
    answer = client.post("/api/variants", headers=headers, json=body)
    assert answer.status_code == 200, answer.text
    return answer.json()  # type: ignore[no-any-return]


def wait_run(client: TestClient, headers: dict[str, str], run_id: str) -> dict[str, Any]:
    for _ in range(600):
        found = client.get(f"/api/balance/{run_id}", headers=headers).json()
        if found["status"] != "running":
            return found  # type: ignore[no-any-return]
        time.sleep(0.2)
    raise AssertionError("the run did not end")


def test_check_names_the_field_in_both_languages(client: TestClient) -> None:
    me = guest(client)
    bad = variant_content()
    bad["stones"]["tile"][0]["value"] = 10**9
    answer = client.post(
        "/api/variants/check", headers=me, json={"game": "monster_hex", "content": bad}
    ).json()
    assert answer["ok"] is False
    problem = answer["problems"][0]
    assert problem["field"] == "stones.tile[0].value"
    assert problem["en"] and problem["ja"] and problem["en"] != problem["ja"]
    good = client.post(
        "/api/variants/check",
        headers=me,
        json={"game": "monster_hex", "content": variant_content()},
    ).json()
    assert good["ok"] is True
    assert {line["field"] for line in good["differences"]} == {"stones.tile[1]", "units.unit[9]"}
    # saving refused content is the same refusal, with the stable code
    refused = client.post(
        "/api/variants", headers=me, json={"game": "monster_hex", "name": "x", "content": bad}
    )
    assert refused.status_code == 422
    assert refused.json()["error"]["code"] == "invalid_content"
    # a path where content belongs
    options = {"content": "/etc"}
    seats = [{"kind": "me"}, {"kind": "bot", "level": "random"}]
    table = client.post(
        "/api/tables",
        headers=me,
        json={"game": "monster_hex", "players": 2, "seats": seats, "options": options},
    )
    assert table.json()["error"]["code"] == "invalid_options"
    # nor may a request name a variant's key itself: only the server sets the content option
    options = {"content": "variant:" + "0" * 64}
    table = client.post(
        "/api/tables",
        headers=me,
        json={"game": "monster_hex", "players": 2, "seats": seats, "options": options},
    )
    assert table.json()["error"]["code"] == "invalid_options"


def test_versions_visibility_and_export(client: TestClient) -> None:
    aki, ben = guest(client, "Aki"), guest(client, "Ben")
    made = make_variant(client, aki)
    assert made["author"] == "Aki" and made["latest"] == 1 and made["visibility"] == "private"
    vid = made["id"]
    assert client.get(f"/api/variants/{vid}", headers=ben).status_code == 404  # private
    changed = copy.deepcopy(made["content"])
    changed["stones"]["tile"][1]["value"] = 1
    saved = client.post(f"/api/variants/{vid}/versions", headers=aki, json={"content": changed})
    assert saved.json()["latest"] == 2
    bad = copy.deepcopy(changed)
    bad["stones"]["tile"][0]["value"] = 10**30
    refused = client.post(f"/api/variants/{vid}/versions", headers=aki, json={"content": bad})
    assert refused.status_code == 422
    assert refused.json()["error"]["code"] == "invalid_content"
    as_toml = client.post(
        f"/api/variants/{vid}/versions", headers=aki, json={"toml": to_toml(changed)}
    )
    assert as_toml.json()["latest"] == 3  # the refused one made no version
    assert client.get(f"/api/variants/{vid}/versions/3", headers=aki).json()["differences"]
    assert (
        client.post(
            f"/api/variants/{vid}/versions", headers=ben, json={"content": changed}
        ).status_code
        == 404
    )
    client.patch(f"/api/variants/{vid}", headers=aki, json={"visibility": "unlisted"})
    seen = client.get(f"/api/variants/{vid}", headers=ben).json()
    assert seen["mine"] is False and seen["content"] == changed
    assert (
        client.post(
            f"/api/variants/{vid}/versions", headers=ben, json={"content": changed}
        ).status_code
        == 403
    )
    listed = client.get("/api/variants?game=monster_hex", headers=ben).json()
    assert listed == []  # unlisted: only by its link
    client.patch(f"/api/variants/{vid}", headers=aki, json={"visibility": "public"})
    assert [v["id"] for v in client.get("/api/variants?game=monster_hex", headers=ben).json()] == [
        vid
    ]
    text = client.get(f"/api/variants/{vid}/versions/1/toml", headers=aki).text
    assert parse_toml(text) == variant_content()  # the TOML reads back to the saved data
    imported = client.post(
        "/api/variants", headers=ben, json={"game": "monster_hex", "name": "Copy", "toml": text}
    ).json()
    assert imported["content"] == variant_content()


def test_a_table_with_the_variant_plays_to_the_end(client: TestClient) -> None:
    me = guest(client)
    made = make_variant(client, me)
    seats = [{"kind": "me"}, {"kind": "bot", "level": "random"}]
    created = client.post(
        f"/api/variants/{made['id']}/tables",
        headers=me,
        json={"game": "monster_hex", "players": 2, "seats": seats},
    )
    assert created.status_code == 200, created.text
    table = created.json()
    key = table["table"]["options"]["content"]
    assert key.startswith("variant:")
    about = client.get(f"/api/variants/content/{key}").json()
    assert about["name"] == "Low red" and about["author"] == "Aki" and about["version"] == 1
    assert about["id"] is None  # a private variant's link is not told
    content = client.get(f"/api/tables/{table['table']['id']}/content").json()
    assert content  # the drawing's components come from the variant's content
    assert play_first_actions(client, table["table"]["id"], [table["credential"]]) > 0
    # the table survives the cache: rebuilt from the stored options and the variant's row
    server = client.app.state.server  # type: ignore[attr-defined]
    server.cache.drop(table["table"]["id"])
    assert client.get(f"/api/tables/{table['table']['id']}").json()["status"] == "over"


def simulated_figures(game: str, toml: Path, out: Path, players: int, games: int) -> Any:
    """`bodoge simulate GAME --content TOML` with random bots and seed 7, as its JSON."""
    subprocess.run(
        [sys.executable, "-m", "bodoge", "simulate", game, "--players", str(players),
         "--bots", "random", "--games", str(games), "--seed", "7", "--content", str(toml),
         "--json", str(out), "--no-progress"],
        check=True, cwd=ROOT, capture_output=True,
        env={"PYTHONPATH": str(ROOT / "src"), "PATH": "/usr/bin:/bin"},
    )  # fmt: skip
    return json.loads(out.read_text())


def test_a_run_equals_bodoge_simulate_on_the_exported_toml(
    client: TestClient, tmp_path: Path
) -> None:
    me = guest(client)
    made = make_variant(client, me)
    body = {"game": "monster_hex", "variant": made["id"], "players": 2, "bots": ["random"],
            "games": 24, "seed": 7}  # fmt: skip
    started = client.post("/api/balance", headers=me, json=body)
    assert started.status_code == 200, started.text
    second = client.post("/api/balance", headers=me, json=body)  # one run at a time a person
    assert second.status_code == 409 and second.json()["error"]["code"] == "too_early"
    run = wait_run(client, me, started.json()["id"])
    assert run["status"] == "done" and run["done"] == 24
    toml = tmp_path / "variant.toml"
    toml.write_text(client.get(f"/api/variants/{made['id']}/versions/1/toml", headers=me).text)
    simulated = simulated_figures("monster_hex", toml, tmp_path / "sim.json", 2, 24)
    served = run["summary"]
    for figures in (simulated, served):
        figures.pop("seconds_per_game")
    assert served == simulated
    assert set(served["by_group"]["faction"]) <= {"red", "blue", "yellow", "green"}
    assert "tile red3" in served["stones"]
    # the built-in content's run, compared: rows side by side, each marked or not
    builtin = client.post("/api/balance", headers=me, json={**body, "variant": None})
    other = wait_run(client, me, builtin.json()["id"])
    compared = client.get(
        f"/api/balance/compare?base={other['id']}&other={run['id']}", headers=me
    ).json()
    assert [row["name"] for row in compared["rows"]][:2] == ["seat 0", "seat 1"]
    assert all(isinstance(row["differs"], bool) for row in compared["rows"])


def test_runs_are_bounded_and_cancel(client: TestClient) -> None:
    me = guest(client)
    body = {"game": "monster_hex", "players": 2, "bots": ["random"], "games": 2_001}
    too_many = client.post("/api/balance", headers=me, json=body)
    assert too_many.status_code == 422
    started = client.post("/api/balance", headers=me, json={**body, "games": 2_000}).json()
    cancelled = client.post(f"/api/balance/{started['id']}/cancel", headers=me).json()
    assert cancelled["status"] == "cancelled"
    assert wait_run(client, me, started["id"])["done"] < 2_000
    # the person may start again once the run ended
    again = client.post("/api/balance", headers=me, json={**body, "games": 10})
    assert again.status_code == 200
    other = guest(client, "Ben")
    assert (
        client.post(f"/api/balance/{again.json()['id']}/cancel", headers=other).status_code == 404
    )
    wait_run(client, me, again.json()["id"])


def test_a_search_bot_plays_a_variant_table(client: TestClient) -> None:
    """The search levels think in worker processes: the variant's content goes to them as data."""
    me = guest(client)
    made = make_variant(client, me)
    seats = [{"kind": "bot", "level": "easy"}, {"kind": "bot", "level": "random"}]
    created = client.post(
        f"/api/variants/{made['id']}/tables",
        headers=me,
        json={"game": "monster_hex", "players": 2, "seats": seats},
    ).json()
    table_id = created["table"]["id"]
    for _ in range(600):
        if client.get(f"/api/tables/{table_id}").json()["status"] == "over":
            break
        time.sleep(0.1)
    assert client.get(f"/api/tables/{table_id}").json()["status"] == "over"


def test_the_server_plays_two_runs_at_once_at_most(client: TestClient) -> None:
    body = {"game": "monster_hex", "players": 2, "bots": ["random"], "games": 2_000}
    people = [guest(client, name) for name in ("Aki", "Ben", "Chie")]
    started = [client.post("/api/balance", headers=who, json=body) for who in people[:2]]
    assert [answer.status_code for answer in started] == [200, 200]
    third = client.post("/api/balance", headers=people[2], json=body)
    assert third.status_code == 409 and third.json()["error"]["code"] == "too_early"
    assert third.json()["error"]["message"]["ja"]
    for who, answer in zip(people, started, strict=False):
        client.post(f"/api/balance/{answer.json()['id']}/cancel", headers=who)
        wait_run(client, who, answer.json()["id"])
    assert (
        client.post("/api/balance", headers=people[2], json={**body, "games": 5}).status_code == 200
    )


def test_a_collect_variant_checked_refused_run_and_played(
    client: TestClient, tmp_path: Path
) -> None:
    """Collect!'s counts per animal: the check names the count, a saved variant's run equals
    `bodoge simulate --content` on its TOML, and a table deals the variant's cards."""
    me = guest(client)
    bad = collect_content(lion=0)
    answer = client.post(
        "/api/variants/check", headers=me, json={"game": "collect", "content": bad}
    ).json()
    assert answer["ok"] is False
    problem = answer["problems"][0]
    assert problem["field"] == "animals.animal[6].count"
    assert "0 cards" in problem["en"] and "0枚" in problem["ja"]
    refused = client.post(
        "/api/variants", headers=me, json={"game": "collect", "name": "x", "content": bad}
    )
    assert refused.status_code == 422 and refused.json()["error"]["code"] == "invalid_content"
    content = collect_content(crocodile=10, lion=4)
    good = client.post(
        "/api/variants/check", headers=me, json={"game": "collect", "content": content}
    ).json()
    assert good["ok"] is True
    assert [line["field"] for line in good["differences"]] == [
        "animals.animal[0].count",
        "animals.animal[6].count",
        "animals.animal",  # the total
    ]
    made = make_variant(client, me, game="collect", name="Many crocodiles", content=content)
    body = {"game": "collect", "variant": made["id"], "players": 3, "bots": ["random"],
            "games": 12, "seed": 7}  # fmt: skip
    started = client.post("/api/balance", headers=me, json=body)
    assert started.status_code == 200, started.text
    run = wait_run(client, me, started.json()["id"])
    assert run["status"] == "done" and run["done"] == 12
    toml = tmp_path / "collect.toml"
    toml.write_text(client.get(f"/api/variants/{made['id']}/versions/1/toml", headers=me).text)
    simulated = simulated_figures("collect", toml, tmp_path / "sim.json", 3, 12)
    served = run["summary"]
    for figures in (simulated, served):
        figures.pop("seconds_per_game")
    assert served == simulated and served["content"]
    seats = [{"kind": "me"}, {"kind": "bot", "level": "random"}]
    created = client.post(
        f"/api/variants/{made['id']}/tables",
        headers=me,
        json={"game": "collect", "players": 2, "seats": seats},
    )
    assert created.status_code == 200, created.text
    table = created.json()
    drawn = client.get(f"/api/tables/{table['table']['id']}/content").json()
    assert {a["key"]: a["copies"] for a in drawn["animals"]}["crocodile"] == 10
    assert drawn["cards"] == 62
    assert play_first_actions(client, table["table"]["id"], [table["credential"]], 20_000) > 0
    # the record carries the variant, so it replays where the variant was never installed
    record = client.get(
        f"/api/tables/{table['table']['id']}/record",
        headers=seat_header(table["credential"]),
    )
    assert record.status_code == 200, record.text
    replayed = subprocess.run(
        [sys.executable, "-c", "import sys; from bodoge.engine import Match; "
         "print(Match.from_record(sys.stdin.read()).ply)"],
        input=record.text, capture_output=True, text=True, check=True, cwd=ROOT,
    )  # fmt: skip
    assert "[Content " in record.text and int(replayed.stdout) > 0


# ---- a Koremon card list (Trick the Monster, Monster Auction, Hunt the Monster) ---------


def trick_content(game: str = "koremon_trick") -> dict[str, Any]:
    """The built-in card list with the Golem rank 2 and the Dragon worth 12."""
    content = get_spec(game).variants.builtin()  # type: ignore[union-attr]
    content["species"][0]["points"] = 12
    content["species"][3]["rank"] = 2
    return content


# per game: what the table's drawing says the Dragon scores (the list's points in Trick, 6 - rank
# in a pyramid game)
KOREMON_GAMES = [("koremon_trick", 12), ("koremon_auction", 5), ("koremon_hunt", 5)]


@pytest.mark.parametrize(("game", "dragon_points"), KOREMON_GAMES)
def test_a_koremon_variant_is_checked_saved_run_and_played(
    client: TestClient, tmp_path: Path, game: str, dragon_points: int
) -> None:
    me = guest(client)
    bad = trick_content(game)
    bad["species"][5]["count"] = 0
    answer = client.post(
        "/api/variants/check", headers=me, json={"game": game, "content": bad}
    ).json()
    assert answer["ok"] is False
    assert [p["field"] for p in answer["problems"]] == ["species[5].count"]
    assert answer["problems"][0]["ja"] != answer["problems"][0]["en"]
    good = client.post(
        "/api/variants/check",
        headers=me,
        json={"game": game, "content": trick_content(game)},
    ).json()
    assert good["ok"] is True
    assert [line["field"] for line in good["differences"]] == ["species[0]", "species[3]"]
    body = {"game": game, "name": "Big dragon", "content": trick_content(game)}
    made = client.post("/api/variants", headers=me, json=body)
    assert made.status_code == 200, made.text
    variant = made.json()
    run_body = {"game": game, "variant": variant["id"], "players": 4,
                "bots": ["random"], "games": 20, "seed": 5}  # fmt: skip
    started = client.post("/api/balance", headers=me, json=run_body)
    assert started.status_code == 200, started.text
    run = wait_run(client, me, started.json()["id"])
    assert run["status"] == "done" and run["done"] == 20
    toml = tmp_path / "trick.toml"
    toml.write_text(client.get(f"/api/variants/{variant['id']}/versions/1/toml", headers=me).text)
    out = tmp_path / "sim.json"
    subprocess.run(
        [sys.executable, "-m", "bodoge", "simulate", game, "--players", "4",
         "--bots", "random", "--games", "20", "--seed", "5", "--content", str(toml),
         "--json", str(out), "--no-progress"],
        check=True, cwd=ROOT, capture_output=True,
        env={"PYTHONPATH": str(ROOT / "src"), "PATH": "/usr/bin:/bin"},
    )  # fmt: skip
    simulated = json.loads(out.read_text())
    served = run["summary"]
    for figures in (simulated, served):
        figures.pop("seconds_per_game")
    assert served == simulated
    seats = [{"kind": "me"}] + [{"kind": "bot", "level": "random"}] * 3
    created = client.post(
        f"/api/variants/{variant['id']}/tables",
        headers=me,
        json={"game": game, "players": 4, "seats": seats},
    )
    assert created.status_code == 200, created.text
    table = created.json()
    assert table["table"]["options"]["content"].startswith("variant:")
    cards = client.get(f"/api/tables/{table['table']['id']}/content").json()["cards"]
    assert cards[0]["points"] == dragon_points and cards[3]["rank"] == 2
    assert play_first_actions(client, table["table"]["id"], [table["credential"]]) > 0
