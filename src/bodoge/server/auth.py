"""Guest tokens and seat credentials: random secrets, stored only as their sha256 hex.

A guest token goes in `Authorization: Bearer ...`; a seat credential in `X-Seat-Credential`
(HTTP) or a websocket's first message. Never in URLs (they end up in logs).
"""

from __future__ import annotations

import hashlib
import hmac
import secrets


def new_secret() -> str:
    return secrets.token_urlsafe(32)


def hash_secret(secret: str) -> str:
    return hashlib.sha256(secret.encode("utf-8")).hexdigest()


def matches(secret: str, stored_hash: str | None) -> bool:
    """Whether `secret` is the one whose hash was stored (in constant time)."""
    if stored_hash is None or not secret:
        return False
    return hmac.compare_digest(hash_secret(secret), stored_hash)


def bearer_token(header: str | None) -> str | None:
    if not header:
        return None
    scheme, _, token = header.partition(" ")
    if scheme.lower() != "bearer" or not token.strip():
        return None
    return token.strip()


def new_id(length_bytes: int = 9) -> str:
    """A random url-safe id (9 bytes: 12 characters)."""
    return secrets.token_urlsafe(length_bytes)
