"""A player at a hosted table, as the tests and ``scripts/bench_host.py`` drive one: a real
``medici host`` process, and SSH clients (asyncssh's own) with pseudo-terminals whose
screens a pyte terminal emulator draws (it answers the cursor-position requests that
prompt-toolkit sends, as a real terminal does).

Every wait here is bounded: a test that fails, fails in seconds, never hangs.
"""

from __future__ import annotations

import asyncio
import os
import re
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Sequence
from pathlib import Path

import asyncssh
import pyte

from engine import records
from engine.game import Game
from engine.host.guard import LINES_PER_SECOND

ANSI = re.compile(r"\x1b\[[0-?]*[ -/]*[@-~]|\x1b\][^\x07]*\x07|\x1b[()][0-9A-Za-z]|\x1b[=>78]"
                  r"|[\r\x07\x08]")
CPR = "\x1b[6n"
LISTENING = re.compile(r"Listening on [^:\s]+:(\d+)")
PASSWORD = re.compile(r"Password: (\S+)")


def plain(text: str) -> str:
    """``text`` without terminal codes, white space runs made one space."""
    return " ".join(ANSI.sub("", text).split())


def host_env(home: Path) -> dict[str, str]:
    """The environment of a host (and its clients) kept inside ``home``: saves, host key."""
    env = dict(os.environ)
    env.update(XDG_DATA_HOME=str(home / "data"), MEDICI_SAVES=str(home / "saves"),
               MEDICI_BOT_DELAY="0", NO_COLOR="1", COLUMNS="100", PYTHONFAULTHANDLER="1")
    env.pop("MEDICI_HOME", None)
    return env


RUNNING: list[Host] = []
"""The hosts started and not stopped yet: a test's teardown kills what a failure left."""


def kill_all() -> None:
    """Kill every host still running (a test that failed half-way leaves none behind)."""
    for host in list(RUNNING):
        host.kill()


class Host:
    """A ``medici host`` process on 127.0.0.1 at a free port, its output collected."""

    def __init__(self, home: Path, args: Sequence[str], timeout: float = 20.0) -> None:
        self.home = home
        self.env = host_env(home)
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "engine.cli", "host", *args, "--port", "0"],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
            env=self.env, text=True, bufsize=1)
        RUNNING.append(self)
        self.lines: list[str] = []
        self.port = 0
        self.password: str | None = None
        deadline = time.monotonic() + timeout
        threading.Thread(target=self._read_all, daemon=True).start()
        while not self.port:
            if self.proc.poll() is not None:
                time.sleep(0.2)
                raise AssertionError(f"the host ended ({self.proc.returncode}): "
                                     f"{self.output()}\n{self.proc.stderr.read()}")
            if time.monotonic() > deadline:
                self.kill()
                raise AssertionError(f"the host did not start: {self.output()}")
            time.sleep(0.02)

    def _read_all(self) -> None:
        """Read what the host prints as it prints it (a pipe nobody reads would fill)."""
        assert self.proc.stdout is not None
        for line in self.proc.stdout:
            self.lines.append(line)
            if (found := LISTENING.search(line)) and not self.port:
                self.port = int(found[1])
            if (found := PASSWORD.search(line)) and self.password is None:
                self.password = found[1]

    def output(self) -> str:
        """Everything the host has printed so far."""
        return "".join(self.lines)

    def wait_for(self, text: str, timeout: float = 10.0) -> str:
        """Wait until the host has printed ``text`` (plain, spaces collapsed); all it printed."""
        deadline = time.monotonic() + timeout
        while plain(text) not in (shown := plain(self.output())):
            if time.monotonic() > deadline:
                raise AssertionError(f"the host did not print {text!r}: {shown[-1500:]}")
            time.sleep(0.02)
        return shown

    def command(self, line: str) -> None:
        """Type a line at the hosting terminal (its standard input)."""
        assert self.proc.stdin is not None
        self.proc.stdin.write(line + "\n")
        self.proc.stdin.flush()

    def save(self) -> Path:
        """The table's one save file (the newest in the saves folder)."""
        files = sorted((self.home / "saves").glob("*.json"), key=lambda p: p.stat().st_mtime)
        assert files, "no save was written"
        return files[-1]

    def game(self) -> Game:
        """The game as the save has it now."""
        return records.load_game(self.save()).game

    def rss(self) -> int:
        """The host's resident memory, in kB (Linux)."""
        for line in Path(f"/proc/{self.proc.pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
        return 0

    def stop(self, timeout: float = 10.0) -> int:
        """SIGTERM, then wait for the host to close its table."""
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
        try:
            status = self.proc.wait(timeout)
            self._gone()
            return status
        except subprocess.TimeoutExpired:
            self.proc.send_signal(signal.SIGABRT)  # faulthandler: every thread's stack
            try:
                self.proc.wait(5)
                err = self.proc.stderr.read() if self.proc.stderr is not None else ""
            except subprocess.TimeoutExpired:
                err = ""
            self.kill()
            raise AssertionError(f"the host did not stop on SIGTERM: {self.output()[-3000:]}"
                                 f"\n{err[-6000:]}") from None

    def kill(self) -> None:
        """SIGKILL: the host dies on the spot, as in a crash."""
        if self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait(10)
        self._gone()

    def _gone(self) -> None:
        if self in RUNNING:
            RUNNING.remove(self)


class Player:
    """One SSH client with an 80x24 pseudo-terminal (pyte draws it)."""

    def __init__(self, conn: asyncssh.SSHClientConnection,
                 proc: asyncssh.SSHClientProcess[str], cols: int, rows: int) -> None:
        self.conn = conn
        self.proc = proc
        self.screen = pyte.Screen(cols, rows)
        self.stream = pyte.Stream(self.screen)
        self.raw: list[str] = []
        self._sent: list[float] = []
        self._plain = ""
        self._dirty = False
        self.reader = asyncio.create_task(self._read())
        self.closed = asyncio.Event()

    @classmethod
    async def connect(cls, port: int, user: str, *, password: str | None = None,
                      key: asyncssh.SSHKey | None = None, cols: int = 80,
                      rows: int = 24, answer_cpr: bool = True) -> Player:
        """Log in as ``user`` and open a terminal session."""
        conn = await asyncio.wait_for(asyncssh.connect(
            "127.0.0.1", port, username=user, password=password,
            client_keys=[key] if key is not None else None, known_hosts=None,
            agent_path=None, preferred_auth="publickey,password"), 15)
        proc = await conn.create_process(term_type="xterm-256color", term_size=(cols, rows))
        player = cls(conn, proc, cols, rows)
        player.answer_cpr = answer_cpr
        return player

    answer_cpr = True

    async def _read(self) -> None:
        try:
            while True:
                data = await self.proc.stdout.read(65536)
                if not data:
                    break
                self.raw.append(data)
                self._dirty = True
                parts = data.split(CPR)
                for i, part in enumerate(parts):
                    self.stream.feed(part)
                    if i < len(parts) - 1 and self.answer_cpr:
                        y, x = self.screen.cursor.y + 1, self.screen.cursor.x + 1
                        self.proc.stdin.write(f"\x1b[{y};{x}R")
        except (asyncssh.Error, OSError, asyncio.CancelledError):
            pass
        finally:
            self.closed.set()

    def text(self) -> str:
        """Everything shown so far, as plain text (terminal codes out, spaces collapsed)."""
        if self._dirty:
            self._plain = plain("".join(self.raw))
            self._dirty = False
        return self._plain

    def lines(self) -> list[str]:
        """The screen as it is now, line by line."""
        return [line.rstrip() for line in self.screen.display]

    def send(self, keys: str) -> None:
        """Type ``keys`` (no Enter)."""
        self.proc.stdin.write(keys)

    def line(self, text: str) -> None:
        """Type a line and Enter (at once: see ``enter`` for a person's pace)."""
        self.send(text + "\r")

    async def enter(self, text: str) -> None:
        """Type a line and Enter, keeping under the host's 20 lines a second."""
        sent = self._sent
        now = time.monotonic()
        while sent and now - sent[0] >= 1.0:
            sent.pop(0)
        if len(sent) >= LINES_PER_SECOND - 2:
            await asyncio.sleep(1.0 - (now - sent[0]) + 0.01)
        sent.append(time.monotonic())
        self.line(text)

    asks = True
    """Whether the shell still asks before an amount out of proportion (``slips``)."""

    async def no_questions(self) -> None:
        """``set confirm off``: the random moves a test types are made without a question."""
        if self.asks:
            mark = len(self.text())
            await self.enter("set confirm off")
            await self.wait_for("confirm is off", start=mark)
            self.asks = False

    async def wait_for(self, text: str, timeout: float = 10.0, start: int = 0) -> int:
        """Wait until ``text`` (plain, spaces collapsed) is shown after position ``start``;
        its end position."""
        wanted = plain(text)
        deadline = time.monotonic() + timeout
        while True:
            found = self.text().find(wanted, start)
            if found >= 0:
                return found + len(wanted)
            if time.monotonic() > deadline or self.closed.is_set():
                if self.closed.is_set() and (found := self.text().find(wanted, start)) >= 0:
                    return found + len(wanted)
                raise AssertionError(f"not shown within {timeout} s: {wanted!r}; the end of "
                                     f"what was shown: {self.text()[-1500:]!r}")
            await asyncio.sleep(0.01)

    async def close(self) -> None:
        """Close the connection politely."""
        self.conn.close()
        await asyncio.wait_for(self.closed.wait(), 5)

    def cut(self) -> None:
        """Drop the connection at once, as a network failure would."""
        self.conn.abort()


def narration(game: Game, start: int = 0) -> list[str]:
    """The plain lines the table tells for ``game.events[start:]``."""
    from engine.play import render

    return [plain(line.plain()) for line in
            render.narrate(game.events, start, game.players, render.StepViews(game))]


def told_in_order(shown: str, lines: Sequence[str], start: int = 0) -> int:
    """Check every line of ``lines`` appears in ``shown`` in order; the position after."""
    at = start
    for line in lines:
        found = shown.find(line, at)
        assert found >= 0, f"not told: {line!r} (after {shown[max(0, at - 300):at]!r})"
        at = found + len(line)
    return at


async def told_all(player: Player, lines: Sequence[str], timeout: float = 10.0) -> None:
    """Wait until every line of ``lines`` is on ``player``'s screen, in order, each after
    the one before (waiting for the last alone passed too early when the same words had
    been told before, as "Bo passes." often has)."""
    deadline = time.monotonic() + timeout
    at = 0
    for line in lines:
        at = await player.wait_for(line, max(0.0, deadline - time.monotonic()), start=at)
