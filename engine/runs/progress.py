"""A one-line progress bar on a terminal for runs of many games: games done, the rate, the
time left and, for a run with ``--until``, how close its figures are."""

from __future__ import annotations

import math
import sys
import time
from typing import IO, TextIO, cast

from engine.text import stream_width


class Progress:
    """A one-line progress bar on a terminal: games done, the rate and the time left.

    It draws only when ``stream`` is a terminal, and only once a run has taken a second,
    so short runs and redirected output stay clean. ``update(done, note, there)`` shows a
    ``--until`` run's closeness instead; the line never grows past the terminal's width
    (``$COLUMNS`` wins, as everywhere).
    """

    def __init__(self, total: int, stream: IO[str] | None = None, delay: float = 1.0,
                 unit: str = "games") -> None:
        self.total = total
        self.stream = sys.stderr if stream is None else stream
        isatty = getattr(self.stream, "isatty", None)
        self.enabled = bool(isatty and isatty())
        self.start = time.perf_counter()
        self.delay = delay
        self.unit = unit
        self.drawn = 0.0
        self.shown = False
        self.width = 0

    def update(self, done: int, note: str = "", there: float | None = None) -> None:
        """Show that ``done`` games are finished (at most ten redraws a second). A run with
        ``--until`` gives ``there``, the share of its figures already narrow enough, which
        the bar shows instead of the games (their count is only a cap), and its ``note``."""
        if not self.enabled:
            return
        now = time.perf_counter()
        took = now - self.start
        if took < self.delay or (now - self.drawn < 0.1 and done < self.total):
            return
        self.drawn = now
        rate = done / took if took else 0.0
        width = 16
        if there is not None:
            fill = min(width, int(width * there))
            line = (f"[{'#' * fill}{'.' * (width - fill)}] {done} {self.unit} {rate:.0f}/s "
                    f"{note}")
        else:
            left = (self.total - done) / rate if rate else math.inf
            fill = min(width, int(width * done / self.total)) if self.total else width
            eta = f"{left:.0f}s left" if math.isfinite(left) else "--"
            line = (f"[{'#' * fill}{'.' * (width - fill)}] {done}/{self.total} {self.unit} "
                    f"{rate:.1f}/s {eta}")
        # The bar's own terminal (standard error), read at each draw: a line wider than it
        # would wrap, and the carriage return would not go back over it.
        columns = stream_width(cast(TextIO, self.stream)) or 80
        line = line[: max(10, columns - 1)]
        self.stream.write("\r" + line.ljust(self.width))
        self.width = len(line)
        self.stream.flush()
        self.shown = True

    def close(self, keep: bool = True) -> None:
        """End the bar's line, if one was drawn (once, however often it is called); with
        ``keep=False`` wipe it instead, for output that follows on the same terminal."""
        if self.shown:
            self.stream.write("\n" if keep else "\r" + " " * self.width + "\r")
            self.stream.flush()
            self.shown = False
