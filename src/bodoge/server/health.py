"""Whether the parts the server needs answer: the database (one `SELECT 1`) and, with several
processes, Redis (a PING). Each check has a time limit, so a part that hangs is a part that
failed."""

from __future__ import annotations

import asyncio

from redis import asyncio as redis
from sqlalchemy import text

from bodoge.server.store.database import Store

CHECK_SECONDS = 2.0
OK, FAILED, OFF = "ok", "failed", "off"


async def database(store: Store) -> str:
    try:
        async with asyncio.timeout(CHECK_SECONDS):
            async with store.glance() as session:
                await session.execute(text("SELECT 1"))
    except Exception:  # any failure is the answer (logged by whoever watches the health)
        return FAILED
    return OK


async def redis_answers(client: redis.Redis | None) -> str:
    if client is None:
        return OFF  # one process: no Redis configured
    try:
        async with asyncio.timeout(CHECK_SECONDS):
            await client.ping()
    except Exception:
        return FAILED
    return OK


async def check(store: Store, client: redis.Redis | None) -> dict[str, str]:
    """{"status": "ok" | "failed", "database": ..., "redis": "ok" | "failed" | "off"}."""
    answers = await asyncio.gather(database(store), redis_answers(client))
    parts = {"database": answers[0], "redis": answers[1]}
    status = FAILED if FAILED in parts.values() else OK
    return {"status": status, **parts}
