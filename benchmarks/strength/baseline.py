"""A bot from another source tree of bodoge (an earlier commit), to play it against this one.

    python benchmarks/strength/ladder.py --baseline /tmp/bodoge-base-src --ismcts normal

`BaselineBot` sends each decision to a worker process running the other tree
(`PYTHONPATH=SRC python -c WORKER`) as the state's JSON and the seat, and plays the action the
other tree's bot of the same spec and seed chooses. The worker keeps one bot per key (one per
game and seat), so a bot's generator runs on through its game as it would in one process. The
state JSON holds every secret, as the state object a bot gets in one process does: the other
tree's bot is trusted, as this tree's is, to read only what `determinize` gives it.

With `cpu_clock=True` the worker first calls `cpu_clock()` (below) on the other tree, so a time
budget (`ismcts:0.3s`) counts the worker's CPU time, as the ladder's `--cpu-time` makes this
tree's count its own: under a shared machine's load both sides then get the same CPU a decision.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
import types
from collections.abc import Callable
from typing import Any

from bodoge.engine import State

WORKER = """
import json, sys
from bodoge.ai import make_bot
from bodoge.engine import get_game
if len(sys.argv) > 1:  # the folder of this file: the search's time budgets count CPU time
    sys.path.insert(0, sys.argv[1])
    from baseline import cpu_clock
    cpu_clock()
bots = {}
try:
    for line in sys.stdin:
        ask = json.loads(line)
        key = ask["key"]
        if key not in bots:
            bots = {k: v for k, v in bots.items() if k.split(":")[0] == key.split(":")[0]}
            bots[key] = make_bot(ask["spec"], ask["seed"])
        state = get_game(ask["state"]["game"]).from_json(ask["state"])
        print(json.dumps({"action": bots[key].choose(state, ask["seat"])}), flush=True)
except BrokenPipeError:  # the ladder stopped its games (--minutes)
    pass
"""


def cpu_clock(clock: Callable[[], float] = time.process_time) -> None:
    """Make the search's time budgets (`IsmctsBot(seconds=...)`) in this process count `clock`
    (default: this process's CPU time) instead of wall time. The search reads its deadline's
    clock as `time.perf_counter` of its module (in every tree so far), so that name is pointed at
    `clock`; a tree whose search reads time otherwise is refused rather than left on wall time."""
    from bodoge.ai import ismcts

    now = getattr(ismcts, "time", None)
    if now is not time and not isinstance(now, types.SimpleNamespace):
        raise RuntimeError("bodoge.ai.ismcts reads no `time` module: cannot set its clock")
    ismcts.time = types.SimpleNamespace(perf_counter=clock)  # type: ignore[assignment]


class Baseline:
    """One worker process running the source tree `src`."""

    def __init__(self, src: str, cpu_time: bool = False) -> None:
        env = dict(os.environ, PYTHONPATH=os.path.abspath(src))
        here = [os.path.dirname(os.path.abspath(__file__))] if cpu_time else []
        self.process = subprocess.Popen(
            [sys.executable, "-c", WORKER, *here],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            env=env,
            text=True,
        )

    def choose(self, key: str, spec: str, seed: int, state: State, seat: int) -> int:
        assert self.process.stdin is not None and self.process.stdout is not None
        ask: dict[str, Any] = {
            "key": key,
            "spec": spec,
            "seed": seed,
            "state": state.to_json(),
            "seat": seat,
        }
        self.process.stdin.write(json.dumps(ask) + "\n")
        self.process.stdin.flush()
        answer = self.process.stdout.readline()
        if not answer:
            raise RuntimeError("the baseline worker stopped (see its error output above)")
        return int(json.loads(answer)["action"])

    def close(self) -> None:
        if self.process.stdin is not None:
            self.process.stdin.close()
        self.process.wait(timeout=30)


class BaselineBot:
    """The other tree's bot `spec` with `seed`, for one seat of one game."""

    def __init__(self, baseline: Baseline, spec: str, seed: int, key: str) -> None:
        self.baseline = baseline
        self.spec = spec
        self.seed = seed
        self.key = key
        self.name = f"baseline:{spec}"

    def choose(self, state: State, seat: int) -> int:
        return self.baseline.choose(self.key, self.spec, self.seed, state, seat)
