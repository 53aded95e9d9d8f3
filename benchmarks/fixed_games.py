"""A fixed amount of work for counting machine instructions: `vs_openspiel.py`'s loop over the
seeded games 1..N of one game (the content loaded before, on game 0), the decision count on
stderr. Under load, CPU time still moves; the instructions a run takes do not:

    run() { PYTHONHASHSEED=0 valgrind --tool=cachegrind --cache-sim=no \\
        --cachegrind-out-file=/dev/null python benchmarks/fixed_games.py monster_hex 2 "$1"; }
    run 0; run 300    # (I refs of the second - I refs of the first) / decisions
"""

from __future__ import annotations

import random
import sys

from bodoge.engine import get_game


def main() -> None:
    game_id, players, games = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
    game = get_game(game_id)
    pick = random.Random(1).random
    game.new(players, None, 0)  # loads the content outside what is counted
    decisions = 0
    for seed in range(1, games + 1):
        state = game.new(players, None, seed)
        pending = state.pending()
        while pending:
            seat = pending[0]
            legal = state.legal_actions(seat)
            state.apply(seat, legal[int(pick() * len(legal))])
            decisions += 1
            pending = state.pending()
    print(decisions, file=sys.stderr)


if __name__ == "__main__":
    main()
