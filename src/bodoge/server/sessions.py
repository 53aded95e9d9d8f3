"""Sessions of signed-in accounts and their CSRF protection, in one place.

A session is a random secret in the `bodoge_session` cookie: HttpOnly (no script reads it),
SameSite=Lax (no cross-site POST carries it), Secure when the request came over HTTPS (or always,
with `Settings.secure_cookies`). The database keeps only its sha256 (`account_sessions`).

CSRF: a cookie-authenticated write must send `X-CSRF-Token`, a token the server derives from the
session's secret (HMAC-SHA256 of a fixed label keyed with it) and hands only to the page itself (in
the answers of sign-in and `GET /api/account`, which another origin cannot read). It is the
synchronizer-token pattern without a stored token: a forged request from another site carries the
cookie but cannot know the token. Sign-in and sign-up, which have no session yet, refuse a request
whose `Origin` is another site's (login CSRF).

The guest bearer tokens and seat credentials are headers, never cookies, so they need none of this.
"""

from __future__ import annotations

import hashlib
import hmac

from fastapi import Request, Response

from bodoge.server import auth
from bodoge.server.config import Settings
from bodoge.server.errors import ApiError

COOKIE = "bodoge_session"
CSRF_HEADER = "X-CSRF-Token"
SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS"})


def new_secret() -> str:
    return auth.new_secret()


def session_hash(secret: str) -> str:
    return auth.hash_secret(secret)


def csrf_token(secret: str) -> str:
    return hmac.new(secret.encode("utf-8"), b"bodoge csrf", hashlib.sha256).hexdigest()


def cookie_secret(request: Request) -> str | None:
    value = request.cookies.get(COOKIE)
    return value or None


def check_csrf(request: Request, secret: str) -> None:
    """Refuse a write that does not carry the session's CSRF token."""
    if request.method in SAFE_METHODS:
        return
    sent = request.headers.get(CSRF_HEADER, "")
    if not sent or not hmac.compare_digest(sent.encode(), csrf_token(secret).encode()):
        raise ApiError(
            "csrf",
            f"this needs the session's CSRF token in the {CSRF_HEADER} header",
            f"{CSRF_HEADER}ヘッダーにセッションのCSRFトークンが必要です",
        )


def check_origin(request: Request, settings: Settings) -> None:
    """Refuse a sign-in or sign-up posted from another site's page."""
    origin = request.headers.get("origin")
    if origin is None or origin == own_origin(request, settings):
        return
    raise ApiError(
        "forbidden",
        "sign-in is only accepted from this server's own page",
        "ログインはこのサーバーのページからのみ受け付けます",
    )


def own_origin(request: Request, settings: Settings) -> str:
    if settings.webauthn_origin:
        return settings.webauthn_origin
    url = request.url
    return f"{url.scheme}://{url.netloc}"


def rp_id(request: Request, settings: Settings) -> str:
    """The WebAuthn relying party id: the host the page was loaded from (no port)."""
    return settings.webauthn_rp_id or (request.url.hostname or "localhost")


def set_cookie(response: Response, request: Request, settings: Settings, secret: str) -> None:
    response.set_cookie(
        COOKIE,
        secret,
        max_age=int(settings.session_days * 86400),
        path="/",
        httponly=True,
        samesite="lax",
        secure=settings.secure_cookies or request.url.scheme == "https",
    )


def clear_cookie(response: Response, request: Request, settings: Settings) -> None:
    response.delete_cookie(
        COOKIE,
        path="/",
        httponly=True,
        samesite="lax",
        secure=settings.secure_cookies or request.url.scheme == "https",
    )
