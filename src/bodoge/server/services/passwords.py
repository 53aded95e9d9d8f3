"""Passwords: argon2id hashes through pwdlib, verified off the event loop; a sign-in for a name
that has no password (or no account) verifies against a dummy hash, so it takes the same time."""

from __future__ import annotations

import asyncio
from functools import lru_cache

from pwdlib import PasswordHash
from pwdlib.hashers.argon2 import Argon2Hasher

MIN_LENGTH = 8
MAX_LENGTH = 256


@lru_cache(maxsize=1)
def _hasher() -> PasswordHash:
    return PasswordHash((Argon2Hasher(),))


@lru_cache(maxsize=1)
def _dummy_hash() -> str:
    return _hasher().hash("bodoge: a password nobody has")


async def hash_password(password: str) -> str:
    return await asyncio.to_thread(_hasher().hash, password)


async def verify(password: str, stored: str | None) -> bool:
    """Whether `password` is the one `stored` was made from; with no stored hash the dummy's
    is verified (and the answer is False), so both paths cost one argon2 verification."""
    if stored is None:
        await asyncio.to_thread(_hasher().verify, password, _dummy_hash())
        return False
    return await asyncio.to_thread(_hasher().verify, password, stored)
