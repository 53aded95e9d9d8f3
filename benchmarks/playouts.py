"""Random playout speed of any registered game: games/s and decisions/s.

    python benchmarks/playouts.py collect --players 2 3 4 --seconds 5
    python benchmarks/playouts.py collect --players 4 --option team_mode=on

The loop asks a pending seat's legal actions, picks one at random and applies it through the
match engine every front end uses (`Match.play_out`), so the figure includes its log and undo
bookkeeping; `--raw` measures the bare state instead, the inner loop of the tree search.
"""

from __future__ import annotations

import argparse
import time

from bodoge.engine import Match, Rng, State, get_game
from bodoge.engine.options import parse_option_pairs


def measure(
    game_id: str, players: int, options: dict[str, str], seconds: float, raw: bool = False
) -> str:
    game = get_game(game_id)
    rng = Rng(12345)
    games = decisions = 0
    seed = 0

    def choose(state: State, seat: int) -> int:
        legal = state.legal_actions(seat)
        return legal[rng.below(len(legal))]

    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        if raw:
            state = game.new(players, options, seed)
            while not state.is_over():
                seat = state.pending()[0]
                state.apply(seat, choose(state, seat))
                decisions += 1
        else:
            decisions += Match(game, players, options, seed).play_out(choose)
        seed += 1
        games += 1
    elapsed = time.perf_counter() - start
    label = " ".join(f"{key}={value}" for key, value in options.items())
    return (
        f"{game_id:18} {players}p {label:24} {games / elapsed:10.1f} games/s "
        f"{decisions / elapsed:12.0f} decisions/s  ({decisions / games:.0f} decisions/game)"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game")
    parser.add_argument("--players", type=int, nargs="+", default=[2])
    parser.add_argument("--option", action="append", default=[], metavar="KEY=VALUE")
    parser.add_argument("--seconds", type=float, default=5.0)
    parser.add_argument("--raw", action="store_true", help="the bare state, without Match")
    args = parser.parse_args()
    options = parse_option_pairs(args.option)
    for players in args.players:
        print(measure(args.game, players, options, args.seconds, args.raw), flush=True)


if __name__ == "__main__":
    main()
