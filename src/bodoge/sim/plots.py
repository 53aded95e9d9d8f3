"""PNG charts of a batch (matplotlib, imported only here and only when asked for)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from bodoge.engine import InvalidOptions
from bodoge.sim.runner import GameRecord
from bodoge.sim.stats import Summary


def require_matplotlib() -> None:
    """Raise InvalidOptions now if charts could not be drawn later."""
    _pyplot()


def _pyplot() -> Any:
    try:
        import matplotlib
    except ImportError:
        raise InvalidOptions(
            "--plot needs matplotlib: pip install 'bodoge[sim]' (or pip install matplotlib)"
        ) from None
    matplotlib.use("Agg")  # files only, no display needed
    import matplotlib.pyplot as plt

    return plt


def error_bars(entries: list[dict[str, Any]]) -> tuple[list[float], list[float]]:
    """The distances in points from each rate down to its interval's low end and up to its high
    end, never negative (matplotlib refuses those) and never past 0% or 100%."""
    below, above = [], []
    for entry in entries:
        rate = min(max(entry["rate"], 0.0), 1.0)
        below.append(100 * max(0.0, rate - max(entry["low"], 0.0)))
        above.append(100 * max(0.0, min(entry["high"], 1.0) - rate))
    return below, above


def _rates(ax: Any, names: list[str], entries: list[dict[str, Any]], fair: float) -> None:
    rates = [100 * e["rate"] for e in entries]
    ax.bar(names, rates, yerr=error_bars(entries), capsize=6, color="#4c72b0")
    ax.axhline(100 * fair, color="black", linestyle="--", linewidth=1, label="fair share")
    ax.set_ylabel("win rate % (95% CI)")
    ax.set_ylim(0, 100)
    ax.legend()


def write_plots(summary: Summary, records: list[GameRecord], folder: str) -> list[Path]:
    """Win rates by bot and by seat, score distributions by bot, game lengths."""
    plt = _pyplot()
    out = Path(folder)
    try:
        out.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise InvalidOptions(f"cannot write plots to {folder!r}: {error.strerror}") from None
    d = summary.data
    fair = d["fair_share"]
    title = f"{d['title'] or d['game']}, {d['players']} players, {d['games']} games"
    written = []

    def save(fig: Any, name: str) -> None:
        path = out / name
        fig.tight_layout()
        fig.savefig(path, dpi=100)
        plt.close(fig)
        written.append(path)

    fig, ax = plt.subplots(figsize=(7, 4))
    _rates(ax, d["bots"], d["by_bot"], fair)
    ax.set_title(f"Win rate by bot: {title}", fontsize=9)
    save(fig, "win_rate_by_bot.png")

    fig, ax = plt.subplots(figsize=(7, 4))
    _rates(ax, [f"seat {e['seat']}" for e in d["by_seat"]], d["by_seat"], fair)
    ax.axhspan(100 * fair - 5, 100 * fair + 5, color="green", alpha=0.1, label="+-5 points")
    ax.set_title(f"Win rate by seat: {title}", fontsize=9)
    save(fig, "win_rate_by_seat.png")

    fig, ax = plt.subplots(figsize=(7, 4))
    scores = [
        [record.scores[record.slots.index(slot)] for record in records]
        for slot in range(d["players"])
    ]
    ax.boxplot(scores, tick_labels=d["bots"])
    ax.set_ylabel("final score")
    ax.set_title(f"Scores by bot: {title}", fontsize=9)
    save(fig, "scores_by_bot.png")

    fig, ax = plt.subplots(figsize=(7, 4))
    ax.hist([record.decisions for record in records], bins=30, color="#55a868")
    ax.set_xlabel("decisions per game")
    ax.set_ylabel("games")
    ax.set_title(f"Game length: {title}", fontsize=9)
    save(fig, "game_length.png")
    return written
