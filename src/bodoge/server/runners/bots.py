"""Bots on the server: they fill seats with the terminal's levels (`bodoge.ai.make_bot`).

`random` decides inline; the search levels think in a `ProcessPoolExecutor` (the state JSON goes
out, an action number comes back) so the server never blocks. Each bot waits `bot_delay` seconds
first so people can follow, and is seeded per (table seed, seat, ply) so a table replays. A bot
moves through the same path as a person (`Moves.move`) with `by="bot:<level>"` (or
`"timeout:<level>"` standing in for a seat whose clock ran out: `Seat.decider`).

One driver task per table runs while a bot is pending. The lease gate (leases.py) wakes it at
any change of a table whose lease this process holds, so the bots of a table run in one process
of several; `stop` ends a driver whose lease went elsewhere.
"""

from __future__ import annotations

import asyncio
import logging
import multiprocessing
from concurrent.futures import ProcessPoolExecutor

from sqlalchemy.exc import SQLAlchemyError

from bodoge.ai import make_bot
from bodoge.engine import BodogeError, StaleMove
from bodoge.server import metrics
from bodoge.server.config import Settings
from bodoge.server.errors import ApiError
from bodoge.server.runners.drivers import TableDrivers
from bodoge.server.runners.thinking import bot_seed, think
from bodoge.server.services.cache import TableCache
from bodoge.server.services.model import Table
from bodoge.server.services.moves import MoveRequest, Moves

log = logging.getLogger("bodoge.server")
INLINE_LEVELS = ("random",)
RETRY_SECONDS = 1.0
# Bot moves under way at once in one process. Bots that move as soon as they may (a bot delay of
# 0) would otherwise crowd the event loop: every committed move wakes its websockets, and they
# would queue behind a crowd of bots. More only adds waiting, not moves (the database and the
# processor are busy already).
MOVES_AT_ONCE = 16


class Bots:
    def __init__(self, cache: TableCache, moves: Moves, settings: Settings) -> None:
        self.cache = cache
        self.moves = moves
        self.settings = settings
        self._drivers = TableDrivers("bots")
        self._pool: ProcessPoolExecutor | None = None
        self._moving = asyncio.Semaphore(MOVES_AT_ONCE)

    def wake(self, table_id: str, table: Table | None = None) -> None:
        self._drivers.wake(table_id, self._drive)

    def stop(self, table_id: str) -> None:
        self._drivers.stop(table_id)

    async def close(self) -> None:
        await self._drivers.close()
        if self._pool is not None:
            self._pool.shutdown(cancel_futures=True)

    async def idle(self) -> None:
        """Wait until no bot has anything to do (tests)."""
        await self._drivers.idle()

    @staticmethod
    def _to_move(table: Table) -> tuple[int, str] | None:
        if table.status != "playing":
            return None
        for seat in table.match.pending():
            level = table.seats[seat].bot()
            if level is not None:
                return seat, level
        return None

    async def _drive(self, table_id: str) -> None:
        try:
            while True:
                table = await self.cache.get(table_id)
                todo = self._to_move(table)
                if todo is None:
                    return
                if self.settings.bot_delay > 0:
                    await asyncio.sleep(self.settings.bot_delay)
                    table = await self.cache.get(table_id)
                    if self._to_move(table) != todo:
                        continue
                seat, level = todo
                ply = table.match.ply
                by = table.seats[
                    seat
                ].decider()  # bot:<level>, or timeout:<level> (runners/timeouts.py)
                try:
                    with metrics.BOT_QUEUE.track_inprogress():
                        action = await self._choose(table, seat, level, ply)
                        async with self._moving:
                            request = MoveRequest(table_id, action, ply, seat=seat, by=by)
                            await self.moves.move(request)
                except StaleMove:
                    continue  # someone else decided meanwhile: look again
                except SQLAlchemyError:  # the database busy or away for a moment: try again
                    log.warning("bot at table %s waits for the database", table_id, exc_info=True)
                    await asyncio.sleep(RETRY_SECONDS)
        except asyncio.CancelledError:
            raise
        except (BodogeError, ApiError) as error:
            log.error("bot at table %s stopped: %s", table_id, error)
        except Exception:
            log.exception("bot at table %s failed", table_id)

    async def _choose(self, table: Table, seat: int, level: str, ply: int) -> int:
        seed = bot_seed(table.seed, seat, ply)
        state = table.match.state
        if level in INLINE_LEVELS:
            return make_bot(level, seed).choose(state, seat)
        spec = self.settings.bot_spec(level)  # a trained policy thinks in the workers too
        loop = asyncio.get_running_loop()
        kit = table.match.spec.variants
        content = kit.data_of(table.options) if kit is not None else None  # a variant table
        return await loop.run_in_executor(
            self._executor(), think, state.to_json(), seat, spec, seed,
            (table.game, content) if content is not None else None,
        )  # fmt: skip

    def executor(self) -> ProcessPoolExecutor:
        """The worker processes, shared with the analyses (runners/analysis.py)."""
        return self._executor()

    def _executor(self) -> ProcessPoolExecutor:
        if self._pool is None:
            # spawn: forking a process that runs an event loop and threads is not safe
            self._pool = ProcessPoolExecutor(
                max_workers=self.settings.bot_workers,
                mp_context=multiprocessing.get_context("spawn"),
            )
        return self._pool
