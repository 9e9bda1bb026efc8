"""The real OpenSSH client joins a ``medici host`` table in a real terminal (tmux), types
the start of a move, completes it with Tab and reads the table's answer on its screen."""

from __future__ import annotations

import asyncio
import os
import re
import shutil
import subprocess
import time
from pathlib import Path

import pytest

asyncssh = pytest.importorskip("asyncssh", reason="asyncssh is not installed: pip install "
                               "-e '.[host]' runs the host's tests")
pytest.importorskip("pyte", reason="pyte is not installed: pip install -e '.[test]'")

from engine.actions import Action  # noqa: E402
from tests.hostclient import Host, Player, kill_all  # noqa: E402

SSH = shutil.which("ssh")
TMUX = shutil.which("tmux")

pytestmark = [
    pytest.mark.skipif(SSH is None, reason="the OpenSSH client (ssh) is not installed"),
    pytest.mark.skipif(TMUX is None, reason="tmux is not installed: the OpenSSH client "
                       "needs a terminal to run in"),
]


@pytest.fixture(autouse=True)
def _no_host_left_running():
    """A test that fails half-way kills the hosts it started."""
    yield
    kill_all()


class Terminal:
    """An 80x24 tmux terminal on a private socket, running one command."""

    def __init__(self, command: list[str], env: dict[str, str]) -> None:
        self.socket = f"medici-host-test-{os.getpid()}"
        self.env = env
        line = " ".join(_quote(word) for word in command)
        self.tmux("new-session", "-d", "-s", "t", "-x", "80", "-y", "24",
                  f"{line}; echo EXITED $?; sleep 30")

    def tmux(self, *args: str) -> str:
        return subprocess.run([TMUX or "tmux", "-L", self.socket, *args], env=self.env,
                              check=True, capture_output=True, text=True, timeout=20).stdout

    def screen(self) -> str:
        return self.tmux("capture-pane", "-p", "-J", "-t", "t")

    def keys(self, *keys: str) -> None:
        self.tmux("send-keys", "-t", "t", *keys)

    def wait_for(self, pattern: str, timeout: float = 20.0) -> str:
        deadline = time.monotonic() + timeout
        seen = ""
        while time.monotonic() < deadline:
            seen = self.screen()
            if re.search(pattern, seen):
                return seen
            time.sleep(0.05)
        raise AssertionError(f"{pattern!r} did not appear; the screen was:\n{seen}")

    def close(self) -> None:
        subprocess.run([TMUX or "tmux", "-L", self.socket, "kill-server"],
                       capture_output=True, timeout=20)


def _quote(word: str) -> str:
    return "'" + word.replace("'", "'\\''") + "'"


def test_openssh_joins_types_a_move_with_tab_and_sees_it_told(tmp_path: Path) -> None:
    key = asyncssh.generate_private_key("ssh-ed25519")
    identity = tmp_path / "id_ed25519"
    key.write_private_key(str(identity))
    identity.chmod(0o600)
    authorized = tmp_path / "authorized_keys"
    authorized.write_text(key.export_public_key().decode())
    host = Host(tmp_path, ["medici", "Bo", "Cy", "bot:greedy", "--no-seat", "--keys",
                           str(authorized), "--seed", "8"])
    printed = re.search(r"fingerprint: (SHA256:\S+?)[ .]", host.output())
    assert printed is not None
    keygen = shutil.which("ssh-keygen")
    if keygen is not None:  # the fingerprint printed is the host key's, as OpenSSH reads it
        key_file = tmp_path / "data" / "medici" / "host" / "ssh_host_ed25519_key"
        listed = subprocess.run([keygen, "-lf", str(key_file)], capture_output=True,
                                text=True, timeout=20).stdout
        assert printed[1] in listed
    env = dict(host.env, TERM="xterm-256color", HOME=str(tmp_path))
    term = Terminal([SSH or "ssh", "-F", "/dev/null", "-p", str(host.port), "-i", str(identity),
                     "-o", "IdentitiesOnly=yes", "-o", "BatchMode=yes",
                     "-o", "StrictHostKeyChecking=no", "-o", "UserKnownHostsFile=/dev/null",
                     "-o", "LogLevel=ERROR", "bo@127.0.0.1"], env)

    async def scenario() -> None:
        cy = await Player.connect(host.port, "cy", key=key)
        term.wait_for(r"Welcome, Bo: you play seat 1 of 3")
        # Cy (and the bot) play until Bo may draw, stop or pass: a move word to complete.
        while True:
            game = host.game()
            seat = game.current_player
            words = [str(a) for a in game.legal_actions() if isinstance(a, Action)]
            if game.players[seat] == "Bo" and words:
                break
            if game.players[seat] == "Cy":
                await cy.enter(words[0] if words else f"bid {game.legal_actions()[0].lo}")
            count = len(game.events)
            deadline = time.monotonic() + 10
            while len(host.game().events) == count and time.monotonic() < deadline:
                await asyncio.sleep(0.02)
        word = words[-1]  # stop or pass when offered, else draw
        count = len(game.events)
        term.wait_for(r"→ Your turn, Bo")
        term.wait_for(r"Bo › *\n")
        term.keys(word[:2])
        term.wait_for(r"move: ")  # the completion menu
        term.keys("Tab")
        term.wait_for(rf"Bo › {word}")
        term.keys("Enter")
        told = {"draw": r"Bo draws \w+:\d+\.", "stop": r"Bo stops and offers the lot",
                "pass": r"Bo passes\."}[word]
        screen = term.wait_for(told)
        assert "unknown command" not in screen
        assert host.game().logic.action_of(host.game().events[count]).kind == word
        await cy.wait_for({"draw": "Bo draws", "stop": "Bo stops", "pass": "Bo passes"}[word])

    try:
        asyncio.run(asyncio.wait_for(scenario(), 60))
        term.keys("quit", "Enter")
        term.wait_for(r"EXITED \d+")
    finally:
        term.close()
        host.stop()
