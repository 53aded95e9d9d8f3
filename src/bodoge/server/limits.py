"""The request body limit, as ASGI middleware: a body over the limit is answered 413 too_large
before any route sees it, whether it says its length (Content-Length) or streams in. Bodies are
small (64 KiB), so the middleware reads the whole body first, refuses one that is not UTF-8 or
nests too deep (422 bad_request, `jsontext.check_body`) and hands it on."""

from __future__ import annotations

from typing import Any

from bodoge.server.errors import ApiError, send_error
from bodoge.server.jsontext import check_body

Scope = dict[str, Any]


class BodyLimit:
    def __init__(self, app: Any, max_bytes: int) -> None:
        self.app = app
        self.max_bytes = max_bytes

    async def __call__(self, scope: Scope, receive: Any, send: Any) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        length = dict(scope.get("headers") or []).get(b"content-length")
        if length is not None and (not length.isdigit() or int(length) > self.max_bytes):
            await self._refuse(send)
            return
        chunks: list[bytes] = []
        size = 0
        while True:
            message = await receive()
            if message["type"] != "http.request":  # the client went away
                return
            chunk = message.get("body", b"")
            size += len(chunk)
            if size > self.max_bytes:
                await self._refuse(send)
                return
            chunks.append(chunk)
            if not message.get("more_body", False):
                break
        body = b"".join(chunks)
        if body:
            try:
                check_body(body)
            except ApiError as error:
                await send_error(send, error)
                return
        given = False

        async def replay() -> Any:
            nonlocal given
            if not given:
                given = True
                return {"type": "http.request", "body": body, "more_body": False}
            return await receive()  # after the body: the disconnect, when it comes

        await self.app(scope, replay, send)

    async def _refuse(self, send: Any) -> None:
        error = ApiError(
            "too_large",
            f"a request body is at most {self.max_bytes} bytes",
            f"リクエストの本文は{self.max_bytes}バイトまでです",
        )
        await send_error(send, error)
