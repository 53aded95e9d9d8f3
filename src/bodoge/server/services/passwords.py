"""Passwords: argon2id hashes through pwdlib, verified off the event loop; a sign-in for a name
that has no password (or no account) verifies against a dummy hash, so it takes the same time.

The cost is argon2-cffi's defaults (64 MiB, 3 passes, 4 lanes) unless the settings say otherwise
(`argon2_memory_kib`, `argon2_time_cost`: the tests use less). A stored hash names its own cost,
so hashes of another cost still verify."""

from __future__ import annotations

import asyncio

from argon2 import DEFAULT_MEMORY_COST, DEFAULT_TIME_COST
from pwdlib import PasswordHash
from pwdlib.hashers.argon2 import Argon2Hasher

MIN_LENGTH = 8
MAX_LENGTH = 256


class Passwords:
    def __init__(
        self, memory_kib: int = DEFAULT_MEMORY_COST, time_cost: int = DEFAULT_TIME_COST
    ) -> None:
        self.hasher = PasswordHash((Argon2Hasher(time_cost=time_cost, memory_cost=memory_kib),))
        self._dummy: str | None = None  # made at the first need, not at every server's start

    async def hash(self, password: str) -> str:
        return await asyncio.to_thread(self.hasher.hash, password)

    async def verify(self, password: str, stored: str | None) -> bool:
        """Whether `password` is the one `stored` was made from; with no stored hash the
        dummy's is verified (and the answer is False), so both paths cost one verification."""
        if stored is None:
            if self._dummy is None:
                self._dummy = await self.hash("bodoge: a password nobody has")
            await asyncio.to_thread(self.hasher.verify, password, self._dummy)
            return False
        return await asyncio.to_thread(self.hasher.verify, password, stored)
