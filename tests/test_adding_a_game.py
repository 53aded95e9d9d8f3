"""Adding a game is adding a package: a tiny game defined only in a temporary folder, registered
the way a game from another distribution is (an entry point in the group `bodoge.games`), is
played by every layer with nothing else to register: `bodoge games` and `bodoge play`, the
simulator, the protocol checks, PettingZoo's `api_test`, OpenSpiel's `random_sim_test`, and the
server's lobby (its rules page included), where a table is created and played over HTTP.

The game, Take Away: a pile of 7-10 stones (dealt from the seed); in turn each player takes one
or two; who takes the last stone wins.
"""

from __future__ import annotations

import importlib
import json
import os
import subprocess
import sys
import textwrap
from collections.abc import Iterator
from pathlib import Path

import pytest

from bodoge.engine import Match, game_ids, get_spec, registry
from protocol_checks import check_random_games

GAME_ID = "tiny_take"
PACKAGE = textwrap.dedent('''
    """Take Away: take one or two stones in turn; who takes the last stone wins."""

    from collections.abc import Mapping
    from typing import Any

    from bodoge.engine import (
        EventCatalog, GameInfo, GameSpec, IllegalAction, InvalidState, Result, RulesPage, State,
        ranked_result,
    )
    from bodoge.engine.observe import Observer, Piece, View, one_hot, scaled

    EVENTS = """
    [take]
    fields = { seat = "seat", count = "int", left = "int" }
    en = "{seat} took {count:stone|stones}, {left} left"
    ja = "{seat}が石を{count}個取った（残り{left}個）"
    """


    class TakeAway(State):
        info = GameInfo(
            id="tiny_take", title_en="Take Away", title_ja="石取り", min_players=2,
            max_players=3, summary_en="Take the last stone.", summary_ja="最後の石を取ろう。",
        )
        __slots__ = ("pile", "turn", "winner")

        def _setup(self) -> None:
            self.pile, self.turn, self.winner = 7 + self.rng.below(4), 0, -1

        def clone(self) -> "TakeAway":
            new = TakeAway.__new__(TakeAway)
            self._copy_base_to(new)
            new.pile, new.turn, new.winner = self.pile, self.turn, self.winner
            return new

        @classmethod
        def num_actions(cls, players: int, options: Mapping[str, Any]) -> int:
            return 2  # take 1, take 2

        def pending(self) -> list[int]:
            return [] if self.winner >= 0 else [self.turn]

        def _legal_actions(self, seat: int) -> list[int]:
            return [0, 1] if self.pile >= 2 else [0]

        def _apply(self, seat: int, action: int) -> list[dict[str, Any]]:
            self.pile -= action + 1
            if self.pile == 0:
                self.winner = seat
            else:
                self.turn = (seat + 1) % self.players
            return [{"type": "take", "seat": seat, "count": action + 1, "left": self.pile}]

        def is_over(self) -> bool:
            return self.winner >= 0

        def result(self) -> Result | None:
            if self.winner < 0:
                return None
            return ranked_result([float(s == self.winner) for s in range(self.players)])

        def action_text(self, action: int) -> str:
            if action not in (0, 1):
                raise IllegalAction(f"action {action!r} is not 0 or 1")
            return f"take:{action + 1}"

        def _parse_action(self, text: str) -> int:
            if text not in ("take:1", "take:2"):
                raise IllegalAction(f"{text!r} is not take:1 or take:2")
            return int(text[-1]) - 1

        def _view(self, seat: int | None) -> dict[str, Any]:
            return {"pile": self.pile, "turn": self.turn}

        def _write(self) -> dict[str, Any]:
            return {"pile": self.pile, "turn": self.turn,
                    "winner": self.winner if self.winner >= 0 else None}

        def _read(self, data: dict[str, Any]) -> None:
            pile, turn, winner = data["pile"], data["turn"], data["winner"]
            if type(pile) is not int or not 0 <= pile <= 10:
                raise InvalidState("pile must be 0-10 stones")
            if type(turn) is not int or not 0 <= turn < self.players:
                raise InvalidState(f"turn must be a seat 0-{self.players - 1}")
            if (winner is None) != (pile > 0) or winner not in (None, turn):
                raise InvalidState("the winner is the seat that took the last stone")
            self.pile, self.turn, self.winner = pile, turn, -1 if winner is None else winner


    def observer(players: int, options: Mapping[str, Any]) -> Observer:
        def pile(view: View, block: list[float]) -> None:
            block[0] = scaled(view["pile"], 10)

        def turn(view: View, block: list[float]) -> None:
            one_hot(block, (view["turn"] - (view["seat"] or 0)) % players)

        return Observer([
            Piece("pile", (1,), "stones left, out of 10", pile),
            Piece("turn", (players,), "1 for the seat to take, counted from the observer", turn),
        ])


    GAME = GameSpec(
        rules=TakeAway,
        event_catalog=EventCatalog.from_toml(EVENTS, "tiny_take"),
        observer=observer,
        lengths={2: (10, 20), 3: (10, 20)},
        rules_page=RulesPage("rules.md", ("Rules",), ("ルール",), package="tiny_take"),
    )
''')
RULES = """# Take Away

## Rules

Take one or two stones in turn. Whoever takes the last stone wins.

## ルール

順番に石を1個か2個取る。最後の石を取った人の勝ち。
"""


@pytest.fixture(scope="module")
def installed(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    """The game as a distribution on the path: its package and its entry point."""
    root = tmp_path_factory.mktemp("site")
    package = root / "tiny_take"
    package.mkdir()
    (package / "__init__.py").write_text(PACKAGE, "utf-8")
    (package / "rules.md").write_text(RULES, "utf-8")
    meta = root / "tiny_take-0.1.dist-info"
    meta.mkdir()
    (meta / "METADATA").write_text("Metadata-Version: 2.1\nName: tiny-take\nVersion: 0.1\n")
    (meta / "entry_points.txt").write_text("[bodoge.games]\ntiny_take = tiny_take\n")
    sys.path.insert(0, str(root))
    importlib.invalidate_caches()
    registry.forget()
    yield root
    sys.path.remove(str(root))
    for name in [name for name in sys.modules if name.startswith("tiny_take")]:
        del sys.modules[name]
    sys.modules.pop(f"bodoge.envs.{GAME_ID}_v0", None)
    registry.forget()


def bodoge(root: Path, *args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    src = str(Path(registry.__file__).resolve().parents[2])
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(root), src])}
    command = [sys.executable, "-m", "bodoge", *args]
    return subprocess.run(command, input=stdin, capture_output=True, text=True, env=env)


def test_the_entry_point_registers_the_game(installed: Path) -> None:
    assert GAME_ID in game_ids()
    assert registry.game_package(GAME_ID) == "tiny_take"
    assert GAME_ID not in registry.compiled_packages()  # another distribution builds its own way


def test_bodoge_games_lists_it_and_bodoge_play_plays_it(installed: Path) -> None:
    listed = bodoge(installed, "games", "--json")
    assert listed.returncode == 0, listed.stderr
    assert GAME_ID in {game["id"] for game in json.loads(listed.stdout)}
    played = bodoge(installed, "play", GAME_ID, "--bots", "2", "--seed", "3", "--lang", "en")
    assert played.returncode == 0, played.stderr
    assert "took" in played.stdout and "winner" in played.stdout
    # A person at the terminal: take:1 until it ends (the bot plays the other seat).
    person = bodoge(installed, "play", GAME_ID, "--bots", "1", "--seed", "3", stdin="1\n" * 12)
    assert person.returncode == 0, person.stderr
    assert '"pile"' in person.stdout  # the generic table: the view as JSON


def test_it_simulates_and_passes_the_protocol_checks(installed: Path) -> None:
    from bodoge.sim import Batch, run_batch

    records = run_batch(Batch(GAME_ID, 2, ("random", "greedy"), games=6, seed=1))
    assert len(records) == 6 and sum(sum(record.wins) for record in records) == 6
    lengths = check_random_games(GAME_ID, 3, games=30, deep_every=5)
    assert all(4 <= length <= 10 for length in lengths)


def test_pettingzoo_api_test(installed: Path) -> None:
    pettingzoo_test = pytest.importorskip("pettingzoo.test")
    module = importlib.import_module(f"bodoge.envs.{GAME_ID}_v0")
    pettingzoo_test.api_test(module.env(players=3), num_cycles=100)


def test_openspiel_random_sim_test(installed: Path) -> None:
    pyspiel = pytest.importorskip("pyspiel")
    from bodoge.envs import openspiel

    assert openspiel.register(GAME_ID)
    game = pyspiel.load_game(openspiel.short_name(GAME_ID), {"players": 2})
    assert game.max_game_length() == 20
    pyspiel.random_sim_test(game, num_sims=5, serialize=False, verbose=False)


def test_the_lobby_offers_it_and_a_table_plays_over_http(installed: Path, tmp_path: Path) -> None:
    pytest.importorskip("fastapi")
    from fastapi.testclient import TestClient

    from bodoge.server.app import create_app
    from bodoge.server.config import Settings

    settings = Settings(
        data_dir=tmp_path,
        database_url=f"sqlite:///{tmp_path / 'bodoge.sqlite3'}",
        bot_delay=0,
        stand_in_level="random",
    )
    with TestClient(create_app(settings)) as client:
        games = {game["id"]: game for game in client.get("/api/games").json()}
        assert games[GAME_ID]["title"] == {"en": "Take Away", "ja": "石取り"}
        rules = client.get(f"/api/games/{GAME_ID}/rules").json()
        assert "last stone wins" in rules["en"] and "最後の石" in rules["ja"]
        token = client.post("/api/guests", json={"name": "Aki"}).json()["token"]
        created = client.post(
            "/api/tables",
            headers={"Authorization": f"Bearer {token}"},
            json={
                "game": GAME_ID,
                "players": 2,
                "seats": [{"kind": "me"}, {"kind": "bot", "level": "random"}],
            },
        ).json()
        table_id, seat = created["table"]["id"], {"X-Seat-Credential": created["credential"]}
        assert client.get(f"/api/tables/{table_id}/content").json() == {}
        for _ in range(12):
            client.portal.call(client.app.state.server.idle)  # type: ignore[attr-defined]
            prompt = client.get(f"/api/tables/{table_id}/prompt", headers=seat).json()
            if prompt["over"]:
                break
            if prompt["actions"]:
                action = prompt["actions"][0]
                assert action["label"] == {"en": action["notation"], "ja": action["notation"]}
                moved = client.post(
                    f"/api/tables/{table_id}/moves",
                    headers=seat,
                    json={"action": action["notation"], "expected_ply": prompt["ply"]},
                )
                assert moved.status_code == 200, moved.text
        assert prompt["over"] and prompt["view"]["pile"] == 0


def test_a_match_of_it_speaks_its_events(installed: Path) -> None:
    match = Match(GAME_ID, 2, seed=5)
    events = match.apply(0, "take:2")
    assert match.spec is get_spec(GAME_ID)
    assert match.describe(events[0]).startswith("Seat 1 took 2 stones, ")
