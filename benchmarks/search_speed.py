"""Search speed per game: determinizations per second and ISMCTS iterations per second.

    python benchmarks/search_speed.py                      # every game, 5 rounds
    python benchmarks/search_speed.py koremon_trick --rounds 9 --iterations 300

The positions are the same for every run: seeded random games on the bare state (the ladder's
player counts: 2, or the game's minimum), every decision with more than one search candidate,
`--positions` of them spread evenly over the games. `determinize` calls
`State.determinize(seat, rng)` on each position in turn for the pending seat, for `--seconds`;
`prepared draws` draws from each position's `State.determinizer(seat)` instead, as the search
does once per iteration (the preparation, once per decision, is not counted).
`ismcts` runs `IsmctsBot(iterations=N)` (the `normal` level's count by default) on each of
`--search-positions` of them, a fresh seeded bot per position. Both count CPU time of this
process (`time.process_time`), so the figures move less with the machine's load, and run in
interleaved rounds (every game in each round); the table gives the median over the rounds.

    python benchmarks/search_speed.py --compare issue=/tmp/issue/src first=/tmp/first/src now=src

compares source trees (`git archive COMMIT src | tar -x -C DIR`): ISMCTS iterations per CPU
second only, each tree in a process of its own (`PYTHONPATH=SRC`) in every round, the trees in
turn, and each tree's median with its ratio to the first tree's.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time

import bodoge
from bodoge.ai.factory import ISMCTS_ITERATIONS
from bodoge.ai.ismcts import IsmctsBot
from bodoge.engine import Rng, State, game_ids, get_game


def ladder_players(game_id: str) -> int:
    return max(2, get_game(game_id).info.min_players)


def positions(game_id: str, players: int, count: int, games: int = 4) -> list[tuple[State, int]]:
    """`count` positions (state, pending seat) with a real choice, spread over `games` seeded
    random games."""
    game = get_game(game_id)
    rng = Rng(2026)
    found: list[tuple[State, int]] = []
    for seed in range(1, games + 1):
        state = game.new(players, None, seed)
        while not state.is_over():
            seat = state.pending()[0]
            legal = state.legal_actions(seat)
            if len(legal) > 1 and len(state.search_actions(seat)) > 1:
                found.append((state.clone(), seat))
            state.apply(seat, legal[rng.below(len(legal))])
    if not found:
        return []
    step = max(len(found) / count, 1.0)
    return [found[int(i * step)] for i in range(min(count, len(found)))]


def determinize_rate(cases: list[tuple[State, int]], seconds: float, prepared: bool) -> float:
    """Draws per CPU second: `determinize` calls, or (`prepared`) draws from each position's
    `determinizer`, made once per position as a search does (not counted)."""
    rng = Rng(7)
    done = 0
    draws = [state.determinizer(seat) for state, seat in cases] if prepared else []
    start = time.process_time()
    while True:
        if prepared:
            for draw in draws:
                draw(rng)
        else:
            for state, seat in cases:
                state.determinize(seat, rng)
        done += len(cases)
        elapsed = time.process_time() - start
        if elapsed >= seconds:
            return done / elapsed


def ismcts_rate(cases: list[tuple[State, int]], iterations: int) -> float:
    start = time.process_time()
    for index, (state, seat) in enumerate(cases):
        IsmctsBot(seed=index, iterations=iterations).choose(state, seat)
    return iterations * len(cases) / (time.process_time() - start)


RATE = """
import json, sys
sys.path.insert(0, sys.argv[1])
from search_speed import ismcts_rate, ladder_players, positions
games, count, searched, iterations = sys.argv[2].split(","), *map(int, sys.argv[3:6])
rates = {}
for game in games:
    found = positions(game, ladder_players(game), count)
    cases = found[:: max(len(found) // searched, 1)][:searched]
    rates[game] = ismcts_rate(cases, iterations)
print(json.dumps(rates))
"""


def compare(trees: list[str], games: list[str], args: argparse.Namespace) -> None:
    """ISMCTS iterations/s of each source tree (NAME=SRC), one process per tree and round."""
    named = [tree.split("=", 1) if "=" in tree else [tree, tree] for tree in trees]
    here = os.path.dirname(os.path.abspath(__file__))
    rates: dict[str, dict[str, list[float]]] = {name: {g: [] for g in games} for name, _ in named}
    load = os.getloadavg()[0]
    for _ in range(args.rounds):
        for name, src in named:
            env = dict(os.environ, PYTHONPATH=os.path.abspath(src))
            command = [sys.executable, "-c", RATE, here, ",".join(games)]
            command += [str(args.positions), str(args.search_positions), str(args.iterations)]
            run = subprocess.run(command, env=env, capture_output=True, text=True, check=True)
            for game, rate in json.loads(run.stdout).items():
                rates[name][game].append(rate)
    print(
        f"{args.rounds} rounds, medians of ISMCTS iterations per CPU second at {args.iterations} "
        f"iterations; load average {load:.2f} before, {os.getloadavg()[0]:.2f} after"
    )
    names = [name for name, _ in named]
    ratios = [f"{name}/{names[0]}" for name in names[1:]]
    print("| game | players | " + " | ".join(names + ratios) + " |")
    print("|---|---:|" + "---:|" * (2 * len(names) - 1))
    for game in games:
        medians = [statistics.median(rates[name][game]) for name in names]
        cells = [f"{m:,.0f}" for m in medians] + [f"{m / medians[0]:.2f}x" for m in medians[1:]]
        print(f"| {game} | {ladder_players(game)} | " + " | ".join(cells) + " |")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="*", help="game ids (default: every registered game)")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--seconds", type=float, default=0.5, help="determinize, per round")
    parser.add_argument("--positions", type=int, default=40)
    parser.add_argument("--search-positions", type=int, default=4)
    parser.add_argument("--iterations", type=int, default=ISMCTS_ITERATIONS["normal"])
    parser.add_argument("--no-ismcts", action="store_true", help="measure determinize only")
    parser.add_argument(
        "--compare", nargs="+", metavar="NAME=SRC", help="ISMCTS iterations/s of source trees"
    )
    args = parser.parse_args()
    games = args.games or game_ids()
    if args.compare:
        compare(args.compare, games, args)
        return
    cases = {
        game_id: positions(game_id, ladder_players(game_id), args.positions) for game_id in games
    }
    searched = {
        game_id: found[:: max(len(found) // args.search_positions, 1)][: args.search_positions]
        for game_id, found in cases.items()
    }
    rates: dict[str, list[float]] = {game_id: [] for game_id in games}
    prepared: dict[str, list[float]] = {game_id: [] for game_id in games}
    iterations: dict[str, list[float]] = {game_id: [] for game_id in games}
    load = os.getloadavg()[0]
    for _ in range(args.rounds):
        for game_id in games:
            rates[game_id].append(determinize_rate(cases[game_id], args.seconds, False))
            if hasattr(State, "determinizer"):  # absent before the search's prepared draws
                prepared[game_id].append(determinize_rate(cases[game_id], args.seconds, True))
            if not args.no_ismcts:
                iterations[game_id].append(ismcts_rate(searched[game_id], args.iterations))
    print(
        f"{args.rounds} rounds, medians per CPU second; {args.positions} positions for "
        f"determinize, {args.search_positions} searched at {args.iterations} iterations; "
        f"load average {load:.2f} before, {os.getloadavg()[0]:.2f} after; "
        f"{bodoge.build_kind()} build"
    )
    print("| game | players | determinize/s | prepared draws/s | ISMCTS iterations/s |")
    print("|---|---:|---:|---:|---:|")

    def median(values: list[float]) -> str:
        return f"{statistics.median(values):,.0f}" if values else "-"

    for game_id in games:
        print(
            f"| {game_id} | {ladder_players(game_id)} | {median(rates[game_id])} | "
            f"{median(prepared[game_id])} | {median(iterations[game_id])} |"
        )


if __name__ == "__main__":
    main()
