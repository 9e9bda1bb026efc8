"""Opening a saved game at a table: the one way every front end does it.

``open_table`` reads a save (a name in the saves folder or a path), verifies it, and sets
its table up as it was: the seats, the settings the record carries, where it was branched
from, and which file it goes on in. The shell's ``open``, ``resume`` and greeting,
``medici resume``, a replay's ``branch`` and ``medici host --resume`` all come here, so a
table reopened is the table that was left.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

from engine import records
from engine.play.errors import TableError
from engine.play.saves import SavesFolder
from engine.play.table import Table
from engine.records.settings import settings_from_section


@dataclass(frozen=True)
class Opened:
    """A save opened at a table: the table, the file it came from, and whether play goes on
    in that file (an unfinished game in the saves folder) or in a new one."""

    table: Table
    path: Path
    continues: bool
    record: records.Record
    """The record as read (a replay steps through it)."""


def hosted_refusal(name: str, saves: SavesFolder) -> str:
    """What a front end on one machine says of a hosted table's save: how it is reopened."""
    return (f"{name} is a hosted table: `medici host --resume {name}{saves.option()}` "
            "reopens it, and its players join again with the same ssh command (a hosted "
            "game is never played on one keyboard)")


def open_table(name: str | os.PathLike[str], saves: SavesFolder | str | None = None, *,
               hosting: bool = False, replaying: bool = False) -> Opened:
    """The table of the save ``name`` (see the module). ``hosting``: for ``medici host
    --resume``, which takes only an unfinished game; ``replaying``: for a replay, which
    steps through any game and plays none of it; any other opener refuses a hosted
    table's save (``hosted_refusal``), so a hosted game is never played on one keyboard.

    A broken save is refused whole (RecordError with the file and what is wrong).
    """
    folder = SavesFolder.of(saves)
    loaded = records.load_game(name, directory=folder.given)
    path = Path(loaded.path)
    settings = settings_from_section(loaded.record.table)
    shown = folder.name_of(path)
    if settings.hosted and not (hosting or replaying):
        raise TableError(hosted_refusal(shown, folder))
    if hosting and loaded.game.is_over:
        raise TableError(f"{shown} is a finished game: nothing to play (`medici replay "
                         f"{shown}` goes through it)")
    continues = not loaded.game.is_over and folder.holds(path)
    table = Table(loaded.game, list(loaded.bots), folder, path, continues=continues,
                  branch_of=loaded.record.branch_of, settings=settings,
                  review=loaded.record.review)
    return Opened(table, path, continues, loaded.record)


def latest_unfinished(saves: SavesFolder | str | None = None) -> Path | None:
    """The most recently played unfinished game of the saves folder, hosted or not."""
    folder = SavesFolder.of(saves)
    records.migrate_autosaves(folder.given)
    return records.latest_unfinished(folder.given)


__all__ = ["Opened", "hosted_refusal", "latest_unfinished", "open_table"]
