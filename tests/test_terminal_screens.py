"""Every screen fits the terminal (issue 18): the real shell in a pseudo-terminal of 80x24
and of 60x24, read through a terminal emulator (pyte, ``tests/screens.py``).

A whole 6-player Medici game with long names, a day of a 4-player game and a Medici vs
Strozzi game played until every ship is loaded, with ``show``, ``hint``, ``saves``,
``help``, ``rules`` and the toolbar at several points, and a replay played and stopped by
a key: no line the terminal had to wrap, no card or tile split across lines, a toolbar
never cut inside a word. Then ``medici compare``, ``league`` and ``simulate`` with
``COLUMNS=80``.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

pytest.importorskip("pyte")

from screens import Terminal, environment, medici_command, split_cards  # noqa: E402

WIDTHS = [80, 60]
ROWS = 24
ME = "Annabelle-Longname-First"
TOOLBAR_END = re.compile(r"(to act|florins|coins|\(loans \d+\)|tied 1st|\d+ ahead|\d+ behind|"
                         r"leads? by \d+|behind \S+|exit leaves|Enter: next|won by .+|"
                         r"worth ~\d+)$")
"""How a toolbar may end: with a whole item (never cut inside a word)."""
REPLAY_PROMPT = r"replay \d+/\d+ › *\n(?:[^\n]*\n)*[^\n]*\S[^\n]*\Z"


def _prompt(who: str) -> str:
    """A regex: the prompt of ``who`` at the end of the screen, the toolbar drawn under it."""
    return rf"{re.escape(who)} › *\n(?:[^\n]*\n)*[^\n]*\S[^\n]*\Z"


def _shell(tmp_path: Path, cols: int) -> Terminal:
    terminal = Terminal([*medici_command(), "--saves", str(tmp_path / "saves")], cols, ROWS,
                        environment(tmp_path / "home"))
    terminal.wait(_prompt("medici"))
    return terminal


def _fits(terminal: Terminal) -> None:
    """Nothing was too wide, nothing split: the whole session, scrolled off or not."""
    screen = terminal.screen
    assert screen.wraps == [], f"the terminal wrapped: {screen.wraps[:5]}"
    lines = screen.everything()
    assert all(len(line) <= screen.columns for line in lines)
    assert split_cards(lines) == []


def _toolbar_ok(terminal: Terminal, seen: list[str]) -> None:
    bar = terminal.toolbar().strip()
    assert bar, terminal.text()
    assert TOOLBAR_END.search(bar), bar
    seen.append(bar)


def _my_turn(terminal: Terminal, me: str) -> tuple[str, str]:
    """Wait for the prompt of ``me`` (or the end); the legal moves said, or '' at the end."""
    found = terminal.wait(
        rf"(?:→ {re.escape(me)} to act|{re.escape(me)} may): "
        rf"(?P<legal>[^\n]*(?:\n {{2}}\S[^\n]*)*)\n" + _prompt(me) + r"|(?P<end>Final scores)", 60)
    if found.group("end"):
        terminal.wait(_prompt("medici"))
        return "", terminal.text()
    return " ".join(found.group("legal").split()), terminal.text()


@pytest.mark.parametrize("cols", WIDTHS)
def test_a_whole_six_player_game_with_long_names_fits(tmp_path: Path, cols: int) -> None:
    terminal = _shell(tmp_path, cols)
    toolbars: list[str] = []
    try:
        bots = ["Bartholomew-The-Second", "Cy", "Dimitrios-Papadopoulos", "Eleonora-Fifth",
                "Fredericka-Sixth-Seat"]
        terminal.line(f"new medici {ME} " + " ".join(f"{b}=bot:greedy" for b in bots)
                      + " --seed 5")
        moves = 0
        while True:
            legal, _ = _my_turn(terminal, ME)
            if not legal:
                break
            _toolbar_ok(terminal, toolbars)
            if moves in (3, 40):
                assert "Pile: " in terminal.command(ME, "show")
            if moves == 10:
                assert "Hint from greedy" in terminal.command(ME, "hint --bot greedy")
            move = "pass" if "pass" in legal else "stop" if "stop" in legal and moves % 2 \
                else "draw"
            moves += 1
            terminal.enter(ME, move)
        text = "\n".join(terminal.screen.everything())
        assert "Standings: 1. " in text and "Game over:" in text and "Final scores" in text
        assert moves > 30
        _toolbar_ok(terminal, toolbars)
        assert "Final scores" in terminal.command("medici", "show")
        assert "Saved games in" in terminal.command("medici", "saves")
        # help and rules: a screenful at a time (Space goes on).
        pages = 0
        for command in ("help", "rules"):
            terminal.enter("medici", command)
            while True:
                found = terminal.wait(r"^-- more \(\d+/\d+\)[^\n]*$|" + _prompt("medici"))
                if not found.group().startswith("-- more"):
                    break
                pages += 1
                before = terminal.text()
                terminal.send(" ")
                while terminal.text() == before:
                    assert terminal.pump(5), "the next page did not come"
        if cols == 60:
            assert pages, "at 60 columns help or rules is taller than the window: paged"
        # The game's replay, played and stopped by a key.
        [save] = (tmp_path / "saves").glob("*.json")
        name = save.stem
        assert "Step 0/" in terminal.command("medici", f"replay {name}")
        _toolbar_ok(terminal, toolbars)
        terminal.line("play 0.2")
        terminal.wait(r"Playing: any key stops")
        terminal.wait(r"draws |bids |passes")
        terminal.send("x")
        step = int(terminal.wait(r"Stopped at step (\d+) \(a key\)\.").group(1))
        terminal.wait(REPLAY_PROMPT)
        terminal.send("\r")  # Enter: next
        terminal.wait(rf"Step {step + 1}/\d+ [^\n]*\n" + REPLAY_PROMPT)
        _toolbar_ok(terminal, toolbars)
        terminal.line("quit")
        terminal.proc.wait(10)
        _fits(terminal)
        assert any("behind" in bar or "lead" in bar or "1st" in bar for bar in toolbars)
    finally:
        terminal.close()


@pytest.mark.parametrize("cols", WIDTHS)
def test_a_four_player_day_with_show_hint_and_a_slip_caught(tmp_path: Path, cols: int) -> None:
    terminal = _shell(tmp_path, cols)
    toolbars: list[str] = []
    try:
        terminal.line("new medici You Bo=bot:greedy Cy=bot:greedy Di=bot:greedy --seed 11")
        asked = False
        moves = 0
        while True:
            legal, screen = _my_turn(terminal, "You")
            if not legal or "Standings:" in "\n".join(terminal.screen.everything()):
                break
            _toolbar_ok(terminal, toolbars)
            span = re.search(r"bid (\d+)\.\.(\d+)", legal)
            if span and not asked and int(span.group(2)) - int(span.group(1)) > 15:
                # A slip: far above what the lot is worth and the high bid; `n` undoes nothing.
                terminal.enter("You", f"bid {span.group(2)}")
                terminal.wait(r"times what the lot is worth to you.*\?\s+\[y/N\]\s*\n"
                              + _prompt("y/N"))
                terminal.enter("y/N", "n")
                terminal.wait(r"Nothing done: bid \d+ was not made")
                asked = True
            if moves == 2:
                assert "Hint from mcts" in terminal.command("You", "hint")
            if moves in (1, 6):
                assert "Pile: " in terminal.command("You", "show")
            move = "pass" if "pass" in legal else "stop" if "stop" in legal and moves % 2 \
                else "draw"
            moves += 1
            terminal.enter("You", move)
        assert asked
        terminal.line("quit")
        terminal.proc.wait(10)
        _fits(terminal)
    finally:
        terminal.close()


def _strozzi_move(legal: str, moves: int) -> str:
    """A You that loads every ship it can: the emptiest first."""
    if legal.startswith("load") or ", load" in legal or "discard" in legal:
        loads = re.findall(r"load (\d+(?:/\d+)*)(?: harbour (\d+(?:/\d+)*))?", legal)
        if loads:
            ships, harbours = loads[-1]
            ship = ships.split("/")[0]
            return f"load {ship}" + (f" harbour {harbours.split('/')[0]}" if harbours else "")
        return "discard"
    if "buy" in legal:
        return "buy"
    if "price" in legal:
        return "price 2"
    return "stop" if "stop" in legal and moves % 2 else "draw"


@pytest.mark.parametrize("cols", WIDTHS)
def test_a_strozzi_game_with_every_ship_loaded_fits(tmp_path: Path, cols: int) -> None:
    terminal = _shell(tmp_path, cols)
    toolbars: list[str] = []
    try:
        terminal.line(f"new medici-vs-strozzi {ME} Strozzi-The-Banker=bot:greedy --seed 4")
        moves = 0
        full = False
        while moves < 120:
            legal, _ = _my_turn(terminal, ME)
            if not legal:
                break
            _toolbar_ok(terminal, toolbars)
            move = _strozzi_move(legal, moves)
            moves += 1
            terminal.enter(ME, move)
            if move.startswith("load"):
                shown = terminal.command(ME, "show")
                assert "Bag: " in shown
                terminal.enter(ME, "moves")  # what is legal, said again after the table
                if len(re.findall(r"ship \d at harbour \d:", shown)) == 6:
                    full = True
                    break
        assert full, "every ship loaded at some show"
        terminal.line("quit")
        terminal.proc.wait(10)
        _fits(terminal)
    finally:
        terminal.close()


@pytest.mark.parametrize("argv", [
    ["compare", "medici", "medici-rich", "--games", "20", "--bots", "random"],
    ["league", "--bot", "greedy", "--players", "3", "--games", "3",
     "--field", "thrifty,valuer"],
    ["simulate", "--games", "8", "--bots", "random,greedy,random,random"],
    ["variant", "diff", "medici", "medici-amigo"],
])
def test_the_reports_fit_80_columns(tmp_path: Path, argv: list[str]) -> None:
    """A wide terminal told it has 80 columns ($COLUMNS overrides): every line fits."""
    env = environment(tmp_path / "home")
    env["COLUMNS"] = "80"
    terminal = Terminal([*medici_command(), *argv], 200, ROWS, env)
    try:
        while terminal.proc.poll() is None or terminal.pump(0.1):
            terminal.pump(0.1)
        assert terminal.proc.returncode == 0
        lines = [line for line in terminal.screen.everything() if line.strip()]
        assert len(lines) > 3
        assert max(len(line) for line in lines) <= 80, "\n".join(lines)
    finally:
        terminal.close()
