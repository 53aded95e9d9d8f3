"""Statistics of a batch: win rates with Wilson 95% intervals, seat balance, scores, lengths.

A win counts 1, a shared win 1/k for each of the k seats sharing it (a team win counts whole for
every member). The Wilson score interval (Wilson 1927) stays inside [0, 1] and behaves with few
games or rates near 0 or 1, unlike the plain normal approximation.
"""

from __future__ import annotations

import math
import statistics
from dataclasses import dataclass
from typing import Any

from bodoge.sim.runner import Batch, GameRecord

Z95 = 1.959963984540054
BALANCE_TOLERANCE = 0.05  # seats with equal bots should win their fair share +- 5 points


def wilson(successes: float, trials: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a proportion (successes may be fractional: shared wins)."""
    if trials <= 0:
        return (0.0, 1.0)
    p = successes / trials
    z2 = z * z
    denominator = 1 + z2 / trials
    center = (p + z2 / (2 * trials)) / denominator
    half = z * math.sqrt(p * (1 - p) / trials + z2 / (4 * trials * trials)) / denominator
    # Clamped to hold p itself: rounding gave 5.6e-17 for 0 in 3 and 0.9999999999999999 for 10
    # in 10, which the charts drew as negative error bars.
    return (min(max(0.0, center - half), p), max(min(1.0, center + half), p))


def distribution(values: list[float]) -> dict[str, float]:
    """Mean, standard deviation and five-number summary."""
    if not values:
        return {}
    ordered = sorted(values)
    if len(ordered) > 1:
        q1, median, q3 = statistics.quantiles(ordered, n=4, method="inclusive")
    else:
        q1 = median = q3 = ordered[0]
    return {
        "mean": statistics.fmean(ordered),
        "sd": statistics.pstdev(ordered),
        "min": ordered[0],
        "p25": q1,
        "median": median,
        "p75": q3,
        "max": ordered[-1],
    }


def rate(successes: float, trials: int) -> dict[str, float]:
    low, high = wilson(successes, trials)
    return {
        "games": trials,
        "wins": successes,
        "rate": successes / trials if trials else 0.0,
        "low": low,
        "high": high,
    }


def bot_labels(bots: tuple[str, ...]) -> list[str]:
    """Line-up slot names: the spec, numbered where the same spec fills several slots."""
    labels = []
    for slot, spec in enumerate(bots):
        if bots.count(spec) > 1:
            labels.append(f"{spec}#{bots[:slot].count(spec) + 1}")
        else:
            labels.append(spec)
    return labels


@dataclass
class Summary:
    data: dict[str, Any]

    def to_json(self) -> dict[str, Any]:
        return self.data


def summarize(batch: Batch, records: list[GameRecord], title: str = "") -> Summary:
    n = batch.players
    labels = bot_labels(batch.bots)
    games = len(records)
    # A seat's fair share of the wins handed out: 1/N, but 1/teams in a team game (each member
    # of the winning team wins) and less where nobody can win (Monster Hex's shared faction).
    fair = statistics.fmean(sum(r.wins) for r in records) / n if records else 1.0 / n
    by_bot = []
    for slot, label in enumerate(labels):
        seats = [(record, record.slots.index(slot)) for record in records]
        wins = sum(record.wins[seat] for record, seat in seats)
        entry = {"bot": label, "spec": batch.bots[slot], **rate(wins, games)}
        entry["fair_share"] = fair
        entry["mean_rank"] = statistics.fmean(record.ranks[seat] for record, seat in seats)
        entry["scores"] = distribution([record.scores[seat] for record, seat in seats])
        entry["by_seat"] = [
            rate(
                sum(r.wins[seat] for r in records if r.slots[seat] == slot),
                sum(1 for r in records if r.slots[seat] == slot),
            )["rate"]
            for seat in range(n)
        ]
        by_bot.append(entry)
    by_seat: list[dict[str, Any]] = []
    for seat in range(n):
        won = rate(sum(r.wins[seat] for r in records), games)
        by_seat.append(
            {
                "seat": seat,
                **won,
                "scores": distribution([r.scores[seat] for r in records]),
                "off_by": won["rate"] - fair,
                "balanced": abs(won["rate"] - fair) <= BALANCE_TOLERANCE,
            }
        )
    first = by_seat[0]
    data: dict[str, Any] = {
        "game": batch.game,
        "title": title,
        "players": n,
        "games": games,
        "seed": batch.seed,
        "options": batch.options,
        "bots": labels,
        "equal_bots": len(set(batch.bots)) == 1,
        "fair_share": fair,
        "by_bot": by_bot,
        "by_seat": by_seat,
        "first_player": {
            "rate": first["rate"],
            "low": first["low"],
            "high": first["high"],
            "advantage": first["rate"] - fair,
        },
        "seats_balanced": all(entry["balanced"] for entry in by_seat),
        "rotations_equal": games % n == 0,
        "length": distribution([float(r.decisions) for r in records]),
        "ties": sum(1 for r in records if len(r.winners) > 1),
        "no_winner": sum(1 for r in records if not r.winners),
        "seconds_per_game": statistics.fmean(r.seconds for r in records) if records else 0.0,
    }
    if batch.content is not None:
        from bodoge.engine.variants import digest

        data["content"] = digest(batch.content)
    data |= detail_figures(records)
    return Summary(data)


def detail_figures(records: list[GameRecord]) -> dict[str, Any]:
    """The figures of the games' own details (`GameSpec.balance_detail`): win rates per group
    value with their intervals ("faction": "red"), and each stone's outcomes counted."""
    groups: dict[str, dict[str, list[float]]] = {}
    stones: dict[str, dict[str, int]] = {}
    for record in records:
        for kind, values in record.detail.get("groups", {}).items():
            for seat, value in enumerate(values):
                groups.setdefault(kind, {}).setdefault(value, []).append(record.wins[seat])
        for name, outcome in record.detail.get("stones", {}).items():
            counts = stones.setdefault(name, {})
            counts[outcome] = counts.get(outcome, 0) + 1
    found: dict[str, Any] = {}
    if groups:
        found["by_group"] = {
            kind: {value: rate(sum(wins), len(wins)) for value, wins in sorted(by_value.items())}
            for kind, by_value in sorted(groups.items())
        }
    if stones:
        found["stones"] = {name: dict(sorted(c.items())) for name, c in sorted(stones.items())}
    return found


def compare(base: dict[str, Any], other: dict[str, Any]) -> list[dict[str, Any]]:
    """Two summaries' win rates side by side (by seat, then by group value), each marked
    `differs` where the two 95% intervals do not overlap: a difference outside the noise."""
    rows: list[dict[str, Any]] = []

    def row(name: str, a: dict[str, Any] | None, b: dict[str, Any] | None) -> None:
        differs = a is not None and b is not None and (a["high"] < b["low"] or b["high"] < a["low"])
        rows.append({"name": name, "base": a, "other": b, "differs": differs})

    for a, b in zip(base["by_seat"], other["by_seat"], strict=False):
        row(f"seat {a['seat']}", a, b)
    for kind in sorted(set(base.get("by_group", {})) | set(other.get("by_group", {}))):
        a_kind = base.get("by_group", {}).get(kind, {})
        b_kind = other.get("by_group", {}).get(kind, {})
        for value in sorted(set(a_kind) | set(b_kind)):
            row(f"{kind} {value}", a_kind.get(value), b_kind.get(value))
    return rows
