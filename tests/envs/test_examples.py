"""The examples run as their docstrings say (a few episodes; the figures are in the notes)."""

from __future__ import annotations

import importlib.util
from pathlib import Path

from bodoge.ai import make_bot
from bodoge.engine import Match

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


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
