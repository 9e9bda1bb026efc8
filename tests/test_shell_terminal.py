"""End to end: the installed ``medici`` in a real terminal (tmux, else a pty).

Types a partial command, presses Tab and sees the completion, plays a move, quits; plays
against bots pressing Ctrl-C and typing while they move, and finds every move on the screen.
"""

from __future__ import annotations

import os
import re
import select
import shutil
import subprocess
import time
from pathlib import Path

import pytest
from screens import medici_command

ROOT = Path(__file__).resolve().parent.parent
ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]|\x1b[()][A-Za-z0-9]|\x1b[=>]|\r")


def environment(tmp_path: Path, delay: str = "0") -> dict[str, str]:
    env = dict(os.environ, MEDICI_HOME=str(tmp_path / "home"), MEDICI_BOT_DELAY=delay,
               TERM="xterm-256color", PYTHONPATH=str(ROOT), PROMPT_TOOLKIT_NO_CPR="1")
    env.pop("MEDICI_SAVES", None)
    env.pop("NO_COLOR", None)
    return env


def wait_for(read, pattern: str, timeout: float = 20.0) -> str:
    deadline = time.monotonic() + timeout
    seen = ""
    while time.monotonic() < deadline:
        seen = read()
        if re.search(pattern, seen):
            return seen
        time.sleep(0.05)
    raise AssertionError(f"{pattern!r} did not appear; the screen was:\n{seen}")


class Tmux:
    def __init__(self, tmp_path: Path, width: int = 120, delay: str = "0") -> None:
        self.socket = f"medici-test-{os.getpid()}"
        self.env = environment(tmp_path, delay)
        command = " ".join(medici_command()) + f" --saves {tmp_path / 'saves'}"
        self.tmux("new-session", "-d", "-s", "t", "-x", str(width), "-y", "40",
                  f"{command}; echo EXITED $?; sleep 60")

    def tmux(self, *args: str) -> str:
        return subprocess.run(["tmux", "-L", self.socket, *args], env=self.env, check=True,
                              capture_output=True, text=True, timeout=20).stdout

    def screen(self) -> str:
        return self.tmux("capture-pane", "-p", "-t", "t")

    def history(self) -> str:
        """Everything the terminal showed, scrolled off or not."""
        return self.tmux("capture-pane", "-p", "-S", "-", "-t", "t")

    def keys(self, *keys: str) -> None:
        self.tmux("send-keys", "-t", "t", *keys)

    def close(self) -> None:
        subprocess.run(["tmux", "-L", self.socket, "kill-server"], capture_output=True)


def _controlling_terminal() -> None:
    """In the child, after its new session: the pty (its standard input) becomes its
    controlling terminal, so that Ctrl-C typed there sends SIGINT as a terminal does."""
    import fcntl
    import termios

    fcntl.ioctl(0, termios.TIOCSCTTY, 0)


class Pty:
    def __init__(self, tmp_path: Path, delay: str = "0") -> None:
        import pty

        self.master, slave = pty.openpty()
        os.set_blocking(self.master, False)
        self.proc = subprocess.Popen(
            [*medici_command(), "--saves", str(tmp_path / "saves")], stdin=slave, stdout=slave,
            stderr=slave, env=environment(tmp_path, delay), close_fds=True,
            start_new_session=True, preexec_fn=_controlling_terminal)
        os.close(slave)
        self.raw = b""

    def screen(self) -> str:
        while select.select([self.master], [], [], 0)[0]:
            try:
                chunk = os.read(self.master, 65536)
            except OSError:
                break
            if not chunk:
                break
            self.raw += chunk
        return ANSI.sub("", self.raw.decode("utf-8", "replace"))

    def history(self) -> str:
        return self.screen()

    def keys(self, *keys: str) -> None:
        names = {"Enter": "\r", "Tab": "\t", "C-c": "\x03", "C-u": "\x15"}
        os.write(self.master, "".join(names.get(k, k) for k in keys).encode())

    def close(self) -> None:
        if self.proc.poll() is None:
            self.proc.kill()
        self.proc.wait(timeout=10)
        os.close(self.master)


@pytest.mark.parametrize("kind", ["tmux", "pty"])
def test_type_tab_complete_move_and_quit_in_a_real_terminal(kind, tmp_path):
    if kind == "tmux" and shutil.which("tmux") is None:
        pytest.skip("tmux is not installed (the pty run covers the terminal)")
    term = Tmux(tmp_path) if kind == "tmux" else Pty(tmp_path)
    try:
        wait_for(term.screen, r"new medici 4")  # the greeting
        wait_for(term.screen, r"medici ›")
        term.keys("new medici Ann Bo Cy --seed 5", "Enter")
        screen = wait_for(term.screen, r"(Ann|Bo|Cy) ›")
        player = re.findall(r"(Ann|Bo|Cy) ›", screen)[-1]
        term.keys("dr")
        wait_for(term.screen, r"move: draw a card")  # the menu, as completion runs while typing
        term.keys("Tab")
        if kind == "tmux":
            # tmux keeps the screen as a terminal shows it: the line now reads "draw".
            wait_for(term.screen, rf"{player} › draw")
        else:
            # A raw pty stream holds only the redrawn part of the line; the move below
            # shows that "dr" + Tab became "draw" ("dr" alone is an unknown command).
            time.sleep(0.3)
        term.keys("Enter")
        screen = wait_for(term.screen, rf"{player} draws \w+:\d+\.")
        assert "unknown command" not in screen
        term.keys("quit", "Enter")
        if kind == "tmux":
            screen = wait_for(term.screen, r"EXITED \d+")
            assert "EXITED 0" in screen
        else:
            assert term.proc.wait(timeout=20) == 0
            screen = term.screen()
            assert b"\x1b[0;38;5;" in term.raw  # colour, as the terminal has it
        # The line may be wrapped at the terminal's width (between words).
        # It names the saves folder the shell was given (--saves), to be found again.
        joined = " ".join(screen.split())
        assert "continues it" in joined and re.search(
            r"`medici resume --saves \S+saves` continues it", joined)
    finally:
        term.close()
    saves = list((tmp_path / "saves").glob("medici-*-1.json"))
    assert len(saves) == 1
    assert (tmp_path / "home" / "history").read_text().count("new medici Ann Bo Cy") == 1


def _my_move(screen: str) -> str:
    """A legal move for "You" from the last "→ You to act: ..." line: a quick one."""
    legal = re.findall(r"→ You to act: (.*)", screen)[-1]
    for move in ("pass", "stop"):
        if re.search(rf"\b{move}\b", legal):
            return move
    return "draw"


def _next(term, seen: tuple[int, int]) -> tuple[str, tuple[int, int], str]:
    """Wait for the shell to come back: your turn (a new "→ You to act"), a pause (a new
    "Bots paused") or the end; returns which, the counts now, and the screen."""
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        screen = term.history()
        now = (screen.count("→ You to act"), screen.count("Bots paused"))
        if now[1] > seen[1]:
            time.sleep(0.2)  # the prompt comes up after the message
            return "pause", now, term.history()
        if now[0] > seen[0]:
            time.sleep(0.2)
            return "act", now, term.history()
        if "Game over" in screen:
            return "over", now, screen
        time.sleep(0.05)
    raise AssertionError(f"the shell did not come back; the screen was:\n{term.history()}")


@pytest.mark.parametrize("kind", ["tmux", "pty"])
def test_ctrl_c_and_keys_typed_while_bots_move_lose_no_move(kind, tmp_path):
    """Issue 11, item 6: against three bots, Ctrl-C and keys typed while they move. Ctrl-C
    pauses them after the move under way is shown; the keys are never echoed into their
    lines (they wait at the next prompt); the screen shows every move the save holds."""
    if kind == "tmux" and shutil.which("tmux") is None:
        pytest.skip("tmux is not installed (the pty run covers the terminal)")
    term = Tmux(tmp_path, width=80, delay="0.15") if kind == "tmux" else Pty(tmp_path, "0.15")
    try:
        wait_for(term.screen, r"medici ›")
        term.keys("new medici You Bo=bot:random Cy=bot:random Di=bot:random --seed 7", "Enter")
        state, seen, screen = _next(term, (0, 0))
        for turn in range(8):
            if state == "over":
                break
            if state == "pause":
                term.keys("C-u", "Enter")  # Enter lets the bots go on
            elif turn == 3:
                # A line typed blind: its start at once with the move (the prompt reads it
                # with the move, as when pasted), its end while the bots move.
                term.keys(_my_move(screen), "Enter", "log")
                time.sleep(0.05)
                term.keys(" 1", "Enter")
                state, seen, screen = _next(term, seen)
                assert state == "act"
                wait_for(term.history, r"waits at the prompt, not run: Enter runs it\.\n"
                                       r"(.*\n)*.*You › log 1")
                term.keys("C-u")
                continue
            else:
                term.keys(_my_move(screen), "Enter")
                time.sleep(0.05 + 0.1 * (turn % 3))  # Ctrl-C during one bot move or another
                term.keys("qwe", "C-c")
                if turn % 2:
                    term.keys("C-c")  # and sometimes twice
            state, seen, screen = _next(term, seen)
            if state != "over":
                term.keys("C-u")  # what was typed waits at the prompt: clear it
        term.keys("C-u", "quit", "Enter")
        screen = wait_for(term.history, r"continues\s+it")
    finally:
        term.close()
    assert screen.count("Bots paused") >= 2  # Ctrl-C came while bots moved, not only after
    assert "log 1" not in screen.replace("› log 1", "")  # never run, never echoed elsewhere
    assert "^C" not in screen
    for line in screen.splitlines():
        if "qwe" in line:  # what was typed shows only where it waits: at a prompt
            assert re.search(r"› ?qwe", line), line
    from engine.play import render
    from engine.records import load_game

    (save,) = (tmp_path / "saves").glob("*.json")
    game = load_game(save).game
    told = [" ".join(t.plain().split()) for t in render.narrate(game.events, 0, game.players)]
    assert sum(1 for e in game.events if e["type"] in ("bid", "pass", "draw", "stop")) > 12
    flat = " ".join(screen.split())
    at = 0
    for line in told:  # every move and what followed, in order, each whole
        found = flat.find(line, at)
        assert found >= 0, f"{line!r} is not on the screen after position {at}"
        at = found + len(line)
