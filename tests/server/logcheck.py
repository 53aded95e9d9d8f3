"""The log rule of the server tests: a traceback in the server's log fails the test that caused
it. The in-process servers (the TestClient's app, uvicorn in the test's loop) log through the
`logging` module: `Tracebacks` collects every record that carries one. The subprocess servers
write their log to a file the test reads at the end (`assert_no_traceback`)."""

from __future__ import annotations

import logging
from pathlib import Path

TRACEBACK = "Traceback (most recent call last)"


class Tracebacks(logging.Handler):
    """Every log record with a traceback, formatted."""

    def __init__(self) -> None:
        super().__init__(logging.DEBUG)
        self.found: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        if record.exc_info or record.exc_text or record.stack_info:
            self.found.append(logging.Formatter().format(record))


def assert_no_traceback(log: Path | str, what: str = "the server") -> None:
    """Fail if the log file (or text) holds a traceback."""
    text = log.read_text(errors="replace") if isinstance(log, Path) else log
    if TRACEBACK in text:
        start = text.index(TRACEBACK)
        raise AssertionError(f"{what} logged a traceback:\n{text[max(0, start - 500) :][:6000]}")
