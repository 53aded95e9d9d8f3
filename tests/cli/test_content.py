"""`bodoge content` and `bodoge simulate --content`: a variant TOML file out, checked, compared
and played; bad files get one line per problem and exit 2, never a traceback."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from bodoge.cli.main import main


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def exported(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> Path:
    code, out, _ = run(capsys, "content", "export", "monster_hex")
    assert code == 0 and "[[stones.tile]]" in out
    path = tmp_path / "mine.toml"
    path.write_text(
        out.replace(
            'key = "red3"\ncolor = "red"\nvalue = 3', 'key = "red3"\ncolor = "red"\nvalue = 2'
        )
    )
    return path


def test_export_check_diff(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = exported(capsys, tmp_path)
    assert run(capsys, "content", "check", "monster_hex", str(path))[:2] == (0, "ok\n")
    code, out, _ = run(capsys, "content", "diff", "monster_hex", str(path))
    assert (
        code == 0
        and out == "stones.tile[1]: Red stone tile 2: 3 points → Red stone tile 2: 2 points\n"
    )
    path.write_text(path.read_text().replace("value = 2", "value = 99999999"))
    code, _, err = run(capsys, "content", "check", "monster_hex", str(path), "--lang", "ja")
    assert code == 2 and "stones.tile[1].value" in err and "範囲" in err
    code, _, err = run(capsys, "content", "check", "monster_hex", str(tmp_path / "none.toml"))
    assert code == 2 and "none.toml" in err


def test_simulate_plays_the_variant(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = exported(capsys, tmp_path)
    out_file = tmp_path / "out.json"
    argv = ["simulate", "monster_hex", "--players", "2", "--games", "6", "--seed", "1",
            "--no-progress", "--json", str(out_file)]  # fmt: skip
    assert run(capsys, *argv, "--content", str(path))[0] == 0
    variant = json.loads(out_file.read_text())
    assert run(capsys, *argv)[0] == 0
    builtin = json.loads(out_file.read_text())
    assert variant["content"] and "content" not in builtin
    assert set(variant["stones"]) == set(builtin["stones"])  # the same stones, counted
    assert sum(variant["stones"]["small s1"].values()) == 6
    assert set(variant["by_group"]) == {"faction"}
    path.write_text("[units]\nfaction = 3\n")
    code, _, err = run(capsys, *argv, "--content", str(path))
    assert code == 2 and "units" in err


def test_collect_counts_out_checked_compared_and_played(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    code, out, _ = run(capsys, "content", "export", "collect")
    assert code == 0 and out.count("[[animals.animal]]") == 8 and "count = 8" in out
    path = tmp_path / "collect.toml"
    path.write_text(out.replace('key = "lion"\ncount = 8', 'key = "lion"\ncount = 4'))
    assert run(capsys, "content", "check", "collect", str(path))[:2] == (0, "ok\n")
    code, out, _ = run(capsys, "content", "diff", "collect", str(path), "--lang", "ja")
    assert code == 0 and out == (
        "animals.animal[6].count: ライオン：8枚 → 4枚\n"
        "animals.animal: 合計：64枚 → 60枚（デッキA・Bは各30枚）\n"
    )
    out_file = tmp_path / "out.json"
    argv = ["simulate", "collect", "--players", "3", "--games", "4", "--seed", "2",
            "--no-progress", "--json", str(out_file), "--content", str(path)]  # fmt: skip
    assert run(capsys, *argv)[0] == 0
    assert json.loads(out_file.read_text())["content"]
    path.write_text(path.read_text().replace("count = 4", "count = 0"))
    code, _, err = run(capsys, "content", "check", "collect", str(path))
    assert code == 2 and "animals.animal[6].count: 0 cards" in err
    assert run(capsys, *argv)[0] == 2


def test_a_koremon_card_list_out_checked_compared_and_played(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    code, out, _ = run(capsys, "content", "export", "koremon_trick")
    assert code == 0 and "[[species]]" in out and "[mimic]" in out
    path = tmp_path / "cards.toml"
    path.write_text(out.replace('key = "dragon"\nrank = 1\ncount = 5\npoints = 8',
                                'key = "dragon"\nrank = 1\ncount = 5\npoints = 12'))  # fmt: skip
    assert run(capsys, "content", "check", "koremon_trick", str(path))[:2] == (0, "ok\n")
    code, out, _ = run(capsys, "content", "diff", "koremon_trick", str(path))
    assert (code, out) == (0, "species[0]: Dragon: points 8 → 12\n")
    out_file = tmp_path / "out.json"
    argv = ["simulate", "koremon_trick", "--players", "4", "--games", "6", "--seed", "1",
            "--no-progress", "--json", str(out_file), "--content", str(path)]  # fmt: skip
    assert run(capsys, *argv)[0] == 0
    assert json.loads(out_file.read_text())["content"]
    path.write_text(path.read_text().replace("count = 15", "count = 14"))  # the Mimics: 59 cards
    code, _, err = run(capsys, "content", "check", "koremon_trick", str(path), "--lang", "ja")
    assert code == 2 and "species" in err and "59枚" in err


def test_a_monster_evolution_card_list_is_played(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    code, out, _ = run(capsys, "content", "export", "koremon_evolution")
    path = tmp_path / "cards.toml"
    path.write_text(out.replace('key = "golem"\nrank = 3', 'key = "golem"\nrank = 2'))
    code, out, _ = run(capsys, "content", "diff", "koremon_evolution", str(path))
    assert (code, out) == (0, "species[3]: Golem: rank 3 → 2\n")
    out_file = tmp_path / "out.json"
    argv = ["simulate", "koremon_evolution", "--players", "3", "--games", "6", "--seed", "1",
            "--no-progress", "--json", str(out_file), "--content", str(path)]  # fmt: skip
    assert run(capsys, *argv)[0] == 0
    assert json.loads(out_file.read_text())["content"]
    path.write_text(path.read_text().replace('key = "bat"\nrank = 5', 'key = "bat"\nrank = 4'))
    code, _, err = run(capsys, "content", "check", "koremon_evolution", str(path))
    assert code == 2 and "rank 5" in err


def test_a_monster_auction_card_list_is_played(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    code, out, _ = run(capsys, "content", "export", "koremon_auction")
    path = tmp_path / "cards.toml"
    path.write_text(out.replace('key = "orc"\nrank = 4', 'key = "orc"\nrank = 5'))
    code, out, _ = run(capsys, "content", "diff", "koremon_auction", str(path))
    assert (code, out) == (0, "species[6]: Orc: rank 4 → 5\n")
    out_file = tmp_path / "out.json"
    argv = ["simulate", "koremon_auction", "--players", "3", "--games", "6", "--seed", "1",
            "--no-progress", "--json", str(out_file), "--content", str(path)]  # fmt: skip
    assert run(capsys, *argv)[0] == 0
    assert json.loads(out_file.read_text())["content"]
    path.write_text(path.read_text().replace("count = 15", "count = 14"))  # the Mimics: 89 cards
    code, _, err = run(capsys, "content", "check", "koremon_auction", str(path), "--lang", "ja")
    assert code == 2 and "species" in err and "89枚" in err


def test_a_hunt_the_monster_card_list_is_played(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    code, out, _ = run(capsys, "content", "export", "koremon_hunt")
    path = tmp_path / "cards.toml"
    path.write_text(out.replace('key = "dragon"\nrank = 1', 'key = "dragon"\nrank = 5'))
    code, _, err = run(capsys, "content", "check", "koremon_hunt", str(path))
    assert code == 2 and "species" in err and "rank 1" in err  # no species of rank 1 left
    path.write_text(path.read_text().replace('key = "slime"\nrank = 5', 'key = "slime"\nrank = 1'))
    code, out, _ = run(capsys, "content", "diff", "koremon_hunt", str(path))
    assert (code, out) == (0, "species[0]: Dragon: rank 1 → 5\nspecies[10]: Slime: rank 5 → 1\n")
    out_file = tmp_path / "out.json"
    argv = ["simulate", "koremon_hunt", "--players", "3", "--games", "6", "--seed", "1",
            "--no-progress", "--json", str(out_file), "--content", str(path)]  # fmt: skip
    assert run(capsys, *argv)[0] == 0
    assert json.loads(out_file.read_text())["content"]
