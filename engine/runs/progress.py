"""A one-line progress bar on a terminal for runs of many games: games done, the rate, the
time left and, for a run with ``--until``, how close its figures are."""

from __future__ import annotations

import math
import shutil
import sys
import time
from typing import IO


class Progress:
    """A one-line progress bar on a terminal: games done, the rate and the time left.

    It draws only when ``stream`` is a terminal, and only once a run has taken a second,
    so short runs and redirected output stay clean. ``update(done, note)`` may add a note
    (how close a ``--until`` run's figures are); the line never grows past the terminal's
    width (``$COLUMNS`` wins, as everywhere).
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

    def update(self, done: int, note: str = "") -> None:
        """Show that ``done`` games are finished (at most ten redraws a second)."""
        if not self.enabled:
            return
        now = time.perf_counter()
        took = now - self.start
        if took < self.delay or (now - self.drawn < 0.1 and done < self.total):
            return
        self.drawn = now
        rate = done / took if took else 0.0
        left = (self.total - done) / rate if rate else math.inf
        width = 20
        fill = min(width, int(width * done / self.total)) if self.total else width
        eta = f"{left:.0f}s left" if math.isfinite(left) else "--"
        line = (f"[{'#' * fill}{'.' * (width - fill)}] {done}/{self.total} {self.unit} "
                f"{rate:.1f}/s {eta}")
        if note:
            line += f" · {note}"
        columns = shutil.get_terminal_size((80, 24)).columns
        line = line[: max(10, columns - 1)]
        self.stream.write("\r" + line.ljust(self.width))
        self.width = len(line)
        self.stream.flush()
        self.shown = True

    def close(self) -> None:
        """End the bar's line, if one was drawn (once, however often it is called)."""
        if self.shown:
            self.stream.write("\n")
            self.stream.flush()
            self.shown = False
