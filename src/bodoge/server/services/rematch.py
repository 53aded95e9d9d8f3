"""Rematch: a new table for the people of a finished one, seats rotated so the first player changes.

`POST /api/tables/{id}/rematch` with a seat credential of a finished table. The first call makes
the new table: the same game, players, options, clock, timeout level, public and spectators
settings; old seat s sits at new seat (s - 1) mod n, so the old seat 1 starts. The bots come along
with their levels; each person who still held their seat at the end gets a seat reserved for
their player id (kind "reserved"); a person who left the old game gets none: that seat is open
in the new table, for anyone with the invite or from the lobby. The old table's `rematch_id`
points at the new one (set only where it is still empty, so two servers make one rematch), and
its info and websocket updates carry `"rematch": NEW_ID`.

Every call, the first included, claims the caller's own seat: a new credential is issued (stored
hashed) and any older credential of that seat stops working. The game starts once no seat is
open or reserved, as a join would start it. A person who leaves the old table instead of
claiming (`release`) frees their kept seat: it becomes open.
"""

from __future__ import annotations

import secrets

from bodoge.engine import Match
from bodoge.server import auth
from bodoge.server.errors import ApiError
from bodoge.server.services.cache import TableCache
from bodoge.server.services.model import SEED_BITS, Seat, Table, require_seat
from bodoge.server.store.models import SeatRow, TableRow, now
from bodoge.server.store.queries import add_table, point_to_rematch, set_status, update_seat


class _Lost(Exception):
    """Another server stored the rematch first."""


async def rematch(
    cache: TableCache, table_id: str, credential: str | None
) -> tuple[Table, int, str]:
    """The rematch table, the caller's seat in it and a new credential for that seat."""
    old = await cache.get(table_id)
    old_seat = require_seat(old, credential)
    if old.status != "over":
        raise ApiError(
            "not_over",
            "a rematch is made once the game is over",
            "再戦はゲームが終わってから作れます",
        )
    player_id = old.seats[old_seat].player_id
    async with cache.lock(table_id):
        new_id = old.rematch or await _make(cache, old)
        old.rematch = new_id
        old.version = None  # raised by the write (or by another process's)
    cache.changed(table_id)
    table, seat, new_credential = await _claim(cache, new_id, player_id)
    cache.changed(new_id)
    return table, seat, new_credential


def rotated(seats: list[Seat]) -> list[Seat]:
    """The old seats in their new order: old seat s at new seat (s - 1) mod n."""
    return seats[1:] + seats[:1]


async def _make(cache: TableCache, old: Table) -> str:
    """Store the new table (every person's seat reserved) and point the old one at it; the id
    of the rematch, this one or the one another server stored first."""
    found = await cache.store.table(old.id)
    assert found is not None  # a table is never deleted
    old_row, _ = found
    if old_row.rematch_id is not None:
        return old_row.rematch_id
    seed = secrets.randbits(SEED_BITS)
    # The same options, checked again: a server upgrade may have changed the game's (422).
    Match(old.game, old.players, old.options, seed)
    new_id = auth.new_id()
    rows = []
    for number, was in enumerate(rotated(old.seats)):
        row = SeatRow(table_id=new_id, seat=number, kind="open")
        if was.kind == "bot":
            row.kind, row.bot_level = "bot", was.bot_level
        elif was.kind == "human" and was.credential_hash is not None:  # still there at the end
            row.kind, row.player_id, row.name = "reserved", was.player_id, was.name
        rows.append(row)
    table_row = TableRow(
        id=new_id,
        game=old.game,
        players=old.players,
        options=old_row.options,
        seed=seed,
        status="waiting",  # at least the caller's seat is reserved
        public=old.public,
        spectators=old.spectators,
        clock=old_row.clock,
        timeout_level=old_row.timeout_level,
        invite_hash=auth.hash_secret(auth.new_secret()),
        created_by=old_row.created_by,
        rematch_of=old.id,
        rematch_id=None,
        created=now(),
        rated=old_row.rated,  # no bot seat came with it: a rated table has none
        hints=old_row.hints,
    )
    try:
        async with cache.store.write() as session:
            await add_table(session, table_row, rows)
            if not await point_to_rematch(session, old.id, new_id):
                raise _Lost
    except _Lost:
        found = await cache.store.table(old.id)
        assert found is not None and found[0].rematch_id is not None
        return found[0].rematch_id
    return new_id


async def _claim(cache: TableCache, table_id: str, player_id: str | None) -> tuple[Table, int, str]:
    async with cache.lock(table_id), cache.store.write() as session:
        table, _ = await cache.locked(session, table_id)
        mine = [s for s in table.seats if player_id and s.player_id == player_id]
        if not mine or mine[0].kind not in ("reserved", "human"):
            raise ApiError(
                "seat_taken",
                "you have no seat at the rematch: you left it",
                "離席したため、再戦の卓にあなたの席はありません",
            )
        seat = mine[0]
        credential = auth.new_secret()
        credential_hash = auth.hash_secret(credential)
        others = [s for s in table.seats if s is not seat]
        starts = table.status == "waiting" and all(
            s.kind not in ("open", "reserved") for s in others
        )
        await update_seat(
            session, table_id, seat.seat, kind="human", credential_hash=credential_hash
        )
        if starts:
            await set_status(session, table_id, "playing")
        seat.kind, seat.credential_hash = "human", credential_hash
        if starts:
            table.status = "playing"
    return table, seat.seat, credential


async def release(cache: TableCache, table_id: str, player_id: str | None) -> None:
    """Open the seat kept for `player_id` at the rematch `table_id`, if it is still kept (they
    left the old table instead of claiming it)."""
    async with cache.lock(table_id), cache.store.write() as session:
        table, _ = await cache.locked(session, table_id)
        kept = [s for s in table.seats if s.kind == "reserved" and s.player_id == player_id]
        if not player_id or not kept:
            return
        await update_seat(session, table_id, kept[0].seat, kind="open", player_id=None, name=None)
        kept[0].kind, kept[0].player_id, kept[0].name = "open", None, None
    cache.changed(table_id)
