"""Does one skill carry across player counts? For each game and player count, one greedy bot
against random bots (seats rotated): the greedy bot's win rate over the fair share 1/n. Where
the edge keeps its sign and size across counts, one rating per game serves every count
(docs/ratings.md). Run:
    PYTHONPATH=src python benchmarks/rating_counts.py [GAMES_PER_CELL [GAME ...]]
(the greedy bot of koremon_auction is slow: give it fewer games)."""

from __future__ import annotations

import json
import subprocess
import sys

from bodoge.engine import game_ids, get_game


def edge(game: str, players: int, games: int) -> tuple[float, float, float]:
    bots = ",".join(["greedy"] + ["random"] * (players - 1))
    command = [sys.executable, "-m", "bodoge", "simulate", game, "--players", str(players),
               "--bots", bots, "--games", str(games), "--no-progress", "--json"]  # fmt: skip
    summary = json.loads(subprocess.run(command, capture_output=True, check=True).stdout)
    greedy = next(row for row in summary["by_bot"] if row["bot"] == "greedy")
    return greedy["rate"], greedy["low"], greedy["high"]


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 200
    print(f"greedy's win rate / fair share, {games} games per cell (95% interval)")
    for game in sys.argv[2:] or game_ids():
        info = get_game(game).info
        cells = []
        for players in range(info.min_players, min(info.max_players, 5) + 1):
            rate, low, high = edge(game, players, games)
            cells.append(
                f"{players}p {rate * players:.2f} ({low * players:.2f}-{high * players:.2f})"
            )
        print(f"{game:18} " + "  ".join(cells))


if __name__ == "__main__":
    main()
