"""A real server for the tests that go over the wire: uvicorn on a free local port, run in the
test's own event loop, with httpx and websockets as the clients."""

from __future__ import annotations

import asyncio
import socket
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

import uvicorn
from fastapi import FastAPI

from bodoge.server.app import create_app
from bodoge.server.config import Settings


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@asynccontextmanager
async def running(settings: Settings, app: FastAPI | None = None) -> AsyncIterator[str]:
    """The server's address (127.0.0.1:PORT) while it runs (`app`, else a new one)."""
    port = free_port()
    config = uvicorn.Config(
        app or create_app(settings),
        host="127.0.0.1",
        port=port,
        log_level="warning",
        log_config=None,  # uvicorn's loggers propagate to the root one: the log rule sees them
        ws_max_size=settings.max_ws_message_bytes * 4,
    )
    server = uvicorn.Server(config)
    task = asyncio.create_task(server.serve())
    while not server.started:
        if task.done():
            task.result()  # the error that stopped it
        await asyncio.sleep(0.01)
    try:
        yield f"127.0.0.1:{port}"
    finally:
        server.should_exit = True
        await task
