"""Variants: a game's content given as data (a designer's copy of its tiles, boards or cards),
checked like its built-in files, in and out as TOML.

A game that has them gives its `GameSpec` a `VariantKit`: its built-in content in the variant
format, the check (the game's own loader checks, after the bounds below), how a checked variant
reaches a game (the options that name it, once installed in this process), and what differs from
another variant. A variant is data only: no path, nothing evaluated, bounded in size and in
every count before anything is built from it.

Errors are `VariantError`s: a stable code, and one or more problems that each name the field
("board_2p.map") and say what is wrong in English and Japanese.
"""

from __future__ import annotations

import hashlib
import json
import tomllib
import unicodedata
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from bodoge.engine.errors import ContentError

# the `content` option of a game whose content is a variant installed in the process: this
# prefix and the variant's digest (never a path)
VARIANT_PREFIX = "variant:"
MAX_TOML_BYTES = 64 * 1024  # a variant's TOML text; Monster Hex's built-in content is ~5 KiB
MAX_DEPTH = 6  # tables and lists within each other
MAX_ITEMS = 4_000  # every value counted, tables and lists included
MAX_LIST = 64  # the items of any one list
MAX_TEXT = 200  # characters of any one string
MAX_NUMBER = 10**6  # any whole number, either sign: "huge numbers" stop here
# Unicode categories refused in every string: controls, format characters (bidi overrides,
# zero-width joiners and spaces), surrogates, private use and unassigned code points.
REFUSED_CATEGORIES = frozenset({"Cc", "Cf", "Cs", "Co", "Cn"})


@dataclass(frozen=True)
class Problem:
    field: str  # dotted path into the variant: "stones.tile[3].value"
    en: str
    ja: str

    def to_json(self) -> dict[str, str]:
        return {"field": self.field, "en": self.en, "ja": self.ja}


class VariantError(ContentError):
    """A variant refused: every problem found, each naming its field, in both languages."""

    code = "invalid_content"

    def __init__(self, problems: list[Problem]) -> None:
        first = problems[0]
        super().__init__(f"{first.field}: {first.en}", ja=f"{first.field}：{first.ja}")
        self.problems = problems

    def to_json(self) -> dict[str, object]:
        return {**super().to_json(), "problems": [p.to_json() for p in self.problems]}


def refuse(field: str, en: str, ja: str) -> VariantError:
    return VariantError([Problem(field, en, ja)])


def parse_toml(text: str | bytes) -> dict[str, Any]:
    """A variant's TOML text as data, bounded in size before it is parsed."""
    raw = text.encode("utf-8") if isinstance(text, str) else text
    if len(raw) > MAX_TOML_BYTES:
        raise refuse(
            "toml",
            f"the file is {len(raw)} bytes, more than the {MAX_TOML_BYTES} a variant may be",
            f"ファイルが{len(raw)}バイトあり、上限の{MAX_TOML_BYTES}バイトを超えています",
        )
    try:
        return tomllib.loads(raw.decode("utf-8"))
    except UnicodeDecodeError:
        raise refuse(
            "toml", "the file is not UTF-8 text", "ファイルがUTF-8のテキストではありません"
        ) from None
    except tomllib.TOMLDecodeError as error:
        raise refuse("toml", f"not valid TOML: {error}", f"TOMLとして読めません：{error}") from None


def check_bounds(data: Any) -> None:
    """Refuse data deeper, larger or stranger than any variant needs, before anything else
    looks at it: depth, item count, list length, string length, unicode, number size."""
    count = 0
    todo: list[tuple[str, Any, int]] = [("", data, 0)]
    while todo:
        where, value, depth = todo.pop()
        field = where or "content"
        count += 1
        if count > MAX_ITEMS:
            raise refuse(
                "content",
                f"more than {MAX_ITEMS} values in all",
                f"値の数が合計{MAX_ITEMS}を超えています",
            )
        if depth > MAX_DEPTH:
            raise refuse(field, "nested too deep", "入れ子が深すぎます")
        if isinstance(value, Mapping):
            if len(value) > MAX_LIST:
                raise refuse(
                    field, f"more than {MAX_LIST} keys", f"キーが{MAX_LIST}個を超えています"
                )
            for key, item in value.items():
                check_text(f"{where}.{key}" if where else str(key), str(key))
                todo.append((f"{where}.{key}" if where else str(key), item, depth + 1))
        elif isinstance(value, list):
            if len(value) > MAX_LIST:
                raise refuse(
                    field,
                    f"{len(value)} items, more than {MAX_LIST}",
                    f"{len(value)}項目あり、上限の{MAX_LIST}を超えています",
                )
            todo.extend((f"{field}[{i}]", item, depth + 1) for i, item in enumerate(value))
        elif isinstance(value, str):
            check_text(field, value)
        elif isinstance(value, bool):
            pass
        elif isinstance(value, int):
            if not -MAX_NUMBER <= value <= MAX_NUMBER:
                raise refuse(
                    field,
                    f"the number is beyond ±{MAX_NUMBER}",
                    f"数が±{MAX_NUMBER}の範囲を超えています",
                )
        else:  # floats, dates and times: no variant field is one
            raise refuse(
                field,
                f"a {type(value).__name__} where text, a whole number or true/false belongs",
                "テキスト・整数・真偽値以外の値です",
            )


def check_text(field: str, text: str) -> None:
    """A string of a variant: short, normalized, and without invisible or control characters
    (names that look alike but differ, text that reverses on screen)."""
    if len(text) > MAX_TEXT:
        raise refuse(
            field,
            f"the text is {len(text)} characters, more than {MAX_TEXT}",
            f"テキストが{len(text)}文字あり、上限の{MAX_TEXT}文字を超えています",
        )
    for char in text:
        if unicodedata.category(char) in REFUSED_CATEGORIES:
            name = unicodedata.name(char, f"U+{ord(char):04X}")
            raise refuse(
                field,
                f"holds the invisible or control character {name} (U+{ord(char):04X})",
                f"見えない文字か制御文字 {name}（U+{ord(char):04X}）が含まれています",
            )
    if unicodedata.normalize("NFC", text) != text:
        raise refuse(
            field,
            "the text is not in Unicode normal form (NFC)",
            "テキストがUnicodeの正規形（NFC）ではありません",
        )


def digest(data: Mapping[str, Any]) -> str:
    """A variant's content identity: the SHA-256 of its canonical JSON (key order ignored)."""
    text = json.dumps(data, ensure_ascii=False, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


Install = Callable[[str, Mapping[str, Any]], object]  # (key, checked data) -> what it built
Check = Callable[[Mapping[str, Any]], None]  # VariantError for anything refused


def content_options(
    install: Install, check: Check | None = None
) -> Callable[[Mapping[str, Any]], dict[str, Any]]:
    """A kit's `options`: the variant `data` (checked first by `check` if given) installed in
    this process by `install` under its key, VARIANT_PREFIX and its digest, which the game's
    `content` option names."""

    def options(data: Mapping[str, Any]) -> dict[str, Any]:
        if check is not None:
            check(data)
        key = VARIANT_PREFIX + digest(data)
        install(key, data)
        return {"content": key}

    return options


def installed_data_of(
    lookup: Callable[[str], dict[str, Any] | None],
) -> Callable[[Mapping[str, Any]], dict[str, Any] | None]:
    """A kit's `data_of`: the variant data a game's `content` option names, as `lookup` (the
    game's installed data by key) answers it; None for built-in content."""

    def data_of(options: Mapping[str, Any]) -> dict[str, Any] | None:
        key = options.get("content")
        if isinstance(key, str) and key.startswith(VARIANT_PREFIX):
            return lookup(key)
        return None

    return data_of


def to_toml(data: Mapping[str, Any]) -> str:
    """A variant as TOML: top-level tables of scalars, lists and arrays of tables (the shapes
    content has). `tomllib` reads it back to the same data."""
    lines: list[str] = []
    _table(lines, [], data)
    return "\n".join(lines).strip() + "\n"


def _table(lines: list[str], path: list[str], table: Mapping[str, Any]) -> None:
    plain = {k: v for k, v in table.items() if not _is_tables(v) and not isinstance(v, Mapping)}
    for key, value in plain.items():
        lines.append(f"{_key(key)} = {_value(value)}")
    for key, value in table.items():
        if isinstance(value, Mapping):
            lines.extend(["", f"[{'.'.join(_key(p) for p in [*path, key])}]"])
            _table(lines, [*path, key], value)
        elif _is_tables(value):
            for item in value:
                lines.extend(["", f"[[{'.'.join(_key(p) for p in [*path, key])}]]"])
                _table(lines, [*path, key], item)


def _is_tables(value: Any) -> bool:
    return isinstance(value, list) and bool(value) and all(isinstance(v, Mapping) for v in value)


def _key(key: str) -> str:
    bare = key.replace("_", "").replace("-", "").isalnum() and key.isascii()
    return key if bare else json.dumps(key, ensure_ascii=False)


def _value(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, str):
        return json.dumps(value, ensure_ascii=False)  # a JSON string is a TOML basic string
    if isinstance(value, list):
        return "[" + ", ".join(_value(v) for v in value) + "]"
    if isinstance(value, Mapping):
        return "{ " + ", ".join(f"{_key(k)} = {_value(v)}" for k, v in value.items()) + " }"
    raise ValueError(f"no TOML for {value!r}")


@dataclass(frozen=True)
class VariantKit:
    """What a game with variants tells the upper layers (see the module docstring)."""

    builtin: Callable[[], dict[str, Any]]  # the built-in content, in the variant format
    check: Callable[[Mapping[str, Any]], None]  # VariantError for anything refused
    # (checked data) -> the options that make a game of it, installed in this process
    options: Callable[[Mapping[str, Any]], dict[str, Any]]
    # (base, other) -> what `other` changes of `base`, as problems-shaped lines
    differences: Callable[[Mapping[str, Any], Mapping[str, Any]], list[Problem]]
    # (a game's options) -> the variant data their content names, installed in this process;
    # None for built-in content (a worker process is handed the data, never a path)
    data_of: Callable[[Mapping[str, Any]], dict[str, Any] | None]
    # which content kinds the studio edits, in order ("board_2p", "units", "stones")
    sections: tuple[str, ...]
    length_bound: str  # in English: what bounds a game's length whatever the content
