"""The terminal player on the match engine (issue 12, items 1, 6-8; issue 13: records, replays)."""

from __future__ import annotations

from pathlib import Path

import pytest

from bodoge.cli import play, replay
from bodoge.cli.main import build_parser, main
from bodoge.engine import Match


def run_play(argv: list[str], answers: list[str]) -> tuple[int, list[str]]:
    """Play with scripted answers; returns the exit code and every prompt asked."""
    asked: list[str] = []
    queue = iter(answers)

    def ask(prompt: str) -> str:
        asked.append(prompt)
        return next(queue, "q")

    return play.run(build_parser().parse_args(["play", *argv]), ask=ask), asked


def test_hot_seat_auction_clears_the_screen_before_the_next_bidder(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """Issue 12.1: seat 1's written bids are on the screen when seat 2 is to bid; the terminal
    clears the screen and its scrollback and waits for the hand-over before seat 2 sees it
    (the terminal counts seats from 1)."""
    code, asked = run_play(
        ["koremon_auction", "--players", "3", "--bots", "0", "--seed", "5"], ["0"] * 6 + [""]
    )
    out = capsys.readouterr().out
    assert code == 0
    assert "Pass the terminal to seat 2" in asked[6]
    before, _, after = out.partition(play.CLEAR)
    assert "seat 1>" not in after and "\033[3J" in play.CLEAR  # scrollback too
    assert before.count("seat 1>") == 0 and asked[:6] == ["seat 1> "] * 6


def test_hot_seat_without_secrets_needs_no_hand_over(capsys: pytest.CaptureFixture[str]) -> None:
    """Collect! hides nothing from one seat that another sees: no clear, no pass prompt."""
    code, asked = run_play(["collect", "--players", "2", "--seed", "4"], ["0"] * 12)
    assert code == 0 and not any("Pass the terminal" in prompt for prompt in asked)
    assert play.CLEAR not in capsys.readouterr().out


def test_a_number_beyond_the_list_says_there_is_no_such_option(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """Issue 12.6: `7` when only 0-1 are listed is "no option 7", not "cannot read action"."""
    run_play(["collect", "--players", "2", "--seed", "2"], ["7"])
    assert "there is no option 7 (choose 0-1)" in capsys.readouterr().err


def test_a_run_of_amounts_is_asked_as_a_number(capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 12.8: the auction's 101 bid options are one line; a typed number is the amount."""
    code, _ = run_play(
        ["koremon_auction", "--players", "3", "--bots", "2", "--seed", "4"], ["40"] * 6
    )
    out = capsys.readouterr().out
    assert code == 0 and "[100]" not in out
    assert "bid:N — type a number from 0 to 100 (or bid:N)" in out


def test_errors_and_words_follow_the_language(capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 12.7: with --lang ja the terminal's errors are Japanese too."""
    run_play(["collect", "--players", "2", "--seed", "2", "--lang", "ja"], ["7", "keep"])
    err = capsys.readouterr().err
    assert "7 という選択肢はありません" in err
    assert "その手は今は選べません" in err or "今は選べません" in err


def test_a_game_record_is_written_and_replayed(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Issue 13: `bodoge play --record FILE` writes the record at the end; `bodoge replay FILE
    --seat K --all` steps through it as seat K saw it, and the record replays to the same game."""
    path = tmp_path / "game.txt"
    code, _ = run_play(
        ["collect", "--players", "2", "--bots", "1", "--seed", "9", "--record", str(path)],
        ["0"] * 400,
    )
    assert code == 0
    text = path.read_text()
    assert text.startswith('[Bodoge "1"]\n[Game "collect"]') and "[Winners " in text
    match = Match.from_record(text)
    assert match.is_over()
    capsys.readouterr()
    assert main(["replay", str(path), "--seat", "1", "--all"]) == 0
    out = capsys.readouterr().out
    assert out.count("— ply ") == match.ply + 1 and f"ply {match.ply}/{match.ply}" in out


def test_replay_steps_back_and_forth_on_request(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "game.txt"
    run_play(["collect", "--players", "2", "--bots", "1", "--seed", "9", "--record", str(path)],
             ["0"] * 400)  # fmt: skip
    capsys.readouterr()
    answers = iter(["", "", "b", "g 10", "q"])
    args = build_parser().parse_args(["replay", str(path), "--seat", "1"])  # the first seat
    assert replay.run(args, ask=lambda prompt: next(answers)) == 0
    steps = [line for line in capsys.readouterr().out.splitlines() if line.startswith("— ply ")]
    plies = [int(line.split()[2].split("/")[0]) for line in steps]
    assert plies == [0, 1, 2, 1, 10]


def test_a_record_path_that_cannot_be_written_is_refused_before_the_game(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code = main(["play", "collect", "--record", str(tmp_path / "no" / "such" / "file")])
    assert code == 2 and "no folder" in capsys.readouterr().err
    code = main(["play", "collect", "--record", str(tmp_path)])
    assert code == 2 and "is a folder" in capsys.readouterr().err


def test_a_broken_record_is_one_error_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "bad.txt"
    path.write_text('[Bodoge "1"]\n[Game "collect"]\n[Players "2"]\n[Seed "3"]\n\n1 0 keep\n')
    assert main(["replay", str(path)]) == 2
    err = capsys.readouterr().err
    assert err.startswith("bodoge: error: record line 6:") and err.count("\n") == 1


def test_once_no_person_can_decide_the_terminal_offers_to_skip_to_the_end(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 12.8: after the person is out (Monster Auction), the rest is the bots': the terminal
    asks once whether to watch or skip, and skipping prints no more events, only the end."""
    from bodoge.games.koremon.auction.rules import AuctionState

    monkeypatch.setattr(AuctionState, "seats_in_play", lambda self: [1, 2])  # seat 0 is out
    code, asked = run_play(
        ["koremon_auction", "--players", "3", "--bots", "2", "--seed", "4"], ["s"]
    )
    out = capsys.readouterr().out
    assert code == 0 and asked[0] == play.say("en", "watch_or_skip")
    assert asked.count(asked[0]) == 1  # asked once, not at every move
    assert "  · " not in out  # skipping: the bots' moves are not printed


def test_the_terminal_counts_seats_from_1(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """People count seats from 1 (the JSON and the notation from 0): the header, the events,
    the table and `bodoge replay --seat K`, where --seat 0 is refused with the range to use."""
    path = tmp_path / "game.txt"
    code, asked = run_play(
        ["koremon_trick", "--players", "3", "--bots", "2", "--seed", "4", "--record", str(path)],
        ["0"] * 40,
    )
    out = capsys.readouterr().out
    assert code == 0 and asked[0] == "seat 1> "
    assert "humans: seat 1; bots: seat 2 (random), seat 3 (random)" in out
    assert "  seat 1 (you): " in out and "seat 0" not in out.lower()
    assert main(["replay", str(path), "--seat", "3", "--all"]) == 0
    replayed = capsys.readouterr().out
    assert "  seat 3 (you): " in replayed and "seat 0" not in replayed.lower()
    assert main(["replay", str(path), "--seat", "0"]) == 2
    assert "seats count from 1 here: 1-3" in capsys.readouterr().err
