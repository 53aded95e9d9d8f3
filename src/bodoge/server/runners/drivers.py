"""One driver task per table, started on demand: the bookkeeping shared by `Bots` and `Clocks`.

`wake` starts a table's driver unless one is running, `stop` cancels it (its lease went to
another process), `close` cancels them all and waits, `idle` waits until none is running.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Coroutine
from typing import Any


class TableDrivers:
    def __init__(self, name: str) -> None:
        self._name = name  # the tasks are named "<name>:<table id>" (logs, debugging)
        self._tasks: dict[str, asyncio.Task[None]] = {}

    def wake(self, table_id: str, start: Callable[[str], Coroutine[Any, Any, None]]) -> None:
        """Start `start(table_id)` as the table's driver unless one is running."""
        task = self._tasks.get(table_id)
        if task is None or task.done():
            self._tasks[table_id] = asyncio.get_running_loop().create_task(
                start(table_id), name=f"{self._name}:{table_id}"
            )

    def stop(self, table_id: str) -> None:
        task = self._tasks.pop(table_id, None)
        if task is not None:
            task.cancel()

    def release(self, table_id: str) -> bool:
        """Forget the table's driver if it is the calling task (a driver ending by itself);
        False if another one has taken its place meanwhile."""
        if self._tasks.get(table_id) is asyncio.current_task():
            del self._tasks[table_id]
            return True
        return False

    async def close(self) -> None:
        tasks = list(self._tasks.values())
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)

    async def idle(self) -> None:
        """Wait until no driver runs (tests)."""
        while any(not task.done() for task in self._tasks.values()):
            await asyncio.gather(*self._tasks.values(), return_exceptions=True)
