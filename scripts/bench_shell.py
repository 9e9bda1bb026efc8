"""Shell figures: time from starting ``medici`` to ready for input, and completion latency.

Ready for input is measured two ways: a scripted run on an empty script (start-up and exit,
no prompt), and a real start in a pseudo-terminal, timed until the prompt is drawn. Both
with an empty saves folder and with one holding 20 saves (the greeting looks for the
latest unfinished game). Run through ``scripts/bench.py`` or alone.
"""

from __future__ import annotations

import io
import os
import select
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def _command() -> list[str]:
    found = shutil.which("medici", path=f"{Path(sys.executable).parent}{os.pathsep}"
                                          f"{os.environ.get('PATH', '')}")
    return [found] if found else [sys.executable, "-m", "engine.cli"]


def _env(home: Path) -> dict[str, str]:
    env = dict(os.environ, MEDICI_HOME=str(home), PYTHONPATH=str(ROOT), TERM="xterm-256color")
    env.pop("MEDICI_SAVES", None)
    return env


def scripted_start(saves: Path, runs: int) -> list[float]:
    """Seconds for ``medici --script EMPTY``: start-up to exit."""
    empty = saves.parent / "empty.txt"
    empty.write_text("")
    out = []
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run([*_command(), "--script", str(empty), "--saves", str(saves)], check=True,
                       env=_env(saves.parent / "home"), capture_output=True)
        out.append(time.perf_counter() - start)
    return out


def pty_start(saves: Path, runs: int) -> list[float]:
    """Seconds from spawning ``medici`` in a pseudo-terminal to its prompt on the screen."""
    import pty

    out = []
    for _ in range(runs):
        master, slave = pty.openpty()
        start = time.perf_counter()
        proc = subprocess.Popen([*_command(), "--saves", str(saves)], stdin=slave, stdout=slave,
                                stderr=slave, env=_env(saves.parent / "home"),
                                start_new_session=True)
        os.close(slave)
        seen = b""
        deadline = start + 20
        while b"\xe2\x80\xba" not in seen and time.perf_counter() < deadline:  # the prompt's ›
            if select.select([master], [], [], 0.01)[0]:
                seen += os.read(master, 65536)
        out.append(time.perf_counter() - start)
        os.write(master, b"quit\r")
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
        os.close(master)
    return out


def _fill(saves: Path, count: int) -> None:
    from engine import new_game
    from engine.chance import Rng
    from engine.records import save_game
    from engine.simulate import random_action

    for i in range(count):
        game = new_game("medici", 6 if i == count - 1 else 4, seed=i)
        rng = Rng(i)
        moves = 10**6 if i % 2 else 250  # half finished, half not
        while not game.is_over and moves:
            game.apply(random_action(game, rng))
            moves -= 1
        save_game(game, f"game{i:02d}", directory=saves)


def completion_latency(quick: bool) -> None:
    """Microseconds per completer call on typical lines, in positions of both games."""
    from prompt_toolkit.completion import CompleteEvent
    from prompt_toolkit.document import Document

    from engine import new_game
    from engine.chance import Rng
    from engine.play import Table
    from engine.shell.app import Shell
    from engine.shell.completion import ShellCompleter
    from engine.shell.console import Console
    from engine.simulate import random_action

    cases = []
    for variant, players, phase, lines in [
        ("medici", 4, "bidding", ["", "b", "bid ", "bid 1", "he", "new medici "]),
        ("medici", 6, "selecting", ["", "dr", "help "]),
        ("medici-vs-strozzi", 2, "loading", ["", "load ", "load 5 harbour "]),
        ("medici-vs-strozzi", 2, "pricing", ["price ", "price 12"]),
    ]:
        game = new_game(variant, players, seed=3)
        rng = Rng(3)
        while game.phase != phase:
            game.apply(random_action(game, rng))
        shell = Shell(Console(io.StringIO(), io.StringIO()), saves=tempfile.mkdtemp())
        shell.table = Table(game, [None] * players, shell.saves)
        cases += [(variant, phase, line, ShellCompleter(shell)) for line in lines]
    n = 200 if quick else 2000
    event = CompleteEvent(completion_requested=True)
    worst = 0.0
    for variant, phase, line, completer in cases:
        doc = Document(line)
        start = time.perf_counter()
        for _ in range(n):
            found = list(completer.get_completions(doc, event))
        took = (time.perf_counter() - start) / n * 1e6
        worst = max(worst, took)
        print(f"  {variant:<18} {phase:<9} {line!r:<20} {took:8.1f} µs  ({len(found)} offered)")
    print(f"completion: worst {worst:.1f} µs a call (a keystroke's budget is ~16,000 µs)")


def run(quick: bool) -> None:
    """Print the shell's figures."""
    print("== shell ==")
    runs = 3 if quick else 10
    with tempfile.TemporaryDirectory() as tmp:
        base = Path(tmp)
        for label, count in [("empty saves folder", 0), ("20 saves", 20)]:
            saves = base / label.replace(" ", "-")
            saves.mkdir()
            if count:
                _fill(saves, count)
            scripted = scripted_start(saves, runs)
            print(f"start, scripted empty script ({label}): median "
                  f"{statistics.median(scripted) * 1000:.0f} ms, max {max(scripted) * 1000:.0f} ms")
            ready = pty_start(saves, runs)
            print(f"start to prompt in a pty ({label}):      median "
                  f"{statistics.median(ready) * 1000:.0f} ms, max {max(ready) * 1000:.0f} ms "
                  "(target < 500 ms)")
    completion_latency(quick)


if __name__ == "__main__":
    run("--quick" in sys.argv)
