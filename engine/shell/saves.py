"""Saved games as the shell shows them: the list, one line each, and their names for Tab."""

from __future__ import annotations

import datetime as dt
from pathlib import Path
from typing import Any

from engine.registry import find
from engine.shell import deps
from engine.shell.text import Text

_NAMES: dict[str, tuple[int, list[str]]] = {}


def latest_unfinished_info(directory: str | None) -> Any | None:
    """The SaveInfo of the most recent unfinished game, or None.

    Asked at start, so it also clears what interrupted saves left (stale temporary files).
    """
    records = deps.records()
    records.store.remove_stale_temps(records.saves_dir(directory))
    path = records.latest_unfinished(directory)
    if path is None:
        return None
    return records.store.save_info(Path(path), records.saves_dir(directory))


def describe(info: Any) -> Text:
    """``name: medici, Ann vs Bo, day 2, saved 3 May 14:02``."""
    out = Text(str(info.name), "cmd").add(f": {info.variant}, ")
    out.add(_players(info), "name")
    if info.finished:
        out.add(", finished")
    else:
        out.add(f", {_stage(info)}")
    return out.add(f", saved {when(info.modified)}", "dim")


def _players(info: Any) -> str:
    bots = list(getattr(info, "bots", ()) or ())
    bots += [None] * (len(info.players) - len(bots))
    pairs = zip(info.players, bots, strict=False)
    return ", ".join(f"{p} (bot {b})" if b else str(p) for p, b in pairs)


def _stage(info: Any) -> str:
    game = find(info.game)
    word = game.vocabulary.period if game is not None else "step"
    return f"{word} {info.day}"


def when(modified: Any) -> str:
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


def table(directory: str | None) -> Text:
    """Every save in the folder: name, game, players, day or round, date; newest first."""
    records = deps.records()
    infos = sorted(records.list_saves(directory), key=lambda i: _sort_key(i.modified),
                   reverse=True)
    folder = records.saves_dir(directory)
    if not infos:
        return Text(f"No saved games in {folder}.", "dim")
    width = max(len(str(i.name)) for i in infos)
    out = Text(f"Saved games in {folder}:", "title")
    for info in infos:
        row = Text("  ").add(str(info.name).ljust(width), "cmd")
        problem = getattr(info, "problem", None)
        if problem:
            row.add(f"  cannot be loaded: {problem}", "bad")
            out.line(row)
            continue
        state = "finished" if info.finished else _stage(info)
        row.add(f"  {info.variant:<18} {state:<9} {when(info.modified)}  ")
        row.add(_players(info), "name")
        out.line(row)
    return out


def _sort_key(modified: Any) -> float:
    if isinstance(modified, (int, float)):
        return float(modified)
    if isinstance(modified, dt.datetime):
        return modified.timestamp()
    return 0.0


def names(directory: str | None) -> list[str]:
    """The save names for completion (cached while the folder does not change)."""
    records = deps.records()
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
