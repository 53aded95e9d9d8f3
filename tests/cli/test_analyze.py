"""`bodoge analyze RECORD --seat K`: the table, --all, --json, Japanese, and one clear line with
exit code 2 for bad input."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

from bodoge.ai import make_bot
from bodoge.cli.main import main
from bodoge.engine import Match
from bodoge.sim.progress import ProgressBar


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    try:
        code = main(list(argv))
    except SystemExit as usage:  # argparse's own errors (one line too, see cli.main)
        code = int(usage.code or 0)
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture(scope="module")
def record_file(tmp_path_factory: pytest.TempPathFactory) -> Path:
    match = Match("koremon_trick", 3, None, 6, names=["Aiko", "Bot 2 (Random)", "Ren"])
    bots = [make_bot("random", seat) for seat in range(3)]
    match.play_out(lambda state, seat: bots[seat].choose(state, seat))
    path = tmp_path_factory.mktemp("records") / "trick.txt"
    path.write_text(match.record(), encoding="utf-8")
    return path


def test_the_table_lists_each_decision_then_the_summary(
    capsys: pytest.CaptureFixture[str], record_file: Path
) -> None:
    code, out, err = run(capsys, "analyze", str(record_file), "--seat", "1", "--level", "8")
    assert code == 0 and err == ""  # no progress bar when standard error is no terminal
    lines = out.splitlines()
    assert lines[0].startswith("Trick the Monster!: Aiko, from what Aiko knew at each step")
    assert "8 simulated games a position" in lines[0]
    assert "chance to win" in lines[1] and "Play a" in lines[2]
    assert any(line.startswith("Aiko: ") and "average loss" in line for line in lines)
    assert "Ren" not in out.split("\n", 2)[2]  # only the seat asked for


def test_all_seats_json_and_japanese(capsys: pytest.CaptureFixture[str], record_file: Path) -> None:
    code, out, _ = run(capsys, "analyze", str(record_file), "--all", "--level", "8", "--json")
    assert code == 0
    data = json.loads(out)
    assert data["seats"] == [0, 1, 2] and data["names"] == ["Aiko", "Bot 2 (Random)", "Ren"]
    assert [each["seat"] for each in data["summary"]] == [0, 1, 2]
    code, out, _ = run(
        capsys, "analyze", str(record_file), "--seat", "3", "--level", "8", "--lang", "ja"
    )
    assert code == 0
    assert (
        out.startswith("トリック・ザ・モンスター")
        or "Ren（各手番でRenが知っていたことから）" in out
    )
    assert "勝率" in out and "平均損失" in out and "average loss" not in out


@pytest.mark.parametrize(
    ("argv", "words"),
    [
        (["missing.txt", "--seat", "1"], "cannot read missing.txt"),
        (["RECORD", "--seat", "0"], "there is no seat 0 in a 3-player game"),
        (["RECORD", "--seat", "4"], "there is no seat 4 in a 3-player game"),
        (["RECORD"], "one of the arguments --seat --all is required"),
        (["RECORD", "--seat", "1", "--level", "expert"], "level must be easy, normal, hard"),
        (["RECORD", "--seat", "1", "--seconds", "0"], "seconds per position"),
        (["BAD", "--seat", "1"], "record line 1: not a tag"),
    ],
)
def test_bad_input_is_one_line_and_exit_code_2(
    capsys: pytest.CaptureFixture[str],
    record_file: Path,
    tmp_path: Path,
    argv: list[str],
    words: str,
) -> None:
    bad = tmp_path / "bad.txt"
    bad.write_text("not a record\n", encoding="utf-8")
    given = {"RECORD": str(record_file), "BAD": str(bad), "missing.txt": "missing.txt"}
    code, out, err = run(capsys, "analyze", *(given.get(arg, arg) for arg in argv))
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and words in err and "Traceback" not in err


def test_the_progress_bar_counts_steps() -> None:
    stream = io.StringIO()
    bar = ProgressBar(4, stream, width=8, unit="steps")
    bar(2)
    bar(4)
    text = stream.getvalue()
    assert "[####....] 2/4 steps" in text and "steps/s" in text and text.endswith("\n")
    assert " s left" in text
    japanese = io.StringIO()
    ProgressBar(2, japanese, width=4, unit="手", remaining="残り{seconds:4.0f}秒")(2)
    assert "[####] 2/2 手" in japanese.getvalue() and "秒" in japanese.getvalue()
