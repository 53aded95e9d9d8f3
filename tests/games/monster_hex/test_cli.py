"""Monster Hex through the command line (issue 3 item 5): new | legal | apply | view, and a
whole terminal game against bots with the board drawn as text."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from bodoge.cli.main import build_parser, main


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_new_legal_apply_view(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    code, out, _ = run(capsys, "new", "monster_hex", "--players", "2", "--seed", "3",
                       "--option", "factions=random", "--option", "shared_faction=off")  # fmt: skip
    assert code == 0
    state = json.loads(out)
    path = tmp_path / "state.json"
    path.write_text(out)
    seat = state["start"]
    code, out, _ = run(capsys, "legal", str(path))
    legal = json.loads(out)
    assert legal["pending"] == [seat]
    unit = legal["actions"][str(seat)][0]
    code, out, _ = run(capsys, "apply", str(path), str(seat), unit)
    path.write_text(out)
    code, out, _ = run(capsys, "legal", str(path))
    assert json.loads(out)["actions"][str(seat)][0] == "place:c1@0"  # a start hex, any rotation
    code, out, _ = run(capsys, "apply", str(path), str(seat), "place:c1@0")
    assert json.loads(out)["board"] == {"c1": f"{unit.removeprefix('unit:')}@0"}
    path.write_text(out)
    code, out, _ = run(capsys, "view", str(path), "--seat", str(1 - seat))
    view = json.loads(out)
    assert isinstance(view["hands"][seat], dict) and isinstance(view["hands"][1 - seat], list)
    assert "decks" in view and all(isinstance(n, int) for n in view["decks"])


def test_bad_moves_get_one_clear_line(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    code, out, _ = run(capsys, "new", "monster_hex", "--players", "4", "--seed", "1")
    path = tmp_path / "state.json"
    path.write_text(out)
    seat = json.loads(out)["start"]
    code, _, err = run(capsys, "apply", str(path), str(seat), "place:q9@0")
    assert code != 0 and "not a Monster Hex action" in err and "Traceback" not in err
    code, _, err = run(capsys, "new", "monster_hex", "--players", "4", "--option", "abilities=yes")
    assert code != 0 and "abilities='yes' is not one of off, on" in err


def test_play_against_bots_draws_the_board(capsys: pytest.CaptureFixture[str]) -> None:
    """`bodoge play monster_hex`: the human always takes the first choice offered."""
    from bodoge.cli import play

    args = build_parser().parse_args(
        ["play", "monster_hex", "--players", "3", "--bots", "2", "--seed", "5"]
    )
    assert play.run(args, ask=lambda prompt: "0") == 0
    out = capsys.readouterr().out
    assert "<L2 d4>" in out and "Your hand (seat 1;" in out and "final ranks" in out


def test_games_lists_the_small_stone_option(capsys: pytest.CaptureFixture[str]) -> None:
    """RULINGS §2 (issue 11): the option small_stone_same_faction is listed by `bodoge games`."""
    code, out, _ = run(capsys, "games")
    assert code == 0
    assert "--option small_stone_same_faction=takes|compare (default: takes)" in out
