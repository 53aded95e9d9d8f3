"""The outcome of a finished game: scores, ranks, winners, and teams where the game has them."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any


@dataclass
class Result:
    scores: list[float]
    ranks: list[int]  # 1 is best; tied seats share a rank
    winners: list[int]  # seats that won (several when the win is shared)
    teams: list[list[int]] | None = None
    winning_team: int | None = None  # index into `teams`
    detail: dict[str, Any] = field(default_factory=dict)  # per-game breakdown

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"scores": self.scores, "ranks": self.ranks, "winners": self.winners}
        if self.teams is not None:
            data["teams"] = self.teams
            data["winning_team"] = self.winning_team
        if self.detail:
            data["detail"] = self.detail
        return data


def ranks_from_keys(keys: Sequence[Any]) -> list[int]:
    """Competition ranks (1, 2, 2, 4) from per-seat sort keys where a larger key is better."""
    ranks = []
    for key in keys:  # loops, not sum() over a generator: every search playout ends here
        rank = 1
        for other in keys:
            if other > key:
                rank += 1
        ranks.append(rank)
    return ranks


def ranked_result(
    scores: Sequence[float], keys: Sequence[Any] | None = None, **extra: Any
) -> Result:
    """A Result ranked by `keys` (default: the scores); every seat ranked first wins."""
    ranks = ranks_from_keys(keys if keys is not None else scores)
    winners = [seat for seat, rank in enumerate(ranks) if rank == 1]
    return Result(scores=list(scores), ranks=ranks, winners=winners, **extra)
