"""The saves folder a table's games go to, named once.

A front end is given a saves folder (``--saves DIR``) or none (``$MEDICI_SAVES``, else the
user's data folder). ``SavesFolder`` keeps what was given, for the commands a message
prints (``medici resume --saves DIR``), and where it is, for every file the table reads
and writes: one value passed along instead of an option string resolved again at each use.
"""

from __future__ import annotations

import os
import shlex
from dataclasses import dataclass
from pathlib import Path

from engine.records import store


@dataclass(frozen=True)
class SavesFolder:
    """A saves folder: ``given`` is the option as the user gave it (None: the default)."""

    given: str | None = None

    @classmethod
    def of(cls, folder: SavesFolder | str | os.PathLike[str] | None) -> SavesFolder:
        """``folder`` as a SavesFolder (a string or path is the option as given)."""
        if isinstance(folder, SavesFolder):
            return folder
        return cls(None if folder is None else os.fspath(folder))

    @property
    def path(self) -> Path:
        """Where the folder is (``$MEDICI_SAVES`` and the default resolved now)."""
        return store.saves_dir(self.given)

    def __fspath__(self) -> str:
        return os.fspath(self.path)

    def file(self, name: str | os.PathLike[str]) -> Path:
        """The file a save name (inside the folder) or an explicit path means."""
        return store.resolve_save_path(name, self.given)

    def holds(self, path: Path) -> bool:
        """Whether ``path`` is inside this folder."""
        try:
            return path.resolve().is_relative_to(self.path.resolve())
        except (OSError, RuntimeError):
            return False

    def name_of(self, path: Path) -> str:
        """How a command names the save at ``path``: its name in this folder (quoted if it
        has spaces), else its path."""
        try:
            inside = path.resolve().relative_to(self.path.resolve())
        except (OSError, RuntimeError, ValueError):
            return shlex.quote(str(path))
        return str(shlex.quote(inside.with_suffix("").as_posix()))

    def option(self) -> str:
        """The ``--saves DIR`` a printed command needs to find this folder again ('' for
        the default folder)."""
        return f" --saves {shlex.quote(self.given)}" if self.given else ""
