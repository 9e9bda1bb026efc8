"""Issue 34, the edges only a real terminal shows (``tests/screens.py``: the shell in a
pseudo-terminal read through pyte)."""

from __future__ import annotations

from pathlib import Path

import pytest

pytest.importorskip("pyte")

from screens import Terminal, environment, medici_command  # noqa: E402

import engine  # noqa: E402
from engine.records import save_game  # noqa: E402


@pytest.mark.parametrize("cols", [80, 60])
def test_6_a_placeholder_leaves_no_trace_in_the_scrollback(tmp_path: Path, cols: int) -> None:
    folder = tmp_path / "saves"
    game = engine.new_game("medici", ["Ann", "Bo"], seed=3)
    game.apply("draw")
    save_game(game, "friday", directory=folder)
    terminal = Terminal([*medici_command(), "--saves", str(folder)], cols, 24,
                        environment(tmp_path / "home"))
    try:
        # The greeting offers the game; the empty prompt says what Enter does.
        terminal.wait(r"medici › Enter resumes your last game")
        terminal.send("\r")
        terminal.wait(r"Resumed friday")
        terminal.wait(r"Ann ›")
        lines = terminal.screen.everything()
        assert [line.rstrip() for line in lines if line.startswith("medici ›")] == ["medici ›"]
        assert not any("Enter resumes your last game" in line for line in lines)
    finally:
        terminal.close()
