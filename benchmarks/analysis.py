"""Is the analysis sane, and what does it cost? Bot games analysed from every seat.

    python benchmarks/analysis.py                       # every game, 1 game each, 4 players
    python benchmarks/analysis.py collect koremon_trick --games 4 --level normal
    python benchmarks/analysis.py koremon_auction --lineup hard,random,random --games 2
    python benchmarks/analysis.py koremon_auction --lineup easy,random,easy,random --seats 1

Each game is played by the line-up (default hard, normal, easy, random; rotated by one seat a
game, seeds 0, 1, ...) and analysed from every seat at `--level` (default: the analysis's own).
A move is marked only when its loss is past a threshold and beyond two standard errors of its
paired measure (docs/ai.md, "Analysis"), so noise does not make marks. Per game it prints, for
each bot: decisions analysed, marks and mistakes (mistakes and blunders) per seat, the average
loss of chance to win per decision with its standard error (over the decisions); then

- random/hard: random's mistakes per seat over hard's, and whether the target (at least 3x)
  holds: "holds" when random's count is beyond two standard errors above 3x hard's (each
  count's error: the seats' spread, at least a Poisson count's), "fails" when it is two
  standard errors below, else "unresolved" (more games);
- h < n < e: each neighbour's average loss compared, "<" or ">" when the difference is beyond
  two standard errors, "≈" when not; "yes" when both are "<", "no" when one is ">", else
  "unresolved" (expected to fail in Monster Evolution and Hunt the Monster, where decisions
  hardly change results: docs/ai.md, "Strength");
- the CPU seconds of playing the games (the bots' own searches: `hard` is costly, and is no
  part of an analysis) and of analysing one seat of one game (the most of the games played:
  target under 60 s at the default level).

    python benchmarks/analysis.py collect --lineup normal,normal --games 12 --paired 400

`--paired N` measures the second target on the same positions for every level, which the
games above cannot: there each bot is judged at its own positions by the analysis's search
(`normal` by default, no stronger than the bots it judges), whose preferred move is about as
noisy as theirs, and a loss cut at 0 turns the noise of its measures into a floor under every
bot's average. Instead, at N decisions (a real choice each)
spread evenly over every seat's decisions of the line-up's games, `hard` and `easy` choose a
move once and `normal` twice (other seeds); a judge (`--judge`, default `hard`: ISMCTS from the
seat's knowledge, as the analysis searches) chooses its own, and every distinct move is measured
in the judge's tree by `--pairs` paired rounds (default: the judge's iterations), each round one
simulated game per move from the same world and draws. A level's loss at a position is the
judge's move's chance to win minus its own move's, not cut at 0. It prints how often hard
agrees with normal, normal with itself and each with the judge; each level's average loss; the
paired differences normal − hard and easy − normal with their standard errors (over the
positions); and the verdict of h < n < e as above.
"""

from __future__ import annotations

import argparse
import itertools
import math
import time
from collections import defaultdict

from bodoge.ai import make_bot
from bodoge.ai.analysis import (
    DECISION,
    DEFAULT_LEVEL,
    _mix,
    _positions,
    analyze,
    level_iterations,
)
from bodoge.ai.ismcts import _Node
from bodoge.ai.probe import Probe
from bodoge.engine import Match, State, game_ids

LINEUP = ("hard", "normal", "easy", "random")
NO_TARGET = {"koremon_evolution", "koremon_hunt"}  # pure dice, or nearly (docs/ai.md)
Z = 2.0  # standard errors a difference must exceed to count


def play(game: str, players: int, seed: int, lineup: list[str]) -> Match:
    match = Match(game, players, None, seed, names=lineup)
    bots = [make_bot(spec, seed * 10 + seat) for seat, spec in enumerate(lineup)]
    match.play_out(lambda state, seat: bots[seat].choose(state, seat))
    return match


def mean_error(values: list[float]) -> tuple[float, float]:
    """The mean and its standard error (0 with fewer than two values)."""
    if not values:
        return 0.0, 0.0
    mean = sum(values) / len(values)
    if len(values) < 2:
        return mean, 0.0
    variance = sum((v - mean) ** 2 for v in values) / (len(values) - 1)
    return mean, math.sqrt(variance / len(values))


def bench(
    game: str, players: int, games: int, level: str, lineup: tuple[str, ...], analysed: int
) -> dict:  # type: ignore[type-arg]
    losses: dict[str, list[float]] = defaultdict(list)  # per decision
    marked: dict[str, list[float]] = defaultdict(list)  # per seat
    mistakes: dict[str, list[float]] = defaultdict(list)  # per seat
    play_cpu = 0.0
    seat_cpu: list[float] = []
    for index in range(games):
        seats = [lineup[(seat + index) % len(lineup)] for seat in range(players)]
        start = time.process_time()
        match = play(game, players, index, seats)
        play_cpu += time.process_time() - start
        for seat, bot in enumerate(seats[:analysed]):
            start = time.process_time()
            analysis = analyze(match, [seat], level, seed=index)
            seat_cpu.append(time.process_time() - start)
            decisions = [s for s in analysis.for_seat(seat) if s.kind == DECISION]
            losses[bot].extend(s.loss for s in decisions)
            marked[bot].append(sum(s.mark is not None for s in decisions))
            mistakes[bot].append(sum(s.mark in ("mistake", "blunder") for s in decisions))
    return {
        "bots": [bot for bot in dict.fromkeys(lineup) if bot in marked],  # each bot once
        "losses": losses,
        "marked": marked,
        "mistakes": mistakes,
        "play_cpu": play_cpu,
        "seat_cpu": max(seat_cpu),
    }


JUDGED = ("hard", "normal", "easy")  # the levels the paired design measures, strongest first


def paired(
    game: str, players: int, games: int, lineup: tuple[str, ...], limit: int, judge: str, pairs: int
) -> dict:  # type: ignore[type-arg]
    """Each level's move at the same positions, measured together by a stronger judge.

    The positions: `limit` decisions (a real choice each) spread evenly over every seat's
    decisions in `games` games of the line-up. At each, `hard` and `easy` choose once and
    `normal` twice (other seeds); the judge (ISMCTS at `judge`'s iterations, from the seat's
    knowledge, as the analysis searches) chooses its own move, and all of the distinct moves
    are measured side by side in `pairs` rounds of one simulated game each from the same world
    and draws (common random numbers) in the judge's tree. A level's loss at a position is the
    judge's move's chance to win minus its own move's, not cut at 0, so the judge's noise
    adds no floor, and two levels' losses differ only by their moves' measured difference."""
    found: list[tuple[State, int, int, int]] = []  # position, seat, game, decision
    for index in range(games):
        seats = [lineup[(seat + index) % len(lineup)] for seat in range(players)]
        match = play(game, players, index, seats)
        kept = match.decisions()
        states = _positions(match, kept)
        for k, entry in enumerate(kept):
            if len(states[k].legal_actions(entry.seat)) > 1:
                found.append((states[k], entry.seat, index, k))
    chosen = [found[i * len(found) // limit] for i in range(limit)] if limit < len(found) else found
    losses: dict[str, list[float]] = {level: [] for level in JUDGED}
    same = {"hard_normal": 0, "normal_normal": 0, "hard_judge": 0, "normal_judge": 0}
    iterations = level_iterations(judge)
    for state, seat, index, k in chosen:
        salt = _mix(index, k)
        hard = make_bot("hard", salt).choose(state, seat)
        normal = make_bot("normal", salt + 1).choose(state, seat)
        again = make_bot("normal", salt + 2).choose(state, seat)
        easy = make_bot("easy", salt + 3).choose(state, seat)
        probe = Probe(_mix(salt, 4), iterations, None)
        if len(state.search_actions(seat)) > 1:
            best = probe.choose(state, seat)
            root = probe.last_root
            assert root is not None
        else:
            best, root = state.search_actions(seat)[0], _Node()
        moves = tuple(dict.fromkeys((best, hard, normal, again, easy)))
        measured = probe.compare(state, seat, root, moves, pairs)
        value = {move: tally.chances()[seat] for move, tally in zip(moves, measured, strict=True)}
        losses["hard"].append(value[best] - value[hard])
        losses["normal"].append(value[best] - (value[normal] + value[again]) / 2)
        losses["easy"].append(value[best] - value[easy])
        same["hard_normal"] += hard == normal
        same["normal_normal"] += normal == again
        same["hard_judge"] += hard == best
        same["normal_judge"] += normal == best
    return {"positions": len(chosen), "losses": losses, "same": same}


def paired_verdict(losses: dict[str, list[float]]) -> tuple[list[str], str]:
    """Each neighbour's paired difference in loss (worse minus better) with its standard error,
    and the verdict of hard < normal < easy."""
    cells, signs = [], []
    for better, worse in itertools.pairwise(JUDGED):
        difference, error = mean_error(
            [b - a for a, b in zip(losses[better], losses[worse], strict=True)]
        )
        cells.append(f"{difference:+.4f}±{error:.4f}")
        signs.append("<" if difference > Z * error else ">" if difference < -Z * error else "≈")
    verdict = "yes" if signs == ["<", "<"] else "no" if ">" in signs else "unresolved"
    return cells, f"{verdict} (h {signs[0]} n {signs[1]} e)"


def count_error(counts: list[float]) -> tuple[float, float]:
    """The mean count per seat and its standard error: the seats' spread, but never less than
    a Poisson count's (the square root of the total, at least 1, over the seats), so that two
    seats with one mistake each are not taken for certainty."""
    mean, error = mean_error(counts)
    if not counts:
        return mean, error
    return mean, max(error, math.sqrt(max(sum(counts), 1.0)) / len(counts))


def ratio_verdict(hard: list[float], random: list[float]) -> tuple[str, str]:
    h, h_error = count_error(hard)
    r, r_error = count_error(random)
    ratio = f"{r / h:.1f}x" if h else ("∞" if r else "-")
    margin = r - 3 * h
    error = math.hypot(r_error, 3 * h_error)
    if margin > Z * error and r > 0:
        return ratio, "holds"
    if margin < -Z * error:
        return ratio, "fails"
    return ratio, "unresolved"


def order_verdict(losses: dict[str, list[float]]) -> str:
    signs = []
    for better, worse in (("hard", "normal"), ("normal", "easy")):
        if not losses.get(better) or not losses.get(worse):
            return "-"
        a, a_error = mean_error(losses[better])
        b, b_error = mean_error(losses[worse])
        difference, error = b - a, math.hypot(a_error, b_error)
        signs.append("<" if difference > Z * error else ">" if difference < -Z * error else "≈")
    verdict = "yes" if signs == ["<", "<"] else "no" if ">" in signs else "unresolved"
    return f"{verdict} (h {signs[0]} n {signs[1]} e)"


def print_header(header: str) -> None:
    """A Markdown table's header row and its rule."""
    print(header)
    print("|---" * (header.count("|") - 1) + "|")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("games_to_run", nargs="*", metavar="GAME", help="default: every game")
    parser.add_argument("--games", type=int, default=1, help="games of each (default 1)")
    parser.add_argument("--players", type=int, help="players (default: the line-up's)")
    parser.add_argument("--lineup", default=",".join(LINEUP), help="bots, comma-separated")
    parser.add_argument("--level", default=DEFAULT_LEVEL, help="analysis level")
    parser.add_argument("--seats", type=int, help="analyse only the first N seats (the cost)")
    parser.add_argument("--paired", type=int, metavar="N", help="the levels' moves at N positions")
    parser.add_argument("--judge", default="hard", help="--paired: the judge's level (hard)")
    parser.add_argument("--pairs", type=int, help="--paired: rounds a position (the judge's)")
    args = parser.parse_args()
    lineup = tuple(args.lineup.split(","))
    players = args.players or len(lineup)
    if args.paired:
        pairs = args.pairs or level_iterations(args.judge)
        print(f"line-up {', '.join(lineup)}: hard, normal, easy at {args.paired} positions, "
              f"judged at {args.judge} with {pairs} paired rounds")  # fmt: skip
        print_header(
            "| game | positions | h = n | n = n | h = judge | n = judge "
            "| loss per decision ± s.e. (h/n/e) | n − h | e − n | h < n < e | CPU s |"
        )
        for game in args.games_to_run or game_ids():
            start = time.process_time()
            found = paired(game, players, args.games, lineup, args.paired, args.judge, pairs)
            count, same, losses = found["positions"], found["same"], found["losses"]
            rates = " | ".join(
                f"{same[key] / max(count, 1):.0%}"
                for key in ("hard_normal", "normal_normal", "hard_judge", "normal_judge")
            )
            loss = "/".join("{:.4f}±{:.4f}".format(*mean_error(losses[b])) for b in JUDGED)
            cells, order = paired_verdict(losses)
            if game in NO_TARGET:
                order += " (no target)"
            print(
                f"| {game} | {count} | {rates} | {loss} | {cells[0]} | {cells[1]} | {order} "
                f"| {time.process_time() - start:.0f} |",
                flush=True,
            )
        return
    print(f"line-up {', '.join(lineup)} (rotated), {players} players, "
          f"{args.games} game(s) each, analysis level {args.level}")  # fmt: skip
    print_header(
        "| game | decisions | marked per seat | mistakes per seat | random/hard "
        "| loss per decision (± s.e.) | h < n < e | CPU s: play, one seat |"
    )
    for game in args.games_to_run or game_ids():
        found = bench(game, players, args.games, args.level, lineup, args.seats or players)
        bots: list[str] = found["bots"]
        losses, marked, mistakes = found["losses"], found["marked"], found["mistakes"]
        ratio, holds = ratio_verdict(mistakes.get("hard", []), mistakes.get("random", []))
        order = order_verdict(losses)
        if game in NO_TARGET:
            order += " (no target)"
        loss = "/".join("{:.3f}±{:.3f}".format(*mean_error(losses[b])) for b in bots)
        print(
            f"| {game} | {'/'.join(f'{b[0]}:{len(losses[b])}' for b in bots)} "
            f"| {'/'.join(f'{mean_error(marked[b])[0]:.1f}' for b in bots)} "
            f"| {'/'.join(f'{mean_error(mistakes[b])[0]:.1f}' for b in bots)} "
            f"| {ratio} {holds} | {loss} | {order} "
            f"| {found['play_cpu']:.0f}, {found['seat_cpu']:.1f} |",
            flush=True,
        )


if __name__ == "__main__":
    main()
