"""The relay between server processes over Redis: requests to a table's owner and their replies,
updates for websockets another process holds, and who owns which table.

Each process listens on its own inbox, `<channel>:to:<owner id>` (the owner id of its leases),
and on `<channel>:owners`. An inbox message is one JSON object: a request `{"id", "from", "op",
...}` (answered on the sender's inbox with `{"re": id, ...}`), or a message that wants no reply
(an update: `{"op": "update", ...}`). `<channel>:owners` carries a line per lease that moved,
`"<table> <owner>"` when a process takes a table's lease and `"<table> -"` when it gives it back.

A request has a time limit (`REQUEST_SECONDS`): an owner killed mid-request does not hold its
callers up; they handle the request themselves (the table's row lock and expected ply keep that
correct) until another process takes the lease over. What goes through an inbox may hold a
seat's own view or a seat credential: Redis is inside the server's trust boundary
(docs/deploy.md).
"""

from __future__ import annotations

import asyncio
import itertools
import json
import logging
from collections.abc import Awaitable, Callable
from typing import Any

from redis import asyncio as redis
from redis.exceptions import RedisError

log = logging.getLogger("bodoge.server")
REQUEST_SECONDS = 5.0
RETRY_SECONDS = 1.0
Handler = Callable[[dict[str, Any]], Awaitable[dict[str, Any] | None]]


class RelayError(Exception):
    """A request the owner did not answer in time (or Redis could not carry)."""


class Relay:
    def __init__(self, url: str, channel: str, me: str) -> None:
        self.client = redis.Redis.from_url(url)
        self.me = me
        self.prefix = channel
        self.owners_channel = f"{channel}:owners"
        self.handlers: dict[str, Handler] = {}  # op -> what answers it here
        # op -> what takes a message that wants no reply at once (an update: no task each)
        self.takers: dict[str, Callable[[dict[str, Any]], None]] = {}
        self.on_owner: list[Callable[[str, str | None], None]] = []  # a lease moved
        self.on_reconnect: list[Callable[[], None]] = []  # broadcasts may have been lost
        self._ids = itertools.count(1)
        self._waiting: dict[int, asyncio.Future[dict[str, Any]]] = {}
        self._listener: asyncio.Task[None] | None = None
        self._handling: set[asyncio.Task[None]] = set()
        self._subscribed = asyncio.Event()
        # What this process sends, in order (an owner's updates must arrive in order): one
        # sender publishes everything queued meanwhile in one pipeline.
        self._outbox: list[tuple[str, str, asyncio.Future[int]]] = []
        self._sender: asyncio.Task[None] | None = None

    def inbox(self, owner: str) -> str:
        return f"{self.prefix}:to:{owner}"

    async def start(self) -> None:
        self._listener = asyncio.get_running_loop().create_task(self._listen(), name="relay")
        await asyncio.wait_for(self._subscribed.wait(), timeout=30)

    async def close(self) -> None:
        if self._sender is not None:
            await asyncio.gather(self._sender, return_exceptions=True)  # the last announcements
        tasks = [t for t in (self._listener, *self._handling) if t]
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        await self.client.aclose()

    async def request(self, owner: str, op: str, **args: Any) -> dict[str, Any]:
        """Ask `owner` and wait for its reply (RelayError if none comes in time)."""
        number = next(self._ids)
        future: asyncio.Future[dict[str, Any]] = asyncio.get_running_loop().create_future()
        self._waiting[number] = future
        message = json.dumps({"id": number, "from": self.me, "op": op, **args})
        try:
            if await self._post(self.inbox(owner), message) == 0:
                raise RelayError(f"{owner} does not listen")  # gone: nobody subscribed
            return await asyncio.wait_for(future, REQUEST_SECONDS)
        except (TimeoutError, RedisError) as error:
            raise RelayError(f"{op} to {owner}: {error or 'no reply in time'}") from error
        finally:
            self._waiting.pop(number, None)

    def send(self, owner: str, message: dict[str, Any]) -> asyncio.Future[int]:
        """Queue a message that wants no reply, in order with everything sent from here; its
        future is how many processes received it (0: nobody listens on that inbox, gone)."""
        return self._post(self.inbox(owner), json.dumps(message))

    def announce(self, table_id: str, owner: str | None) -> None:
        """Tell every process that a table's lease moved (to `owner`; None: given back)."""
        self._post(self.owners_channel, f"{table_id} {owner or '-'}")

    def _post(self, channel: str, text: str) -> asyncio.Future[int]:
        """Queue a message (in order); its future is how many processes received it."""
        future: asyncio.Future[int] = asyncio.get_running_loop().create_future()
        future.add_done_callback(_retrieved)
        self._outbox.append((channel, text, future))
        if self._sender is None or self._sender.done():
            self._sender = asyncio.get_running_loop().create_task(self._send())
        return future

    async def _send(self) -> None:
        while self._outbox:
            batch, self._outbox = self._outbox, []
            try:
                async with self.client.pipeline(transaction=False) as pipe:
                    for channel, text, _ in batch:
                        pipe.publish(channel, text)
                    received = await pipe.execute()
            except RedisError as error:
                log.warning("%d relay messages could not be sent: %s", len(batch), error)
                for _, _, future in batch:
                    if not future.done():
                        future.set_exception(error)
                continue
            for (_, _, future), count in zip(batch, received, strict=True):
                if not future.done():
                    future.set_result(int(count))

    async def _listen(self) -> None:
        first = True
        while True:
            try:
                async with self.client.pubsub(ignore_subscribe_messages=True) as pubsub:
                    await pubsub.subscribe(self.inbox(self.me), self.owners_channel)
                    self._subscribed.set()
                    if not first:
                        for hook in self.on_reconnect:
                            hook()
                    first = False
                    async for message in pubsub.listen():
                        if message["type"] == "message":
                            self._received(message["channel"], message["data"])
            except asyncio.CancelledError:
                raise
            except (RedisError, OSError):
                log.exception("the relay's Redis connection failed; reconnecting")
                await asyncio.sleep(RETRY_SECONDS)

    def _received(self, channel: bytes, data: bytes) -> None:
        if channel.decode() == self.owners_channel:
            table_id, _, owner = data.decode().partition(" ")
            for hook in self.on_owner:
                hook(table_id, None if owner == "-" else owner)
            return
        message = json.loads(data)
        if "re" in message:
            future = self._waiting.get(message["re"])
            if future is not None and not future.done():
                future.set_result(message)
            return
        taker = self.takers.get(message.get("op", ""))
        if taker is not None:
            try:
                taker(message)
            except Exception:
                log.exception("relay message %s failed", message.get("op"))
            return
        task = asyncio.get_running_loop().create_task(self._handle(message))
        self._handling.add(task)
        task.add_done_callback(self._handling.discard)

    async def _handle(self, message: dict[str, Any]) -> None:
        handler = self.handlers.get(message.get("op", ""))
        try:
            reply = await handler(message) if handler is not None else {"error": "unknown op"}
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("relay request %s failed", message.get("op"))
            reply = {"error": "failed"}
        if "id" in message and reply is not None:
            await self.send(message["from"], {"re": message["id"], **reply})


def _retrieved(future: asyncio.Future[int]) -> None:
    """A send whose result nobody awaits: its failure was logged by the sender."""
    if not future.cancelled():
        future.exception()
