"""Reading states from files or standard input, with one clear error for anything wrong."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

from bodoge.engine import BodogeError, State, state_from_json

MAX_INPUT_BYTES = 8 * 1024 * 1024  # far above any real state; stops a runaway pipe


class InputError(BodogeError):
    pass


def read_json(source: str) -> Any:
    """JSON from a path, or from standard input when `source` is "-"."""
    if source == "-":
        where = "standard input"
        raw = getattr(sys.stdin, "buffer", None)  # bytes, so a stray byte is no decode error
        if raw is not None:
            text = raw.read(MAX_INPUT_BYTES + 1).decode("utf-8", errors="replace")
        else:
            text = sys.stdin.read(MAX_INPUT_BYTES + 1)
    else:
        where = source
        try:
            path = Path(source)
            if not path.is_file():
                what = "not a file" if path.exists() else "no such file"  # a directory, a device
                raise InputError(f"{what}: {source}")
            if path.stat().st_size > MAX_INPUT_BYTES:
                raise InputError(f"{source} is larger than {MAX_INPUT_BYTES // 1024 // 1024} MiB")
            text = path.read_text("utf-8", errors="replace")
        except OSError as error:  # unreadable, a name too long, ...
            raise InputError(f"cannot read {source}: {error.strerror or error}") from None
    if len(text) > MAX_INPUT_BYTES:
        raise InputError(f"{where} is larger than {MAX_INPUT_BYTES // 1024 // 1024} MiB")
    try:
        return json.loads(text)
    except json.JSONDecodeError as error:
        raise InputError(
            f"{where} is not valid JSON: {error.msg} at line {error.lineno}, column {error.colno}"
        ) from None
    except RecursionError:
        raise InputError(f"{where} is not valid JSON: nested too deeply") from None
    except ValueError:  # an integer literal beyond Python's digit limit
        raise InputError(f"{where} is not valid JSON: a number has too many digits") from None


def read_state(source: str) -> State:
    return state_from_json(read_json(source))


def dump(data: Any, indent: int = 0, width: int = 100) -> str:
    """JSON indented like `json.dumps(indent=2)`, but any list or object that fits on one line
    stays on one line, so a deck or a row reads as one line, as positions are written by hand."""
    flat = json.dumps(data, ensure_ascii=False)
    if len(flat) + indent <= width or not isinstance(data, (list, dict)) or not data:
        return flat
    inner = " " * (indent + 2)
    if isinstance(data, list) and not any(isinstance(item, (list, dict)) for item in data):
        lines, line = [], ""
        for item in (json.dumps(item, ensure_ascii=False) for item in data):
            if line and len(inner) + len(line) + len(item) + 2 > width:
                lines.append(inner + line.rstrip(" "))
                line = ""
            line += item + ", "
        lines.append(inner + line.rstrip(", "))
        return "[\n" + "\n".join(lines) + "\n" + " " * indent + "]"
    if isinstance(data, list):
        items = [inner + dump(item, indent + 2, width) for item in data]
        return "[\n" + ",\n".join(items) + "\n" + " " * indent + "]"
    items = [
        f"{inner}{json.dumps(key, ensure_ascii=False)}: {dump(value, indent + 2, width)}"
        for key, value in data.items()
    ]
    return "{\n" + ",\n".join(items) + "\n" + " " * indent + "}"
