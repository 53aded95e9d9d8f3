"""SQLite under many writers at once: tables created while their bots commit moves.

Before the write queue, each write polled for SQLite's one write lock in the busy handler and
some lost every time until the busy timeout passed: `POST /api/tables` answered 500 ("database
is locked"). A short busy timeout makes that show at a test's size; the writers now queue in
the process, first come first served, and every request succeeds.
"""

from __future__ import annotations

import asyncio
from collections import Counter
from pathlib import Path

import httpx

from bodoge.server.app import create_app
from bodoge.server.config import Settings

ROUNDS, AT_ONCE = 3, 60


async def create_many(settings: Settings) -> tuple[Counter[int], int]:
    app = create_app(settings)
    async with app.router.lifespan_context(app):
        transport = httpx.ASGITransport(app=app)
        async with httpx.AsyncClient(transport=transport, base_url="http://bodoge") as client:
            token = (await client.post("/api/guests", json={"name": "load"})).json()["token"]
            headers = {"Authorization": f"Bearer {token}"}
            body = {
                "game": "koremon_evolution",
                "players": 2,
                "seats": [{"kind": "bot", "level": "random"}] * 2,
            }
            codes: Counter[int] = Counter()
            for _ in range(ROUNDS):
                answers = await asyncio.gather(
                    *(
                        client.post("/api/tables", headers=headers, json=body)
                        for _ in range(AT_ONCE)
                    )
                )
                codes.update(answer.status_code for answer in answers)
            moves = 0
            for table_id in await app.state.server.store.table_ids("playing"):
                moves += len(await app.state.server.store.moves(table_id))
            return codes, moves


def test_tables_created_while_bots_commit_all_succeed(tmp_path: Path) -> None:
    settings = Settings(
        data_dir=tmp_path, bot_delay=0, rate_limit_per_second=0, sqlite_busy_timeout=0.05
    )
    codes, moves = asyncio.run(create_many(settings))
    assert codes == {200: ROUNDS * AT_ONCE}
    assert moves > 0  # the bots were committing meanwhile
