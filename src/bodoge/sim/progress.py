"""A one-line progress bar on standard error (no dependency)."""

from __future__ import annotations

import sys
import time
from typing import TextIO


class ProgressBar:
    def __init__(self, total: int, stream: TextIO | None = None, width: int = 30) -> None:
        self.total = total
        self.stream = stream or sys.stderr
        self.width = width
        self.start = time.perf_counter()

    def __call__(self, done: int) -> None:
        elapsed = time.perf_counter() - self.start
        filled = self.width * done // max(self.total, 1)
        speed = done / elapsed if elapsed > 0 else 0.0
        left = (self.total - done) / speed if speed > 0 else 0.0
        bar = "#" * filled + "." * (self.width - filled)
        self.stream.write(
            f"\r[{bar}] {done}/{self.total} games  {speed:.1f} games/s  {left:4.0f} s left "
        )
        if done >= self.total:
            self.stream.write("\n")
        self.stream.flush()
