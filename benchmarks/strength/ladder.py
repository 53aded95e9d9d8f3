"""Strength ladders: ISMCTS against random and greedy, greedy against random, on every game.

    python benchmarks/strength/ladder.py                       # every game, ismcts:300
    python benchmarks/strength/ladder.py collect monster_hex --ismcts ismcts:1s -n 100 --jobs 4
    python benchmarks/strength/ladder.py --baseline /tmp/old-src --ismcts normal -n 60 --jobs 2

Each match seats the tested bot against copies of one opponent (so a 3-player game is
ismcts, random, random), rotated through the seats, and prints the tested bot's win rate with a
95% Wilson interval against the issue's targets: ISMCTS beats random in at least 90% of
2-player games (twice the fair share with more players) and beats greedy in at least 60%
(1.3 times the fair share). A game with no real decisions (pure dice) or almost none (Hunt the
Monster) is reported without target.

With `--baseline SRC` (a source tree of another commit, e.g. `git archive COMMIT src`), each game
instead seats the `--ismcts` bot against copies of the same spec played by that tree's code
(`baseline.py`), rotated through the seats, every deal played in every rotation, and prints the
tested bot's win share beside the fair share: the same bot at the same budget, before and after
a change. A time budget (`--ismcts ismcts:0.3s`) gives both sides the same seconds a decision,
which is what a faster search buys; with `--cpu-time` those seconds are each process's CPU time
(`time.process_time`), not wall time, so a loaded machine gives both sides the same CPU a
decision whoever the scheduler favours.
"""

from __future__ import annotations

import argparse
import json
import math
import multiprocessing
import sys
import time
from typing import Any

from baseline import Baseline, BaselineBot, cpu_clock

from bodoge.ai import make_bot
from bodoge.engine import Match, game_ids, get_game
from bodoge.sim import Batch, run_batch, summarize
from bodoge.sim.stats import wilson

# Reported without a target: Monster Evolution is pure dice. In Hunt the Monster 91% of the
# decisions are forced and the rest (about 7 a seat per game: which slot) are worth little: the
# best fair bots we built win 37-55% against random or greedy players, and only a cheat that
# sees the deck and the dice to come wins twice its share (docs/balance/README.md).
NO_DECISIONS = {"koremon_evolution", "koremon_hunt"}


def target(tested: str, opponent: str, players: int) -> float | None:
    if not tested.startswith("ismcts") and tested not in ("normal", "hard"):
        return None
    if opponent == "random":
        return 0.9 if players == 2 else 2.0 / players
    if opponent.startswith("greedy"):
        return 0.6 if players == 2 else 1.3 / players
    return None


def ladder_players(game_id: str, asked: int | None) -> int:
    info = get_game(game_id).info
    if asked is not None:
        return min(max(asked, info.min_players), info.max_players)
    return max(2, info.min_players)


_BASELINE: dict[str, Baseline] = {}  # per pool process: its worker on the other tree


def play_against_baseline(task: tuple[Batch, int, str, bool]) -> tuple[float, float]:
    """Game `index` of `batch` (slot 0: this tree's bot; the others: the other tree's): the
    tested bot's share of the win and the game's seconds. With `cpu_time`, both trees' time
    budgets count their own process's CPU time."""
    batch, index, src, cpu_time = task
    if src not in _BASELINE:
        if cpu_time:
            cpu_clock()
        _BASELINE[src] = Baseline(src, cpu_time)
    slots = batch.slots(index)
    seeds = batch.bot_seeds(index)
    spec = batch.bots[0]
    bots: list[Any] = [
        make_bot(spec, seeds[seat])
        if slot == 0
        else BaselineBot(_BASELINE[src], spec, seeds[seat], f"{index}:{seat}")
        for seat, slot in enumerate(slots)
    ]
    match = Match(batch.game, batch.players, batch.options, batch.deal_seed(index))
    start = time.perf_counter()
    match.play_out(lambda state, seat: bots[seat].choose(state, seat), max_decisions=1_000_000)
    result = match.result()
    assert result is not None
    tested = slots.index(0)
    share = 1.0 / len(result.winners) if tested in result.winners else 0.0
    return share, time.perf_counter() - start


def baseline_ladder(args: argparse.Namespace, games: list[str]) -> list[dict[str, Any]]:
    rows = []
    if args.cpu_time:
        print("time budgets count each side's CPU time (time.process_time)")
    print(f"{'game':18} {'N':>2}  {'bot':14} {'vs':14} {'games':>5}  win%   95% CI"
          f"       fair   s/game")  # fmt: skip
    for game_id in games:
        # a pool per game: leaving it stops the games still running (--minutes)
        with multiprocessing.Pool(args.jobs) as pool:
            players = ladder_players(game_id, args.players)
            count = math.ceil(args.count / players) * players
            batch = Batch(
                game=game_id,
                players=players,
                bots=(args.ismcts, *["baseline"] * (players - 1)),
                games=count,
                seed=args.seed,
            )
            start = time.perf_counter()
            tasks = [(batch, index, args.baseline, args.cpu_time) for index in range(count)]
            played: list[tuple[float, float]] = []
            # In game order, so the games played are whole rotations of the first deals; with
            # --minutes, no new deal is started after that long.
            for outcome in pool.imap(play_against_baseline, tasks, chunksize=1):
                played.append(outcome)
                late = args.minutes and time.perf_counter() - start > 60 * args.minutes
                if late and len(played) % players == 0:
                    break
            elapsed = time.perf_counter() - start
            count = len(played) - len(played) % players
            played = played[:count]
            if not count:
                print(f"{game_id:18} {players:2}  no whole rotation within --minutes", flush=True)
                continue
            wins = sum(share for share, _ in played)
            low, high = wilson(wins, count)
            fair = 1.0 / players
            print(
                f"{game_id:18} {players:2}  {args.ismcts:14} {'baseline':14} {count:5}"
                f"  {100 * wins / count:5.1f}  {100 * low:5.1f}-{100 * high:5.1f}"
                f"   {100 * fair:5.1f}  {elapsed * args.jobs / count:6.1f}",
                flush=True,
            )
            rows.append(
                {
                    "game": game_id,
                    "players": players,
                    "bot": args.ismcts,
                    "opponent": f"baseline:{args.baseline}",
                    "games": count,
                    "rate": wins / count,
                    "low": low,
                    "high": high,
                    "fair": fair,
                    "seconds_per_game": elapsed * args.jobs / count,
                    "clock": "cpu" if args.cpu_time else "wall",
                }
            )
    return rows


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="*", help="game ids (default: every registered game)")
    parser.add_argument("--ismcts", default="ismcts:300", help="the search bot's spec")
    parser.add_argument("--greedy", default="greedy", help="the greedy bot's spec")
    parser.add_argument("--players", type=int, help="player count (default 2, or the minimum)")
    parser.add_argument("--games-per-match", "-n", type=int, default=40, dest="count")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--json", metavar="FILE", help="also write the figures as JSON")
    parser.add_argument(
        "--baseline", metavar="SRC", help="play --ismcts against itself from this source tree"
    )
    parser.add_argument(
        "--minutes", type=float, help="with --baseline: start no new deal after this long a game"
    )
    parser.add_argument(
        "--cpu-time",
        action="store_true",
        help="with --baseline: time budgets (ismcts:0.3s) count each side's CPU time, not wall",
    )
    args = parser.parse_args()
    if args.cpu_time and not args.baseline:
        parser.error("--cpu-time needs --baseline")
    games = args.games or game_ids()
    if args.baseline:
        rows = baseline_ladder(args, games)
        if args.json:
            with open(args.json, "w", encoding="utf-8") as out:
                json.dump({"args": vars(args), "rows": rows}, out, indent=2)
        return 0
    rows = []
    print(f"{'game':18} {'N':>2}  {'bot':14} {'vs':10} {'games':>5}  win%   95% CI"
          f"       target  verdict   s/game")  # fmt: skip
    for game_id in games:
        players = ladder_players(game_id, args.players)
        count = math.ceil(args.count / players) * players
        for tested, opponent in (
            (args.ismcts, "random"),
            (args.ismcts, args.greedy),
            (args.greedy, "random"),
        ):
            batch = Batch(
                game=game_id,
                players=players,
                bots=(tested, *[opponent] * (players - 1)),
                games=count,
                seed=args.seed,
            )
            start = time.perf_counter()
            records = run_batch(batch, jobs=args.jobs)
            elapsed = time.perf_counter() - start
            entry = summarize(batch, records).data["by_bot"][0]
            goal = None if game_id in NO_DECISIONS else target(tested, opponent, players)
            if goal is None:
                verdict = "report"
            elif entry["rate"] >= goal:
                verdict = "met"
            else:
                verdict = "MISSED"
            goal_text = f"{100 * goal:5.1f}%" if goal is not None else "    -"
            print(
                f"{game_id:18} {players:2}  {tested:14} {opponent:10} {count:5}"
                f"  {100 * entry['rate']:5.1f}"
                f"  {100 * entry['low']:5.1f}-{100 * entry['high']:5.1f}"
                f"   {goal_text}  {verdict:8} {elapsed * args.jobs / count:6.1f}",
                flush=True,
            )
            rows.append(
                {
                    "game": game_id,
                    "players": players,
                    "bot": tested,
                    "opponent": opponent,
                    "games": count,
                    "rate": entry["rate"],
                    "low": entry["low"],
                    "high": entry["high"],
                    "target": goal,
                    "verdict": verdict,
                }
            )
    if args.json:
        with open(args.json, "w", encoding="utf-8") as out:
            json.dump({"args": vars(args), "rows": rows}, out, indent=2)
    return 0


if __name__ == "__main__":
    sys.exit(main())
