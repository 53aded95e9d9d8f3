"""The same batch on a Ray cluster: a local one started here, or an existing one (`address`).

Ray is imported only when this backend is chosen (`pip install bodoge[sim]`). A local cluster
gets this process's import path, so games loaded by `module:Class` work in its workers too.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Iterator
from typing import Any

from bodoge.engine import InvalidOptions
from bodoge.sim.runner import LOOKAHEAD, Batch, GameRecord, bounded, play_chunk


def _import_ray() -> Any:
    try:
        import ray
    except ImportError:
        raise InvalidOptions(
            "the ray backend needs Ray: pip install 'bodoge[sim]' (or pip install ray)"
        ) from None
    return ray


def run_ray(
    batch: Batch, jobs: int, address: str | None, work: Iterator[range]
) -> Iterator[list[GameRecord]]:
    """The chunks of `work` played as Ray tasks, `jobs` at a time plus a bounded lookahead."""
    ray = _import_ray()
    started = False
    if not ray.is_initialized():
        options: dict[str, Any] = {
            "include_dashboard": False,
            "log_to_driver": False,
            "logging_level": "ERROR",
        }
        if address is None:
            options["num_cpus"] = jobs
            path = os.pathsep.join(entry for entry in sys.path if entry)
            options["runtime_env"] = {"env_vars": {"PYTHONPATH": path}}
        else:
            options["address"] = address
        ray.init(**options)
        started = True
    try:
        remote = ray.remote(play_chunk)
        pending: list[Any] = []

        def submit(indices: range) -> None:
            pending.append(remote.remote(batch, indices))

        def next_result() -> list[GameRecord]:
            done, rest = ray.wait(pending, num_returns=1)
            pending[:] = rest
            return list(ray.get(done[0]))

        yield from bounded(submit, next_result, work, jobs * LOOKAHEAD)
    finally:
        if started:
            ray.shutdown()
