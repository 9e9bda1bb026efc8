"""What a command's handler is given: a small context, not the whole shell.

A handler (``engine.shell.registry``) reads and changes the table through this protocol:
where to write, the table in play, the saves folder, the mode it runs in, and the few
things a front end does around a move (ask a question, page a long text, start a table).
The shell is one implementation; a test can hand a handler anything that has these.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    from engine.play import SavesFolder, Settings, Table
    from engine.shell.console import Console
    from engine.shell.mode import Mode
    from engine.text import Text


class Context(Protocol):
    """What a command's handler may use (see the module)."""

    console: Console
    """Where results and refusals are written."""
    saves: SavesFolder
    """Where games are saved."""
    table: Table | None
    """The table in play, if any (it stays while a record is replayed)."""
    mode: Mode
    """The mode the command runs in."""
    interactive: bool
    """A person at a terminal (not a script): questions are asked, long texts paged."""
    seed: int | None
    """The seed ``--seed`` gave the shell, for the games it starts."""
    settings: dict[str, bool | None]
    """What ``set`` changes for this run of the shell."""
    done: bool
    """Set to leave."""

    def require_table(self) -> Table:
        """The table in play, or an error saying how to get one."""
        ...

    def page(self, text: Text) -> None:
        """Show a long text a screenful at a time (at a terminal)."""
        ...

    def ask(self, question: str, yes: Callable[[], None], no: str) -> None:
        """Ask ``question``; the next line answers it (``y`` runs ``yes``)."""
        ...

    def start_table(self, table: Table, how: str, narrate: bool = False) -> None:
        """Make ``table`` the one in play: show it and let its bots start."""
        ...

    def status(self) -> None:
        """Say whose turn it is and what they may do."""
        ...

    def leave(self, force: bool = False) -> None:
        """Leave, the game saved first."""
        ...

    def save_name(self, path: Path) -> str:
        """How a command names the save at ``path``."""
        ...

    def wait_key(self, seconds: float) -> bool:
        """Wait; True as soon as a key is pressed."""
        ...

    def choose(self, question: str, take: Callable[[str], bool], no: str,
               prompt: str) -> None:
        """Ask ``question``; the next line is the answer, given to ``take`` (False: not
        taken, and ``no`` is said)."""
        ...

    def new_settings(self) -> Settings:
        """The settings a new table starts with (what ``set`` chose here)."""
        ...

    def move_words(self) -> set[str]:
        """The move words of the game played (every game's when there is none)."""
        ...
