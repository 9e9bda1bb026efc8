"""End to end: the installed ``medici`` in a real terminal (tmux, else a pty).

Types a partial command, presses Tab and sees the completion, plays a move, quits.
"""

from __future__ import annotations

import os
import re
import select
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]|\x1b[()][A-Za-z0-9]|\x1b[=>]|\r")


def medici_command() -> list[str]:
    """The installed console script (beside this Python first), else the module."""
    found = shutil.which("medici", path=f"{Path(sys.executable).parent}{os.pathsep}"
                                          f"{os.environ.get('PATH', '')}")
    return [found] if found else [sys.executable, "-m", "engine.cli"]


def environment(tmp_path: Path) -> dict[str, str]:
    env = dict(os.environ, MEDICI_HOME=str(tmp_path / "home"), MEDICI_BOT_DELAY="0",
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
    def __init__(self, tmp_path: Path) -> None:
        self.socket = f"medici-test-{os.getpid()}"
        self.env = environment(tmp_path)
        command = " ".join(medici_command()) + f" --saves {tmp_path / 'saves'}"
        self.tmux("new-session", "-d", "-s", "t", "-x", "120", "-y", "40",
                  f"{command}; echo EXITED $?; sleep 60")

    def tmux(self, *args: str) -> str:
        return subprocess.run(["tmux", "-L", self.socket, *args], env=self.env, check=True,
                              capture_output=True, text=True, timeout=20).stdout

    def screen(self) -> str:
        return self.tmux("capture-pane", "-p", "-t", "t")

    def keys(self, *keys: str) -> None:
        self.tmux("send-keys", "-t", "t", *keys)

    def close(self) -> None:
        subprocess.run(["tmux", "-L", self.socket, "kill-server"], capture_output=True)


class Pty:
    def __init__(self, tmp_path: Path) -> None:
        import pty

        self.master, slave = pty.openpty()
        os.set_blocking(self.master, False)
        self.proc = subprocess.Popen(
            [*medici_command(), "--saves", str(tmp_path / "saves")], stdin=slave, stdout=slave,
            stderr=slave, env=environment(tmp_path), close_fds=True, start_new_session=True)
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

    def keys(self, *keys: str) -> None:
        names = {"Enter": "\r", "Tab": "\t"}
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
        assert "`medici resume` continues it" in " ".join(screen.split())
    finally:
        term.close()
    saves = list((tmp_path / "saves").glob("autosave-*.json"))
    assert len(saves) == 1
    assert (tmp_path / "home" / "history").read_text().count("new medici Ann Bo Cy") == 1
