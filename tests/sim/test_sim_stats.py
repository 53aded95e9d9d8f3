"""Statistics of a batch: Wilson intervals, per-bot and per-seat rates, first-player advantage."""

from __future__ import annotations

import pytest

from bodoge.sim import Batch, GameRecord, summarize, wilson
from bodoge.sim.report import text, to_csv
from bodoge.sim.stats import bot_labels, distribution


def test_wilson_matches_published_values() -> None:
    """Wilson score interval, z = 1.96: 50/100 -> 40.4%-59.6%; 0/10 -> 0-27.8%; 10/10 -> 72.2%-1."""
    assert wilson(50, 100) == pytest.approx((0.4038, 0.5962), abs=1e-4)
    assert wilson(0, 10) == pytest.approx((0.0, 0.2775), abs=1e-4)
    assert wilson(10, 10) == pytest.approx((0.7225, 1.0), abs=1e-4)
    assert wilson(0, 0) == (0.0, 1.0)


def test_wilson_interval_always_holds_the_rate() -> None:
    """0 wins in 3 games has lower bound 0 exactly, 10 in 10 upper bound 1 exactly (rounding once
    gave 5.6e-17 and 0.9999999999999999, and a negative error bar for the charts)."""
    for trials in range(1, 80):
        assert wilson(0, trials)[0] == 0.0 and wilson(trials, trials)[1] == 1.0
        for wins in (0.5, trials / 3, trials - 0.5):
            low, high = wilson(wins, trials)
            assert low <= wins / trials <= high


def test_distribution_five_numbers() -> None:
    d = distribution([1.0, 2.0, 3.0, 4.0, 5.0])
    assert (d["mean"], d["min"], d["p25"], d["median"], d["p75"], d["max"]) == (3, 1, 2, 3, 4, 5)
    assert d["sd"] == pytest.approx(2**0.5)


def test_duplicate_specs_get_numbered_labels() -> None:
    assert bot_labels(("hard", "random", "random")) == ["hard", "random#1", "random#2"]


def record(index: int, slots: list[int], wins: list[float], scores: list[float]) -> GameRecord:
    ranks = [1 + sum(other > mine for other in scores) for mine in scores]
    winners = [seat for seat, rank in enumerate(ranks) if rank == 1]
    return GameRecord(index, 0, slots, scores, ranks, winners, wins, 10 + index, 0.0)


def test_summary_counts_bots_through_rotations_and_splits_ties() -> None:
    """Four games of A vs B, seats rotated: A wins at seat 0 twice, B once at seat 0, one tie."""
    batch = Batch(game="g", players=2, bots=("A", "B"), games=4)
    records = [
        record(0, [0, 1], [1.0, 0.0], [5, 1]),  # A at seat 0 wins
        record(1, [1, 0], [1.0, 0.0], [4, 2]),  # B at seat 0 wins
        record(2, [0, 1], [0.5, 0.5], [3, 3]),  # tie
        record(3, [1, 0], [0.0, 1.0], [0, 6]),  # A at seat 1 wins
    ]
    d = summarize(batch, records).data
    a, b = d["by_bot"]
    assert (a["wins"], b["wins"]) == (2.5, 1.5)
    assert a["rate"] == 0.625 and a["by_seat"] == [0.75, 0.5]
    assert a["scores"]["mean"] == (5 + 2 + 3 + 6) / 4
    assert [seat["wins"] for seat in d["by_seat"]] == [2.5, 1.5]
    assert d["first_player"]["advantage"] == pytest.approx(0.125)
    assert d["by_seat"][0]["balanced"] is False and d["seats_balanced"] is False
    assert d["ties"] == 1 and d["no_winner"] == 0 and d["length"]["max"] == 13
    report = text(summarize(batch, records, title="Test"))
    assert "First-player advantage: seat 0 wins 62.5%" in report
    rows = to_csv(records, batch.bots).splitlines()
    assert rows[0] == "game,seed,seat,bot,score,rank,win,decisions"
    assert rows[3] == "1,0,0,B,4,1,1.0,11"
    assert len(rows) == 1 + 4 * 2


def test_fair_share_follows_the_wins_handed_out() -> None:
    """Team games hand out two wins (fair share 1/2 a seat); a game nobody wins hands out none."""
    batch = Batch(game="g", players=4, bots=("A",) * 4, games=4)
    team = [record(i, [0, 1, 2, 3], [1.0, 0.0, 1.0, 0.0], [3, 1, 3, 1]) for i in range(4)]
    d = summarize(batch, team).data
    assert d["fair_share"] == 0.5 and d["seats_balanced"] is False
    assert [seat["off_by"] for seat in d["by_seat"]] == [0.5, -0.5, 0.5, -0.5]
    batch = Batch(game="g", players=2, bots=("A", "A"), games=2)
    beaten = GameRecord(0, 0, [0, 1], [1.0, 0.0], [1, 2], [], [0.0, 0.0], 10, 0.0)
    nobody = [beaten, record(1, [0, 1], [0.0, 1.0], [0, 2])]
    d = summarize(batch, nobody).data
    assert d["fair_share"] == 0.25 and d["no_winner"] == 1


def test_progress_bar_draws_on_one_line_and_ends_it() -> None:
    import io

    from bodoge.sim.progress import ProgressBar

    out = io.StringIO()
    bar = ProgressBar(4, out, width=8)
    bar(2)
    bar(4)
    text = out.getvalue()
    assert text.startswith("\r[####....] 2/4 games") and "\r[########] 4/4 games" in text
    assert text.endswith("\n") and text.count("\n") == 1
