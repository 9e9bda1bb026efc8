"""What a mode of the shell is: its commands and what they do, its prompt, toolbar and
completion. ``PlayMode`` (engine.shell.play_mode) and ``ReplayMode``
(engine.shell.replay_mode) are the two; the ``Shell`` holds the current one."""

from __future__ import annotations

from abc import ABC, abstractmethod
from typing import TYPE_CHECKING, ClassVar

from prompt_toolkit.completion import Completer

from engine.actions import Legal
from engine.shell.commands import COMMANDS, Command
from engine.shell.completion import ModeCompleter
from engine.shell.spec import Parsed

if TYPE_CHECKING:
    from engine.game import Game
    from engine.shell.app import Shell
    from engine.shell.replay_view import ReplayView

Fragments = list[tuple[str, str]]
"""prompt_toolkit formatted text: (style, text) pairs."""

_MODES: list[type[Mode]] = []


class Mode(ABC):
    """One mode of the shell."""

    name: ClassVar[str]
    """``play`` or ``replay``: what ``help`` and the messages call it."""
    order: ClassVar[tuple[str, ...]]
    """The names of its commands, in the order Tab offers them."""
    plays: ClassVar[bool] = False
    """Whether the live game is played in this mode: moves are typed, the bots move."""

    def __init_subclass__(cls, listed: bool = True, **kwargs: object) -> None:
        """Register the mode for ``modes_of``; ``listed=False`` keeps a mode used outside
        the shell proper (a hosted table's seat, ``engine.host``) out of the shell's
        messages."""
        super().__init_subclass__(**kwargs)
        if listed:
            _MODES.append(cls)

    def __init__(self, shell: Shell) -> None:
        self.shell = shell
        self._completer = ModeCompleter(self)

    def commands(self) -> list[Command]:
        """The commands of this mode, in the order Tab offers them."""
        return [COMMANDS[name] for name in self.order]

    def command(self, word: str) -> Command | None:
        """The command named (or aliased) ``word`` in this mode, if any."""
        return next((c for c in self.commands() if word in (c.name, *c.aliases)), None)

    def execute(self, command: Command, words: list[str]) -> None:
        """Read the words by the command's spec and run it."""
        self.run(command, command.spec.parse(command.name, words))

    @abstractmethod
    def run(self, command: Command, parsed: Parsed) -> None:
        """Run one of this mode's commands."""

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

    @abstractmethod
    def toolbar(self, width: int | None = None) -> Fragments:
        """The bottom toolbar's text, fitted to ``width`` columns (None: the richest form)."""

    def placeholder(self) -> Fragments:
        """What the empty prompt shows, greyed."""
        return []

    def told(self, start: int) -> None:
        """Called once a move (its events from ``start``) has been told and saved: a
        lesson's coach speaks then (``engine.shell.learn_cmd``); nothing by default."""
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

    @abstractmethod
    def show(self) -> None:
        """``show``: the table on show."""


def modes_of(name: str) -> list[str]:
    """The names of the modes that have the command ``name``, sorted."""
    return sorted(m.name for m in _MODES if name in m.order)
