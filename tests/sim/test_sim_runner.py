"""Batches: seat rotation, shared deals, reproducibility across workers and backends."""

from __future__ import annotations

import collections
import json
import os
import re
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from bodoge.cli.simulate import main
from bodoge.engine import InvalidOptions, UnknownGame, game_ids, get_game
from bodoge.engine.match import Match
from bodoge.sim import Batch, GameRecord, play_game, resolve_game, run_batch, summarize
from bodoge.sim.runner import (
    LOOKAHEAD,
    MAX_GAMES,
    available_cores,
    bounded,
    chunks,
    worker_count,
)

TOY = "toy_game:SealedBids"
HERE = Path(__file__).resolve().parent


def plain(records: list) -> list[dict]:
    return [{k: v for k, v in r.to_json().items() if k != "seconds"} for r in records]


def test_every_bot_plays_every_seat_equally() -> None:
    batch = Batch(game=TOY, players=3, bots=("greedy", "random", "random"), games=12, seed=3)
    records = run_batch(batch)
    counts = collections.Counter((seat, r.slots[seat]) for r in records for seat in range(3))
    assert set(counts.values()) == {4} and len(counts) == 9
    # Different bots: each deal is played in every rotation.
    assert [r.seed for r in records[:3]] == [records[0].seed] * 3
    assert records[3].seed != records[0].seed


def test_equal_bots_get_a_new_deal_every_game() -> None:
    records = run_batch(Batch(game=TOY, players=2, bots=("random", "random"), games=6))
    assert len({r.seed for r in records}) == 6


def test_same_seed_same_games_with_any_number_of_workers() -> None:
    batch = Batch(game=TOY, players=2, bots=("ismcts:20", "greedy"), games=20, seed=9)
    one = run_batch(batch, jobs=1)
    seen: list[int] = []
    two = run_batch(batch, jobs=2, progress=seen.append)
    assert plain(one) == plain(two)
    assert [r.index for r in two] == list(range(20)) and seen[-1] == 20
    other = run_batch(Batch(game=TOY, players=2, bots=("ismcts:20", "greedy"), games=20, seed=10))
    assert plain(other) != plain(one)


def test_games_are_driven_through_match(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every decision goes through `Match.apply`, labelled with the bot that made it (issue 13:
    no layer keeps its own game loop)."""
    calls: list[tuple[int, str | None]] = []
    apply = Match.apply

    def spy(self: Match, seat: int, action: int | str, *args: object, **kwargs: object) -> list:
        calls.append((seat, kwargs.get("by")))
        return apply(self, seat, action, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(Match, "apply", spy)
    batch = Batch(game=TOY, players=3, bots=("greedy", "random", "ismcts:5"), games=3, seed=1)
    record = play_game(batch, 1)
    assert len(calls) == record.decisions > 0
    assert {(seat, by) for seat, by in calls} == {
        (seat, f"bot:{batch.bots[slot]}") for seat, slot in enumerate(record.slots)
    }


def test_a_game_that_does_not_end_is_a_runtime_error() -> None:
    batch = Batch(game=TOY, players=3, bots=("random",) * 3, games=1, max_decisions=4)
    with pytest.raises(RuntimeError, match="did not end within 4 decisions"):
        play_game(batch, 0)


def test_registered_game_runs_by_id_in_worker_processes(registered: str) -> None:
    records = run_batch(Batch(game=registered, players=3, bots=("random",) * 3, games=9), jobs=2)
    assert len(records) == 9 and all(r.decisions == 9 for r in records)


def test_worker_count_caps_jobs_at_the_cores(monkeypatch: pytest.MonkeyPatch) -> None:
    assert worker_count(10_000, cores=2) == 2
    assert worker_count(1, cores=2) == 1 and worker_count(3, cores=8) == 3
    monkeypatch.setattr(os, "sched_getaffinity", lambda pid: {1}, raising=False)
    assert available_cores() == 1 and worker_count(4) == 1  # the process's own affinity
    with pytest.raises(InvalidOptions, match="at least 1"):
        worker_count(0, cores=2)


def test_chunks_are_made_one_at_a_time() -> None:
    """A batch's chunks are not listed before it starts (10**9 games once took 3.7 GB first)."""
    import itertools
    import tracemalloc

    tracemalloc.start()
    try:
        work = chunks(Batch(game=TOY, players=2, bots=("random",) * 2, games=10**6), 2)
        first = list(itertools.islice(work, 3))
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert first == [range(0, 50), range(50, 100), range(100, 150)] and peak < 100_000
    huge = Batch(game=TOY, players=2, bots=("random",) * 2, games=MAX_GAMES)
    assert next(iter(chunks(huge, 2, start=1))) == range(1, 51)


def test_bounded_keeps_a_window_of_chunks_in_flight() -> None:
    submitted: list[range] = []
    returned = 0
    in_flight: list[int] = []

    def submit(indices: range) -> None:
        submitted.append(indices)
        in_flight.append(len(submitted) - returned)

    def next_result() -> list[GameRecord]:
        nonlocal returned
        returned += 1
        return []

    stream = bounded(submit, next_result, (range(i, i + 1) for i in range(100)), window=8)
    next(stream)
    assert len(submitted) == 8  # nothing beyond the window before the first result
    assert len(list(stream)) == 99 and len(submitted) == 100 and max(in_flight) == 8


def test_worker_processes_get_chunks_as_they_free_up(monkeypatch: pytest.MonkeyPatch) -> None:
    """The pool is fed from the lazy chunks with a lookahead of LOOKAHEAD chunks per worker."""
    from bodoge.sim import runner

    monkeypatch.setattr(runner, "available_cores", lambda: 2)
    made: list[range] = []
    real_chunks = runner.chunks

    def counted(*args: object, **kwargs: object) -> Iterator[range]:
        for indices in real_chunks(*args, **kwargs):  # type: ignore[arg-type]
            made.append(indices)
            yield indices

    monkeypatch.setattr(runner, "chunks", counted)
    made_by_first_result: list[int] = []

    def progress(done: int) -> None:
        if done > 1 and not made_by_first_result:
            made_by_first_result.append(len(made))

    batch = Batch(game=TOY, players=2, bots=("random", "greedy"), games=61)  # chunks of 3
    records = run_batch(batch, jobs=2, progress=progress)
    assert [r.index for r in records] == list(range(61)) and len(made) == 20
    assert made_by_first_result == [2 * LOOKAHEAD]


def test_an_error_in_a_worker_reaches_the_caller(monkeypatch: pytest.MonkeyPatch) -> None:
    from bodoge.sim import runner

    monkeypatch.setattr(runner, "available_cores", lambda: 2)
    real_play = runner.play_game

    def play(batch: Batch, index: int, game: object = None) -> GameRecord:
        if index == 7:
            raise RuntimeError("game 7 did not end")
        return real_play(batch, index, game)  # type: ignore[arg-type]

    monkeypatch.setattr(runner, "play_game", play)  # forked workers inherit it
    with pytest.raises(RuntimeError, match="game 7 did not end"):
        run_batch(Batch(game=TOY, players=2, bots=("random",) * 2, games=30), jobs=2)


def test_estimate_comes_once_after_the_first_game(monkeypatch: pytest.MonkeyPatch) -> None:
    from bodoge.sim import runner

    monkeypatch.setattr(runner, "available_cores", lambda: 2)
    told: list[tuple[str, float, int]] = []
    run_batch(
        Batch(game=TOY, players=2, bots=("random",) * 2, games=8),
        jobs=4,
        estimate=lambda seconds, workers: told.append(("estimate", seconds, workers)),
        progress=lambda done: told.append(("progress", done, 0)),
    )
    assert [entry[0] for entry in told] == ["estimate"] + ["progress"] * (len(told) - 1)
    assert told[0][1] > 0 and told[0][2] == 2 and told[-1] == ("progress", 8, 0)


def test_duration_words() -> None:
    from bodoge.sim.progress import duration_words

    assert [duration_words(s) for s in (0.2, 40, 200, 3 * 3600, 20 * 3600, 5 * 86400)] == [
        "1 s",
        "40 s",
        "3 min",
        "3.0 h",
        "20 h",
        "5 days",
    ]
    assert duration_words(10**9) == "32 years"


@pytest.mark.parametrize(
    ("batch", "message"),
    [
        (Batch(game="nonesuch", players=2, bots=("random",) * 2, games=1), "unknown game"),
        (Batch(game=TOY, players=5, bots=("random",) * 5, games=1), "takes 2-3 players"),
        (Batch(game=TOY, players=2, bots=("random",) * 2, games=0), "at least 1"),
        (Batch(game=TOY, players=2, bots=("random",) * 2, games=10**12), "at most 1000000000"),
        (Batch(game=TOY, players=2, bots=("random",), games=1), "1 bots for 2 players"),
        (Batch(game=TOY, players=2, bots=("random",) * 2, games=1, options={"x": 1}), "option"),
        (Batch(game="no_such_module:X", players=2, bots=("random",) * 2, games=1), "cannot load"),
    ],
)
def test_bad_batches_raise_bodoge_errors(batch: Batch, message: str) -> None:
    with pytest.raises((InvalidOptions, UnknownGame), match=message):
        run_batch(batch)


def test_resolve_game_rejects_non_games() -> None:
    with pytest.raises(UnknownGame, match="not a game spec or state class"):
        resolve_game("json:dumps")


def test_ray_backend_gives_the_same_games_as_processes() -> None:
    """`--backend ray` on a local Ray cluster started for the batch."""
    pytest.importorskip("ray", reason="ray is not installed (pip install 'bodoge[sim]')")
    batch = Batch(game=TOY, players=2, bots=("ismcts:10", "random"), games=8, seed=4)
    assert plain(run_batch(batch, jobs=2, backend="ray")) == plain(run_batch(batch))


# ---- the command line ---------------------------------------------------------------------


def run_cli(args: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    code = main(["simulate", *args])
    out, err = capsys.readouterr()
    return code, out, err


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["nonesuch", "--players", "2"], "unknown game 'nonesuch'"),
        ([TOY, "--players", "2", "--bots", "minimax"], "unknown bot 'minimax'"),
        ([TOY, "--players", "4"], "takes 2-3 players, not 4"),
        ([TOY, "--players", "2", "--bots", "random,greedy,random"], "3 bots for 2 players"),
        ([TOY, "--players", "2", "--games", "0"], "at least 1"),
        ([TOY, "--players", "2", "--jobs", "0"], "--jobs must be at least 1"),
        ([TOY, "--players", "2", "--option", "speed"], "not KEY=VALUE"),
        ([TOY, "--players", "2", "--json", "--csv"], "cannot both"),
    ],
)
def test_bad_input_is_one_line_and_exit_code_2(
    args: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, err = run_cli(args, capsys)
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and message in err and "Traceback" not in err


@pytest.fixture
def no_batch(monkeypatch: pytest.MonkeyPatch) -> None:
    """Fail the test if a batch starts: these errors must come before it."""

    def refuse(*args: object, **kwargs: object) -> None:
        raise AssertionError("the batch started before the output paths were checked")

    monkeypatch.setattr("bodoge.sim.run_batch", refuse)


@pytest.mark.parametrize(
    ("option", "target", "message"),
    [
        ("--csv", "folder", "--csv {tmp}/folder: is a folder, not a file"),
        ("--json", "missing/out.json", "the folder {tmp}/missing does not exist"),
        ("--csv", "file/out.csv", "{tmp}/file is a file, not a folder"),
        ("--plot", "file", "--plot {tmp}/file: is a file, not a folder"),
        ("--plot", "file/charts/new", "{tmp}/file is a file, not a folder"),
    ],
)
def test_output_paths_are_checked_before_the_batch(
    option: str,
    target: str,
    message: str,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    no_batch: None,
) -> None:
    (tmp_path / "folder").mkdir()
    (tmp_path / "file").write_text("keep")
    code, out, err = run_cli([TOY, "--players", "2", option, f"{tmp_path}/{target}"], capsys)
    assert code == 2 and out == "" and err.count("\n") == 1
    assert message.format(tmp=tmp_path) in err
    assert (tmp_path / "file").read_text() == "keep"


def test_unwritable_outputs_are_refused_before_the_batch(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    no_batch: None,
) -> None:
    """Permissions as `os.access` reports them (the tests may run as root, who may write all)."""
    locked = tmp_path / "locked"
    locked.mkdir()
    (locked / "old.json").write_text("{}")
    real_access = os.access
    monkeypatch.setattr(
        "bodoge.sim.outputs.os.access",
        lambda path, mode: not str(path).startswith(str(locked)) and real_access(path, mode),
    )
    cases = [
        ("--json", locked / "old.json", "the file is not writable"),
        ("--csv", locked / "new.csv", f"cannot create files in {locked}"),
        ("--plot", locked, "cannot create files in this folder"),
        ("--plot", locked / "a" / "b", f"cannot create folders in {locked}"),
    ]
    for option, target, message in cases:
        code, out, err = run_cli([TOY, "--players", "2", option, str(target)], capsys)
        assert out == ""
        assert code == 2 and err.count("\n") == 1 and message in err, (option, target, err)
    code, _, err = run_cli([TOY, "--players", "2", "--json", "x", "--csv", "./x"], capsys)
    assert code == 2 and "--json and --csv name the same file x" in err


def test_new_output_folders_pass_the_check(tmp_path: Path) -> None:
    from bodoge.sim.outputs import check_outputs

    check_outputs(str(tmp_path / "s.json"), "-", str(tmp_path / "new" / "charts"))
    assert list(tmp_path.iterdir()) == []  # checked, not created


def test_too_many_games_is_refused_before_the_batch(
    capsys: pytest.CaptureFixture[str], no_batch: None
) -> None:
    code, out, err = run_cli([TOY, "--players", "2", "--games", str(10**12)], capsys)
    assert code == 2 and out == "" and err.count("\n") == 1
    assert "the number of games must be at most 1000000000 (10**9), not 1000000000000" in err


def test_jobs_beyond_the_cores_are_capped_and_said(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """--jobs 10000 once started 10000 processes (8 GB)."""
    from bodoge import sim
    from bodoge.sim import runner

    monkeypatch.setattr(runner, "available_cores", lambda: 2)
    monkeypatch.setattr(os, "cpu_count", lambda: 2)
    real_run_batch = sim.run_batch

    def checked(batch: Batch, jobs: int, **kwargs: object) -> list:
        assert jobs <= 2, f"the batch was asked for {jobs} workers"
        return real_run_batch(batch, jobs, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(sim, "run_batch", checked)
    code, out, err = run_cli([TOY, "--players", "2", "--games", "6", "--jobs", "10000"], capsys)
    lines = err.splitlines()
    assert code == 0 and "Win rate by bot" in out
    assert lines[0] == "bodoge simulate: --jobs 10000: using 2, the cores this machine has"
    assert re.fullmatch(r"bodoge simulate: about \S+ \S+ \(6 games, 2 workers\)", lines[1])
    code, _, err = run_cli([TOY, "--players", "2", "--games", "6", "--no-progress"], capsys)
    assert code == 0 and err == ""


def test_text_json_and_csv_outputs(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    base = [TOY, "--players", "2", "--bots", "greedy,random", "--games", "10", "--seed", "2"]
    code, out, _ = run_cli(base, capsys)
    assert code == 0 and "Win rate by bot" in out and "First-player advantage" in out
    code, out, _ = run_cli([*base, "--json", "--records"], capsys)
    data = json.loads(out)
    assert code == 0 and data["games"] == 10 and len(data["records"]) == 10
    assert [entry["bot"] for entry in data["by_bot"]] == ["greedy", "random"]
    assert sum(entry["wins"] for entry in data["by_bot"]) == pytest.approx(10)
    code, out, _ = run_cli([*base, "--csv", str(tmp_path / "games.csv")], capsys)
    assert code == 0 and "Win rate by bot" in out
    assert len((tmp_path / "games.csv").read_text().splitlines()) == 1 + 10 * 2


def test_plot_writes_pngs(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    pytest.importorskip("matplotlib", reason="matplotlib is not installed (bodoge[sim])")
    code, _, err = run_cli([TOY, "--players", "3", "--games", "6", "--plot", str(tmp_path)], capsys)
    assert code == 0 and err.count("wrote") == 4
    for name in ("win_rate_by_bot", "win_rate_by_seat", "scores_by_bot", "game_length"):
        assert (tmp_path / f"{name}.png").read_bytes().startswith(b"\x89PNG")


def test_plot_of_rates_of_0_and_100_percent(tmp_path: Path) -> None:
    """One bot wins all 10 games, the other none: the interval bars end at 0 and 1 (the chart
    once failed with "'yerr' must not contain negative values" after the whole batch)."""
    pytest.importorskip("matplotlib", reason="matplotlib is not installed (bodoge[sim])")
    from bodoge.sim.plots import error_bars, write_plots

    batch = Batch(game=TOY, players=2, bots=("greedy", "random"), games=10)
    slots = [batch.slots(index) for index in range(10)]
    records = [
        GameRecord(i, 0, s, [1.0 * (s[0] == 0), 1.0 * (s[1] == 0)], [1 + s[0], 1 + s[1]],
                   [s.index(0)], [1.0 * (s[0] == 0), 1.0 * (s[1] == 0)], 4, 0.0)
        for i, s in enumerate(slots)
    ]  # fmt: skip
    summary = summarize(batch, records)
    entries = summary.data["by_bot"]
    assert [entry["rate"] for entry in entries] == [1.0, 0.0]
    below, above = error_bars(entries)
    assert below[0] > 0 and above[0] == 0 and below[1] == 0 and above[1] > 0
    assert min(below + above) >= 0
    written = write_plots(summary, records, str(tmp_path / "charts"))
    assert [path.read_bytes()[:4] for path in written] == [b"\x89PNG"] * 4


def test_matplotlib_is_imported_only_for_plots() -> None:
    code = (
        "import sys; from bodoge.cli.simulate import main; "
        f"main(['simulate', '{TOY}', '--players', '2', '--games', '2']); "
        "print('matplotlib' in sys.modules, 'ray' in sys.modules)"
    )
    paths = [str(HERE.parent), *filter(None, [os.environ.get("PYTHONPATH")])]  # keep the caller's
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(paths)}
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, env=env, check=True
    ).stdout
    assert out.strip().endswith("False False")


def test_bodoge_command_offers_simulate() -> None:
    paths = [str(HERE.parent), *filter(None, [os.environ.get("PYTHONPATH")])]  # keep the caller's
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(paths)}
    done = subprocess.run(
        [sys.executable, "-m", "bodoge", "simulate", TOY, "--players", "2", "--games", "2"],
        capture_output=True,
        text=True,
        env=env,
    )
    assert done.returncode == 0 and "Win rate by seat" in done.stdout


@pytest.mark.parametrize("game_id", game_ids())
def test_every_registered_game_simulates(game_id: str) -> None:
    """A short mixed batch on each real game: rotation complete, at most one whole win a game
    (Monster Hex's shared faction can beat both players: nobody wins)."""
    info = get_game(game_id).info
    players = info.min_players
    bots = ("greedy:1", *["random"] * (players - 1))
    records = run_batch(Batch(game=game_id, players=players, bots=bots, games=players), jobs=1)
    assert sorted(r.slots[0] for r in records) == list(range(players))
    assert all(sum(r.wins) <= 1 + 1e-9 or len(r.winners) > 1 for r in records)
