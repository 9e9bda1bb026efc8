"""A real terminal for tests: the installed ``medici`` in a pseudo-terminal, its output read
by ``pyte`` (a terminal emulator), so a test sees the screen a person sees.

``Terminal(argv, cols, rows)`` starts the program in a pty of that size; ``send`` types,
``wait(pattern)`` reads until the screen shows ``pattern``. The emulator records every line
the terminal had to wrap (``wraps``: the program wrote past the last column) and keeps
the lines scrolled off (``history``), so a test can assert that nothing was too wide and
that no card or tile (``fur:3``) was split across lines. It answers prompt-toolkit's
cursor-position requests, as a terminal does, so the bottom toolbar is drawn.
"""

from __future__ import annotations

import fcntl
import itertools
import os
import pty
import re
import select
import shutil
import signal
import struct
import subprocess
import sys
import termios
import time
from pathlib import Path

import pyte
from pyte import modes

ROOT = Path(__file__).resolve().parent.parent

CARD = re.compile(r"(cloth|fur|grain|dye|spice|gold):\d+")
"""A card or tile as every screen writes it."""


def medici_command() -> list[str]:
    """The installed console script (beside this Python first), else the module."""
    found = shutil.which("medici", path=f"{Path(sys.executable).parent}{os.pathsep}"
                                          f"{os.environ.get('PATH', '')}")
    return [found] if found else [sys.executable, "-m", "engine.cli"]


class Screen(pyte.HistoryScreen):
    """pyte's screen, noting each wrap the terminal makes and answering the program."""

    def __init__(self, cols: int, rows: int) -> None:
        super().__init__(cols, rows, history=100_000, ratio=0.5)
        self.wraps: list[str] = []
        self.fd: int | None = None
        self._old: list[str] = []

    def write_process_input(self, data: str) -> None:
        """The terminal's answers (the cursor position prompt-toolkit asks for)."""
        if self.fd is not None:
            os.write(self.fd, data.encode())

    def draw(self, data: str) -> None:
        """Draw, noting the line whenever a character goes past the last column."""
        for char in data:
            if self.cursor.x >= self.columns and modes.DECAWM in self.mode:
                self.wraps.append(self.row(self.cursor.y))
            super().draw(char)

    def row(self, y: int) -> str:
        """The text of screen row ``y``."""
        line = self.buffer[y]
        return "".join(line[x].data for x in range(self.columns)).rstrip()

    def rows(self) -> list[str]:
        """The screen as it is now, row by row."""
        return [self.row(y) for y in range(self.lines)]

    def everything(self) -> list[str]:
        """Every line shown so far: those scrolled off, then the screen."""
        top = self.history.top
        if len(top) > len(self._old):  # only the lines scrolled off since the last call
            self._old += ["".join(line[x].data for x in range(self.columns)).rstrip()
                          for line in itertools.islice(top, len(self._old), None)]
        return self._old + self.rows()


class Terminal:
    """A program running in a pseudo-terminal of ``cols`` x ``rows``, seen through pyte."""

    def __init__(self, argv: list[str], cols: int, rows: int, env: dict[str, str]) -> None:
        self.screen = Screen(cols, rows)
        self.stream = pyte.ByteStream(self.screen)
        master, slave = pty.openpty()
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", rows, cols, 0, 0))
        self.proc = subprocess.Popen(argv, stdin=slave, stdout=slave, stderr=slave, env=env,
                                     close_fds=True, start_new_session=True,
                                     preexec_fn=_controlling_terminal)
        os.close(slave)
        self.fd = master
        self.screen.fd = master

    def pump(self, timeout: float = 0.02) -> bool:
        """Read what the program wrote (waiting up to ``timeout``); False if nothing came."""
        ready, _, _ = select.select([self.fd], [], [], timeout)
        if not ready:
            return False
        try:
            data = os.read(self.fd, 65536)
        except OSError:
            return False
        if not data:
            return False
        self.stream.feed(data)
        return True

    def text(self) -> str:
        """The screen now, as text."""
        return "\n".join(self.screen.rows())

    def wait(self, pattern: str, timeout: float = 30.0) -> re.Match[str]:
        """Read until the screen matches ``pattern`` (multi-line); AssertionError with the
        screen if it does not within ``timeout`` seconds."""
        regex = re.compile(pattern, re.M | re.S)
        deadline = time.monotonic() + timeout
        found = regex.search(self.text())
        while found is None:
            if time.monotonic() > deadline:
                raise AssertionError(f"{pattern!r} did not appear; the screen was:\n"
                                     f"{self.text()}")
            if self.pump():
                found = regex.search(self.text())
        return found

    def send(self, keys: str) -> None:
        """Type ``keys`` (``\\r`` is Enter)."""
        os.write(self.fd, keys.encode())

    def line(self, text: str) -> None:
        """Type a line and Enter."""
        self.send(text + "\r")

    def answered(self, prompt: str) -> int:
        """How many lines typed at ``prompt`` (``Ann``) the screen shows, scrolled off too."""
        mark = f"{prompt} › "
        return sum(1 for line in self.screen.everything()
                   if line.startswith(mark) and line[len(mark):].strip())

    def enter(self, prompt: str, text: str, timeout: float = 30.0) -> None:
        """Type ``text`` and Enter at the prompt of ``prompt``, and wait until the shell has
        taken the line (it is shown after the prompt, and the prompt is gone)."""
        before = self.answered(prompt)
        self.line(text)
        deadline = time.monotonic() + timeout
        while self.answered(prompt) <= before:
            if time.monotonic() > deadline:
                raise AssertionError(f"{text!r} was not taken; the screen was:\n{self.text()}")
            self.pump()

    def command(self, prompt: str, text: str, timeout: float = 60.0) -> str:
        """Run ``text`` at the prompt of ``prompt`` and wait for the next prompt (any, its
        toolbar drawn); what was shown from the line typed on."""
        before = len(self.screen.everything())
        self.enter(prompt, text)
        self.wait(r" › *\n(?:[^\n]*\n)*[^\n]*\S[^\n]*\Z", timeout)
        lines = self.screen.everything()
        start = max(0, min(before, len(lines)) - self.screen.lines)
        shown = "\n".join(lines[start:])
        mark = shown.rfind(f"{prompt} › {text}")
        return shown[mark:] if mark >= 0 else shown

    def toolbar(self) -> str:
        """The bottom row: the toolbar while a prompt is shown."""
        return self.screen.row(self.screen.lines - 1)

    def close(self) -> None:
        """Stop the program (it is asked first, then killed) and close the terminal."""
        if self.proc.poll() is None:
            try:
                os.killpg(self.proc.pid, signal.SIGTERM)
            except OSError:
                pass
            try:
                self.proc.wait(5)
            except subprocess.TimeoutExpired:
                os.killpg(self.proc.pid, signal.SIGKILL)
                self.proc.wait(5)
        os.close(self.fd)


def _controlling_terminal() -> None:
    """In the child: its pty becomes the controlling terminal (Ctrl-C sends SIGINT)."""
    try:
        fcntl.ioctl(0, termios.TIOCSCTTY, 0)
    except OSError:
        pass


def environment(home: Path) -> dict[str, str]:
    """The shell's environment for a test: its own home, no bot delay, a colour terminal,
    no inherited width (the pty's is the one)."""
    env = dict(os.environ, MEDICI_HOME=str(home), MEDICI_BOT_DELAY="0",
               TERM="xterm-256color", PYTHONPATH=str(ROOT))
    for name in ("MEDICI_SAVES", "NO_COLOR", "COLUMNS", "LINES", "PROMPT_TOOLKIT_NO_CPR"):
        env.pop(name, None)
    return env


def split_cards(lines: list[str]) -> list[tuple[str, str]]:
    """Pairs of lines where a card or tile (``gold:10``) was cut across the line break:
    the end of one and the start of the next make a card that neither holds whole."""
    split = []
    for first, second in zip(lines, lines[1:], strict=False):
        head, tail = first.rstrip().split(), second.split()
        if not head or not tail:
            continue
        end, start = head[-1].strip(".,;()"), tail[0].strip(".,;()")
        if CARD.fullmatch(end) or CARD.fullmatch(start):
            continue
        if CARD.fullmatch(end + start):
            split.append((first, second))
    return split
