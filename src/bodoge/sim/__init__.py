"""Batches of bot games and their statistics: the designer's balance tool (`bodoge simulate`)."""

from bodoge.sim.runner import Batch, GameRecord, play_game, resolve_game, run_batch
from bodoge.sim.stats import Summary, summarize, wilson

__all__ = [
    "Batch",
    "GameRecord",
    "Summary",
    "play_game",
    "resolve_game",
    "run_batch",
    "summarize",
    "wilson",
]
