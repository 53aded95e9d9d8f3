"""The longest random game of every game and player count: OpenSpiel's `max_game_length`.

    python benchmarks/game_lengths.py              # every game, 500 random games a row
    python benchmarks/game_lengths.py koremon_evolution --games 2000

Each row plays uniformly random legal actions through `Match` (a decision is one OpenSpiel
move: sealed bids are taken one seat after another), over every combination of the game's choice
options (options that name files, and number options, keep their defaults), seeds 0, 1, 2... It
prints each game's `lengths` for its spec (`GameSpec.lengths`, which OpenSpiel's registration
reads): the longest game seen and the bound stated to OpenSpiel, `MARGIN` times that. A random game is not the longest possible one (most
of these games have no hard limit: dice and draws can repeat), so the bound is measured, not
proven; tests/envs/test_openspiel.py checks that fresh random games stay within it.
"""

from __future__ import annotations

import argparse
import itertools
from typing import Any

from bodoge.engine import InvalidOptions, Rng, game_ids, get_game
from bodoge.engine.playout import random_playout

MARGIN = 2


def option_sets(game_id: str, players: int) -> list[dict[str, Any]]:
    """Every combination of the game's choice options that it accepts at this player count."""
    game = get_game(game_id)
    choices = [spec for spec in game.info.options if spec.kind == "choice"]
    sets = []
    for values in itertools.product(*(spec.choices for spec in choices)):
        options = {spec.key: value for spec, value in zip(choices, values, strict=True)}
        try:
            game.new(players, options, 0)
        except InvalidOptions:
            continue  # a combination this player count does not take (teams need four)
        sets.append(options)
    return sets


def longest_game(game_id: str, players: int, games: int, first_seed: int = 0) -> int:
    """The most decisions in `games` random games, spread evenly over the option sets."""
    game = get_game(game_id)
    sets = option_sets(game_id, players)
    longest = 0
    for number in range(games):
        seed = first_seed + number
        state = game.new(players, sets[number % len(sets)], seed)
        longest = max(longest, len(random_playout(state, Rng(seed ^ 0x5EED))))
    return longest


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("games", nargs="*", help="game ids (default: every game)")
    parser.add_argument("--games", dest="count", type=int, default=500, help="games a row")
    args = parser.parse_args()
    print(f"# players: (longest of {args.count} random games, bound = {MARGIN}x that)")
    for game_id in args.games or game_ids():
        info = get_game(game_id).info
        rows = []
        for players in range(info.min_players, info.max_players + 1):
            longest = longest_game(game_id, players, args.count)
            rows.append(f"{players}: ({longest}, {MARGIN * longest})")
        print(f"{game_id}: lengths={{{', '.join(rows)}}}")


if __name__ == "__main__":
    main()
