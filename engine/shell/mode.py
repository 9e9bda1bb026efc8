"""What a mode of the shell is: its commands (those the registry declares for it, in its Tab
order), its prompt, toolbar and completion. ``PlayMode`` (engine.shell.play_mode) and
``ReplayMode`` (engine.shell.replay_mode) are the shell's two; a hosted table's seat
(``engine.host.seat``) is a third; the ``Shell`` holds the current one."""

from __future__ import annotations

from abc import ABC, abstractmethod
from typing import TYPE_CHECKING, ClassVar

from prompt_toolkit.completion import Completer

from engine.actions import Legal
from engine.rules import Variant, load_variant
from engine.shell.completion import ModeCompleter
from engine.shell.errors import ShellError
from engine.shell.registry import Command, commands_in, modes_of
from engine.shell.spec import Parsed

if TYPE_CHECKING:
    from pathlib import Path

    from engine.game import Game
    from engine.play import Table
    from engine.shell.app import Shell
    from engine.shell.replay_view import ReplayView

Fragments = list[tuple[str, str]]
"""prompt_toolkit formatted text: (style, text) pairs."""

HELP_FOOTER = ("`help CMD` explains one; Tab completes (moves: only the legal ones); Ctrl-R "
               "searches the history, Ctrl-C drops the line, Ctrl-D saves and leaves.")


class Mode(ABC):
    """One mode of the shell."""

    name: ClassVar[str]
    """``play``, ``replay`` or ``table``: the registry's key, and what ``help`` and the
    messages call it."""
    plays: ClassVar[bool] = False
    """Whether the live game is played in this mode: moves are typed, the bots move."""

    def __init__(self, shell: Shell) -> None:
        self.shell = shell
        """The shell this mode runs in (its commands' handlers get it as their context)."""
        self._completer = ModeCompleter(self)

    def commands(self) -> list[Command]:
        """The commands of this mode, in the order Tab offers them."""
        return commands_in(self.name)

    def command(self, word: str) -> Command | None:
        """The command named (or aliased) ``word`` in this mode, if any."""
        return next((c for c in self.commands() if c.calls(word)), None)

    def execute(self, command: Command, words: list[str]) -> None:
        """Read the words by the command's spec and run it."""
        self.run(command, command.spec.parse(command.name, words))

    def run(self, command: Command, parsed: Parsed) -> None:
        """Run one of this mode's commands: its handler, given the shell as its context."""
        assert command.run is not None
        command.run(self.shell, parsed)

    def run_line(self, name: str, words: list[str]) -> None:
        """Run this mode's command ``name`` as if typed with ``words``."""
        found = self.command(name)
        assert found is not None, name
        self.execute(found, words)

    def raw(self, text: str) -> bool:
        """Take a whole line before it is split into words (``say`` at a hosted table keeps
        its quotes and apostrophes); False if not taken."""
        return False

    def elsewhere(self, name: str) -> str:
        """Where a command this mode lacks works (``help`` says it under the command)."""
        return f"works in {' and '.join(modes_of(name))} mode"

    def line(self, word: str, args: list[str]) -> bool:
        """Take a line that is not one of the mode's commands (a move); False if not taken."""
        return False

    @abstractmethod
    def blank(self) -> None:
        """An empty line."""

    @abstractmethod
    def prompt(self) -> Fragments:
        """The prompt's text."""

    def asked(self) -> Fragments:
        """The prompt while a question waits for its answer (``y/N``, ``seat``), else []."""
        pending = self.shell.pending
        if pending is None:
            return []
        return [("class:turn", pending.prompt), ("", " › ")]

    @abstractmethod
    def toolbar(self, width: int | None = None) -> Fragments:
        """The bottom toolbar's text, fitted to ``width`` columns (None: the richest form)."""

    def placeholder(self) -> Fragments:
        """What the empty prompt shows, greyed."""
        return []

    def help_footer(self) -> str:
        """The last line of ``help``: how to get more, and the keys."""
        return HELP_FOOTER

    def told(self, start: int) -> None:
        """Called once a move (its events from ``start``) has been told and saved: a
        lesson's coach speaks then (``engine.shell.lesson_mode``); nothing by default."""
        return

    def completer(self) -> Completer:
        """The Tab completion of this mode."""
        return self._completer

    def legal_moves(self) -> list[Legal]:
        """The moves a person may type now (none unless the live game waits for one)."""
        return []

    def record(self) -> ReplayView | None:
        """The record stepped through (replay mode only)."""
        return None

    @abstractmethod
    def game(self) -> Game | None:
        """The game on show (``log``, ``rules``), if any."""

    def table_in_play(self) -> Table:
        """The table whose game is played here, or ShellError saying how to get one."""
        return self.shell.require_table()

    def variant_named(self, name: str) -> Variant:
        """The variant ``rules NAME`` shows (a shipped name or a rules file)."""
        return load_variant(name)

    def take_offer(self) -> Path | None:
        """The game offered at start (``resume`` takes it), if any; it is offered once."""
        return None

    def keep_setting(self, key: str, on: bool) -> None:
        """A setting changed (``set``): the table in play keeps it in its save."""
        table = self.shell.table
        if table is not None and key in ("confirm", "worth"):
            table.change(table.settings.changed(**{key: on}))
            if table.path is not None:
                table.autosave()

    @abstractmethod
    def show(self) -> None:
        """``show``: the table on show."""


def no_table() -> ShellError:
    """The refusal when a command needs a game and none is in play."""
    return ShellError("no game in progress: `new medici 4` starts one, `resume` continues "
                      "your last one")


__all__ = ["Fragments", "Mode", "modes_of", "no_table"]
