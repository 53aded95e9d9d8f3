"""One error body everywhere: `{"error": {"code": "...", "message": {"en": "...", "ja": "..."}}}`.

The engine's errors (`bodoge.engine.errors`) carry their own code and both messages; the server's
own refusals are `ApiError`s. `install` adds the exception handlers that turn every exception into
this body (anything unexpected: 500 "internal", logged, with no detail).
"""

from __future__ import annotations

import json
import logging
from collections.abc import Awaitable, Callable, Iterable, Mapping
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
    "method_not_allowed": (405, "このURLではそのメソッドは使えません"),
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
    # analyses and hints (services/analysis.py)
    "queue_full": (429, "解析の待ち行列がいっぱいです。しばらくしてからどうぞ"),
    "one_at_a_time": (429, "解析は一人一度に1つまでです"),
    "rated_table": (403, "レーティング対象の卓ではゲーム中の解析もヒントも使えません"),
    "no_hints": (403, "この卓ではヒントは使えません"),
    "internal": (500, "サーバー内部のエラーです"),
    # accounts (api/accounts.py)
    "name_taken": (409, "その名前はもう使われています"),
    "bad_sign_in": (401, "名前かパスワードが違います"),
    "csrf": (403, "CSRFトークンがないか正しくありません"),
    "passkey_refused": (422, "パスキーを確認できませんでした"),
    # ratings (services/ratings.py, api/ratings.py)
    "rated_with_bots": (422, "レーティング対象の卓にボットの席は置けません"),
}


class ApiError(Exception):
    """A refusal of the server's own (`code` from API_CODES), with a message in both languages
    (without `ja`, the Japanese message is the kind's own line)."""

    def __init__(self, code: str, en: str, ja: str | None = None) -> None:
        super().__init__(en)
        if code not in API_CODES:
            raise ValueError(f"unknown error code {code!r}")
        self.code = code
        self.status = API_CODES[code][0]
        self.ja = ja or API_CODES[code][1]

    def to_json(self) -> dict[str, Any]:
        return {"code": self.code, "message": {"en": str(self), "ja": self.ja}}


def error_json(error: BaseException) -> dict[str, Any]:
    """The `{"code", "message"}` of an error the caller caused; "internal" for anything else.
    An engine error raised without Japanese words of its own reads as its kind's Japanese line
    (not that line with the English detail in parentheses)."""
    if isinstance(error, ApiError):
        return error.to_json()
    if isinstance(error, BodogeError):
        return {"code": error.code, "message": {"en": str(error), "ja": error.ja or error.kind_ja}}
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


async def send_error(
    send: Callable[[dict[str, Any]], Awaitable[None]],
    error: ApiError,
    headers: Iterable[tuple[bytes, bytes]] = (),
) -> None:
    """Answer an HTTP request with the error body, from ASGI middleware (before any route)."""
    payload = json.dumps({"error": error.to_json()}, ensure_ascii=False).encode("utf-8")
    start = [
        (b"content-type", b"application/json"),
        (b"content-length", str(len(payload)).encode()),
        *headers,
    ]
    await send({"type": "http.response.start", "status": error.status, "headers": start})
    await send({"type": "http.response.body", "body": payload})


# A refusal of pydantic's, by its error type, as a Japanese reader reads it ({field}: where).
_PROBLEMS_JA = {
    "missing": "{field}を指定してください",
    "extra_forbidden": "{field}という項目はありません",
    "int_type": "{field}は整数にしてください",
    "int_parsing": "{field}は整数にしてください",
    "int_from_float": "{field}は整数にしてください",
    "float_type": "{field}は数にしてください",
    "float_parsing": "{field}は数にしてください",
    "finite_number": "{field}は有限の数にしてください",
    "string_type": "{field}は文字列にしてください",
    "bool_type": "{field}はtrueかfalseにしてください",
    "bool_parsing": "{field}はtrueかfalseにしてください",
    "dict_type": "{field}はオブジェクトにしてください",
    "model_type": "{field}はオブジェクトにしてください",
    "model_attributes_type": "{field}はオブジェクトにしてください",
    "list_type": "{field}は配列にしてください",
    "greater_than_equal": "{field}は{ge}以上にしてください",
    "greater_than": "{field}は{gt}より大きくしてください",
    "less_than_equal": "{field}は{le}以下にしてください",
    "less_than": "{field}は{lt}より小さくしてください",
    "string_too_short": "{field}は{min_length}文字以上にしてください",
    "string_too_long": "{field}は{max_length}文字以下にしてください",
    "too_short": "{field}は{min_length}個以上にしてください",
    "too_long": "{field}は{max_length}個以下にしてください",
    "string_pattern_mismatch": "{field}に使えない文字が含まれています",
    "literal_error": "{field}は{expected}のどれかにしてください",
    "json_invalid": "本文がJSONとして読めません",
    "json_type": "本文がJSONとして読めません",
}


def invalid(
    problems: Iterable[Mapping[str, Any]], en_prefix: str = "", ja_prefix: str = ""
) -> ApiError:
    """One bad_request for pydantic's problems (`ValidationError.errors()`, FastAPI's
    `RequestValidationError.errors()`): each names its field, in both languages."""
    en, ja = [], []
    for item in list(problems)[:5]:
        field = ".".join(str(part) for part in item.get("loc", ()) if part != "body") or "body"
        en.append(f"{field}: {item.get('msg', 'invalid')}")
        context = {key: value for key, value in (item.get("ctx") or {}).items()}
        if "expected" in context:  # "'me', 'open' or 'bot'"
            context["expected"] = str(context["expected"]).replace(" or ", ", ").replace(", ", "、")
        wording = _PROBLEMS_JA.get(str(item.get("type")), "{field}の値が正しくありません")
        try:
            ja.append(wording.format(field=field, **context))
        except (KeyError, IndexError):
            ja.append(f"{field}の値が正しくありません")
    return ApiError(
        "bad_request",
        en_prefix + ("; ".join(en) or "invalid request"),
        ja_prefix + ("。".join(ja) or API_CODES["bad_request"][1]),
    )


_HTTP_CODES = {
    400: "bad_request",
    401: "unauthorized",
    403: "forbidden",
    404: "not_found",
    405: "method_not_allowed",
    413: "too_large",
    422: "bad_request",
    429: "rate_limited",
}


def install(app: FastAPI) -> None:
    async def on_api(request: Request, error: Exception) -> JSONResponse:
        return response(error)

    async def on_validation(request: Request, error: Exception) -> JSONResponse:
        assert isinstance(error, RequestValidationError)
        return response(invalid(error.errors()))

    async def on_http(request: Request, error: Exception) -> JSONResponse:
        assert isinstance(error, StarletteHTTPException)
        if error.status_code == 400:  # FastAPI's "error parsing the body": malformed, like the rest
            return response(
                ApiError(
                    "bad_request",
                    "the body could not be read as JSON",
                    "本文をJSONとして読めませんでした",
                )
            )
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
