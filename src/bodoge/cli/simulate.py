"""`bodoge simulate`: batches of bot games with balance statistics.

bodoge simulate collect --players 3 --bots hard,greedy,random --games 300 --seed 1 --jobs 4
bodoge simulate monster_hex --players 2 --bots random --games 2000 --json out.json --plot charts
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path
from typing import Any

from bodoge.ai import SPEC_HELP, parse_lineup
from bodoge.engine import BodogeError
from bodoge.engine.options import parse_option_pairs


def register(subparsers: Any) -> argparse.ArgumentParser:
    parser: argparse.ArgumentParser = subparsers.add_parser(
        "simulate",
        help="play batches of bot games and report win rates, seat balance, scores",
        description="Play batches of bot games, seats rotated, and report win rates with 95% "
        "intervals, seat balance, first-player advantage, scores and game lengths.",
    )
    parser.add_argument("game", help="game id (or module:Class of a game being prototyped)")
    parser.add_argument("--players", type=int, required=True, help="number of players")
    parser.add_argument(
        "--bots",
        default="random",
        help=f"comma-separated bots, one per seat or one for all; rotated through the seats "
        f"({SPEC_HELP})",
    )
    parser.add_argument("--games", type=int, default=100, help="number of games (default 100)")
    parser.add_argument("--seed", type=int, default=0, help="batch seed (default 0)")
    parser.add_argument("--jobs", type=int, default=1, help="worker processes (default 1)")
    parser.add_argument(
        "--option", action="append", default=[], metavar="KEY=VALUE", help="a game option"
    )
    parser.add_argument(
        "--content",
        metavar="FILE",
        help="a variant's content as TOML (bodoge content export GAME), instead of the built-in",
    )
    parser.add_argument(
        "--json", nargs="?", const="-", metavar="FILE", help="JSON summary to FILE (or stdout)"
    )
    parser.add_argument(
        "--csv", nargs="?", const="-", metavar="FILE", help="one row per game and seat"
    )
    parser.add_argument("--records", action="store_true", help="include every game in --json")
    parser.add_argument("--plot", metavar="DIR", help="write PNG charts to DIR (matplotlib)")
    parser.add_argument(
        "--backend",
        choices=("process", "ray"),
        default="process",
        help="worker processes on this machine (default) or a Ray cluster",
    )
    parser.add_argument("--address", help="Ray cluster address (default: start a local one)")
    progress = parser.add_mutually_exclusive_group()
    progress.add_argument(
        "--progress",
        dest="progress",
        action="store_true",
        default=None,
        help="progress bar on standard error (default: when it is a terminal)",
    )
    progress.add_argument(
        "--no-progress",
        dest="progress",
        action="store_false",
        help="no progress bar and no estimate of the duration",
    )
    parser.set_defaults(func=run)
    return parser


def read_content(path: str) -> dict[str, Any]:
    """A variant file the person named (the server never reads a path)."""
    from bodoge.engine.variants import MAX_TOML_BYTES, parse_toml

    with open(path, "rb") as file:
        return parse_toml(file.read(MAX_TOML_BYTES + 1))


def _write(target: str, text: str) -> None:
    if target == "-":
        sys.stdout.write(text)
    else:
        Path(target).write_text(text, encoding="utf-8")


def run(args: argparse.Namespace) -> int:
    try:
        return _run(args)
    except BodogeError as error:
        print(f"bodoge simulate: {error}", file=sys.stderr)
        return 2
    except OSError as error:
        print(f"bodoge simulate: {error.strerror}: {error.filename}", file=sys.stderr)
        return 2
    except RuntimeError as error:  # a game that did not end: a bug in the game, not the input
        print(f"bodoge simulate: {error}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        print("\nbodoge simulate: interrupted", file=sys.stderr)
        return 130


def _run(args: argparse.Namespace) -> int:
    from bodoge.engine import InvalidOptions
    from bodoge.sim import Batch, run_batch, summarize
    from bodoge.sim.outputs import check_outputs
    from bodoge.sim.progress import ProgressBar, duration_words
    from bodoge.sim.report import text, to_csv, to_json
    from bodoge.sim.runner import worker_count

    check_outputs(args.json, args.csv, args.plot)
    if args.plot:
        from bodoge.sim.plots import require_matplotlib

        require_matplotlib()  # before the batch, not after it
    if args.address and args.backend != "ray":
        raise InvalidOptions("--address needs --backend ray")
    batch = Batch(
        game=args.game,
        players=args.players,
        bots=tuple(parse_lineup(args.bots, args.players)) if args.players > 0 else (),
        games=args.games,
        seed=args.seed,
        options=parse_option_pairs(args.option),
        content=read_content(args.content) if args.content else None,
    )
    game = batch.check()
    jobs = args.jobs
    if not args.address:  # an existing Ray cluster has its own cores
        jobs = worker_count(args.jobs)
        if jobs < args.jobs:
            whose = "this machine has" if jobs == os.cpu_count() else "this process may use"
            print(f"bodoge simulate: --jobs {args.jobs}: using {jobs}, the cores {whose}",
                  file=sys.stderr)  # fmt: skip
    show = sys.stderr.isatty() if args.progress is None else args.progress

    def tell(seconds: float, workers: int) -> None:
        plural = "s" if workers > 1 else ""
        print(
            f"bodoge simulate: about {duration_words(seconds)} "
            f"({batch.games} games, {workers} worker{plural})",
            file=sys.stderr,
            flush=True,
        )

    records = run_batch(
        batch,
        jobs=jobs,
        backend=args.backend,
        address=args.address,
        progress=ProgressBar(batch.games) if show else None,
        estimate=None if args.progress is False else tell,
    )
    summary = summarize(batch, records, title=game.info.title_en)
    if args.json != "-" and args.csv != "-":
        sys.stdout.write(text(summary))
    if args.json:
        _write(args.json, to_json(summary, records if args.records else None))
    if args.csv:
        _write(args.csv, to_csv(records, batch.bots))
    if args.plot:
        from bodoge.sim.plots import write_plots

        for path in write_plots(summary, records, args.plot):
            print(f"wrote {path}", file=sys.stderr)
    return 0


def main(argv: list[str] | None = None) -> int:
    """Run `simulate` alone (until the `bodoge` command wires it in)."""
    parser = argparse.ArgumentParser(prog="bodoge")
    register(parser.add_subparsers(dest="command", required=True))
    args = parser.parse_args(argv)
    return int(args.func(args))


if __name__ == "__main__":
    raise SystemExit(main())
