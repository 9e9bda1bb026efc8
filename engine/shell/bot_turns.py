"""The terminal while the shell works and the bots move, between two prompts.

Two things keep the bots' moves whole on the screen:

- ``pausable``: Ctrl-C asks for a pause, taken once the move under way is made, told and
  saved; a second Ctrl-C while a bot is still choosing gives up that choice (nothing of
  it is applied). So a move is never applied without being shown.
- ``Typeahead``: keys typed meanwhile are not echoed into the output (the terminal's echo
  is off); they go to the next prompt. A line typed while the bots moved is not run blind:
  it waits, editable, at the prompt, and Enter there runs it. Otherwise typed-ahead lines
  run in turn, as at any terminal.
"""

from __future__ import annotations

import os
import re
import select
import signal
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any, NamedTuple, TextIO

from prompt_toolkit.input import Input
from prompt_toolkit.input.typeahead import get_typeahead


class Pause:
    """A Ctrl-C pressed while the bots move: ``asked`` once one came."""

    def __init__(self, events: Callable[[], int]) -> None:
        self.asked = False
        self.events = events
        """How many events the game has now: a move applied shows as more of them."""
        self.before = -1
        """The events the game had when the bot now choosing began (-1: none is)."""

    @contextmanager
    def choosing(self) -> Iterator[None]:
        """A bot chooses and makes its move: a second Ctrl-C until the move is applied gives
        up the choice (KeyboardInterrupt); once it is applied, nothing does."""
        self.before = self.events()
        try:
            yield
        finally:
            self.before = -1

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


def typed_lines(text: str) -> tuple[list[str], str]:
    """The keys typed ahead as lines: those Enter ended, and the unfinished one after them.

    Backspace and Ctrl-U edit a line as the terminal would; key sequences (arrows) and other
    control keys are dropped.
    """
    lines: list[str] = []
    kept: list[str] = []
    for char in _ESCAPE.sub("", text):
        if char in "\r\n":
            lines.append("".join(kept))
            kept = []
        elif char in "\x7f\x08":
            if kept:
                kept.pop()
        elif char == "\x15":
            kept.clear()
        elif char.isprintable():
            kept.append(char)
    return lines, "".join(kept)


class Typed(NamedTuple):
    """What the next prompt gets of the keys typed ahead."""

    text: str
    """The text the prompt starts with."""
    run: bool
    """Run it at once, as if typed at the prompt (a line ended by Enter, typed while
    nothing new was shown)."""
    held: bool
    """A line ended by Enter waits, not run: it was typed while the bots moved, before
    their moves were seen."""


class Typeahead:
    """The keys typed on the terminal while the shell is not at its prompt.

    ``held()`` turns the terminal's echo and line editing off for a block and, at its end,
    keeps what was typed. ``take()`` hands it to the next prompt: a line ended by Enter runs
    as at any terminal, unless the bots moved meanwhile (``blind``): then the first such
    line waits at the prompt, not run, and the rest is dropped.
    """

    def __init__(self, fd: int) -> None:
        self.fd = fd
        self.typed = ""
        """The keys typed ahead and not yet taken, as the terminal sent them."""
        self.blind = False
        """Whether the bots moved (or paused) while the keys were typed."""
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
            self.typed += self._drain()
            try:
                termios.tcsetattr(self.fd, termios.TCSANOW, saved)
            except (termios.error, OSError):
                pass

    def wait_key(self, seconds: float) -> bool:
        """Wait up to ``seconds`` for a key (inside ``held``); True, and the key dropped,
        if one came. Keys typed before the wait count too."""
        try:
            ready = select.select([self.fd], [], [], max(0.0, seconds))[0]
        except (OSError, ValueError):
            return False
        if ready:
            self._drain()
            self.typed = ""
            return True
        return False

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

    def take(self, prompt_input: Input | None = None) -> Typed:
        """What the next prompt gets; a line run is taken, the rest waits for the prompts
        after it (unless typed blind: then all of it is taken).

        ``prompt_input`` is the prompt's prompt_toolkit Input: the keys it read after the
        line it accepted (typed fast, or pasted) come first, under the same rule.
        """
        if prompt_input is not None:
            self.typed = "".join(key.data for key in get_typeahead(prompt_input)) + self.typed
        lines, unfinished = typed_lines(self.typed)
        blind, self.blind = self.blind, False
        if blind or not lines:
            self.typed = ""
            first = next((line for line in lines if line.strip()), None)
            if first is not None:
                return Typed(first, run=False, held=True)
            return Typed(unfinished, run=False, held=False)
        self.typed = "".join(f"{line}\n" for line in lines[1:]) + unfinished
        return Typed(lines[0], run=True, held=False)
