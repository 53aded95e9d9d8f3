"""Reading the JSON clients send (HTTP bodies and websocket messages alike): UTF-8 text, its
arrays and objects nested at most `MAX_DEPTH` deep. The depth is checked before parsing, so a
deeply nested value (a few KB of brackets) gets a clear refusal instead of the parser's
RecursionError."""

from __future__ import annotations

import json
import re
from typing import Any

from bodoge.server.errors import ApiError

MAX_DEPTH = 32  # the server's own JSON nests at most 4 deep
_STRING = re.compile(r'"(?:[^"\\]|\\.)*"', re.DOTALL)
_NESTING = re.compile(r'[\[\]{}"]')


def too_deep(text: str, limit: int = MAX_DEPTH) -> bool:
    """Whether `text` nests arrays and objects deeper than `limit` (brackets inside strings do
    not count; text that is not JSON is left to the parser)."""
    if text.count("[") + text.count("{") <= limit:
        return False
    depth = 0
    for found in _NESTING.finditer(_STRING.sub("", text)):
        bracket = found.group()
        if bracket == '"':  # an unterminated string: not JSON, the parser says so
            return False
        if bracket in "[{":
            depth += 1
            if depth > limit:
                return True
        else:
            depth -= 1
    return False


def _nested(what_en: str, what_ja: str) -> ApiError:
    return ApiError(
        "bad_request",
        f"{what_en} nests arrays and objects more than {MAX_DEPTH} levels deep",
        f"{what_ja}の配列とオブジェクトの入れ子が{MAX_DEPTH}段を超えています",
    )


def check_body(body: bytes) -> None:
    """Refuse (bad_request) an HTTP body that is not UTF-8 or nests too deep."""
    try:
        text = body.decode("utf-8")
    except UnicodeDecodeError:
        raise ApiError(
            "bad_request",
            "the body is not JSON text (UTF-8)",
            "本文がUTF-8のJSONテキストではありません",
        ) from None
    if too_deep(text):
        raise _nested("the body", "本文")


def loads(text: str) -> Any:
    """A websocket message's JSON, or bad_request (not JSON, or nested too deep)."""
    if too_deep(text):
        raise _nested("the message", "メッセージ")
    try:
        return json.loads(text)
    except ValueError:
        raise ApiError(
            "bad_request", "the message is not JSON", "メッセージがJSONとして読めません"
        ) from None
