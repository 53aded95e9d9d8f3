"""Is the analysis sane, and what does it cost? Bot games analysed from every seat.

    python benchmarks/analysis.py                       # every game, 1 game each, 4 players
    python benchmarks/analysis.py collect koremon_trick --games 2 --level normal

Each game is played by the line-up hard, normal, easy, random (rotated by one seat a game,
seeds 0, 1, ...) and analysed from every seat at `--level` (default: the analysis's own default).
Per game it prints, for each bot: decisions analysed, marked moves (inaccuracies, mistakes and
blunders) and mistakes (mistakes and blunders) per seat, and the average loss of chance to win
per decision; then the ratio of random's mistakes to hard's (target: at least 3) and whether
hard < normal < easy in loss (expected except in Monster Evolution and Hunt the Monster, where
decisions hardly change results: docs/ai.md, "Strength"), and the CPU seconds of analysing one
seat of one game, the most of the games played (target: under 60 s at the default level),
and of all its seats.
"""

from __future__ import annotations

import argparse
import time
from collections import defaultdict

from bodoge.ai import make_bot
from bodoge.ai.analysis import DECISION, DEFAULT_LEVEL, analyze
from bodoge.engine import Match, game_ids

LINEUP = ("hard", "normal", "easy", "random")
NO_TARGET = {"koremon_evolution", "koremon_hunt"}  # pure dice, or nearly (docs/ai.md)


def play(game: str, players: int, seed: int, lineup: list[str]) -> Match:
    match = Match(game, players, None, seed, names=lineup)
    bots = [make_bot(spec, seed * 10 + seat) for seat, spec in enumerate(lineup)]
    match.play_out(lambda state, seat: bots[seat].choose(state, seat))
    return match


def bench(game: str, players: int, games: int, level: str) -> dict[str, object]:
    decisions: dict[str, int] = defaultdict(int)
    loss: dict[str, float] = defaultdict(float)
    marked: dict[str, int] = defaultdict(int)
    mistakes: dict[str, int] = defaultdict(int)
    seats: dict[str, int] = defaultdict(int)
    cpu: list[float] = []  # seconds of analysing one game from every seat
    for index in range(games):
        lineup = [LINEUP[(seat + index) % len(LINEUP)] for seat in range(players)]
        match = play(game, players, index, lineup)
        start = time.process_time()
        analysis = analyze(match, None, level, seed=index)
        cpu.append(time.process_time() - start)
        for seat, bot in enumerate(lineup):
            seats[bot] += 1
            for step in analysis.for_seat(seat):
                if step.kind != DECISION:
                    continue
                decisions[bot] += 1
                loss[bot] += step.loss
                marked[bot] += step.mark is not None
                mistakes[bot] += step.mark in ("mistake", "blunder")
    return {
        "bots": [bot for bot in LINEUP if seats[bot]],
        "decisions": decisions,
        "loss": {bot: loss[bot] / decisions[bot] if decisions[bot] else 0.0 for bot in seats},
        "marked": {bot: marked[bot] / seats[bot] for bot in seats},
        "mistakes": {bot: mistakes[bot] / seats[bot] for bot in seats},
        "cpu": max(cpu),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("games_to_run", nargs="*", metavar="GAME", help="default: every game")
    parser.add_argument("--games", type=int, default=1, help="games of each (default 1)")
    parser.add_argument("--players", type=int, default=4, help="players (default 4)")
    parser.add_argument("--level", default=DEFAULT_LEVEL, help="analysis level")
    args = parser.parse_args()
    print(f"line-up {', '.join(LINEUP[: args.players])} (rotated), {args.players} players, "
          f"{args.games} game(s) each, analysis level {args.level}")  # fmt: skip
    header = (
        "| game | decisions (h/n/e/r) | marked per seat (h/n/e/r) | mistakes per seat (h/r) "
        "| random/hard | loss per decision (h/n/e/r) | h < n < e | CPU s: one seat, all |"
    )
    print(header)
    print("|---" * (header.count("|") - 1) + "|")
    for game in args.games_to_run or game_ids():
        found = bench(game, args.players, args.games, args.level)
        bots = found["bots"]
        assert isinstance(bots, list)
        loss = found["loss"]
        marked = found["marked"]
        mistakes = found["mistakes"]
        decisions = found["decisions"]
        assert isinstance(loss, dict) and isinstance(marked, dict)
        assert isinstance(mistakes, dict) and isinstance(decisions, dict)
        hard, random = mistakes.get("hard", 0.0), mistakes.get("random", 0.0)
        ratio = f"{random / hard:.1f}x" if hard else ("∞" if random else "-")
        ordered = loss.get("hard", 0) < loss.get("normal", 0) < loss.get("easy", 0)
        verdict = ("yes" if ordered else "no") + (" (no target)" if game in NO_TARGET else "")
        print(
            f"| {game} | {'/'.join(str(decisions[b]) for b in bots)} "
            f"| {'/'.join(f'{marked[b]:.1f}' for b in bots)} "
            f"| {hard:.1f}/{random:.1f} | {ratio} "
            f"| {'/'.join(f'{loss[b]:.3f}' for b in bots)} | {verdict} "
            f"| {float(found['cpu']) / args.players:.1f}, {found['cpu']:.1f} |",
            flush=True,
        )


if __name__ == "__main__":
    main()
