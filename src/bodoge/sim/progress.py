"""A one-line progress bar on standard error (no dependency)."""

from __future__ import annotations

import sys
import time
from typing import TextIO


def duration_words(seconds: float) -> str:
    """A rough duration for people: "40 s", "3 min", "2.5 h", "12 days", "3 years"."""
    if seconds < 90:
        return f"{max(1, round(seconds))} s"
    minutes = seconds / 60
    if minutes < 90:
        return f"{round(minutes)} min"
    hours = minutes / 60
    if hours < 48:
        return f"{hours:.1f} h" if hours < 10 else f"{round(hours)} h"
    days = hours / 24
    if days < 730:
        return f"{round(days)} days"
    return f"{round(days / 365.25)} years"


class ProgressBar:
    def __init__(
        self,
        total: int,
        stream: TextIO | None = None,
        width: int = 30,
        unit: str = "games",
        remaining: str = "{seconds:4.0f} s left",
    ) -> None:
        self.total = total
        self.unit = unit  # what is counted, as the bar names it
        self.remaining = remaining  # the time left, as the bar says it
        self.stream = stream or sys.stderr
        self.width = width
        self.start = time.perf_counter()

    def __call__(self, done: int) -> None:
        elapsed = time.perf_counter() - self.start
        filled = self.width * done // max(self.total, 1)
        speed = done / elapsed if elapsed > 0 else 0.0
        left = (self.total - done) / speed if speed > 0 else 0.0
        bar = "#" * filled + "." * (self.width - filled)
        unit, remaining = self.unit, self.remaining.format(seconds=left)
        line = f"[{bar}] {done}/{self.total} {unit}  {speed:.1f} {unit}/s  {remaining} "
        self.stream.write("\r" + line)
        if done >= self.total:
            self.stream.write("\n")
        self.stream.flush()
