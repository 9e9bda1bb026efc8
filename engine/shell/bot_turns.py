"""The terminal while the shell works and the bots move, between two prompts.

Two things keep the bots' moves whole on the screen:

- ``pausable``: Ctrl-C asks for a pause, taken once the move under way is made, told and
  saved; a second Ctrl-C while a bot is still choosing gives up that choice (nothing of
  it is applied). So a move is never applied without being shown.
- ``Typeahead``: keys typed meanwhile are neither echoed into the output (the terminal's
  echo is off) nor run blind: the first line of what was typed waits, editable, at the
  next prompt, and Enter there runs it.
"""

from __future__ import annotations

import os
import re
import select
import signal
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any, TextIO


class Pause:
    """A Ctrl-C pressed while the bots move: ``asked`` once one came."""

    def __init__(self, events: Callable[[], int]) -> None:
        self.asked = False
        self.events = events
        """How many events the game has now: a move applied shows as more of them."""
        self.before = -1
        """The events the game had when the bot now choosing began (-1: none is)."""

    def choosing(self) -> None:
        """A bot begins to choose its move: a second Ctrl-C from here gives up the choice."""
        self.before = self.events()

    def interrupt(self, signum: int, frame: object) -> None:
        """The SIGINT handler: remember the first Ctrl-C; on the next, give up a choice
        in progress, as long as nothing of the move has been applied."""
        if self.asked and self.before == self.events():
            raise KeyboardInterrupt
        self.asked = True


@contextmanager
def pausable(events: Callable[[], int]) -> Iterator[Pause]:
    """Ctrl-C, for the time of the block, asks for a pause instead of raising at once.

    ``events`` counts the game's events. Outside the main thread (where no signal can be
    handled) the pause is never asked.
    """
    pause = Pause(events)
    if threading.current_thread() is not threading.main_thread():
        yield pause
        return
    previous = signal.signal(signal.SIGINT, pause.interrupt)
    try:
        yield pause
    finally:
        signal.signal(signal.SIGINT, previous)


_ESCAPE = re.compile(r"\x1b(\[[0-?]*[ -/]*[@-~]|O.|.)?", re.S)
"""A terminal key sequence (arrows, function keys, Alt+key): nothing to keep as text."""


def typed_line(text: str) -> tuple[str, bool]:
    """The first line of keys typed ahead, as the prompt should start with it, and whether
    Enter ended it (what came after the Enter is dropped: it was typed blind).

    Backspace and Ctrl-U edit it as the terminal would; key sequences (arrows) and other
    control keys are dropped.
    """
    kept: list[str] = []
    for char in _ESCAPE.sub("", text):
        if char in "\r\n":
            return "".join(kept), True
        if char in "\x7f\x08":
            if kept:
                kept.pop()
        elif char == "\x15":
            kept.clear()
        elif char.isprintable():
            kept.append(char)
    return "".join(kept), False


class Typeahead:
    """The keys typed on the terminal while the shell is not at its prompt.

    ``held()`` turns the terminal's echo and line editing off for a block and, at its end,
    takes what was typed; ``take()`` hands it to the next prompt, once.
    """

    def __init__(self, fd: int) -> None:
        self.fd = fd
        self.waiting = ""
        """The text that waits for the next prompt."""
        self.entered = False
        """Whether Enter was typed after it (the shell says it was not run)."""
        self._depth = 0

    @classmethod
    def of(cls, stream: TextIO) -> Typeahead | None:
        """The typeahead of ``stream`` if it is a terminal that can be set (POSIX), else None."""
        try:
            import termios

            fd = stream.fileno()
            if not os.isatty(fd):
                return None
            termios.tcgetattr(fd)
        except (ImportError, AttributeError, ValueError, OSError):
            return None
        return cls(fd)

    @contextmanager
    def held(self) -> Iterator[None]:
        """Keys typed during the block are not echoed; they wait for the next prompt.

        Ctrl-C still interrupts (the terminal's signals stay on). Nested blocks hold once.
        """
        if self._depth:
            self._depth += 1
            try:
                yield
            finally:
                self._depth -= 1
            return
        import termios

        try:
            saved: list[Any] = termios.tcgetattr(self.fd)
            quiet = [*saved[:6], list(saved[6])]
            quiet[3] &= ~(termios.ECHO | termios.ICANON)
            # Ctrl-C must not make the terminal throw away output not yet shown (a bot's
            # move just written) nor the keys typed ahead.
            quiet[3] |= termios.NOFLSH
            quiet[6][termios.VMIN], quiet[6][termios.VTIME] = 1, 0
            termios.tcsetattr(self.fd, termios.TCSANOW, quiet)
        except (termios.error, OSError):
            yield  # not a terminal after all (or gone): nothing to hold
            return
        self._depth = 1
        try:
            yield
        finally:
            self._depth = 0
            # Read what was typed while line editing is still off (with it on, a line not
            # ended by Enter could not be read without waiting for one).
            typed = self._drain()
            try:
                termios.tcsetattr(self.fd, termios.TCSANOW, saved)
            except (termios.error, OSError):
                pass
            if typed and not self.entered:  # after an Enter, keys were typed blind
                line, entered = typed_line(self.waiting + typed)
                self.waiting, self.entered = line, self.entered or entered

    def _drain(self) -> str:
        chunks = []
        try:
            while select.select([self.fd], [], [], 0)[0]:
                chunk = os.read(self.fd, 4096)
                if not chunk:
                    break
                chunks.append(chunk)
        except OSError:
            pass
        return b"".join(chunks).decode("utf-8", "replace")

    def take(self) -> tuple[str, bool]:
        """What waits for the next prompt and whether Enter was typed after it; cleared."""
        taken = (self.waiting, self.entered)
        self.waiting, self.entered = "", False
        return taken
