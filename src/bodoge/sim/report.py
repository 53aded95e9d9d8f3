"""A batch summary as text for people, and as JSON or CSV for machines."""

from __future__ import annotations

import csv
import io
import json

from bodoge.sim.runner import GameRecord
from bodoge.sim.stats import Summary, bot_labels


def _pct(value: float) -> str:
    return f"{100 * value:5.1f}%"


def _ci(entry: dict[str, float]) -> str:
    return f"{100 * entry['low']:5.1f}-{100 * entry['high']:5.1f}"


def text(summary: Summary) -> str:
    d = summary.data
    n = d["players"]
    title = f"{d['title']} ({d['game']})" if d["title"] else d["game"]
    options = " ".join(f"{key}={value}" for key, value in d["options"].items())
    lines = [
        f"{title}: {n} players, {d['games']} games, seed {d['seed']}"
        + (f", options {options}" if options else ""),
        f"bots (rotated through the seats): {', '.join(d['bots'])}",
    ]
    if not d["rotations_equal"]:
        lines.append(f"note: {d['games']} games is not a multiple of {n}; seats are not equal")
    width = max(12, *(len(label) for label in d["bots"]))
    lines += ["", "Win rate by bot (95% Wilson interval; a shared win counts 1/k)"]
    seat_heads = " ".join(f"seat{seat:<2}" for seat in range(n))
    lines.append(
        f"  {'bot':{width}}  games   win%  95% CI       rank  score mean    sd   {seat_heads}"
    )
    for entry in d["by_bot"]:
        scores = entry["scores"]
        per_seat = " ".join(f"{100 * value:5.1f}%" for value in entry["by_seat"])
        lines.append(
            f"  {entry['bot']:{width}}  {entry['games']:5}  {_pct(entry['rate'])}  {_ci(entry)}"
            f"  {entry['mean_rank']:5.2f}  {scores['mean']:10.2f} {scores['sd']:5.2f}   {per_seat}"
        )
    lines += ["", f"Win rate by seat (fair share {_pct(d['fair_share']).strip()}, +-5 points)"]
    lines.append("  seat   win%  95% CI        off by  score mean    sd")
    for entry in d["by_seat"]:
        mark = "" if entry["balanced"] else "  outside +-5 points"
        lines.append(
            f"  {entry['seat']:4}  {_pct(entry['rate'])}  {_ci(entry)}"
            f"  {100 * entry['off_by']:+7.1f}"
            f"  {entry['scores']['mean']:10.2f} {entry['scores']['sd']:5.2f}{mark}"
        )
    first = d["first_player"]
    lines += [
        "",
        f"First-player advantage: seat 0 wins {_pct(first['rate']).strip()} "
        f"({_ci(first).strip()}), {100 * first['advantage']:+.1f} points over the fair share",
    ]
    length = d["length"]
    lines.append(
        f"Game length (decisions): mean {length['mean']:.1f}, sd {length['sd']:.1f}, "
        f"min {length['min']:.0f}, median {length['median']:.0f}, max {length['max']:.0f}"
    )
    lines.append(
        f"Shared wins: {d['ties']}; games nobody won: {d['no_winner']}; "
        f"{d['seconds_per_game']:.3f} s per game"
    )
    lines += ["", "Score distribution by bot: mean sd min p25 median p75 max"]
    for entry in d["by_bot"]:
        s = entry["scores"]
        values = " ".join(
            f"{s[key]:.1f}" for key in ("mean", "sd", "min", "p25", "median", "p75", "max")
        )
        lines.append(f"  {entry['bot']:{width}}  {values}")
    for kind, by_value in d.get("by_group", {}).items():
        lines += ["", f"Win rate by {kind} (95% Wilson interval)"]
        for value, entry in by_value.items():
            lines.append(f"  {value:12}  {entry['games']:5}  {_pct(entry['rate'])}  {_ci(entry)}")
    if d.get("stones"):
        lines += ["", "Stones won, by the winner's place (shared: the shared faction)"]
        for name, counts in d["stones"].items():
            shown = ", ".join(f"{place}: {count}" for place, count in counts.items())
            lines.append(f"  {name:14}  {shown}")
    if d.get("content"):
        lines += ["", f"Content: variant {d['content'][:16]}"]
    return "\n".join(lines) + "\n"


def to_json(summary: Summary, records: list[GameRecord] | None = None) -> str:
    data = dict(summary.data)
    if records is not None:
        data["records"] = [record.to_json() for record in records]
    return json.dumps(data, ensure_ascii=False, indent=2) + "\n"


def to_csv(records: list[GameRecord], bots: tuple[str, ...]) -> str:
    """One row per game and seat: which bot sat there, its score, rank and win share."""
    labels = bot_labels(bots)
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(["game", "seed", "seat", "bot", "score", "rank", "win", "decisions"])
    for record in records:
        for seat, slot in enumerate(record.slots):
            writer.writerow(
                [
                    record.index,
                    record.seed,
                    seat,
                    labels[slot],
                    record.scores[seat],
                    record.ranks[seat],
                    record.wins[seat],
                    record.decisions,
                ]
            )
    return out.getvalue()
