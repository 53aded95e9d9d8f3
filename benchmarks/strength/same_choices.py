"""Does a change leave the search's choices as they were? This tree against another, position by
position.

    python benchmarks/strength/same_choices.py --baseline /tmp/old-src --spec normal -n 40

A search is random: two runs of the old code with different seeds choose the same action on
some share of positions only. If the new code plays like the old, its choices agree with an old
run as often as another old run's do. On `-n` positions per game (seeded random games, a real
choice each, as in `benchmarks/search_speed.py`), the script runs the old code with seeds A and
B and this tree with seeds A, each in its own process (`PYTHONPATH=SRC`), and prints how often
old A agrees with old B, new A with old B, and new A with old A (the same seeds: 100% when the
change keeps every draw, lower when it draws its worlds differently), with 95% Wilson
intervals. A new search that chose worse moves would agree with the old one less often than
the old one agrees with itself.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys

from bodoge.engine import game_ids
from bodoge.sim.stats import wilson

CHOOSE = """
import json, sys
sys.path.insert(0, sys.argv[1])
from search_speed import ladder_players, positions
from bodoge.ai import make_bot
game, spec, count, offset = sys.argv[2], sys.argv[3], int(sys.argv[4]), int(sys.argv[5])
cases = positions(game, ladder_players(game), count)
print(json.dumps([make_bot(spec, offset + i).choose(s, seat) for i, (s, seat) in enumerate(cases)]))
"""


def choices(src: str, game: str, spec: str, count: int, offset: int) -> list[int]:
    here = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    env = dict(os.environ, PYTHONPATH=os.path.abspath(src))
    run = subprocess.run(
        [sys.executable, "-c", CHOOSE, here, game, spec, str(count), str(offset)],
        env=env,
        capture_output=True,
        text=True,
        check=True,
    )
    return [int(action) for action in json.loads(run.stdout)]


def agree(one: list[int], other: list[int]) -> str:
    same = sum(a == b for a, b in zip(one, other, strict=True))
    low, high = wilson(same, len(one))
    return f"{100 * same / len(one):5.1f} ({100 * low:4.1f}-{100 * high:5.1f})"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="*", help="game ids (default: every registered game)")
    parser.add_argument("--baseline", required=True, metavar="SRC", help="the other source tree")
    parser.add_argument("--new", default="src", metavar="SRC", help="this tree (default: src)")
    parser.add_argument("--spec", default="normal", help="the bot (default: normal)")
    parser.add_argument("-n", type=int, default=40, help="positions per game")
    args = parser.parse_args()
    print(f"{'game':18} {'positions':>9}  {'old A = old B':>20}  {'new A = old B':>20}  "
          f"{'new A = old A':>20}")  # fmt: skip
    for game in args.games or game_ids():
        old_a = choices(args.baseline, game, args.spec, args.n, 0)
        old_b = choices(args.baseline, game, args.spec, args.n, 10_000)
        new_a = choices(args.new, game, args.spec, args.n, 0)
        print(
            f"{game:18} {len(old_a):9}  {agree(old_a, old_b):>20}  {agree(new_a, old_b):>20}  "
            f"{agree(new_a, old_a):>20}",
            flush=True,
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
