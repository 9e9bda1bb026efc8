"""While the bots move: Ctrl-C pauses after the move under way is told; keys typed wait.

In-process, with SIGINT raised from inside a bot's choice or the engine's apply (the real
terminal is in test_shell_terminal.py), and a pty for the terminal's echo.
"""

from __future__ import annotations

import io
import os
import signal
from typing import Any

import pytest

from engine.game import Game
from engine.play import Table, render
from engine.records import load_game
from engine.shell.app import Shell
from engine.shell.bot_turns import Typeahead, Typed, typed_lines
from engine.shell.console import Console

termios = pytest.importorskip("termios")  # POSIX terminals (and SIGINT raised in-process)
pty = pytest.importorskip("pty")


class Interrupting:
    """A bot that presses Ctrl-C ``times`` times while it chooses, on its first choice."""

    def __init__(self, bot: Any, times: int) -> None:
        self.bot, self.times = bot, times

    def choose(self, *args: Any) -> Any:
        times, self.times = self.times, 0
        for _ in range(times):
            signal.raise_signal(signal.SIGINT)
        return self.bot.choose(*args)


def _shell(tmp_path) -> tuple[Shell, io.StringIO]:
    out = io.StringIO()
    shell = Shell(Console(out, io.StringIO(), errors_to_err=False), saves=str(tmp_path))
    return shell, out


def _new(shell: Shell, monkeypatch, presses: int) -> None:
    """A game You against three random bots in which Bo's first choice meets Ctrl-C."""
    real = Table.bot

    def bot(session: Table, seat: int) -> Any:
        made = real(session, seat)
        if seat == 1 and not isinstance(made, Interrupting):
            made = session._bots[seat] = Interrupting(made, presses)
        return made

    monkeypatch.setattr(Table, "bot", bot)
    # Seed 7 gives the first turn to Di (seat 3), so bots move before You: Di, then You...
    assert shell.execute("new medici You Bo=bot:random Cy=bot:random Di=bot:random --seed 7")


def test_one_ctrl_c_pauses_after_the_move_is_told(tmp_path, monkeypatch):
    shell, out = _shell(tmp_path)
    _new(shell, monkeypatch, presses=1)
    session = shell.table
    assert session is not None
    while session.game.current_player != 1:  # play until Bo's turn comes (it pauses there)
        if session.bot_to_act() is None:
            assert shell.execute(_quick(session.game))
        if "Bots paused" in out.getvalue():
            break
    told = out.getvalue()
    # Bo's move was made, and told (with all before it) before the pause, which names
    # who moves next.
    before, _, after = told.rpartition("Bots paused: ")
    assert any(e.get("player") == 1 and e["type"] in MOVES for e in session.game.events)
    assert _all_told(session.game, before)
    assert session.game.current_player != 1
    assert after.startswith(f"{session.game.players[session.game.current_player]} moves next")
    moves = len(session.game.events)
    assert shell.execute("")  # Enter: the bots go on, until You are to act
    assert len(session.game.events) > moves and session.bot_to_act() is None
    assert out.getvalue().rstrip().splitlines()[-1].startswith("→ You to act")


def test_a_second_ctrl_c_gives_up_the_choice_and_makes_no_move(tmp_path, monkeypatch):
    shell, out = _shell(tmp_path)
    _new(shell, monkeypatch, presses=2)
    session = shell.table
    assert session is not None
    for _ in range(20):
        if "Bots paused" in out.getvalue():
            break
        assert shell.execute(_quick(session.game))
    assert "Bots paused: Bo moves next. Press Enter to let them go on." in out.getvalue()
    assert session.game.current_player == 1 and session.bot_to_act() == 1  # nothing made
    assert _all_told(session.game, out.getvalue().rpartition("Bots paused")[0])
    assert shell.execute("")  # Bo chooses again, and the bots go on
    assert session.bot_to_act() is None or session.game.is_over


def test_ctrl_c_while_the_engine_applies_a_move_pauses_after_it(tmp_path, monkeypatch):
    """SIGINT inside ``Game.apply`` (held whole by ``session.whole``): the move is made, told,
    saved, and then the bots pause."""
    shell, out = _shell(tmp_path)
    real = Game.apply
    pressed = []

    def apply(game: Game, action: Any) -> Game:
        if shell.table is not None and shell.table.bot_to_act() is not None and not pressed:
            pressed.append(True)
            signal.raise_signal(signal.SIGINT)
        return real(game, action)

    monkeypatch.setattr(Game, "apply", apply)
    assert shell.execute("new medici You Bo=bot:random Cy=bot:random Di=bot:random --seed 7")
    session = shell.table
    assert session is not None and pressed
    assert session.game.events[-1].get("player") == 3  # Di's move was made, and told
    assert out.getvalue().endswith("Bots paused: Di moves next. Press Enter to let them go on.\n")
    assert _all_told(session.game, out.getvalue().rpartition("Bots paused")[0])


def test_ctrl_c_during_your_own_move_lets_it_be_told_and_saved_and_pauses_the_bots(
        tmp_path, monkeypatch):
    shell, out = _shell(tmp_path)
    assert shell.execute("new medici You Bo=bot:random Cy=bot:random Di=bot:random --seed 7")
    session = shell.table
    assert session is not None and session.bot_to_act() is None  # You to act
    real = Table.autosave

    def autosave(self: Table) -> Any:
        signal.raise_signal(signal.SIGINT)  # while your move is being saved
        return real(self)

    monkeypatch.setattr(Table, "autosave", autosave)
    before = len(out.getvalue())
    assert shell.execute(_quick(session.game))  # no "interrupted": the move went through
    monkeypatch.setattr(Table, "autosave", real)
    told = out.getvalue()[before:]
    assert told.startswith("You ")  # your move, told
    assert session.bot_to_act() is not None  # and the bots wait
    assert told.rstrip().splitlines()[-1].startswith("Bots paused: ")
    assert load_game(session.safe_on_disk()).game.events == session.game.events  # saved


MOVES = {"bid", "pass", "draw", "stop"}


def _all_told(game: Game, screen: str) -> bool:
    """Whether every line the game's events tell stands on ``screen``, in order."""
    at = 0
    for line in render.narrate(game.events, 0, game.players):
        at = screen.find(line.plain(), at)
        if at < 0:
            return False
    return True


def _quick(game: Game) -> str:
    words = {str(a).split()[0] for a in game.legal_actions()}
    return next(w for w in ("pass", "stop", "draw") if w in words)


@pytest.mark.parametrize(("typed", "lines", "unfinished"), [
    ("bid 5", [], "bid 5"),
    ("bid 5\rdraw\r", ["bid 5", "draw"], ""),
    ("bid 5\ndraw", ["bid 5"], "draw"),
    ("bix\x7fd 5", [], "bid 5"),  # Backspace edits
    ("junk\x15draw", [], "draw"),  # Ctrl-U clears
    ("dr\x1b[Daw\x1bOA", [], "draw"),  # arrow keys dropped
    ("\x1b", [], ""),
    ("a\tb\x04c\r\r", ["abc", ""], ""),  # other control keys dropped
])
def test_typed_lines_are_what_a_prompt_would_have_read(typed, lines, unfinished):
    assert typed_lines(typed) == (lines, unfinished)


@pytest.fixture
def terminal():
    master, slave = pty.openpty()
    yield master, slave
    os.close(master)
    os.close(slave)


def test_typeahead_silences_the_terminal_and_keeps_the_keys(terminal):
    master, slave = terminal
    before = termios.tcgetattr(slave)
    assert before[3] & termios.ECHO
    keys = Typeahead(slave)
    with keys.held():
        with keys.held():  # nested: held once
            quiet = termios.tcgetattr(slave)
            assert not quiet[3] & (termios.ECHO | termios.ICANON)
            assert quiet[3] & termios.NOFLSH and quiet[3] & termios.ISIG  # Ctrl-C still works
        os.write(master, b"bid 5")
    assert termios.tcgetattr(slave) == before  # the terminal as it was
    assert keys.take() == Typed("bid 5", run=False, held=False)
    assert keys.take() == Typed("", run=False, held=False)  # once


def test_lines_typed_ahead_run_in_turn_unless_the_bots_moved_meanwhile(terminal):
    master, slave = terminal
    keys = Typeahead(slave)
    with keys.held():
        os.write(master, b"show\rlog 5\rbi")
    assert keys.take() == Typed("show", run=True, held=False)  # as at any terminal
    with keys.held():
        os.write(master, b"d 5")
    assert keys.take() == Typed("log 5", run=True, held=False)
    assert keys.take() == Typed("bid 5", run=False, held=False)
    with keys.held():
        os.write(master, b"\rbid 9\rpass\rdr")
    keys.blind = True  # the bots moved: nothing typed then runs before it is seen
    assert keys.take() == Typed("bid 9", run=False, held=True)
    assert keys.take() == Typed("", run=False, held=False)  # the rest was dropped
    with keys.held():
        os.write(master, b"\r")
    keys.blind = True
    assert keys.take() == Typed("", run=False, held=False)  # Enter alone: nothing to hold


def test_typeahead_is_only_for_a_terminal(terminal, tmp_path):
    _master, slave = terminal
    with open(slave, closefd=False) as stream:
        assert isinstance(Typeahead.of(stream), Typeahead)
    assert Typeahead.of(io.StringIO()) is None
    with open(tmp_path / "file", "w") as stream:
        assert Typeahead.of(stream) is None
