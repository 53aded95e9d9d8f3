"""Structured logs: one JSON object a line per event (python-json-logger), for `bodoge serve`.

Every line has `time`, `level`, `logger`, `pid` (the process) and `message`; the server's
events (`event`) add `event` and their fields: a move has its `table` and `ply`, a lease its
`table`. Nothing secret is ever passed to a log (credentials, tokens, passwords, hands);
`Redact` blanks any field of such a name all the same, should one be added by mistake."""

from __future__ import annotations

import logging
from typing import Any

log = logging.getLogger("bodoge.server")
SECRET_FIELDS = frozenset(
    {"credential", "token", "password", "authorization", "x-seat-credential", "secret"}
)
FORMAT = "%(asctime)s %(levelname)s %(name)s %(process)d %(message)s"
RENAMED = {"asctime": "time", "levelname": "level", "name": "logger", "process": "pid"}


class Redact(logging.Filter):
    """Blanks a record's fields that are named like a secret."""

    def filter(self, record: logging.LogRecord) -> bool:
        for name in SECRET_FIELDS & record.__dict__.keys():
            setattr(record, name, "[redacted]")
        return True


class NoColour(logging.Filter):
    """Drops uvicorn's `color_message` (its message again, with terminal colour codes): in a
    JSON line it is the same words twice, the second with escape codes in them."""

    def filter(self, record: logging.LogRecord) -> bool:
        record.__dict__.pop("color_message", None)
        return True


def formatter() -> logging.Formatter:
    from pythonjsonlogger.json import JsonFormatter

    return JsonFormatter(FORMAT, rename_fields=RENAMED, json_ensure_ascii=False)


def event(name: str, level: int = logging.INFO, **fields: Any) -> None:
    """Log one event with its fields (a table's id as `table`, its `ply`...)."""
    if log.isEnabledFor(level):
        log.log(level, name, extra={"event": name, **fields})


def uvicorn_config(level: str = "info") -> dict[str, Any]:
    """uvicorn's `log_config`: every logger (uvicorn's, its access log, the server's) writes
    JSON lines to standard error."""
    return {
        "version": 1,
        "disable_existing_loggers": False,
        "filters": {"redact": {"()": Redact}, "no_colour": {"()": NoColour}},
        "formatters": {"json": {"()": formatter}},
        "handlers": {
            "json": {
                "class": "logging.StreamHandler",
                "formatter": "json",
                "filters": ["redact", "no_colour"],
                "stream": "ext://sys.stderr",
            }
        },
        "loggers": {
            name: {"handlers": ["json"], "level": level.upper(), "propagate": False}
            for name in ("uvicorn", "uvicorn.error", "uvicorn.access", "bodoge")
        },
    }
