"""What a joiner's keys may reach their prompt: the defence against floods and garbage.

A remote client can send anything: a megabyte without a newline, thousands of lines a
second, random bytes, unterminated escape sequences. prompt_toolkit handles every key it is
given on the table's one event loop, so what it is given must be bounded or one client
slows every other. ``InputGuard.feed`` takes what a client sent and returns what may go on
to the prompt, and the notices to show that client:

- a line longer than ``MAX_LINE`` (the shell's own limit) is dropped whole: its first part
  is taken back at the prompt (Ctrl-C, which drops the line being typed) and the rest is
  thrown away up to its end, unread;
- more than ``LINES_PER_SECOND`` lines in a second: the lines over drop, as above;
- keys come at most ``KEYS_PER_SECOND`` a second after a burst of ``MAX_LINE``: a line
  that runs over is dropped whole (never run with keys missing, which could turn
  ``bid 15`` into ``bid 5``);
- bracketed-paste markers are removed, so a paste is plain typing (an unclosed paste
  would otherwise swallow everything after it).

``RawBudget`` bounds the bytes a client may send before the server stops reading it for a
while (the SSH window then holds the client back): discarding is cheap, but not free.
"""

from __future__ import annotations

import time
from collections import deque
from collections.abc import Callable

from engine.shell import MAX_LINE

LINES_PER_SECOND = 20
"""The most lines a client may send in one second; the lines over are dropped."""

KEYS_PER_SECOND = 512
"""The keys a second a client's prompt is given once its burst (``MAX_LINE``) is spent."""

RAW_BYTES_PER_SECOND = 1024 * 1024
"""What a client may send a second (and at once) before the server stops reading it."""

DROP = "\x03"
"""What takes back a line already half given to the prompt: Ctrl-C drops the line."""

_PASTE_MARKERS = ("\x1b[200~", "\x1b[201~")
_ENDS = "\r\n"
_ENDS_TUPLE = ("\r", "\n")

Clock = Callable[[], float]


class InputGuard:
    """One client's input filter (see the module's docstring)."""

    def __init__(
        self,
        max_line: int = MAX_LINE,
        lines_per_second: int = LINES_PER_SECOND,
        keys_per_second: float = KEYS_PER_SECOND,
        clock: Clock = time.monotonic,
    ) -> None:
        self.max_line = max_line
        self.lines_per_second = lines_per_second
        self.keys_per_second = keys_per_second
        self.clock = clock
        self._length = 0
        """The keys of the current line given to the prompt so far."""
        self._dropping = False
        """The current line is being thrown away up to its end."""
        self._ends: deque[float] = deque()
        """When the lines of the last second ended."""
        self._keys = float(max_line)
        self._keys_at = clock()
        self._held = ""
        """The end of the last chunk when it could begin a paste marker."""
        self._after_cr = False
        self._noticed: dict[str, float] = {}
        self.dropped_lines = 0
        """How many lines were dropped (for the host's log and the tests)."""

    def feed(self, data: str) -> tuple[str, list[str]]:
        """What of ``data`` goes on to the prompt, and the notices for the client."""
        data = self._unpaste(self._held + data)
        out: list[str] = []
        notices: list[str] = []
        now = self.clock()
        self._refill(now)
        i = 0
        while i < len(data):
            if not self._dropping and (self._full(now) or self._keys < 1):
                # Every line from here on in this chunk is over a limit: drop them all at
                # once (a flood of short lines costs a few string searches, not a loop).
                self._drop_rest(data[i:], out, notices, now)
                break
            char = data[i]
            if char in _ENDS:
                if char == "\n" and self._after_cr:
                    self._after_cr = False  # the \n of a \r\n: one line end, already taken
                    i += 1
                    continue
                self._after_cr = char == "\r"
                self._end_line(now, out, notices)
                i += 1
                continue
            self._after_cr = False
            end = _next_end(data, i)
            if self._dropping:
                i = end
                continue
            chunk = data[i:end]
            room = min(self.max_line - self._length, int(self._keys))
            if self._full(now):
                # This line would end over the limit: it goes now, before the prompt has
                # any of it (a flood costs the prompt nothing to take back).
                self._drop(out, notices, self._rate, now)
                i = end
                continue
            if len(chunk) > room:
                why = (f"a line has at most {self.max_line} characters"
                       if self._length + len(chunk) > self.max_line
                       else "typing too fast")
                self._drop(out, notices, why, now)
                i = end
                continue
            out.append(chunk)
            self._length += len(chunk)
            self._keys -= len(chunk)
            i = end
        return "".join(out), notices

    def _end_line(self, now: float, out: list[str], notices: list[str]) -> None:
        if self._dropping:
            self._dropping = False
            self._length = 0
            return
        if self._full(now):
            if self._length:  # an empty line over the limit is nothing to drop
                self._drop(out, notices, self._rate, now)
            self._dropping = False  # this line ends here
            self._length = 0
            return
        self._ends.append(now)
        out.append("\r")
        self._length = 0

    def _drop_rest(self, rest: str, out: list[str], notices: list[str], now: float) -> None:
        """Drop ``rest`` whole: the line under way and every line after it."""
        why = self._rate if self._full(now) else "typing too fast"
        ends = rest.count("\r") + rest.count("\n") - rest.count("\r\n")
        if self._after_cr and rest.startswith("\n"):
            ends -= 1
        self._drop(out, notices, why, now)
        self.dropped_lines += max(0, ends - 1)
        self._after_cr = rest.endswith("\r")
        self._dropping = not rest.endswith(_ENDS_TUPLE)
        if not self._dropping:
            self._length = 0

    @property
    def _rate(self) -> str:
        return f"more than {self.lines_per_second} lines a second"

    def _full(self, now: float) -> bool:
        """Whether the lines of the last second are as many as may be."""
        ends = self._ends
        while ends and now - ends[0] >= 1.0:
            ends.popleft()
        return len(ends) >= self.lines_per_second

    def _drop(self, out: list[str], notices: list[str], why: str, now: float) -> None:
        """Drop the current line: take back what the prompt has of it (if anything), and
        skip to its end."""
        self.dropped_lines += 1
        self._dropping = True
        if self._length:
            out.append(DROP)
        self._length = 0
        # One notice a second at most: a flood must not become a flood of notices.
        if now - self._noticed.get(why, -10.0) >= 1.0:
            self._noticed[why] = now
            notices.append(f"Line dropped, nothing run: {why}.")

    def _refill(self, now: float) -> None:
        self._keys = min(float(self.max_line),
                         self._keys + (now - self._keys_at) * self.keys_per_second)
        self._keys_at = now

    def _unpaste(self, data: str) -> str:
        """``data`` without paste markers; a tail that may begin one is held for the next."""
        for marker in _PASTE_MARKERS:
            data = data.replace(marker, "")
        self._held = ""
        cut = data.rfind("\x1b", max(0, len(data) - len(_PASTE_MARKERS[0]) + 1))
        if cut >= 0 and any(m.startswith(data[cut:]) for m in _PASTE_MARKERS):
            data, self._held = data[:cut], data[cut:]
        return data


def _next_end(data: str, start: int) -> int:
    """The index of the next line end in ``data`` from ``start`` (its length if none)."""
    ends = [i for i in (data.find("\r", start), data.find("\n", start)) if i >= 0]
    return min(ends) if ends else len(data)


class RawBudget:
    """The bytes a client may send: ``spend`` says how long to stop reading it (0: go on).

    A pause lasts until the budget holds ``reserve`` bytes again: as much as the client
    may have sent meanwhile (its SSH window), so that once reading resumes all that waits
    is read without pausing again half-way. (asyncssh grants the client a whole new window
    as soon as the first waiting packet is read: pausing again after each packet would
    let the waiting data grow without end.)
    """

    def __init__(self, per_second: float = RAW_BYTES_PER_SECOND, reserve: int = 0,
                 clock: Clock = time.monotonic) -> None:
        self.per_second = per_second
        self.reserve = min(reserve, int(per_second))
        self.clock = clock
        self._left = float(per_second)
        self._at = clock()

    def spend(self, count: int) -> float:
        """Take ``count`` bytes; the seconds to pause reading before the budget is back."""
        now = self.clock()
        self._left = min(self.per_second, self._left + (now - self._at) * self.per_second)
        self._at = now
        self._left -= count
        if self._left >= 0:
            return 0.0
        return (self.reserve - self._left) / self.per_second
