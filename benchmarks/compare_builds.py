"""Two installs of bodoge side by side: random playouts per CPU second, in interleaved rounds.

    python benchmarks/compare_builds.py BEFORE_PYTHON AFTER_PYTHON            # every game
    python benchmarks/compare_builds.py .venv-old/bin/python .venv/bin/python --rounds 9 --seconds 1
    python benchmarks/compare_builds.py A/bin/python B/bin/python --game collect --game monster_hex

Each interpreter (a venv with one build of bodoge: two commits, or the pure and the compiled
build) runs one child process that stays up for the whole run. The children take turns: in each
round every child plays every case (a game at a player count) for `--seconds` of its own CPU
time while the other waits, so a change in the machine's load touches both alike. The loop is
vs_openspiel.py's (`bodoge_loop`: the `State` protocol, one uniform pick per decision, the deal
counted), imported by each child from this folder, so both sides run the same driver against
their own bodoge. The table gives each side's median decisions per CPU second over the rounds,
and the ratio after/before with the spread of the per-round ratios (min-max), which says how much
the load moved between the two halves of a round.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent


def child() -> None:
    """One side: read `round SECONDS` lines, answer with one JSON line of decisions/s per case."""
    sys.path.insert(0, str(HERE))
    import bodoge
    from bodoge.engine import game_ids, get_game
    from vs_openspiel import bodoge_loop  # type: ignore[import-not-found]

    wanted = json.loads(sys.argv[sys.argv.index("--child") + 1]) or game_ids()
    pick = random.Random(1).random
    loops = {}
    for game_id in wanted:
        info = get_game(game_id).info
        for players in range(info.min_players, info.max_players + 1):
            loops[f"{game_id}:{players}"] = bodoge_loop(game_id, players, pick)
    print(json.dumps({"kind": bodoge.build_kind(), "file": bodoge.__file__}), flush=True)
    for line in sys.stdin:
        seconds = float(line.split()[1])
        rates = {}
        for name, loop in loops.items():
            cpu = time.process_time()
            _games, decisions = loop(seconds)
            rates[name] = decisions / (time.process_time() - cpu)
        print(json.dumps(rates), flush=True)


class Side:
    def __init__(self, python: str, games: list[str]) -> None:
        self.python = python
        self.process = subprocess.Popen(
            [python, __file__, "--child", json.dumps(games)],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True,
        )  # fmt: skip
        self.about = json.loads(self.readline())
        self.rounds: list[dict[str, float]] = []

    def readline(self) -> str:
        assert self.process.stdout is not None
        line = self.process.stdout.readline()
        if not line:
            sys.exit(f"{self.python}: the child stopped")
        return line

    def play(self, seconds: float) -> None:
        assert self.process.stdin is not None
        self.process.stdin.write(f"round {seconds}\n")
        self.process.stdin.flush()
        self.rounds.append(json.loads(self.readline()))

    def median(self, case: str) -> float:
        return statistics.median(each[case] for each in self.rounds)

    def close(self) -> None:
        assert self.process.stdin is not None
        self.process.stdin.close()
        self.process.wait()


def main() -> None:
    if "--child" in sys.argv:
        child()
        return
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("before", help="the python of the install to compare against")
    parser.add_argument("after", help="the python of the install being measured")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--seconds", type=float, default=0.5, help="CPU time per case per round")
    parser.add_argument("--game", action="append", default=[], help="only this game (repeatable)")
    args = parser.parse_args()
    before, after = Side(args.before, args.game), Side(args.after, args.game)
    load_before = os.getloadavg()[0]
    for number in range(args.rounds):
        # which side goes first alternates, so neither always follows the other's warm caches
        for side in (before, after) if number % 2 == 0 else (after, before):
            side.play(args.seconds)
    load_after = os.getloadavg()[0]
    before.close()
    after.close()
    print(f"{args.rounds} interleaved rounds of {args.seconds} CPU s per case and side; "
          f"load average (1 min) {load_before:.2f} before, {load_after:.2f} after, "
          f"on {os.cpu_count()} CPUs")  # fmt: skip
    print(f"before: {before.about['kind']} build at {before.about['file']}")
    print(f"after: {after.about['kind']} build at {after.about['file']}")
    print()
    print("| game | players | before decisions/s | after decisions/s | after/before | per round |")
    print("|---|---:|---:|---:|---:|---|")
    for case in before.rounds[0]:
        ratios = [b[case] / a[case] for a, b in zip(before.rounds, after.rounds, strict=True)]
        game, players = case.split(":")
        print(f"| {game} | {players} | {before.median(case):,.0f} | {after.median(case):,.0f} | "
              f"{after.median(case) / before.median(case):.2f} | "
              f"{min(ratios):.2f}-{max(ratios):.2f} |")  # fmt: skip


if __name__ == "__main__":
    main()
