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
from bodoge.sim.runner import Batch, GameRecord, chunks, play_chunk


def _import_ray() -> Any:
    try:
        import ray
    except ImportError:
        raise InvalidOptions(
            "the ray backend needs Ray: pip install 'bodoge[sim]' (or pip install ray)"
        ) from None
    return ray


def run_ray(batch: Batch, jobs: int, address: str | None) -> Iterator[list[GameRecord]]:
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
        pending = [remote.remote(batch, indices) for indices in chunks(batch, jobs)]
        while pending:
            done, pending = ray.wait(pending, num_returns=1)
            for ref in done:
                yield ray.get(ref)
    finally:
        if started:
            ray.shutdown()
