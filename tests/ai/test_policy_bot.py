"""A trained policy as a bot (issue 17): a saved linear policy file or a Python callable, seated by
the same bot specs the terminal, simulator and server use."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from bodoge.ai import BotSpecError, make_bot
from bodoge.engine import IllegalAction, Match, get_game
from bodoge.engine.registry import spec_of


def linear_file(tmp_path: Path, prefer: int, players: int = 3) -> Path:
    game = get_game("koremon_evolution")
    observer = spec_of(game).observer(players, {})
    assert observer is not None
    actions = game.num_actions(players, {})
    bias = [0.0] * actions
    bias[prefer] = 1.0
    data = {
        "format": "bodoge-linear-policy", "version": 1, "game": "koremon_evolution",
        "players": players, "options": {}, "observation_size": observer.size,
        "num_actions": actions, "weights": [[0.0] * observer.size for _ in range(actions)],
        "bias": bias,
    }  # fmt: skip
    path = tmp_path / "policy.json"
    path.write_text(json.dumps(data))
    return path


def test_a_callable_policy_plays_a_whole_game() -> None:
    bot = make_bot("policy:toy_policies:first_legal")
    match = Match("koremon_evolution", 3, seed=5)
    match.play_out(lambda state, seat: bot.choose(state, seat))
    assert match.is_over() and bot.name == "policy:first_legal"


def test_a_saved_linear_policy_takes_its_best_legal_action(tmp_path: Path) -> None:
    match = Match("koremon_evolution", 3, seed=5)
    seat = match.pending()[0]
    legal = match.state.legal_actions(seat)
    bot = make_bot(f"policy:{linear_file(tmp_path, legal[-1])}")
    assert bot.choose(match.state, seat) == legal[-1]
    match.play_out(lambda state, s: bot.choose(state, s))
    assert match.is_over()


def test_a_policy_for_another_table_or_an_illegal_choice_is_a_clear_error(tmp_path: Path) -> None:
    bot = make_bot(f"policy:{linear_file(tmp_path, 0, players=2)}")
    match = Match("koremon_evolution", 3, seed=5)
    with pytest.raises(BotSpecError, match="trained for koremon_evolution with 2 players"):
        bot.choose(match.state, match.pending()[0])
    with pytest.raises(IllegalAction, match="not legal"):
        make_bot("policy:toy_policies:always_last").choose(match.state, match.pending()[0])


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        ("policy:/no/such/file.json", "cannot read policy"),
        ("policy:nosuchmodule:f", "cannot load policy"),
        ("policy:justtext", "FILE.json or package.module:function"),
    ],
)
def test_bad_policy_specs(spec: str, message: str) -> None:
    with pytest.raises(BotSpecError, match=message):
        make_bot(spec)


def test_a_malformed_policy_file(tmp_path: Path) -> None:
    path = tmp_path / "bad.json"
    path.write_text(json.dumps({"format": "bodoge-linear-policy", "version": 1, "weights": []}))
    with pytest.raises(BotSpecError, match="malformed"):
        make_bot(f"policy:{path}")
