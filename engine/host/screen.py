"""One player's screen at a hosted table: what is told to them, written above their prompt.

Anything may tell a player something at any time: their own command, another player's
move, a bot's move from a worker thread. ``Screen.put`` takes text from any thread and
queues it; one task, running in the player's own prompt_toolkit session, writes the queue
out above their prompt (``run_in_terminal``: the prompt is hidden, the text written, the
prompt drawn again, with its toolbar and completion as they were).

A screen is bounded: more than ``MAX_PENDING`` characters waiting, or more than
``MAX_UNSENT`` the connection could not send yet (the client stopped reading), and the
screen gives up (``on_overflow``: the host closes that connection), so a client that does
not read costs the others nothing.

``ScreenConsole`` is the shell's ``Console`` for such a screen: the same wrapping, colour
and styles, rendered to text in the calling thread and handed to the screen.
"""

from __future__ import annotations

import asyncio
import functools
import io
import threading
from collections.abc import Callable
from typing import TextIO

from prompt_toolkit.application import get_app_or_none, run_in_terminal
from prompt_toolkit.data_structures import Size
from prompt_toolkit.formatted_text import FormattedText, to_plain_text
from prompt_toolkit.output.vt100 import Vt100_Output
from prompt_toolkit.renderer import print_formatted_text as render_fragments
from prompt_toolkit.styles import Style

from engine.shell import Console
from engine.text import STYLE, Text

MAX_PENDING = 256 * 1024
"""Characters that may wait for a player's screen (a whole game's log is under 40,000)."""

MAX_UNSENT = 256 * 1024
"""Bytes the connection may hold unsent (the client is not reading) before it is closed."""


class Screen:
    """A player's output queue and the task that writes it (see the module's docstring)."""

    def __init__(
        self,
        loop: asyncio.AbstractEventLoop,
        write: Callable[[str], None],
        unsent: Callable[[], int] = lambda: 0,
        on_overflow: Callable[[str], None] = lambda why: None,
        max_pending: int = MAX_PENDING,
        max_unsent: int = MAX_UNSENT,
    ) -> None:
        self.loop = loop
        self.write = write
        """Writes text to the terminal (called in the loop, with the prompt hidden)."""
        self.unsent = unsent
        """How much the connection holds that the client has not taken yet."""
        self.on_overflow = on_overflow
        self.max_pending = max_pending
        self.max_unsent = max_unsent
        self._lock = threading.Lock()
        self._pending: list[str] = []
        self._size = 0
        self._wake = asyncio.Event()
        self._idle = asyncio.Event()
        self._idle.set()
        self.closed = False
        self.written = 0
        """Characters written so far (the bench and the tests read it)."""

    def put(self, text: str) -> None:
        """Queue ``text`` for the screen; from any thread. Nothing once the screen is closed."""
        with self._lock:
            if self.closed:
                return
            self._pending.append(text)
            self._size += len(text)
            over = self._size > self.max_pending
            first = len(self._pending) == 1
        if over:
            self._give_up(f"over {self.max_pending} characters wait for its screen")
        elif first:
            self._call(self._wake_up)

    def _call(self, func: Callable[[], None]) -> None:
        try:
            if _in_loop(self.loop):
                func()
            else:
                self.loop.call_soon_threadsafe(func)
        except RuntimeError:
            pass  # the loop is closed: the table is gone

    def _wake_up(self) -> None:
        self._idle.clear()
        self._wake.set()

    def _give_up(self, why: str) -> None:
        with self._lock:
            if self.closed:
                return
            self.closed = True
            self._pending.clear()
            self._size = 0
        self._call(lambda: self._closed(why))

    def _is_closed(self) -> bool:
        """Whether the screen is closed now (another thread may close it at any time)."""
        return self.closed

    def _closed(self, why: str) -> None:
        self._wake.set()
        self._idle.set()
        self.on_overflow(why)

    def close(self) -> None:
        """Stop the screen: what waits is dropped, later text is ignored."""
        with self._lock:
            self.closed = True
            self._pending.clear()
            self._size = 0
        self._call(self._wake.set)
        self._call(self._idle.set)

    async def run(self) -> None:
        """Write the queue out until the screen closes (run it in the player's session)."""
        while not self.closed:
            await self._wake.wait()
            self._wake.clear()
            with self._lock:
                text = "".join(self._pending)
                self._pending.clear()
                self._size = 0
            if self._is_closed():  # closed while we waited (by another thread)
                break
            if text:
                if self.unsent() > self.max_unsent:
                    self._give_up(f"it stopped reading (over {self.max_unsent} bytes unsent)")
                    break
                await _above_prompt(functools.partial(self._write, text))
            with self._lock:
                if not self._pending:
                    self._idle.set()
        self._idle.set()

    def _write(self, text: str) -> None:
        self.write(text)
        self.written += len(text)

    async def drained(self, timeout: float | None = None) -> None:
        """Wait until everything queued so far is written (or the screen closed)."""
        try:
            await asyncio.wait_for(self._idle.wait(), timeout)
        except TimeoutError:
            pass


async def _above_prompt(func: Callable[[], None]) -> None:
    """Run ``func`` with the player's prompt (if one is showing) hidden, then redraw it."""
    app = get_app_or_none()
    if app is None or not app.is_running:
        func()
        return
    await run_in_terminal(func)


def _in_loop(loop: asyncio.AbstractEventLoop) -> bool:
    try:
        return asyncio.get_running_loop() is loop
    except RuntimeError:
        return False


class PipeWriter:
    """Writes to a stream that nobody may be reading (the host's standard output when it
    is a pipe) from a thread of its own, so that the table's event loop never waits on it.
    What waits is bounded (``limit`` characters); beyond it, text is dropped, and the next
    write that goes through says how much."""

    def __init__(self, stream: TextIO, limit: int = 1 << 20) -> None:
        self.stream = stream
        self.limit = limit
        self._pending: list[str] = []
        self._size = 0
        self._dropped = 0
        self._busy = False
        self._ready = threading.Condition()
        threading.Thread(target=self._run, name="medici-host-stdout", daemon=True).start()

    def write(self, text: str) -> None:
        """Queue ``text`` (from any thread); dropped if too much waits already."""
        with self._ready:
            if self._size + len(text) > self.limit:
                self._dropped += len(text)
                return
            self._pending.append(text)
            self._size += len(text)
            self._ready.notify()

    def _run(self) -> None:
        while True:
            with self._ready:
                while not self._pending:
                    self._busy = False
                    self._ready.notify_all()
                    self._ready.wait()
                self._busy = True
                text, dropped = "".join(self._pending), self._dropped
                self._pending.clear()
                self._size = self._dropped = 0
            if dropped:
                text = (f"[{dropped} characters of the host's output were dropped: "
                        "nothing was reading them]\n") + text
            try:
                self.stream.write(text)
                self.stream.flush()
            except (OSError, ValueError):
                pass

    def drain(self, timeout: float) -> None:
        """Wait (at most ``timeout`` seconds) until everything queued is written."""
        with self._ready:
            self._ready.wait_for(lambda: not self._pending and not self._busy, timeout)


PROMPT_ROWS = 8
"""The rows a joiner's prompt takes: its line, the room kept for the completion menu
(``make_prompt``'s six) and the toolbar."""


class SeatOutput(Vt100_Output):
    """A joiner's terminal output that needs no cursor-position request: it takes the
    prompt's rows to be free below the cursor. prompt-toolkit would otherwise ask the
    client where its cursor is after every redraw, wait for the answer before writing
    anything above the prompt, and draw the prompt a second time when it comes: a round
    trip and a redraw per move and player, and a client that never answers would wait a
    second for each."""

    def get_rows_below_cursor_position(self) -> int:
        """The prompt's rows (the terminal's, if fewer)."""
        return min(PROMPT_ROWS, self.get_size().rows)


class _Buffer(io.StringIO):
    encoding = "utf-8"

    def isatty(self) -> bool:
        return True


class ScreenConsole(Console):
    """The shell's Console writing to a ``Screen``: wrapped at that terminal's width (no
    ``size``: not wrapped), in colour or plain, safe to call from any thread."""

    def __init__(
        self,
        screen: Screen,
        size: Callable[[], Size] | None = None,
        term: str | None = None,
        color: bool = True,
        newline: str = "\r\n",
    ) -> None:
        super().__init__(io.StringIO(), io.StringIO(), color=color, errors_to_err=False)
        self.screen = screen
        self.size = size
        self.newline = newline
        """A terminal in raw mode (an SSH client's) needs ``\\r\\n``; a pipe ``\\n``."""
        self._lock = threading.RLock()
        self._buffer = _Buffer()
        self._vt100 = Vt100_Output(self._buffer, size or (lambda: Size(24, 80)), term=term,
                                   enable_cpr=False)
        self._style = Style.from_dict(STYLE)

    def width(self, stream: object = None) -> int | None:
        """The player's terminal width, read at each call (a resized window is followed)."""
        if self.size is None:
            return None
        columns = self.size().columns
        return columns if columns > 0 else 80

    def rows(self) -> int | None:
        """The player's terminal height (a table's output is never paged: no key waits)."""
        return self.size().rows if self.size is not None else None

    def say(self, text: Text | str = "") -> None:
        """As the shell's ``say``; one block stays whole when several threads tell at once."""
        with self._lock:
            super().say(text)

    def error(self, message: str, where: str = "") -> None:
        """As the shell's ``error``, counted and shown on this player's screen."""
        with self._lock:
            super().error(message, where)

    def emit(self, fragments: FormattedText) -> None:
        """Render the block (and a newline) for the player's terminal and queue it."""
        if not self.color:
            text = to_plain_text(fragments) + "\n"
            self.screen.put(text.replace("\n", self.newline) if self.newline != "\n" else text)
            return
        render_fragments(self._vt100, fragments, self._style)
        self._vt100.reset_attributes()
        self._vt100.write_raw(self.newline)
        self._vt100.flush()
        text = self._buffer.getvalue()
        self._buffer.seek(0)
        self._buffer.truncate()
        self.screen.put(text)
