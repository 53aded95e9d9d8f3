"""Per-client rate limits: a token bucket per client address, shared by the HTTP requests (as
ASGI middleware) and the websocket messages (the Hub asks `allow` per message). Per process:
several server processes each keep their own buckets."""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Mapping
from typing import Any

from bodoge.server.errors import ApiError, send_error

Scope = dict[str, Any]
# Buckets kept before the full ones are forgotten (a full bucket is the same as no bucket).
PRUNE_AT = 10_000


class RateLimiter:
    """`rate` tokens per second up to `burst`; each request or message takes one. A rate of 0
    turns the limit off."""

    def __init__(
        self, rate: float, burst: int, clock: Callable[[], float] = time.monotonic
    ) -> None:
        self.rate = rate
        self.burst = burst
        self.clock = clock
        self._buckets: dict[str, tuple[float, float]] = {}  # client -> (tokens, when)

    def allow(self, client: str) -> bool:
        if self.rate <= 0:
            return True
        now = self.clock()
        tokens, then = self._buckets.get(client, (float(self.burst), now))
        tokens = min(float(self.burst), tokens + (now - then) * self.rate)
        allowed = tokens >= 1
        if allowed:
            tokens -= 1
        if len(self._buckets) >= PRUNE_AT and client not in self._buckets:
            self._prune(now)
        self._buckets[client] = (tokens, now)
        return allowed

    def retry_after(self) -> int:
        """Whole seconds until a spent bucket holds one token again."""
        return max(1, math.ceil(1 / self.rate)) if self.rate > 0 else 0

    def error(self) -> ApiError:
        return ApiError(
            "rate_limited",
            f"too many requests from this address (at most {self.rate:g} a second, "
            f"bursts of {self.burst})",
            f"このアドレスからのリクエストが多すぎます（1秒に{self.rate:g}回、"
            f"まとめて{self.burst}回まで）",
        )

    def _prune(self, now: float) -> None:
        self._buckets = {
            client: (tokens, then)
            for client, (tokens, then) in self._buckets.items()
            if tokens + (now - then) * self.rate < self.burst
        }


def client_address(scope: Mapping[str, Any]) -> str:
    """The client's host as the ASGI server saw it ("" when it does not say)."""
    client = scope.get("client")
    return str(client[0]) if client else ""


class RateLimit:
    """ASGI middleware: an HTTP request over its client's limit is answered 429 rate_limited
    before any route sees it."""

    def __init__(self, app: Any, limiter: RateLimiter) -> None:
        self.app = app
        self.limiter = limiter

    async def __call__(self, scope: Scope, receive: Any, send: Any) -> None:
        forwarded = scope.get("bodoge.forwarded")  # counted where it arrived (forwarding.py)
        if scope["type"] != "http" or forwarded or self.limiter.allow(client_address(scope)):
            await self.app(scope, receive, send)
            return
        retry = str(self.limiter.retry_after()).encode()
        await send_error(send, self.limiter.error(), [(b"retry-after", retry)])
