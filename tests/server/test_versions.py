"""The one-statement move on PostgreSQL (`queries.append_move`, `Moves._append`), and the
notices' batched reads (`Notices`, `queries.moves_noticed`), with two sets of table services on
one database standing for two server processes.

- A move from a cached table whose version is still the stored one is one statement; a table
  another process changed meanwhile (a move, a leave) is refused by that statement, nothing is
  written, and the full path decides on what is stored (stale, a credential no longer valid).
- Two processes racing for one ply: exactly one move is stored.
- Moves of many tables made by one process reach the other through its notices, read in
  batches: every table there goes through every ply once, in order.
"""

from __future__ import annotations

import asyncio
import secrets
from collections.abc import AsyncIterator, Iterator
from contextlib import asynccontextmanager
from typing import Any

import pytest
from serverkit import TABLES
from sqlalchemy import create_engine, text

from bodoge.engine import StaleMove
from bodoge.server import auth
from bodoge.server.config import Settings
from bodoge.server.errors import ApiError
from bodoge.server.realtime import notices as notices_module
from bodoge.server.realtime.notices import Notices
from bodoge.server.services.cache import TableCache
from bodoge.server.services.lobby import Lobby
from bodoge.server.services.model import SeatRequest
from bodoge.server.services.moves import MoveRequest, Moves
from bodoge.server.store.database import Store
from bodoge.server.store.models import PlayerRow, now
from bodoge.server.store.queries import append_move, moves_noticed

REDIS = "redis://127.0.0.1:6379/0"


@pytest.fixture
def pg_url(postgres_url: str) -> Iterator[str]:
    engine = create_engine(postgres_url)
    with engine.begin() as connection:
        connection.execute(text(f"TRUNCATE {', '.join(TABLES)}"))
    engine.dispose()
    yield postgres_url


class Process:
    """One server process's table services: its cache (whose attributes it answers for), its
    lobby (create, join, leave) and its moves (`move`, a `MoveRequest` from its parts)."""

    def __init__(self, settings: Settings) -> None:
        self.cache = TableCache(Store(settings), settings)
        self.lobby = Lobby(self.cache, settings)
        self.moves = Moves(self.cache)

    def __getattr__(self, name: str) -> Any:
        return getattr(self.cache, name)

    async def create(self, *args: Any, **kwargs: Any) -> Any:
        return await self.lobby.create(*args, **kwargs)

    async def join(self, *args: Any) -> Any:
        return await self.lobby.join(*args)

    async def leave(self, *args: Any) -> Any:
        return await self.lobby.leave(*args)

    async def move(
        self,
        table_id: str,
        seat: int,
        action: int,
        ply: int,
        by: str | None = None,
        credential: str | None = None,
    ) -> dict[str, Any]:
        request = MoveRequest(table_id, action, ply, seat=seat, by=by, credential=credential)
        return await self.moves.move(request)


@asynccontextmanager
async def processes(url: str, count: int = 2) -> AsyncIterator[list[Process]]:
    """`count` table services on one database, each with its own store (its own connections)
    and its own cache, like separate server processes."""
    settings = Settings(database_url=url, bot_delay=0, stand_in_level="random")
    services = [Process(settings) for _ in range(count)]
    try:
        yield services
    finally:
        for service in services:
            await service.store.close()


async def a_player(service: Process, name: str) -> PlayerRow:
    player = PlayerRow(id=auth.new_id(), name=name, token_hash=auth.new_id(), created=now())
    await service.store.add_player(player)
    return player


async def stored_moves(service: Process, table_id: str) -> list[int]:
    return [move.ply for move in await service.store.moves(table_id)]


async def version_of(service: Process, table_id: str) -> int:
    found = await service.store.table(table_id)
    assert found is not None
    return found[0].version


def first_action(service: Process, table_id: str) -> tuple[int, int, int]:
    """(seat, action, ply) of the first pending seat's first legal action, from the cache."""
    table = service.cached(table_id)
    assert table is not None
    seat = table.match.pending()[0]
    return seat, table.match.state.legal_actions(seat)[0], table.match.ply


async def person_and_bot(service: Process) -> tuple[str, str]:
    """A started table (a person and a bot, no bot runner: the tests move for the bot)."""
    player = await a_player(service, "Aki")
    table, _, credential, _ = await service.create(
        player,
        "koremon_evolution",
        2,
        {},
        [SeatRequest("me"), SeatRequest("bot", "random")],
        public=True,
        spectators=True,
    )
    assert credential is not None
    return table.id, credential


async def move_first(service: Process, table_id: str, credential: str) -> dict[str, Any]:
    table = await service.get(table_id)
    seat, action, ply = first_action(service, table_id)
    if seat == 0:
        return await service.move(table_id, seat, action, ply, credential=credential)
    return await service.move(table_id, seat, action, ply, by=table.seats[seat].decider())


def test_append_move_writes_only_at_the_stored_version(pg_url: str) -> None:
    async def run() -> None:
        async with processes(pg_url, 1) as (service,):
            table_id, _ = await person_and_bot(service)
            seat, action, _ = first_action(service, table_id)
            values = {
                "table_id": table_id,
                "ply": 1,
                "seat": seat,
                "action": str(action),
                "by": None,
                "client_key": None,
                "created": now(),
            }
            assert not await append_move(service.store, 5, "playing", **values)
            assert await stored_moves(service, table_id) == []
            assert await version_of(service, table_id) == 0
            assert await append_move(service.store, 0, "playing", **values)
            assert await stored_moves(service, table_id) == [1]
            assert await version_of(service, table_id) == 1
            assert not await append_move(service.store, 0, "playing", **{**values, "ply": 2})
            assert await stored_moves(service, table_id) == [1]

    asyncio.run(run())


def test_a_stale_cache_is_refused_by_the_statement_and_the_full_path_decides(pg_url: str) -> None:
    async def run() -> None:
        async with processes(pg_url) as (one, two):
            table_id, credential = await person_and_bot(one)
            await two.get(table_id)  # both caches at version 0, ply 0
            first = await move_first(two, table_id, credential)
            assert first["status"] == "applied" and first["ply"] == 1
            assert two.cached(table_id).version == 1  # type: ignore[union-attr]
            # `one` still believes ply 0 at version 0: its statement finds version 1, writes
            # nothing, and the full path catches up and refuses the stale ply
            with pytest.raises(StaleMove):
                await move_first_at(one, table_id, credential, ply=0)
            assert await stored_moves(one, table_id) == [1]
            assert one.cached(table_id).match.ply == 1  # type: ignore[union-attr]
            # caught up: its next move is applied (the full path, then the short one again)
            for expected in (2, 3, 4):
                answer = await move_first(one, table_id, credential)
                assert answer["status"] == "applied" and answer["ply"] == expected
            assert one.cached(table_id).version == await version_of(one, table_id)  # type: ignore[union-attr]
            assert await stored_moves(one, table_id) == [1, 2, 3, 4]

    asyncio.run(run())


async def move_first_at(
    service: Process, table_id: str, credential: str, ply: int
) -> dict[str, Any]:
    table = await service.get(table_id)
    seat = table.match.pending()[0]
    action = table.match.state.legal_actions(seat)[0]
    by = None if seat == 0 else table.seats[seat].decider()
    return await service.move(
        table_id, seat, action, ply, by=by, credential=credential if seat == 0 else None
    )


def test_a_leave_elsewhere_makes_the_statement_refuse_and_the_credential_is_checked(
    pg_url: str,
) -> None:
    async def run() -> None:
        async with processes(pg_url) as (one, two):
            players = [await a_player(one, name) for name in ("Aki", "Ben")]
            table, _, first, _ = await one.create(
                players[0],
                "koremon_evolution",
                2,
                {},
                [SeatRequest("me"), SeatRequest("open")],
                public=True,
                spectators=True,
            )
            _, second = await one.join(players[1], table.id, None)
            credentials = [first, second]
            await two.get(table.id)
            mover = table.match.pending()[0]
            await two.leave(table.id, credentials[mover])  # a bot stands in from now on
            action = table.match.state.legal_actions(mover)[0]
            with pytest.raises(ApiError) as refused:
                await one.move(table.id, mover, action, 0, credential=credentials[mover])
            assert refused.value.code == "unauthorized"
            assert await stored_moves(one, table.id) == []

    asyncio.run(run())


def test_two_processes_racing_for_one_ply_store_exactly_one_move(pg_url: str) -> None:
    async def run() -> None:
        async with processes(pg_url, 4) as services:
            table_id, credential = await person_and_bot(services[0])
            for service in services[1:]:
                await service.get(table_id)
            for ply in range(6):
                for service in services:
                    await service.refresh(table_id)  # every cache current: all take the short path
                answers = await asyncio.gather(
                    *(move_first_at(s, table_id, credential, ply) for s in services),
                    return_exceptions=True,
                )
                applied = [a for a in answers if isinstance(a, dict)]
                assert len(applied) == 1, answers
                assert all(isinstance(a, StaleMove) for a in answers if a not in applied)
            assert await stored_moves(services[0], table_id) == [1, 2, 3, 4, 5, 6]

    asyncio.run(run())


def test_moves_noticed_reads_many_tables_in_one_statement_within_bounds(pg_url: str) -> None:
    async def run() -> None:
        async with processes(pg_url, 1) as (service,):
            tables = [await person_and_bot(service) for _ in range(3)]
            for table_id, credential in tables:
                for _ in range(4):
                    await move_first(service, table_id, credential)
            (a, _), (b, _), (c, _) = tables
            found = await moves_noticed(service.store, [(a, 0, 4), (b, 2, 3), (c, 4, 9)])
            assert [m.ply for m in found[a]] == [1, 2, 3, 4]
            assert [m.ply for m in found[b]] == [3]
            assert found[c] == []

    asyncio.run(run())


def test_notices_read_in_batches_bring_every_table_through_every_ply_in_order(
    pg_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    batches: list[int] = []  # how many tables each batched read was for

    async def counted(store: Store, wanted: Any) -> Any:
        wanted = list(wanted)
        batches.append(len(wanted))
        return await moves_noticed(store, wanted)

    monkeypatch.setattr(notices_module, "moves_noticed", counted)

    async def run() -> None:
        channel = f"test-{secrets.token_hex(4)}"
        async with processes(pg_url) as (mover, watcher):
            seen: dict[str, list[int]] = {}
            watcher.interest.append(lambda table_id: True)  # as if a socket were on each

            def heard(table_id: str, table: Any) -> None:
                if table is not None:
                    seen.setdefault(table_id, []).append(table.match.ply)

            watcher.listeners.append(heard)
            notices = [Notices(REDIS, channel, service.cache) for service in (mover, watcher)]
            for each in notices:
                await each.start()
            try:
                tables = [await person_and_bot(mover) for _ in range(8)]
                for table_id, _ in tables:
                    await watcher.get(table_id)
                plies = 10
                for _ in range(plies):  # every table moves, then the next round: notices pile up
                    await asyncio.gather(
                        *(move_first(mover, table_id, cred) for table_id, cred in tables)
                    )
                deadline = asyncio.get_running_loop().time() + 30
                while any(
                    watcher.cached(t) is None or watcher.cached(t).match.ply < plies  # type: ignore[union-attr]
                    for t, _ in tables
                ):
                    assert asyncio.get_running_loop().time() < deadline, "notices not applied"
                    await asyncio.sleep(0.05)
            finally:
                for each in notices:
                    await each.close()
            for table_id, _ in tables:
                ours = watcher.cached(table_id)
                assert ours is not None
                assert [e.ply for e in ours.match.log] == list(range(1, plies + 1))
                assert ours.match.state.to_json() == mover.cached(table_id).match.state.to_json()  # type: ignore[union-attr]
                heard_plies = seen[table_id]
                assert heard_plies == sorted(heard_plies) and heard_plies[-1] == plies
            assert max(batches) > 1, batches  # a read served several tables' notices

    asyncio.run(run())


def test_noticed_moves_are_read_by_two_queries_at_once_a_table_in_one_at_a_time(
    pg_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The noticed moves are read by up to `BATCHES_AT_ONCE` queries at once, never one table in
    two of them, and every move noticed is applied once the queries are let go."""
    release = asyncio.Event()
    reading: list[set[str]] = []  # the tables of each query under way
    most = 0

    async def held(store: Store, wanted: Any) -> Any:
        nonlocal most
        wanted = list(wanted)
        tables = {table_id for table_id, _, _ in wanted}
        assert not any(tables & other for other in reading), "a table in two queries at once"
        reading.append(tables)
        most = max(most, len(reading))
        try:
            await release.wait()
            return await moves_noticed(store, wanted)
        finally:
            reading.remove(tables)

    monkeypatch.setattr(notices_module, "moves_noticed", held)

    async def run() -> None:
        channel = f"test-{secrets.token_hex(4)}"
        async with processes(pg_url) as (mover, watcher):
            watcher.interest.append(lambda table_id: True)  # as if a socket were on each
            notices = [Notices(REDIS, channel, service.cache) for service in (mover, watcher)]
            for each in notices:
                await each.start()
            try:
                tables = [await person_and_bot(mover) for _ in range(3)]
                for table_id, _ in tables:
                    await watcher.get(table_id)
                for _ in range(2):  # two rounds: the second is noticed while the first is read
                    for table_id, credential in tables:
                        await move_first(mover, table_id, credential)
                        await asyncio.sleep(0.05)  # heard one by one: several queries
                await asyncio.sleep(0.3)  # every notice heard meanwhile, its query held
                assert all(watcher.cached(t).match.ply < 2 for t, _ in tables)  # type: ignore[union-attr]
                release.set()
                deadline = asyncio.get_running_loop().time() + 30
                while any(watcher.cached(t).match.ply < 2 for t, _ in tables):  # type: ignore[union-attr]
                    assert asyncio.get_running_loop().time() < deadline, "notices not applied"
                    await asyncio.sleep(0.02)
            finally:
                release.set()
                for each in notices:
                    await each.close()
        assert most == notices_module.BATCHES_AT_ONCE

    asyncio.run(run())
