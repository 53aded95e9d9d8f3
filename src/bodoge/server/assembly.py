"""The server's parts put together, once per process: the store, the table cache, the services,
the websockets' hub, the runners and their leases, and (with Redis) the notices between
processes. The routes reach them through `api/deps.py`."""

from __future__ import annotations

from typing import Any

from redis import asyncio as redis

from bodoge.server import forwarding, metrics
from bodoge.server.config import Settings
from bodoge.server.ratelimit import RateLimiter
from bodoge.server.realtime.affinity import Affinity
from bodoge.server.realtime.hub import Hub
from bodoge.server.realtime.notices import Notices
from bodoge.server.realtime.relay import Relay
from bodoge.server.realtime.sockets import Sockets
from bodoge.server.runners.balance import BalanceRuns
from bodoge.server.runners.bots import Bots
from bodoge.server.runners.leases import Leases
from bodoge.server.runners.timeouts import Timeouts
from bodoge.server.services.accounts import Accounts
from bodoge.server.services.analysis import Analyses
from bodoge.server.services.cache import TableCache
from bodoge.server.services.lobby import Lobby
from bodoge.server.services.model import Table
from bodoge.server.services.moves import Moves
from bodoge.server.services.profiles import Profiles
from bodoge.server.services.replays import Replays
from bodoge.server.services.variants import Variants
from bodoge.server.store.database import Store


class Server:
    """What the routes share: the store, the tables, the websockets, the bots, the leases that
    say which process runs a table's bots, and (with Redis) the notices between processes."""

    def __init__(self, settings: Settings, limiter: RateLimiter) -> None:
        self.settings = settings
        self.store = Store(settings)
        self.cache = TableCache(self.store, settings)
        self.lobby = Lobby(self.cache, settings)
        self.moves = Moves(self.cache)
        self.replays = Replays(self.cache)
        self.accounts = Accounts(self.store, self.cache, self.lobby, settings)
        self.profiles = Profiles(self.cache, settings)
        self.variants = Variants(self.store, BalanceRuns(self.store))
        self.cache.before_load.append(self.variants.install)  # a variant table's content
        self.hub = Hub(self.cache)
        self.sockets = Sockets(
            self.hub, self.cache, self.lobby, self.moves, settings.max_ws_message_bytes, limiter
        )
        self.bots = Bots(self.cache, self.moves, settings)
        self.timeouts = Timeouts(self.cache)
        self.analyses = Analyses(self.cache, self.bots.executor, settings.analysis_queue)
        self.leases = Leases(self.cache, self.store, settings)
        self.leases.add(self.bots)  # a table's runners: one line each
        self.leases.add(self.timeouts)
        self.notices: Notices | None = None
        if settings.redis_url is not None:
            self.notices = Notices(settings.redis_url, settings.redis_channel, self.cache)
            self.notices.also = self.leases.held
        # Table affinity (several processes): a table's owner applies its moves and builds
        # its updates; the others forward to it over the relay.
        self.relay: Relay | None = None
        self.affinity: Affinity | None = None
        if settings.redis_url is not None and self.notices is not None:
            self.relay = Relay(settings.redis_url, settings.redis_channel, self.leases.owner)
            self.affinity = Affinity(self.relay, self.leases, self.cache, self.hub, self.store)
            self.notices.elsewhere = self.affinity.elsewhere
            self.notices.owned_here = self.leases.held.__contains__
            self.sockets.affinity = self.affinity
        # the health check's own client: a Redis that stops answering shows at /api/health
        self.health_redis: redis.Redis | None = None
        if settings.redis_url is not None:
            self.health_redis = redis.Redis.from_url(settings.redis_url)

    async def start(self, app: Any = None) -> None:
        if self.notices is not None:
            await self.notices.start()  # subscribed before anything can be missed
        if self.relay is not None:
            # forwarded requests run through this process's own app (forwarding.py)
            self.relay.handlers["http"] = lambda request: forwarding.run_here(app, request)
            await self.relay.start()
        await self.leases.start()

    async def close(self) -> None:
        await self.leases.close()
        await self.timeouts.close()
        await self.analyses.jobs.close()
        await self.bots.close()
        await self.variants.runs.close()
        if self.affinity is not None and self.relay is not None:
            await self.affinity.close()
            await self.relay.close()
        if self.notices is not None:
            await self.notices.close()
        if self.health_redis is not None:
            await self.health_redis.aclose()
        await self.store.close()
        metrics.process_stopped()

    async def idle(self) -> None:
        """Wait until no lease is being taken and no bot has anything to do (tests)."""
        while True:
            await self.leases.idle()
            await self.bots.idle()
            if not self.leases.busy():
                return

    def table_out(self, table: Table) -> dict[str, Any]:
        """A table's info, with the seats connected here."""
        return self.lobby.info(table, self.hub.connected(table.id))
