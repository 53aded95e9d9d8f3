"""The examples run as their docstrings say (a few episodes or iterations; figures in the docs)."""

from __future__ import annotations

import importlib
import importlib.util
import json
import sys
from pathlib import Path

import pytest

from bodoge.ai import make_bot
from bodoge.engine import Match, get_game

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "examples"
EVOLUTION = "koremon_evolution"
if str(ROOT) not in sys.path:  # the policy spec imports the example by its module name
    sys.path.insert(0, str(ROOT))


def test_the_reinforce_example_trains_saves_and_its_policy_plays(tmp_path: Path) -> None:
    spec = importlib.util.spec_from_file_location("reinforce", EXAMPLES / "pettingzoo_reinforce.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    out = tmp_path / "policy.json"
    module.main(["--game", "koremon_trick", "--players", "3", "--episodes", "6", "--out", str(out)])
    bot = make_bot(f"policy:{out}")
    match = Match("koremon_trick", 3, seed=2)
    match.play_out(lambda state, seat: bot.choose(state, seat))
    assert match.is_over()


def test_the_mccfr_example_trains_saves_and_its_table_plays(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    pytest.importorskip("pyspiel")
    module = importlib.import_module("examples.openspiel_mccfr")  # as the policy spec names it
    out = tmp_path / "mccfr.json"
    module.main(["--iterations", "3", "--games", "2", "--out", str(out)])
    printed = capsys.readouterr().out
    assert "trained 3 iterations" in printed and "MCCFR policy vs greedy" in printed
    data = json.loads(out.read_text())
    assert (data["format"], data["game"], data["players"]) == (module.FORMAT, EVOLUTION, 2)
    assert data["policy"]  # observations with a choice, each a distribution over its actions
    for row in data["policy"].values():
        assert len(row) > 1 and sum(row.values()) == pytest.approx(1.0, abs=1e-5)
    # a known observation plays its most probable action
    monkeypatch.setenv("BODOGE_MCCFR_POLICY", str(out))
    key, row = max(data["policy"].items(), key=lambda item: max(item[1].values()))
    observation = [float(x) for x in key.split(",")]
    mask = [0] * get_game(EVOLUTION).num_actions(2, {})
    for action in row:
        mask[int(action)] = 1
    assert module.act(observation, mask) == int(max(row, key=lambda a: (row[a], -int(a))))
    bot = make_bot("policy:examples.openspiel_mccfr:act")
    match = Match(EVOLUTION, 2, seed=4)
    match.play_out(lambda state, seat: bot.choose(state, seat))
    assert match.is_over()
