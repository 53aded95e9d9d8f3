"""Tables on `Match`: create, join, leave, and moves applied one at a time per table.

Each table's `Match` is rebuilt from its stored log (`Match(game, players, options, seed)` plus
every stored move and undo) and kept in memory. Several server processes may share a PostgreSQL
database (`bodoge serve --workers`), so the database serialises the writes, never a process's
memory: a move, join or leave takes the table's `asyncio.Lock` (so one process does not queue
its own requests in the database), then in one write transaction locks the table's row
(`lock_table`: SELECT ... FOR NO KEY UPDATE) and reads its status, seats and last stored ply. A
cached table behind that (another process moved) catches up by replaying the newer moves first.
On SQLite, which one process owns, the writes queue for the file's write lock and the cache is
what is stored. Then a move already stored under the seat's client key is answered "duplicate"
with its first answer recomputed; otherwise the move is applied on the match (which refuses
anything stale or illegal before it changes), inserted and committed, and only then are the
listeners (the websockets, the lease gate and its bots) and the `committed` hooks (the notices
to the other processes) told. If the insert or the commit fails the cached match is dropped, so
the next request reloads it from the database.
The clocks' bookkeeping (`timekeeping.settle`: the mover charged, the seats now pending
started) is part of a move's transaction; other changes of a table (a timeout, a seat taken
back) go through `change`, which locks the table the same way.
"""

from __future__ import annotations

import asyncio
import itertools
import json
import logging
import secrets
from collections.abc import Awaitable, Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, TypeVar, cast

from sqlalchemy import CursorResult, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncSession

from bodoge.engine import BodogeError, InvalidOptions, Match, StaleMove, get_game
from bodoge.engine.match import UNDO
from bodoge.server import auth, timekeeping
from bodoge.server.config import Settings
from bodoge.server.entries import entries, seat_names
from bodoge.server.errors import ApiError, body, status_of
from bodoge.server.store import (
    Locked,
    PlayerRow,
    SeatRow,
    Store,
    TableRow,
    append_move,
    dumps,
    find_move,
    insert_move,
    lock_table,
    moves_after,
    now,
    on_commit,
    read_table,
    table_deadlines,
)
from bodoge.server.timekeeping import TableClock

log = logging.getLogger("bodoge.server")

BOT_LEVELS = ("random", "easy", "normal", "hard")
SEED_BITS = 63  # the seed column is a signed 64-bit integer
T = TypeVar("T")


@dataclass
class Seat:
    seat: int
    kind: str  # human | bot | open | reserved (for a person of the previous game, rematch.py)
    player_id: str | None = None
    name: str | None = None
    bot_level: str | None = None
    credential_hash: str | None = None
    stand_in: str | None = None

    def bot(self) -> str | None:
        """The bot level that decides for this seat, if any (its own, or one standing in)."""
        return self.bot_level if self.kind == "bot" else self.stand_in

    def decider(self) -> str | None:
        """Who decides for the seat, as a move's `by`: None for its person, "bot:<level>" for a
        bot seat or a bot standing in for a person who left, "timeout:<level>" for a bot standing
        in since the seat's clock ran out (the person kept the credential, to take it back)."""
        if self.kind == "bot":
            return f"bot:{self.bot_level}"
        if self.stand_in is None:
            return None
        return f"{'timeout' if self.credential_hash else 'bot'}:{self.stand_in}"

    @classmethod
    def from_row(cls, row: SeatRow) -> Seat:
        return cls(
            row.seat,
            row.kind,
            row.player_id,
            row.name,
            row.bot_level,
            row.credential_hash,
            row.stand_in,
        )


@dataclass
class Table:
    id: str
    game: str
    options: dict[str, Any]
    seed: int
    status: str  # waiting | playing | over
    public: bool
    spectators: bool
    invite_hash: str
    created: float
    seats: list[Seat]
    match: Match
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    rematch: str | None = None  # the table of the rematch, once someone asked for it (rematch.py)
    clock: TableClock = field(default_factory=TableClock)
    # The stored version (`tables.version`) this cache was made from, read no later than what
    # it holds; None when unknown (the moves read after a notice): a move then takes the full
    # path, which locks the row and catches up.
    version: int | None = None

    @property
    def players(self) -> int:
        return len(self.seats)

    def seat_of(self, credential: str | None) -> int | None:
        """The seat a credential opens, None if it opens none."""
        if not credential:
            return None
        found = None
        for seat in self.seats:  # every seat is compared, so the time tells nothing
            if auth.matches(credential, seat.credential_hash):
                found = seat.seat
        return found


def reserved(table: Table) -> bool:
    """Whether a seat is still kept for a person of the table this one is a rematch of."""
    return any(seat.kind == "reserved" for seat in table.seats)


@dataclass
class SeatRequest:
    kind: str  # me | open | bot
    level: str | None = None


class TableService:
    def __init__(self, store: Store, settings: Settings) -> None:
        self.store = store
        self.settings = settings
        self._tables: dict[str, Table] = {}
        self._locks: dict[str, asyncio.Lock] = {}
        self.listeners: list[Callable[[str], None]] = []  # told of every change, ours or not
        # told of each change this process committed, with the table's ply (the notices)
        self.committed: list[Callable[[str, int], None]] = []
        # whether something here needs a table kept current (a websocket on it, its lease)
        self.interest: list[Callable[[str], bool]] = []
        self._ticks = itertools.count()  # orders the readers' asks and the full reads (`refresh`)
        self._read_at: dict[str, int] = {}  # table -> tick of its last full read from the database

    # ---- loading ------------------------------------------------------------------------

    def lock(self, table_id: str) -> asyncio.Lock:
        return self._locks.setdefault(table_id, asyncio.Lock())

    async def get(self, table_id: str) -> Table:
        """The table with its match, rebuilt from the database if it is not in memory."""
        table = self._tables.get(table_id)
        if table is not None:
            return table
        async with self.lock(table_id):
            return await self._get_locked(table_id)

    async def _get_locked(self, table_id: str) -> Table:
        table = self._tables.get(table_id)
        if table is None:
            table = await self._load(table_id)
            self._tables[table_id] = table
        return table

    async def _load(self, table_id: str) -> Table:
        found = await self.store.table(table_id)
        if found is None:
            raise _not_found(table_id)
        row, seat_rows = found
        options = json.loads(row.options)
        match = Match(row.game, row.players, options, row.seed)
        _replay(table_id, match, await self.store.moves(table_id))
        seats = [Seat.from_row(seat) for seat in seat_rows]
        deadlines = await self.store.deadlines(table_id)
        clock = TableClock.load(row.clock, row.timeout_level, seat_rows, deadlines)
        return Table(
            row.id,
            row.game,
            options,
            row.seed,
            row.status,
            row.public,
            row.spectators,
            row.invite_hash,
            row.created,
            seats,
            match,
            self.lock(table_id),
            rematch=row.rematch_id,
            clock=clock,
            version=row.version,  # read first: all the rest is as new or newer
        )

    async def locked(
        self,
        session: Any,
        table_id: str,
        seat: int | None = None,
        client_key: str | None = None,
    ) -> tuple[Table, Locked]:
        """In a write transaction (`store.write()`, under the table's `lock`): the table, its row
        locked and the cache caught up with it. Every write to a table goes through this."""
        table = await self._get_locked(table_id)
        if self.store.sqlite:
            # One process owns a SQLite file (several workers need PostgreSQL), and its writes
            # queue for the file's one write lock: the cache is what is stored. Only the client
            # key is looked up, with no read before the writes of a bot's move.
            first = await find_move(session, table_id, seat, client_key) if client_key else None
            duplicate = first.ply if first is not None else None
            return table, Locked(table.status, table.rematch, table.match.ply, [], duplicate, 0)
        stored = await lock_table(session, table_id, seat, client_key)
        if stored is None:
            self.drop(table_id)
            raise _not_found(table_id)
        try:
            await self._catch_up(session, table, stored)
        except BaseException:
            self.drop(table_id)
            raise
        # What the cache holds once this transaction commits is the version it raised; until
        # then (and if it rolls back) the version is unknown.
        table.version = None
        on_commit(session, lambda: setattr(table, "version", stored.version))
        return table, stored

    def cached(self, table_id: str) -> Table | None:
        """The table if it is in memory (no database access)."""
        return self._tables.get(table_id)

    def drop(self, table_id: str) -> None:
        self._tables.pop(table_id, None)
        self._read_at.pop(table_id, None)

    def wanted(self, table_id: str) -> bool:
        """Whether this process needs the table kept current: something here looks at it (a
        websocket, its lease) or is writing or refreshing it (its lock is taken)."""
        if self.lock(table_id).locked():
            return True
        return any(interested(table_id) for interested in self.interest)

    def forget(self, table_id: str) -> bool:
        """Drop a cached table nothing here needs (read again when next asked for) rather than
        keep it current; False if it is wanted."""
        if self.wanted(table_id):
            return False
        self.drop(table_id)
        return True

    def cached_ids(self) -> list[str]:
        return list(self._tables)

    async def current(self, table_id: str) -> Table:
        """The table as stored now: `get`, checked against the database first when other
        processes may have changed it (a reader that must not miss anything: a socket's hello)."""
        if self.settings.redis_url is None:
            return await self.get(table_id)
        return await self.refresh(table_id, asked=next(self._ticks))

    async def refresh(
        self, table_id: str, ply: int | None = None, asked: int | None = None
    ) -> Table:
        """Bring a cached table up to the database (another process changed it). `ply`, from
        a notice: a notice past the cached ply is a move, so reading the newer moves suffices;
        any other notice is a seat change (a join, a leave) and the seats are read too.
        `asked`, a reader's tick (`current`): a table read in full from the database since then
        (the sockets of one table say hello together) is as new as the reader needs."""
        async with self.lock(table_id):
            table = self._tables.get(table_id)
            if asked is not None and table is not None and self._read_at.get(table_id, -1) > asked:
                return table
            full = table is None or ply is None or ply <= table.match.ply
            if full:
                self._read_at[table_id] = next(self._ticks)
            if table is None:
                return await self._get_locked(table_id)
            try:
                if not full:
                    async with self.store.glance() as session:  # one statement
                        await self._replay_newer(session, table, ply)
                    table.version = None  # the seats were not read
                else:
                    async with self.store.glance() as session:
                        stored = await read_table(session, table_id)
                        if stored is None:
                            raise RuntimeError(f"table {table_id} is no longer stored")
                        await self._catch_up(session, table, stored)
                    table.version = stored.version
            except BaseException:
                self.drop(table_id)
                raise
            return table

    def apply_noticed(self, table_id: str, moves: Sequence[Any]) -> bool | None:
        """Apply moves another process stored (read for a batch of notices, in ply order) to the
        cached table, at once: True if the table moved on, False if there was nothing new, None
        if it cannot be done here (the table is being written or refreshed, or the moves do not
        follow on from the cached ply): the caller refreshes it the slow way."""
        table = self._tables.get(table_id)
        if table is None or table.lock.locked():
            return None
        newer = [move for move in moves if move.ply > table.match.ply]
        if not newer:
            return False
        if newer[0].ply != table.match.ply + 1:
            return None
        try:
            _replay(table_id, table.match, newer)
        except Exception:
            self.drop(table_id)
            raise
        table.version = None  # the seats were not read
        if table.match.is_over():
            table.status = "over"
        return True

    async def _catch_up(self, session: Any, table: Table, stored: Locked) -> None:
        """Make the cached table what is stored: its status, its seats and its moves."""
        table.status = stored.status
        table.rematch = stored.rematch
        table.seats = [Seat.from_row(row) for row in stored.seats]
        if table.clock.running or table.clock.settings.kind != "none":
            # another process may have charged a bank or started a deadline
            deadlines = await table_deadlines(session, table.id)
            table.clock = table.clock.reloaded(stored.seats, deadlines)
        if stored.ply < table.match.ply:
            # the cache is ahead of the database (which cannot happen short of a restore):
            # start the match again from the stored log
            table.match = Match(table.game, table.players, table.options, table.seed)
        if stored.ply != table.match.ply:
            # up to the ply read: each statement of a reader sees its own moment (READ COMMITTED)
            await self._replay_newer(session, table, stored.ply)
        if table.match.ply != stored.ply:
            raise RuntimeError(f"table {table.id}: stored ply {stored.ply}, at {table.match.ply}")

    async def _replay_newer(self, session: Any, table: Table, until: int | None = None) -> None:
        match = table.match
        _replay(table.id, match, await moves_after(session, table.id, match.ply, until))
        if match.is_over():
            table.status = "over"

    def changed(self, table_id: str) -> None:
        """A change this process committed: the other processes are told (with the ply), then
        the listeners here (the websockets, the bots)."""
        table = self._tables.get(table_id)
        ply = table.match.ply if table is not None else 0
        for hook in self.committed:
            try:
                hook(table_id, ply)
            except Exception:
                log.exception("committed hook failed for table %s", table_id)
        self.changed_elsewhere(table_id)

    def changed_elsewhere(self, table_id: str) -> None:
        """Tell the listeners of a change (ours, or another process's once refreshed)."""
        for listener in self.listeners:
            try:
                listener(table_id)
            except Exception:
                log.exception("listener failed for table %s", table_id)

    # ---- the lobby ----------------------------------------------------------------------

    async def create(
        self,
        player: PlayerRow,
        game: str,
        players: int,
        options: dict[str, Any],
        seats: list[SeatRequest],
        public: bool,
        spectators: bool,
        clock: Mapping[str, Any] | None = None,
        timeout_level: str = timekeeping.DEFAULT_TIMEOUT_LEVEL,
    ) -> tuple[Table, int | None, str | None, str]:
        """A new table; returns it, the creator's seat and credential (None if the creator
        does not play) and the invite. Its clock starts when the game does (clocks.py)."""
        settings = timekeeping.parse_clock(clock or {})
        info = get_game(game).info
        for spec in info.options:
            if spec.kind == "text" and spec.key in options:
                raise InvalidOptions(
                    f"option {spec.key} names a file: it is the server's setting, not a table's",
                    ja=f"オプション{spec.key}はファイルを指すので、卓ではなくサーバーが決めます",
                )
        if len(seats) != players:
            raise ApiError(
                "bad_request",
                f"{len(seats)} seats for {players} players",
                f"{players}人のゲームに{len(seats)}席が指定されています",
            )
        if sum(seat.kind == "me" for seat in seats) > 1:
            raise ApiError("bad_request", 'more than one seat is "me"', "「me」の席は1つまでです")
        for seat in seats:
            levels = self.settings.bot_levels()
            if seat.kind == "bot" and seat.level not in levels:
                raise ApiError(
                    "bad_request",
                    f"bot level {seat.level!r:.20} is not one of " + ", ".join(levels),
                    f"ボットの強さ{seat.level!r:.20}はありません",
                )
        if timeout_level not in self.settings.bot_levels():
            raise ApiError(
                "bad_request",
                f"timeout_level {timeout_level!r:.20} is not one of "
                + ", ".join(self.settings.bot_levels()),
                f"時間切れのときのボットの強さ{timeout_level!r:.20}はありません",
            )
        table_clock = TableClock(settings, timeout_level)
        seed = secrets.randbits(SEED_BITS)
        match = Match(game, players, options, seed)  # checks the player count and the options
        table_id = auth.new_id()
        invite = auth.new_secret()
        credential: str | None = None
        my_seat: int | None = None
        rows: list[SeatRow] = []
        for number, request in enumerate(seats):
            row = SeatRow(
                table_id=table_id, seat=number, kind="open", bank=table_clock.initial_bank()
            )
            if request.kind == "me":
                credential = auth.new_secret()
                my_seat = number
                row.kind, row.player_id, row.name = "human", player.id, player.name
                row.credential_hash = auth.hash_secret(credential)
            elif request.kind == "bot":
                row.kind, row.bot_level = "bot", request.level
            rows.append(row)
        status = "playing" if all(row.kind != "open" for row in rows) else "waiting"
        created = now()
        table_row = TableRow(
            id=table_id,
            game=game,
            players=players,
            options=dumps(match.options),
            seed=seed,
            status=status,
            public=public,
            spectators=spectators,
            clock=dumps(settings.to_json()),
            timeout_level=timeout_level,
            invite_hash=auth.hash_secret(invite),
            created_by=player.id,
            rematch_of=None,
            rematch_id=None,
            created=created,
            version=0,
        )
        async with self.store.write() as session:
            session.add(table_row)
            await session.flush()  # the table first: the seats refer to it
            session.add_all(rows)
        table = Table(
            table_id,
            game,
            match.options,
            seed,
            status,
            public,
            spectators,
            table_row.invite_hash,
            created,
            [Seat.from_row(row) for row in rows],
            match,
            self.lock(table_id),
            clock=TableClock.load(table_row.clock, timeout_level, rows, []),
            version=0,
        )
        self._tables[table_id] = table
        self.changed(table_id)
        return table, my_seat, credential, invite

    async def join(self, player: PlayerRow, table_id: str, invite: str | None) -> tuple[int, str]:
        async with self.lock(table_id), self.store.write() as session:
            table, _ = await self.locked(session, table_id)
            if not table.public and not auth.matches(invite or "", table.invite_hash):
                raise ApiError(
                    "forbidden",
                    "this table needs its invite to join",
                    "この卓に入るには招待が必要です",
                )
            if any(seat.player_id == player.id for seat in table.seats):
                raise ApiError(
                    "seat_taken",
                    "you already have a seat at this table",
                    "あなたはこの卓にもう座っています",
                )
            free = [seat for seat in table.seats if seat.kind == "open"]
            if table.status != "waiting" or not free:
                raise ApiError(
                    "table_full", "this table has no free seat", "この卓に空席はありません"
                )
            seat = free[0]
            credential = auth.new_secret()
            credential_hash = auth.hash_secret(credential)
            status = "playing" if len(free) == 1 and not reserved(table) else "waiting"
            claimed = await session.execute(
                update(SeatRow)
                .where(
                    SeatRow.table_id == table_id,
                    SeatRow.seat == seat.seat,
                    SeatRow.kind == "open",
                )
                .values(
                    kind="human",
                    player_id=player.id,
                    name=player.name,
                    credential_hash=credential_hash,
                )
            )
            if cast(CursorResult[Any], claimed).rowcount != 1:  # the row lock makes this rare
                self.drop(table_id)
                raise ApiError("seat_taken", "that seat was just taken", "その席は埋まりました")
            if status != table.status:
                await session.execute(
                    update(TableRow).where(TableRow.id == table_id).values(status=status)
                )
            seat.kind, seat.player_id, seat.name = "human", player.id, player.name
            seat.credential_hash = credential_hash
            table.status = status
        self.changed(table_id)
        return seat.seat, credential

    async def leave(self, table_id: str, credential: str | None) -> tuple[int, str]:
        """Give up a seat: before the game it is open again; during the game a bot stands in."""
        async with self.lock(table_id), self.store.write() as session:
            table, _ = await self.locked(session, table_id)
            number = self.require_seat(table, credential)
            seat = table.seats[number]
            if table.status == "waiting":
                values: dict[str, Any] = {
                    "kind": "open",
                    "player_id": None,
                    "name": None,
                    "credential_hash": None,
                }
            elif table.status == "playing":
                values = {"credential_hash": None, "stand_in": self.settings.stand_in_level}
            else:
                values = {"credential_hash": None}
            await session.execute(
                update(SeatRow)
                .where(SeatRow.table_id == table_id, SeatRow.seat == number)
                .values(**values)
            )
            for key, value in values.items():
                setattr(seat, key, value)
        self.changed(table_id)
        return number, table.status

    # ---- who asks -----------------------------------------------------------------------

    def require_seat(self, table: Table, credential: str | None) -> int:
        if not credential:
            raise ApiError(
                "unauthorized",
                "this needs the seat's credential (X-Seat-Credential)",
                "席の認証情報が必要です。X-Seat-Credentialで送ってください",
            )
        seat = table.seat_of(credential)
        if seat is None:
            raise _wrong_seat()
        return seat

    def viewer(self, table: Table, credential: str | None) -> int | None:
        """The seat of a credential, or None for a spectator where the table allows them."""
        if credential:
            return self.require_seat(table, credential)
        if not table.spectators:
            raise ApiError("forbidden", "this table allows no spectators", "この卓は観戦できません")
        return None

    # ---- moves --------------------------------------------------------------------------

    async def move(
        self,
        table_id: str,
        seat: int,
        action: int | str | None,
        expected_ply: int | None,
        client_key: str | None,
        by: str | None = None,
        credential: str | None = None,
    ) -> dict[str, Any]:
        """Apply a decision (`action` None: an undo) for `seat`; the answer's body. Refusals are
        raised (BodogeError or ApiError), nothing changed. A person's move passes its
        `credential`, checked again against the seats as stored (a leave on another process);
        a bot's (`by` "bot:...") is refused as stale if its seat no longer has a bot."""
        async with self.lock(table_id):
            table = await self._append(
                table_id, seat, action, expected_ply, client_key, by, credential
            )
            if table is None:
                table, duplicate = await self._move_locked(
                    table_id, seat, action, expected_ply, client_key, by, credential
                )
                if duplicate is not None:
                    return duplicate
            ply = table.match.ply
            (told,) = entries(table, seat, ply - 1)
        self.changed(table_id)
        return {"status": "applied", "ply": ply, "events": told["events"], "text": told["text"]}

    async def _move_locked(
        self,
        table_id: str,
        seat: int,
        action: int | str | None,
        expected_ply: int | None,
        client_key: str | None,
        by: str | None,
        credential: str | None,
    ) -> tuple[Table, dict[str, Any] | None]:
        """The full path of a move (under the table's lock): lock the table's row, catch the
        cache up with what is stored, decide, append, settle the clocks, commit. The table, and
        the answer to a duplicate (a client key stored already) if it was one."""
        applied = False
        try:
            async with self.store.write() as session:
                table, stored = await self.locked(session, table_id, seat, client_key)
                match = table.match
                if credential is not None and self.require_seat(table, credential) != seat:
                    raise _wrong_seat()
                if table.status == "waiting":
                    raise ApiError(
                        "not_started",
                        "the game has not started: seats are still open",
                        "まだ空席があるのでゲームは始まっていません",
                    )
                if stored.duplicate is not None:
                    return table, self._duplicate(table, seat, stored.duplicate)
                timekeeping.check_decider(table.seats[seat], by)  # not a stale stand-in
                if action is None:
                    match.undo(seat, expected_ply)
                else:
                    match.apply(seat, action, expected_ply, by)
                applied = True
                entry = match.log[-1]
                await insert_move(
                    session,
                    table_id=table_id,
                    ply=entry.ply,
                    seat=seat,
                    action=match.notation(entry),
                    by=by,
                    client_key=client_key,
                    created=now(),
                )
                if match.is_over():
                    await session.execute(
                        update(TableRow).where(TableRow.id == table_id).values(status="over")
                    )
                # The clocks: the mover charged, the seats now pending started.
                await timekeeping.settle(session, table, now(), seat, action is not None)
        except IntegrityError:
            self.drop(table_id)
            raise StaleMove(
                "another move was stored first", ja="先に別の手が保存されました"
            ) from None
        except BaseException:
            if applied:
                self.drop(table_id)
            raise
        if match.is_over():
            table.status = "over"
        return table, None

    async def _append(
        self,
        table_id: str,
        seat: int,
        action: int | str | None,
        expected_ply: int | None,
        client_key: str | None,
        by: str | None,
        credential: str | None,
    ) -> Table | None:
        """The short path of a move on PostgreSQL (under the table's lock): when the cached table
        is known to be what is stored (its version), the move is applied to a copy of the match
        and appended in one statement that checks the version (`store.append_move`); the table
        then holds the copy. None (nothing changed) when the path does not apply: on SQLite, a
        version unknown, a clock to settle, anything the cached table refuses (the full path
        decides on what is stored), or a table found changed (another process wrote)."""
        table = self._tables.get(table_id)
        if self.store.sqlite or table is None or table.version is None:
            return None
        if table.status != "playing" or table.clock.settings.kind != timekeeping.NONE:
            return None
        trial = table.match.clone()  # readers see the committed match until the commit
        try:
            if credential is not None and self.require_seat(table, credential) != seat:
                return None
            timekeeping.check_decider(table.seats[seat], by)
            if action is None:
                trial.undo(seat, expected_ply)
            else:
                trial.apply(seat, action, expected_ply, by)
        except (ApiError, BodogeError):
            return None
        entry, version = trial.log[-1], table.version
        try:
            appended = await append_move(
                self.store,
                version,
                "over" if trial.is_over() else table.status,
                table_id=table_id,
                ply=entry.ply,
                seat=seat,
                action=trial.notation(entry),
                by=by,
                client_key=client_key,
                created=now(),
            )
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

    async def change(
        self, table_id: str, apply: Callable[[AsyncSession, Table], Awaitable[T]]
    ) -> T:
        """A change of a table other than a move (a timeout, a seat taken back): `apply` runs on
        the table under its lock, in one transaction, and the listeners are told after the
        commit. `apply` raises its refusals (ApiError, BodogeError) before it changes anything;
        if anything else fails the cached table is dropped, to be reloaded from the database."""
        async with self.lock(table_id):
            try:
                async with self.store.write() as session:
                    table, _ = await self.locked(session, table_id)
                    result = await apply(session, table)
            except (ApiError, BodogeError):
                raise
            except BaseException:
                self.drop(table_id)
                raise
        self.changed(table_id)
        return result

    def _duplicate(self, table: Table, seat: int, ply: int) -> dict[str, Any]:
        first = entries(table, seat, ply - 1)[0]
        return {"status": "duplicate", "ply": ply, "events": first["events"], "text": first["text"]}

    async def answer(
        self,
        table_id: str,
        credential: str | None,
        action: int | str | None,
        expected_ply: int | None,
        client_key: str | None,
    ) -> tuple[int, dict[str, Any]]:
        """A move or undo from a person: (HTTP status, body), refusals included, the same body
        for HTTP and the websocket."""
        try:
            table = await self.get(table_id)
            seat = self.require_seat(table, credential)
            answer = await self.move(
                table_id, seat, action, expected_ply, client_key, credential=credential
            )
            return 200, answer
        except (ApiError, BodogeError) as error:
            extra: dict[str, Any] = {"status": error.code}
            if isinstance(error, StaleMove):
                table = await self.get(table_id)
                extra["prompt"] = table.match.prompt(table.seat_of(credential))
                if expected_ply is not None and expected_ply > table.match.ply:
                    error = _ahead(expected_ply, table.match.ply)
            return status_of(error), body(error, **extra)

    # ---- what a seat may know -----------------------------------------------------------

    def info(self, table: Table, connected: set[int]) -> dict[str, Any]:
        """What anyone may know of a table (no credentials, no invite, no hidden state)."""
        return {
            "id": table.id,
            "game": table.game,
            "players": table.players,
            "options": table.options,
            "status": table.status,
            "ply": table.match.ply,
            "public": table.public,
            "spectators": table.spectators,
            "created": table.created,
            "rematch": table.rematch,
            "timeout_level": table.clock.timeout_level,
            **timekeeping.clock_json(table, now()),
            "seats": [
                {
                    "seat": seat.seat,
                    "kind": seat.kind,
                    "name": seat.name,
                    "level": seat.bot_level,
                    "stand_in": seat.stand_in,
                    "connected": seat.seat in connected,
                }
                for seat in table.seats
            ],
            "names": seat_names(table),
        }

    async def open_public(self) -> list[Table]:
        found = await self.store.open_public_tables()
        return [await self.get(row.id) for row, _ in found]

    def record(self, table: Table) -> str:
        if table.status != "over":
            raise ApiError(
                "not_over",
                "the record is given once the game is over",
                "棋譜はゲームが終わってから取得できます",
            )
        match = table.match
        match.names = seat_names(table)["en"]  # as the page names them: "Bot 2 (Random)"
        return match.record()


def _not_found(table_id: str) -> ApiError:
    return ApiError("not_found", f"no table {table_id!r:.40}", f"卓{table_id!r:.40}はありません")


def _ahead(expected_ply: int, ply: int) -> StaleMove:
    """The stale answer to a move for a ply the game has not reached (nobody moved first)."""
    return StaleMove(
        f"expected_ply {expected_ply} is ahead of the game, which is at ply {ply}",
        ja=f"送られた手数{expected_ply}はまだ来ていません。局面は手数{ply}です",
    )


def _wrong_seat() -> ApiError:
    return ApiError(
        "unauthorized",
        "that credential opens no seat at this table",
        "その認証情報はこの卓のどの席のものでもありません",
    )


def _replay(table_id: str, match: Match, moves: Sequence[Any]) -> None:
    """Apply stored moves (rows with ply, seat, action, by) to `match`, checking each ply."""
    for move in moves:
        if move.action == UNDO:
            match.undo(move.seat)
        else:
            match.apply(move.seat, move.action, by=move.by)
        if match.ply != move.ply:
            raise RuntimeError(f"table {table_id}: stored ply {move.ply}, replayed {match.ply}")
