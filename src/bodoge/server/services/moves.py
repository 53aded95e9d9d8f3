"""Moves: one decision at a time per table, stored before anyone is told.

A decision is a `MoveRequest`. Under the table's lock, on PostgreSQL a cached table known to be
what is stored takes the short path (`_append`: the move applied to a copy of the match and
appended in one statement that checks the table's version). Otherwise the full path
(`_move_locked`) locks the table's row in one write transaction and catches the cache up with
it; then a move already stored under the seat's client key is answered "duplicate" with its
first answer recomputed, or the move is applied on the match (which refuses anything stale or
illegal before it changes), inserted, the clocks settled (`clock.settle`: the mover charged, the
seats now pending started), and committed. Only then is the cache told (`TableCache.changed`:
the other processes, the websockets, the lease gate and its bots). If the insert or the commit
fails the cached match is dropped, so the next request reloads it from the database.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, replace
from typing import Any

from sqlalchemy.exc import IntegrityError

from bodoge.engine import BodogeError, Match, StaleMove
from bodoge.server import logs, metrics
from bodoge.server.entries import entries
from bodoge.server.errors import ApiError, body, status_of
from bodoge.server.services import clock, ratings
from bodoge.server.services.cache import TableCache
from bodoge.server.services.model import Table, require_seat, wrong_seat
from bodoge.server.store.models import now
from bodoge.server.store.queries import append_move, insert_move, set_status


@dataclass(frozen=True)
class MoveRequest:
    """One decision for a table: a move (`action`: its notation or id) or an undo (None)."""

    table_id: str
    action: int | str | None
    expected_ply: int | None
    client_key: str | None = None
    seat: int | None = None  # None: the seat the credential opens (a person's answer)
    # A person's credential, checked again against the seats as stored (a leave elsewhere).
    credential: str | None = None
    # Who decides: None for the seat's person, "bot:<level>" or "timeout:<level>" for a bot
    # (refused as stale if its seat no longer has that bot).
    by: str | None = None


class Moves:
    def __init__(self, cache: TableCache) -> None:
        self.cache = cache
        self.store = cache.store

    async def answer(self, request: MoveRequest) -> tuple[int, dict[str, Any]]:
        """A move or undo from a person (the seat its credential opens): (HTTP status, body),
        refusals included, the same body for HTTP and the websocket."""
        try:
            table = await self.cache.get(request.table_id)
            seat = require_seat(table, request.credential)
            return 200, await self.move(replace(request, seat=seat))
        except (ApiError, BodogeError) as error:
            extra: dict[str, Any] = {"status": error.code}
            if isinstance(error, StaleMove):
                table = await self.cache.get(request.table_id)
                extra["prompt"] = table.match.prompt(table.seat_of(request.credential))
                expected = request.expected_ply
                if expected is not None and expected > table.match.ply:
                    error = _ahead(expected, table.match.ply)
            return status_of(error), body(error, **extra)

    async def move(self, request: MoveRequest) -> dict[str, Any]:
        """Apply a decision for `request.seat`; the answer's body. Refusals are raised
        (BodogeError or ApiError), nothing changed."""
        seat = request.seat
        if seat is None:
            raise ValueError("a move names its seat (MoveRequest.seat)")
        table_id = request.table_id
        started = time.perf_counter()
        async with self.cache.lock(table_id):
            table = await self._append(request, seat)
            if table is None:
                table, duplicate = await self._move_locked(request, seat)
                if duplicate is not None:
                    return duplicate
            ply = table.match.ply
            (told,) = entries(table, seat, ply - 1)
        metrics.MOVE_SECONDS.observe(time.perf_counter() - started)
        metrics.MOVES.labels(metrics.WORKER).inc()
        logs.event("move", table=table_id, ply=ply, seat=seat, by=request.by or "person")
        self.cache.changed(table_id)
        return {"status": "applied", "ply": ply, "events": told["events"], "text": told["text"]}

    async def _move_locked(
        self, request: MoveRequest, seat: int
    ) -> tuple[Table, dict[str, Any] | None]:
        """The full path of a move (under the table's lock): lock the table's row, catch the
        cache up with what is stored, decide, append, settle the clocks, commit. The table, and
        the answer to a duplicate (a client key stored already) if it was one."""
        table_id, action = request.table_id, request.action
        applied = False
        try:
            async with self.store.write() as session:
                table, stored = await self.cache.locked(session, table_id, seat, request.client_key)
                match = table.match
                credential = request.credential
                if credential is not None and require_seat(table, credential) != seat:
                    raise wrong_seat()
                if table.status == "waiting":
                    raise ApiError(
                        "not_started",
                        "the game has not started: seats are still open",
                        "まだ空席があるのでゲームは始まっていません",
                    )
                if stored.duplicate is not None:
                    return table, _duplicate(table, seat, stored.duplicate)
                clock.check_decider(table.seats[seat], request.by)  # not a stale stand-in
                _decide(match, request, seat)
                applied = True
                await insert_move(session, **_row(match, request, seat))
                if match.is_over():
                    await set_status(session, table_id, "over")
                    await ratings.rate_finished(session, table)  # in the move's transaction
                # The clocks: the mover charged, the seats now pending started.
                await clock.settle(session, table, now(), seat, action is not None)
        except IntegrityError:
            self.cache.drop(table_id)
            raise StaleMove(
                "another move was stored first", ja="先に別の手が保存されました"
            ) from None
        except BaseException:
            if applied:
                self.cache.drop(table_id)
            raise
        if match.is_over():
            table.status = "over"
        return table, None

    async def _append(self, request: MoveRequest, seat: int) -> Table | None:
        """The short path of a move on PostgreSQL (under the table's lock): when the cached table
        is known to be what is stored (its version), the move is applied to a copy of the match
        and appended in one statement that checks the version (`queries.append_move`); the
        table then holds the copy. None (nothing changed) when the path does not apply: on
        SQLite, a version unknown, a clock to settle, a rated game's last move (rated in the
        full path's transaction), anything the cached table refuses (the full path decides on
        what is stored), or a table found changed (another process wrote)."""
        table = self.cache.cached(request.table_id)
        if self.store.sqlite or table is None or table.version is None:
            return None
        if table.status != "playing" or table.clock.settings.kind != clock.NONE:
            return None
        trial = table.match.clone()  # readers see the committed match until the commit
        try:
            credential = request.credential
            if credential is not None and require_seat(table, credential) != seat:
                return None
            clock.check_decider(table.seats[seat], request.by)
            _decide(trial, request, seat)
        except (ApiError, BodogeError):
            return None
        if trial.is_over() and table.rated:  # the full path rates it, in the move's transaction
            return None
        version = table.version
        try:
            status = "over" if trial.is_over() else table.status
            appended = await append_move(self.store, version, status, **_row(trial, request, seat))
        except IntegrityError:  # a client key stored already: the full path answers it
            appended = False
        if not appended:
            table.version = None
            return None
        table.match = trial
        table.version = version + 1
        if trial.is_over():
            table.status = "over"
        return table


def _decide(match: Match, request: MoveRequest, seat: int) -> None:
    """Apply the request's move or undo on `match` (which refuses it before it changes)."""
    if request.action is None:
        match.undo(seat, request.expected_ply)
    else:
        match.apply(seat, request.action, request.expected_ply, request.by)


def _row(match: Match, request: MoveRequest, seat: int) -> dict[str, Any]:
    """The stored row of the match's last decision (the `moves` table's columns)."""
    entry = match.log[-1]
    return {
        "table_id": request.table_id,
        "ply": entry.ply,
        "seat": seat,
        "action": match.notation(entry),
        "by": request.by,
        "client_key": request.client_key,
        "created": now(),
    }


def _duplicate(table: Table, seat: int, ply: int) -> dict[str, Any]:
    first = entries(table, seat, ply - 1)[0]
    return {"status": "duplicate", "ply": ply, "events": first["events"], "text": first["text"]}


def _ahead(expected_ply: int, ply: int) -> StaleMove:
    """The stale answer to a move for a ply the game has not reached (nobody moved first)."""
    return StaleMove(
        f"expected_ply {expected_ply} is ahead of the game, which is at ply {ply}",
        ja=f"送られた手数{expected_ply}はまだ来ていません。局面は手数{ply}です",
    )
