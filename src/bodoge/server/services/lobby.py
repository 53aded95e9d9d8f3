"""The lobby: tables made, joined and left, a seat taken back from the bot that stood in on
timeout, the open tables, and what anyone may know of a table (its info, and its record once
the game is over). Each write locks the table
(`TableCache.locked`) in one transaction and tells the cache's listeners after the commit."""

from __future__ import annotations

import secrets
from collections.abc import Callable, Mapping
from typing import Any

from sqlalchemy.ext.asyncio import AsyncSession

from bodoge.engine import InvalidOptions, Match, get_game
from bodoge.server import auth
from bodoge.server.config import Settings
from bodoge.server.entries import seat_names
from bodoge.server.errors import ApiError
from bodoge.server.services import clock
from bodoge.server.services.cache import TableCache
from bodoge.server.services.clock import (
    DEFAULT_TIMEOUT_LEVEL,
    TableClock,
    clock_json,
    parse_clock,
)
from bodoge.server.services.model import (
    SEED_BITS,
    Seat,
    SeatRequest,
    Table,
    require_seat,
    reserved,
)
from bodoge.server.services.rematch import release
from bodoge.server.store.models import PlayerRow, SeatRow, TableRow, dumps, now
from bodoge.server.store.queries import add_table, claim_open_seat, set_status, update_seat


class Lobby:
    def __init__(self, cache: TableCache, settings: Settings) -> None:
        self.cache = cache
        self.store = cache.store
        self.settings = settings

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
        timeout_level: str = DEFAULT_TIMEOUT_LEVEL,
        rated: bool = False,
        hints: bool = False,
        server_options: Mapping[str, Any] | None = None,
    ) -> tuple[Table, int | None, str | None, str]:
        """A new table; returns it, the creator's seat and credential (None if the creator
        does not play) and the invite. Its clock starts when the game does (runners/timeouts.py)."""
        settings = parse_clock(clock or {})
        info = get_game(game).info
        for spec in info.options:
            if spec.kind == "text" and spec.key in options:
                raise InvalidOptions(
                    f"option {spec.key} names a file: it is the server's setting, not a table's",
                    ja=f"オプション{spec.key}はファイルを指すので、卓ではなくサーバーが決めます",
                )
        # what the server sets itself, after the refusal: a variant's content key (api/variants)
        options = {**options, **(server_options or {})}
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
        if rated and any(seat.kind == "bot" for seat in seats):
            raise ApiError(
                "rated_with_bots",
                "a rated table has no bot seats: every seat is for a person",
                "レーティング対象の卓にボットの席は置けません。全員が人の席です",
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
            rated=rated,
            hints=hints,
        )
        async with self.store.write() as session:
            await add_table(session, table_row, rows)
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
            self.cache.lock(table_id),
            clock=TableClock.load(table_row.clock, timeout_level, rows, []),
            version=0,
            rated=rated,
            hints=hints,
        )
        self.cache.put(table)
        self.cache.changed(table_id)
        return table, my_seat, credential, invite

    async def join(self, player: PlayerRow, table_id: str, invite: str | None) -> tuple[int, str]:
        async with self.cache.lock(table_id), self.store.write() as session:
            table, _ = await self.cache.locked(session, table_id)
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
            claimed = await claim_open_seat(
                session,
                table_id,
                seat.seat,
                kind="human",
                player_id=player.id,
                name=player.name,
                credential_hash=credential_hash,
            )
            if not claimed:  # the row lock makes this rare
                self.cache.drop(table_id)
                raise ApiError("seat_taken", "that seat was just taken", "その席は埋まりました")
            if status != table.status:
                await set_status(session, table_id, status)
            seat.kind, seat.player_id, seat.name = "human", player.id, player.name
            seat.credential_hash = credential_hash
            table.status = status
        self.cache.changed(table_id)
        return seat.seat, credential

    async def leave(self, table_id: str, credential: str | None) -> tuple[int, str]:
        """Give up a seat: before the game it is open again; during the game a bot stands in;
        after it, the seat kept for its person at the rematch opens too."""
        left = await self._leave(table_id, lambda table: require_seat(table, credential))
        assert left is not None  # require_seat refuses rather than finds none
        return left

    async def leave_player(self, table_id: str, player_ids: set[str]) -> tuple[int, str] | None:
        """The seat of one of `player_ids` leaves, as `leave` (a deleted account's); None if
        none of them still holds a seat there."""

        def held(table: Table) -> int | None:
            for seat in table.seats:
                if seat.player_id in player_ids and seat.credential_hash is not None:
                    return seat.seat
            return None

        return await self._leave(table_id, held)

    async def _leave(
        self, table_id: str, find: Callable[[Table], int | None]
    ) -> tuple[int, str] | None:
        async with self.cache.lock(table_id), self.store.write() as session:
            table, _ = await self.cache.locked(session, table_id)
            number = find(table)
            if number is None:
                return None
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
            await update_seat(session, table_id, number, **values)
            player_id = seat.player_id
            for key, value in values.items():
                setattr(seat, key, value)
        self.cache.changed(table_id)
        if table.rematch is not None:  # the seat kept for them there is open now
            await release(self.cache, table.rematch, player_id)
        return number, table.status

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
            "rated": table.rated,
            **clock_json(table, now()),
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

    async def take_back(self, table_id: str, credential: str | None) -> dict[str, Any]:
        """The person whose seat a bot took on timeout takes it back (the seat's credential);
        `{"seat", "ply"}`. The stand-in makes no more moves."""

        async def apply(session: AsyncSession, table: Table) -> dict[str, Any]:
            seat = require_seat(table, credential)
            await clock.take_back(session, table, seat, now())
            return {"seat": seat, "ply": table.match.ply}

        return await self.cache.change(table_id, apply)

    async def content(self, table_id: str) -> Any:
        """The table's game components as a drawing needs them (public, fixed for the game)."""
        table = await self.cache.get(table_id)
        return table.match.spec.public_content(table.players, table.options)

    async def open_public(self) -> list[Table]:
        found = await self.store.open_public_tables()
        return [await self.cache.get(row.id) for row, _ in found]

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
