"""The command-line contract of DESIGN.md: games, new, legal, apply, view, play."""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from bodoge.cli.main import build_parser, main


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture
def state_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> Path:
    code, out, _ = run(capsys, "new", "collect", "--players", "2", "--seed", "1")
    assert code == 0
    path = tmp_path / "state.json"
    path.write_text(out)
    return path


def test_games_lists_every_game_with_options(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "games")
    assert code == 0
    assert "collect" in out and "コレクト！" in out and "team_mode=off|on" in out
    assert "Teams: --option team_mode=off|on (default: off)" in out
    assert "on = 2 vs 2 (4 players)" in out and "Trick the Monster! /" in out
    code, out, _ = run(capsys, "games", "--lang", "ja")
    assert code == 0
    assert "コレクト！（2〜4人）" in out and "Collect!" not in out
    assert "チーム戦：--option team_mode=off|on（既定：off）" in out and "on = 2対2（4人）" in out
    assert "mimics_placeable=yes|no" in out and "no = 置けない" in out
    code, out, _ = run(capsys, "games", "--json")
    games = {game["id"]: game for game in json.loads(out)}
    assert games["collect"]["players"] == [2, 4]
    assert games["collect"]["options"][0]["label"] == {"en": "Teams", "ja": "チーム戦"}


def test_new_prints_a_full_state(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "new", "collect", "--players", "4", "--seed", "3",
                       "--option", "team_mode=on")  # fmt: skip
    state = json.loads(out)
    assert code == 0
    assert state["game"] == "collect" and state["options"]["team_mode"] == "on"
    assert len(state["decks"]["A"]) == len(state["decks"]["B"]) == 32


def test_legal_lists_pending_seats_and_notations(
    capsys: pytest.CaptureFixture[str], state_file: Path
) -> None:
    code, out, _ = run(capsys, "legal", str(state_file))
    legal = json.loads(out)
    seat = json.loads(state_file.read_text())["active"]
    assert code == 0
    assert legal == {"pending": [seat], "actions": {str(seat): ["draw:A", "draw:B"]}}


def test_apply_chains_moves_and_view_hides_unseen_cards(
    capsys: pytest.CaptureFixture[str], state_file: Path, tmp_path: Path
) -> None:
    seat = json.loads(state_file.read_text())["active"]
    code, out, _ = run(capsys, "apply", str(state_file), str(seat), "draw:A", str(seat), "keep")
    assert code == 0
    after = json.loads(out)
    assert after["ply"] == 2 and after["rows"][seat]
    path = tmp_path / "after.json"
    path.write_text(out)
    code, out, _ = run(capsys, "view", str(path), "--seat", "0")
    view = json.loads(out)
    assert view["seat"] == 0 and view["decks"]["A"]["cards"] == [None] * 31


def test_state_from_standard_input(
    capsys: pytest.CaptureFixture[str], state_file: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO(state_file.read_text()))
    code, out, _ = run(capsys, "view", "-")
    assert code == 0 and json.loads(out)["seat"] is None


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["new", "chess", "--players", "2"], "unknown game 'chess'"),
        (["new", "collect", "--players", "7"], "2-4 players, not 7"),
        (["new", "collect", "--players", "2", "--option", "team_mode=on"], "exactly 4 players"),
        (["new", "collect", "--players", "2", "--option", "speed"], "KEY=VALUE"),
        (["legal", "/no/such/file.json"], "no such file"),
        (["legal", "/"], "not a file: /"),
    ],
)
def test_bad_input_gets_one_clear_line(
    capsys: pytest.CaptureFixture[str], argv: list[str], message: str
) -> None:
    code, out, err = run(capsys, *argv)
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and message in err and "Traceback" not in err


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        ([], "required: COMMAND"),
        (["fly"], "invalid choice: 'fly'"),
        (["new", "collect"], "required: --players"),
        (["new", "collect", "--players", "two"], "invalid int value: 'two'"),
        (["view", "s.json", "--seat", "x"], "invalid int value: 'x'"),
        (["legal"], "required: state"),
    ],
)
def test_usage_errors_get_the_same_one_line(
    capsys: pytest.CaptureFixture[str], argv: list[str], message: str
) -> None:
    """A missing or mistyped argument is bad input too: one `bodoge: error:` line, exit code 2."""
    with pytest.raises(SystemExit) as done:
        main(argv)
    out, err = capsys.readouterr()
    assert done.value.code == 2 and out == ""
    assert err.count("\n") == 1 and err.startswith("bodoge: error: ") and message in err


@pytest.mark.parametrize(
    ("moves", "message"),
    [
        (["1", "keep"], "not legal"),
        (["0", "draw:A"], "not to move"),
        (["5", "draw:A"], "there is no seat 5"),
        (["x", "draw:A"], "not a seat number"),
        (["01", "draw:A"], "leading zero"),
        (["١", "draw:A"], "digits 0-9"),
        (["9" * 5000, "draw:A"], "too long"),
        (["0"], "SEAT ACTION pairs"),
        (["0", "teleport"], "cannot read action"),
    ],
)
def test_bad_moves_are_rejected(
    capsys: pytest.CaptureFixture[str], state_file: Path, moves: list[str], message: str
) -> None:
    before = state_file.read_text()
    code, out, err = run(capsys, "apply", str(state_file), *moves)
    assert code == 2 and out == "" and message in err
    assert state_file.read_text() == before


def test_malformed_and_inconsistent_json(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text('{"game": "collect",')
    code, _, err = run(capsys, "view", str(bad))
    assert code == 2 and "not valid JSON" in err
    code, out, _ = run(capsys, "new", "collect", "--players", "2", "--seed", "1")
    state = json.loads(out)
    state["rows"][0] = ["lion"]  # a ninth lion
    bad.write_text(json.dumps(state))
    code, _, err = run(capsys, "legal", str(bad))
    assert code == 2 and "cards do not add up: 9 lion" in err


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("[" * 100_000 + "]" * 100_000, "nested too deeply"),
        ('{"game": "collect", "round": ' + "1" * 5000 + "}", "too many digits"),
    ],
    ids=["deep", "long-number"],
)
def test_json_that_python_cannot_hold_gets_one_line(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, text: str, message: str
) -> None:
    """Bad input never shows a traceback: JSON nested past the recursion limit, or an integer
    past Python's digit limit, is refused like any malformed JSON."""
    bad = tmp_path / "bad.json"
    bad.write_text(text)
    code, out, err = run(capsys, "legal", str(bad))
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and err.startswith("bodoge: error: ") and message in err


def test_an_unreadable_path_gets_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    """A path the system refuses (here: a name too long) is an input error, not a traceback."""
    code, out, err = run(capsys, "legal", "a" * 5000)
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and err.startswith("bodoge: error: cannot read")


def test_undecodable_standard_input_gets_one_line() -> None:
    """Standard input that is not UTF-8 (with a strict decoder, as under most locales) is read as
    bytes, so it is reported as invalid JSON."""
    done = subprocess.run(
        [sys.executable, "-m", "bodoge", "legal", "-"],
        input=b"\xff\xfe{", capture_output=True, check=False,
        env={**os.environ, "PYTHONIOENCODING": "utf-8:strict"},
    )  # fmt: skip
    assert done.returncode == 2
    assert done.stderr.decode().startswith("bodoge: error: standard input is not valid JSON")
    assert done.stderr.count(b"\n") == 1


def test_oversized_input_is_refused(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    big = tmp_path / "big.json"
    big.write_text(" " * (9 * 1024 * 1024))
    code, _, err = run(capsys, "view", str(big))
    assert code == 2 and "larger than 8 MiB" in err


def test_play_against_bots_to_the_end(capsys: pytest.CaptureFixture[str]) -> None:
    """`bodoge play collect --players 4 --bots 3`: the human always takes the first choice."""
    from bodoge.cli import play

    args = build_parser().parse_args(
        ["play", "collect", "--players", "4", "--bots", "3", "--seed", "2"]
    )
    code = play.run(args, ask=lambda prompt: "0")
    out = capsys.readouterr().out
    assert code == 0
    assert "final ranks:" in out and "  · Seat 2 (random) turned up" in out  # from 1


@pytest.mark.parametrize("bots", ["²", "99999999999999999999999"])
def test_play_refuses_a_bot_count_it_cannot_seat(
    capsys: pytest.CaptureFixture[str], bots: str
) -> None:
    """`--bots` with a digit int() cannot read, or a count far beyond the seats, is one error line
    (not a traceback)."""
    code, out, err = run(capsys, "play", "collect", "--bots", bots)
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and err.startswith("bodoge: error: ")


@pytest.mark.parametrize("answer", ["²", "9" * 5000])
def test_play_reads_a_strange_number_as_an_unreadable_action(
    capsys: pytest.CaptureFixture[str], answer: str
) -> None:
    """A typed answer that looks like a number but is none int() can read is refused like any
    unreadable action, and the prompt comes back."""
    from bodoge.cli import play

    args = build_parser().parse_args(["play", "collect", "--seed", "2"])
    answers = iter([answer, "q"])
    assert play.run(args, ask=lambda prompt: next(answers)) == 0
    assert "cannot read action" in capsys.readouterr().err


def test_play_refuses_zero_players(capsys: pytest.CaptureFixture[str]) -> None:
    """`--players 0` is bad input like `--players 9`, not a quiet switch to the minimum."""
    code, out, err = run(capsys, "play", "collect", "--players", "0")
    assert code == 2 and out == ""
    assert err == "bodoge: error: collect takes 2-4 players, not 0\n"


def test_play_keeps_a_drawn_seed_secret_until_the_end(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Secrets stay secret: the seed decides every shuffle, so a seed bodoge drew itself is not
    shown while the game runs (a player could rebuild the decks from it); it is printed at the
    end, to replay the same deal."""
    from bodoge.cli import play

    monkeypatch.setattr(play, "fresh_seed", lambda: 987654321)
    args = build_parser().parse_args(["play", "collect", "--bots", "1"])
    answers = iter(["0"] * 6 + ["q"])
    assert play.run(args, ask=lambda prompt: next(answers)) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[-1] == "bye" and "--seed 987654321" in lines[-2]
    assert not any("987654321" in line for line in lines[:-2])


def test_play_quits_cleanly(capsys: pytest.CaptureFixture[str]) -> None:
    from bodoge.cli import play

    args = build_parser().parse_args(["play", "collect", "--seed", "2"])
    assert play.run(args, ask=lambda prompt: "q") == 0
    assert "bye" in capsys.readouterr().out


def test_console_script_runs_without_traceback() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "bodoge", "new", "nope", "--players", "2"],
        capture_output=True, text=True, check=False,
    )  # fmt: skip
    assert done.returncode == 2
    assert done.stderr.startswith("bodoge: error: unknown game 'nope'")


def test_play_never_shows_a_bots_sealed_bid(capsys: pytest.CaptureFixture[str]) -> None:
    """Sealed bids stay secret until the reveal: the terminal prints only what seat 0 may see."""
    from bodoge.cli import play

    args = build_parser().parse_args(
        ["play", "koremon_auction", "--players", "3", "--bots", "2", "--seed", "4"]
    )
    answers = iter(["0"] * 10 + ["q"])
    play.run(args, ask=lambda prompt: next(answers))
    out = capsys.readouterr().out
    bot_lines = [line for line in out.splitlines() if "(random)" in line]
    assert bot_lines, "the bots should have acted"
    assert not any("amount=" in line or "bid:" in line for line in bot_lines)


def test_play_in_japanese(capsys: pytest.CaptureFixture[str]) -> None:
    """UI text in both languages: `--lang ja` speaks Japanese, from the header to the ranks."""
    from bodoge.cli import play

    args = build_parser().parse_args(
        ["play", "collect", "--players", "2", "--bots", "1", "--seed", "3", "--lang", "ja"]
    )
    assert play.run(args, ask=lambda prompt: "0") == 0
    out = capsys.readouterr().out
    assert "コレクト！ — 2人、シード 3" in out
    assert "デッキA" in out and "最終順位：" in out


def test_language_follows_the_locale(monkeypatch: pytest.MonkeyPatch) -> None:
    from bodoge.cli.messages import default_lang

    monkeypatch.delenv("LC_ALL", raising=False)
    monkeypatch.delenv("LC_MESSAGES", raising=False)
    monkeypatch.setenv("LANG", "ja_JP.UTF-8")
    assert default_lang() == "ja"
    monkeypatch.setenv("LANG", "C.UTF-8")
    assert default_lang() == "en"


def test_a_non_utf8_terminal_gets_replacement_marks_not_a_crash() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "bodoge", "games"],
        capture_output=True, check=False, env={**os.environ, "PYTHONIOENCODING": "ascii"},
    )  # fmt: skip
    assert done.returncode == 0
    assert b"Collect! / ?????" in done.stdout
