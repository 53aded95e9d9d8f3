"""The examples run as their docstrings say (a few episodes or iterations; figures in the docs)."""

from __future__ import annotations

import importlib
import importlib.util
import json
import sys
from pathlib import Path

import pytest

from bodoge.ai import make_bot
from bodoge.engine import Match, Rng, get_spec

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "examples"
TRICK = "koremon_trick"
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
    module.main(["--iterations", "30", "--games", "3", "--out", str(out)])
    printed = capsys.readouterr().out
    assert "before training (random moves) vs random" in printed
    assert "trained 30 iterations" in printed and "after training (MCCFR policy)" in printed
    assert "training moved the win rate from" in printed
    data = json.loads(out.read_text())
    assert (data["format"], data["version"], data["game"], data["players"]) == (
        module.FORMAT,
        module.VERSION,
        TRICK,
        3,
    )
    assert data["policy"]  # keys with a choice, each a distribution over its moves
    for key, row in data["policy"].items():
        assert list(row) == key.rsplit("|", 1)[1].split("+") and len(row) > 1
        assert sum(row.values()) == pytest.approx(1.0, abs=1e-5)
    monkeypatch.setenv("BODOGE_MCCFR_POLICY", str(out))
    bot = make_bot("policy:examples.openspiel_mccfr:act")
    match = Match(TRICK, 3, seed=4)
    match.play_out(lambda state, seat: bot.choose(state, seat))
    assert match.is_over()


def test_the_mccfr_abstraction_reads_the_same_from_the_view_and_the_observation() -> None:
    """Training abstracts from the view, the policy from the observation vector and the mask:
    the same key and moves at every decision of random games, each move a legal action."""
    pytest.importorskip("pyspiel")
    module = importlib.import_module("examples.openspiel_mccfr")
    game = get_spec(TRICK)
    for players in (3, 5):
        observer = game.observer(players, module.OPTIONS)
        assert observer is not None
        keys, points = module.card_table(players)
        match = Match(TRICK, players, seed=players)
        rng = Rng(players)
        moves_seen = set()
        while not match.is_over():
            seat = match.pending()[0]
            view = match.state.view(seat)
            legal = match.state.legal_actions(seat)
            from_view = module.abstract(module.trick_from_view(view, keys), legal, points)
            trick = module.trick_from_observation(observer.encode(view), players)
            assert module.abstract(trick, legal, points) == from_view
            key, moves = from_view
            assert key.startswith(f"{len(view['trick'])}|")
            assert moves and all(action in legal for _, action in moves)
            assert len({action for _, action in moves}) == len(moves)
            moves_seen.update(name for name, _ in moves)
            match.apply(seat, legal[rng.below(len(legal))])
        assert moves_seen == {"follow", "mimic", "shed", "high"}
