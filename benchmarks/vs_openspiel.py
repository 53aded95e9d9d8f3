"""Random playouts per CPU second: every bodoge game beside OpenSpiel's C++ and Python games.

    python benchmarks/vs_openspiel.py                       # every case, 5 rounds of 0.5 s
    python benchmarks/vs_openspiel.py --rounds 9 --seconds 1
    python benchmarks/vs_openspiel.py --game monster_hex    # one bodoge game (and the yardsticks)

One Python loop for every system: at each decision read the legal actions of the seat to move
and apply one of them picked uniformly by the same generator (`random.Random`, one float per
pick). bodoge is driven through its `State` protocol as its bots and environments drive it
(`pending()`, `legal_actions(seat)`, `apply(seat, action)`, chance drawn inside the game);
OpenSpiel through pyspiel (`legal_actions()`, `apply_action()`), its chance nodes sampled from
`chance_outcomes()` in the same loop (their time counts, but they are not decisions). A game
starts with `new` (bodoge: a fresh seed each game) or `new_initial_state`, and the time of the
deal counts too. Only finished games count.

Every bodoge game runs at every player count it takes; the yardsticks are OpenSpiel's C++ card
games (hearts, oh_hell, crazy_eights at their default player counts, and bridge with its cards
played rather than scored by the double-dummy solver, which would take 99% of the time) and
OpenSpiel's Python games. The cases run in interleaved rounds (each round gives every case
`--seconds` of CPU time), so a change in the machine's load touches all of them alike; the
table gives the medians over the rounds of decisions and games per CPU second of this process
(`time.process_time`), and each case's decisions/s as a multiple of the median of the C++ card
games. OpenSpiel (`pip install open_spiel`, in the `rl` extra) is needed for this benchmark
only, never by bodoge itself.
"""

from __future__ import annotations

import argparse
import os
import platform
import random
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from importlib import metadata
from pathlib import Path

import bodoge
from bodoge.engine import game_ids, get_game

try:
    import open_spiel.python.games  # noqa: F401 (registers OpenSpiel's Python games)
    import pyspiel
except ImportError:  # an optional dependency of this benchmark only
    sys.exit("benchmarks/vs_openspiel.py needs OpenSpiel: pip install 'open_spiel>=2.0.2'")

OPENSPIEL_CPP_CARDS = (
    "hearts",
    "oh_hell",
    "crazy_eights",
    "bridge(use_double_dummy_result=false)",
)
OPENSPIEL_PYTHON = (
    "python_kuhn_poker",
    "python_liars_poker",
    "python_block_dominoes",
    "python_tic_tac_toe",
)
CPP_FAMILY = "OpenSpiel C++"

Loop = Callable[[float], tuple[int, int]]  # plays whole games for that much CPU time


def bodoge_loop(game_id: str, players: int, pick: Callable[[], float]) -> Loop:
    game = get_game(game_id)
    seeds = iter(range(1, 1 << 62))

    def run(seconds: float) -> tuple[int, int]:
        games = decisions = 0
        deadline = time.process_time() + seconds
        while time.process_time() < deadline:
            state = game.new(players, None, next(seeds))
            pending = state.pending()
            while pending:
                seat = pending[0]
                legal = state.legal_actions(seat)
                state.apply(seat, legal[int(pick() * len(legal))])
                decisions += 1
                pending = state.pending()
            games += 1
        return games, decisions

    return run


def openspiel_loop(name: str, pick: Callable[[], float]) -> Loop:
    game = pyspiel.load_game(name)

    def run(seconds: float) -> tuple[int, int]:
        games = decisions = 0
        deadline = time.process_time() + seconds
        while time.process_time() < deadline:
            state = game.new_initial_state()
            while not state.is_terminal():
                if state.is_chance_node():
                    outcomes = state.chance_outcomes()
                    left = pick()
                    action = outcomes[-1][0]  # if rounding leaves a sliver past the last one
                    for outcome, probability in outcomes:
                        left -= probability
                        if left < 0:
                            action = outcome
                            break
                    state.apply_action(action)
                    continue
                legal = state.legal_actions()
                state.apply_action(legal[int(pick() * len(legal))])
                decisions += 1
            games += 1
        return games, decisions

    return run


@dataclass
class Case:
    family: str
    name: str
    players: int
    loop: Loop
    decisions: list[float] = field(default_factory=list)
    games: list[float] = field(default_factory=list)

    def median_decisions(self) -> float:
        return statistics.median(self.decisions)


def cases(only: list[str], pick: Callable[[], float]) -> list[Case]:
    found: list[Case] = []
    for game_id in only or game_ids():
        info = get_game(game_id).info
        for players in range(info.min_players, info.max_players + 1):
            found.append(Case("bodoge", game_id, players, bodoge_loop(game_id, players, pick)))
    for family, names in (
        (CPP_FAMILY, OPENSPIEL_CPP_CARDS),
        ("OpenSpiel Python", OPENSPIEL_PYTHON),
    ):
        for name in names:
            players = pyspiel.load_game(name).num_players()
            found.append(Case(family, name, players, openspiel_loop(name, pick)))
    return found


def commit() -> str:
    """The commit of the bodoge source being measured (which may not be this script's)."""
    try:
        return subprocess.run(
            ["git", "rev-parse", "--short", "HEAD"], capture_output=True, text=True, check=True,
            cwd=Path(bodoge.__file__).parent,
        ).stdout.strip()  # fmt: skip
    except (OSError, subprocess.CalledProcessError):
        return "unknown"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--seconds", type=float, default=0.5, help="CPU time per case per round")
    parser.add_argument("--game", action="append", default=[], choices=game_ids(),
                        help="only this bodoge game (repeatable; default: all)")  # fmt: skip
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    pick = random.Random(args.seed).random
    table = cases(args.game, pick)
    load_before = os.getloadavg()
    for _ in range(args.rounds):
        for case in table:
            cpu = time.process_time()
            games, decisions = case.loop(args.seconds)
            cpu = time.process_time() - cpu
            case.decisions.append(decisions / cpu)
            case.games.append(games / cpu)
    load_after = os.getloadavg()
    yardstick = statistics.median(c.median_decisions() for c in table if c.family == CPP_FAMILY)
    print(f"{args.rounds} interleaved rounds of {args.seconds} CPU s per case; medians; "
          f"load average (1 min) {load_before[0]:.2f} before, {load_after[0]:.2f} after, "
          f"on {os.cpu_count()} CPUs; Python {platform.python_version()}, "
          f"OpenSpiel {metadata.version('open_spiel')}, "
          f"commit {commit()}, {bodoge.build_kind()} build")  # fmt: skip
    print(f"C++ card-game median: {yardstick:,.0f} decisions per CPU second")
    print()
    print("| system | game | players | decisions/s | games/s | decisions/game | x C++ median |")
    print("|---|---|---:|---:|---:|---:|---:|")
    for case in table:
        per_game = case.median_decisions() / max(statistics.median(case.games), 1e-9)
        print(f"| {case.family} | {case.name} | {case.players} | "
              f"{case.median_decisions():,.0f} | {statistics.median(case.games):,.1f} | "
              f"{per_game:,.0f} | {case.median_decisions() / yardstick:.2f} |")  # fmt: skip
    ours = [c.median_decisions() for c in table if c.family == "bodoge"]
    print()
    print(f"bodoge: slowest {min(ours) / yardstick:.2f}x, median "
          f"{statistics.median(ours) / yardstick:.2f}x the C++ card-game median")  # fmt: skip


if __name__ == "__main__":
    main()
