"""A review's progress bar: moves judged, the rate and the time left, on one line."""

from __future__ import annotations

import sys
import time
from typing import TextIO

WIDTH = 24
"""The bar's columns."""


class Bar:
    """``[#####.......] 40/124 moves 3.1/s 27s left``, redrawn in place on a terminal (at
    most ten times a second, from the first second on); nothing elsewhere."""

    def __init__(self, stream: TextIO | None = None, delay: float = 1.0) -> None:
        self.stream = sys.stderr if stream is None else stream
        try:
            self.enabled = self.stream.isatty()
        except (AttributeError, ValueError):
            self.enabled = False
        self.start = time.perf_counter()
        self.delay = delay
        self.drawn = 0.0
        self.shown = False

    def __call__(self, done: int, total: int) -> None:
        """Show ``done`` of ``total`` moves judged."""
        now = time.perf_counter()
        took = now - self.start
        if not self.enabled or took < self.delay or (now - self.drawn < 0.1 and done < total):
            return
        self.drawn = now
        rate = done / took if took else 0.0
        left = f"{(total - done) / rate:.0f}s left" if rate else "--"
        fill = WIDTH * done // total if total else WIDTH
        self.stream.write(f"\r[{'#' * fill}{'.' * (WIDTH - fill)}] {done}/{total} moves "
                          f"{rate:.1f}/s {left}  ")
        self.stream.flush()
        self.shown = True

    def close(self) -> None:
        """End the bar's line, if one was drawn."""
        if self.shown:
            self.stream.write("\n")
            self.stream.flush()
            self.shown = False
