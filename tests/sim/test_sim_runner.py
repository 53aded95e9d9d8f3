"""Batches: seat rotation, shared deals, reproducibility across workers and backends."""

from __future__ import annotations

import collections
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from bodoge.cli.simulate import main
from bodoge.engine import InvalidOptions, UnknownGame, game_ids, get_game
from bodoge.engine.match import Match
from bodoge.sim import Batch, GameRecord, play_game, resolve_game, run_batch, summarize

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


def test_registered_game_runs_by_id_in_worker_processes(registered: str) -> None:
    records = run_batch(Batch(game=registered, players=3, bots=("random",) * 3, games=9), jobs=2)
    assert len(records) == 9 and all(r.decisions == 9 for r in records)


@pytest.mark.parametrize(
    ("batch", "message"),
    [
        (Batch(game="nonesuch", players=2, bots=("random",) * 2, games=1), "unknown game"),
        (Batch(game=TOY, players=5, bots=("random",) * 5, games=1), "takes 2-3 players"),
        (Batch(game=TOY, players=2, bots=("random",) * 2, games=0), "at least 1"),
        (Batch(game=TOY, players=2, bots=("random",), games=1), "1 bots for 2 players"),
        (Batch(game=TOY, players=2, bots=("random",) * 2, games=1, options={"x": 1}), "option"),
        (Batch(game="no_such_module:X", players=2, bots=("random",) * 2, games=1), "cannot load"),
    ],
)
def test_bad_batches_raise_bodoge_errors(batch: Batch, message: str) -> None:
    with pytest.raises((InvalidOptions, UnknownGame), match=message):
        run_batch(batch)


def test_resolve_game_rejects_non_games() -> None:
    with pytest.raises(UnknownGame, match="not a game state class"):
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
    env = {**os.environ, "PYTHONPATH": str(HERE.parent)}
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, env=env, check=True
    ).stdout
    assert out.strip().endswith("False False")


def test_bodoge_command_offers_simulate() -> None:
    env = {**os.environ, "PYTHONPATH": str(HERE.parent)}
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
