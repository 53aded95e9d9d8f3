"""One error body everywhere: `{"error": {"code": "...", "message": {"en": "...", "ja": "..."}}}`.

The engine's errors (`bodoge.engine.errors`) carry their own code and both messages; the server's
own refusals are `ApiError`s. `install` adds the exception handlers that turn every exception into
this body (anything unexpected: 500 "internal", logged, with no detail).
"""

from __future__ import annotations

import logging
from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from starlette.exceptions import HTTPException as StarletteHTTPException

from bodoge.engine.errors import BodogeError

log = logging.getLogger("bodoge.server")

# HTTP status of each engine error code (the rest of BodogeError: 422).
ENGINE_STATUS = {
    "unknown_game": 400,
    "invalid_options": 422,
    "illegal_action": 422,
    "not_your_turn": 409,
    "game_over": 409,
    "stale": 409,
    "undo_refused": 409,
}

# The server's own codes: HTTP status and the Japanese line of the kind.
API_CODES: dict[str, tuple[int, str]] = {
    "not_found": (404, "見つかりません"),
    "unauthorized": (401, "ログインが必要です"),
    "forbidden": (403, "その操作は許可されていません"),
    "bad_request": (422, "リクエストが正しくありません"),
    "too_large": (413, "リクエストが大きすぎます"),
    "rate_limited": (429, "リクエストが多すぎます。しばらく待ってください"),
    "seat_taken": (409, "その席はもう埋まっています"),
    "table_full": (409, "空いている席がありません"),
    "not_started": (409, "ゲームはまだ始まっていません"),
    "not_over": (409, "ゲームはまだ終わっていません"),
    "invalid_clock": (422, "時計の設定が正しくありません"),
    "stood_in": (409, "この席は時間切れのためボットが打っています"),
    "no_stand_in": (409, "この席はボットが代わりに打っていません"),
    "too_early": (409, "まだその操作はできません"),
    "internal": (500, "サーバー内部のエラーです"),
}


class ApiError(Exception):
    """A refusal of the server's own (`code` from API_CODES), with a message in both languages."""

    def __init__(self, code: str, en: str, ja: str | None = None) -> None:
        super().__init__(en)
        if code not in API_CODES:
            raise ValueError(f"unknown error code {code!r}")
        self.code = code
        self.status = API_CODES[code][0]
        self.ja = ja or f"{API_CODES[code][1]}（{en}）"

    def to_json(self) -> dict[str, Any]:
        return {"code": self.code, "message": {"en": str(self), "ja": self.ja}}


def error_json(error: BaseException) -> dict[str, Any]:
    """The `{"code", "message"}` of an error the caller caused; "internal" for anything else."""
    if isinstance(error, ApiError | BodogeError):
        return error.to_json()
    return ApiError("internal", "internal server error").to_json()


def status_of(error: BaseException) -> int:
    if isinstance(error, ApiError):
        return error.status
    if isinstance(error, BodogeError):
        return ENGINE_STATUS.get(error.code, 422)
    return 500


def body(error: BaseException, **extra: Any) -> dict[str, Any]:
    return {**extra, "error": error_json(error)}


def response(error: BaseException, **extra: Any) -> JSONResponse:
    return JSONResponse(body(error, **extra), status_code=status_of(error))


_HTTP_CODES = {
    400: "bad_request",
    401: "unauthorized",
    403: "forbidden",
    404: "not_found",
    405: "bad_request",
    413: "too_large",
    422: "bad_request",
    429: "rate_limited",
}


def install(app: FastAPI) -> None:
    async def on_api(request: Request, error: Exception) -> JSONResponse:
        return response(error)

    async def on_validation(request: Request, error: Exception) -> JSONResponse:
        assert isinstance(error, RequestValidationError)
        problems = []
        for item in error.errors()[:5]:
            where = ".".join(str(part) for part in item.get("loc", ()) if part != "body")
            problems.append(f"{where or 'body'}: {item.get('msg', 'invalid')}")
        text = "; ".join(problems) or "invalid request"
        return response(ApiError("bad_request", text))

    async def on_http(request: Request, error: Exception) -> JSONResponse:
        assert isinstance(error, StarletteHTTPException)
        if error.status_code == 400:  # FastAPI's "error parsing the body": malformed, like the rest
            return response(ApiError("bad_request", "the body is not JSON text (UTF-8)"))
        code = _HTTP_CODES.get(error.status_code, "bad_request")
        detail = error.detail if isinstance(error.detail, str) else "bad request"
        api = ApiError(code, detail)
        return JSONResponse({"error": api.to_json()}, status_code=error.status_code)

    async def on_anything(request: Request, error: Exception) -> JSONResponse:
        log.exception("internal error on %s %s", request.method, request.url.path)
        return response(ApiError("internal", "internal server error"))

    app.add_exception_handler(ApiError, on_api)
    app.add_exception_handler(BodogeError, on_api)
    app.add_exception_handler(RequestValidationError, on_validation)
    app.add_exception_handler(StarletteHTTPException, on_http)
    app.add_exception_handler(Exception, on_anything)
