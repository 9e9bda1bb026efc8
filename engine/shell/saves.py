"""Saved games as the shell shows them: the list, one line each, and their names for Tab."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

from engine import records
from engine.errors import escape_controls
from engine.records import SaveInfo
from engine.shell.text import Text

_NAMES: dict[str, tuple[int, list[str]]] = {}


def latest_unfinished_info(directory: str | None) -> SaveInfo | None:
    """The SaveInfo of the most recent unfinished game, or None.

    Asked at start, so it also clears what interrupted saves left (stale temporary files).
    """
    records.store.remove_stale_temps(records.saves_dir(directory))
    records.migrate_autosaves(directory)
    path = records.latest_unfinished(directory)
    if path is None:
        return None
    return records.store.save_info(Path(path), records.saves_dir(directory))


def old_folder_note(directory: str | None) -> str | None:
    """A word about ``./saves`` when it holds earlier versions' autosaves and is no longer
    the saves folder (saves now live in the user's data folder), else None."""
    folder = records.saves_dir(directory)
    old = Path("saves")
    try:
        if not old.is_dir() or old.resolve() == folder.resolve():
            return None
        count = sum(1 for _ in old.glob(records.store.AUTOSAVE_PREFIX + "*.json"))
    except OSError:
        return None
    if not count:
        return None
    return (f"Saves are kept in {folder} now; ./saves holds {count} game"
            f"{'s' if count != 1 else ''} of earlier versions: `medici --saves saves` opens "
            "them.")


def describe(info: SaveInfo) -> Text:
    """``name: medici, Ann vs Bo, day 2, saved 3 May 14:02``."""
    out = Text(escape_controls(str(info.name)), "cmd").add(f": {info.variant}, ")
    out.add(_players(info), "name")
    if info.finished:
        out.add(", finished")
    else:
        out.add(f", {_stage(info)}")
    return out.add(f", saved {when(info.modified)}", "dim")


def _players(info: SaveInfo) -> str:
    bots = list(info.bots)
    bots += [None] * (len(info.players) - len(bots))
    pairs = zip(info.players, bots, strict=False)
    return ", ".join(f"{p} (bot {b})" if b else str(p) for p, b in pairs)


def _stage(info: SaveInfo) -> str:
    return f"{info.unit or 'step'} {info.period}"


def when(modified: dt.datetime | float | str) -> str:
    """A save's date and time, as the shell shows it."""
    if isinstance(modified, (int, float)):
        modified = dt.datetime.fromtimestamp(modified)
    if isinstance(modified, str):
        try:
            modified = dt.datetime.fromisoformat(modified)
        except ValueError:
            return modified
    if isinstance(modified, dt.datetime):
        if modified.tzinfo is not None:
            modified = modified.astimezone()
        return modified.strftime("%Y-%m-%d %H:%M")
    return str(modified)


SHOWN = 20
"""How many games ``saves`` lists without ``--all``."""


def table(directory: str | None, everything: bool = False) -> Text:
    """One row per game: name, game, day or round (or finished), last played, players;
    newest first, the ``SHOWN`` newest unless ``everything``."""
    records.migrate_autosaves(directory)
    infos = sorted(records.list_saves(directory), key=lambda i: _sort_key(i.modified),
                   reverse=True)
    folder = records.saves_dir(directory)
    if not infos:
        return Text(f"No saved games in {folder}.", "dim")
    hidden = 0 if everything else max(0, len(infos) - SHOWN)
    infos = infos[: len(infos) - hidden]
    width = max(len(escape_controls(str(i.name))) for i in infos)
    out = Text(f"Saved games in {folder} (newest first):", "title")
    for info in infos:
        # A file put in the folder by hand may have any name: never print it raw.
        row = Text("  ").add(escape_controls(str(info.name)).ljust(width), "cmd")
        if info.problem:
            row.add(f"  cannot be loaded: {info.problem}", "bad")
            out.line(row)
            continue
        state = "finished" if info.finished else _stage(info)
        row.add(f"  {info.variant:<18} {state:<9} {when(info.modified)}  ")
        row.add(_players(info), "name")
        out.row(row)  # a table row: kept whole, never wrapped
    if hidden:
        out.line(Text(f"  ... and {hidden} older: `saves --all` lists every one, "
                      "`saves --delete NAME` removes one.", "dim"))
    return out


def _sort_key(modified: dt.datetime | float) -> float:
    if isinstance(modified, (int, float)):
        return float(modified)
    if isinstance(modified, dt.datetime):
        return modified.timestamp()
    return 0.0


def names(directory: str | None) -> list[str]:
    """The save names for completion (cached while the folder does not change)."""
    folder = Path(records.saves_dir(directory))
    try:
        stamp = folder.stat().st_mtime_ns
    except OSError:
        return []
    key = str(folder.resolve())
    hit = _NAMES.get(key)
    if hit is not None and hit[0] == stamp:
        return hit[1]
    found = sorted(str(i.name) for i in records.list_saves(directory))
    _NAMES[key] = (stamp, found)
    return found
