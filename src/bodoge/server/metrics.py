"""The server's metrics, in Prometheus's format at `/metrics` (prometheus-client).

One process (`bodoge serve`) keeps them in prometheus-client's default registry. Several
workers (`bodoge serve --workers N`) share one port, so a scrape reaches any one of them:
they use prometheus-client's multiprocess mode instead (`PROMETHEUS_MULTIPROC_DIR`, set by
`bodoge serve` before the workers start), where each worker writes its values to files of its
own and a scrape adds up every worker's. The counters of a worker that died stay counted (a
counter never goes back); its gauges are dropped (`live_gauges`). `bodoge_moves_total` carries
the worker's pid, so how the moves spread over the workers shows (only a table's owner applies
its moves)."""

from __future__ import annotations

import os
from pathlib import Path

from prometheus_client import (
    CONTENT_TYPE_LATEST,
    CollectorRegistry,
    Counter,
    Gauge,
    Histogram,
    generate_latest,
    multiprocess,
)

MULTIPROCESS_VARIABLE = "PROMETHEUS_MULTIPROC_DIR"
WORKER = str(os.getpid())

MOVES = Counter(
    "bodoge_moves", "Moves and undos this process applied and stored (people and bots)", ["worker"]
)
MOVE_SECONDS = Histogram(
    "bodoge_move_seconds",
    "Time from a move's request reaching its table's owner to its commit",
    buckets=(0.002, 0.005, 0.01, 0.02, 0.05, 0.1, 0.2, 0.5, 1.0, 2.0, 5.0),
)
SOCKETS = Gauge("bodoge_sockets", "Open websockets", multiprocess_mode="livesum")
TABLES_OWNED = Gauge(
    "bodoge_tables_owned", "Tables whose lease this process holds", multiprocess_mode="livesum"
)
FORWARDED = Counter(
    "bodoge_forwarded",
    "Requests this process forwarded to the table's owner (http: a request, socket: a "
    "websocket's move or hello)",
    ["kind"],
)
UPDATES_PUBLISHED = Counter(
    "bodoge_updates_published",
    "Updates an owner published for websockets held by other processes, one per table, ply "
    "and viewer kind",
)
LEASE_TAKEOVERS = Counter(
    "bodoge_lease_takeovers", "Leases taken over from a process that stopped renewing them"
)
BOT_QUEUE = Gauge(
    "bodoge_bot_queue",
    "Bot moves under way: thinking or waiting for a move slot",
    multiprocess_mode="livesum",
)


def multiprocess_dir() -> Path | None:
    value = os.environ.get(MULTIPROCESS_VARIABLE)
    return Path(value) if value else None


def exposition() -> tuple[bytes, str]:
    """The metrics as Prometheus's text format, and its content type."""
    directory = multiprocess_dir()
    if directory is None:
        from prometheus_client import REGISTRY

        return generate_latest(REGISTRY), CONTENT_TYPE_LATEST
    live_gauges(directory)
    registry = CollectorRegistry()
    multiprocess.MultiProcessCollector(registry, path=str(directory))  # type: ignore[no-untyped-call]
    return generate_latest(registry), CONTENT_TYPE_LATEST


def live_gauges(directory: Path) -> None:
    """Drop the live gauges of workers that are gone (a kill -9 leaves their files behind; the
    workers are processes of this machine, sharing the directory)."""
    for path in directory.glob("gauge_livesum_*.db"):
        pid = int(path.stem.rsplit("_", 1)[1])
        if not _alive(pid):
            multiprocess.mark_process_dead(pid, str(directory))  # type: ignore[no-untyped-call]


def process_stopped() -> None:
    """A worker that stops drops its live gauges (its counters stay counted)."""
    directory = multiprocess_dir()
    if directory is not None:
        multiprocess.mark_process_dead(os.getpid(), str(directory))  # type: ignore[no-untyped-call]


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True
