"""Saved games as the shell shows them: the list, one line each, and their names for Tab."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

from engine import records
from engine.errors import escape_controls
from engine.play import SavesFolder
from engine.records import SaveInfo
from engine.text import Text, fitted, flow, pad

_NAMES: dict[str, tuple[int, list[str]]] = {}


def latest_unfinished_info(folder: SavesFolder) -> SaveInfo | None:
    """The SaveInfo of the most recent unfinished game, or None.

    Asked at start, so it also clears what interrupted saves left (stale temporary files).
    """
    directory = folder.given
    records.store.remove_stale_temps(records.saves_dir(directory))
    records.migrate_autosaves(directory)
    path = records.latest_unfinished(directory)
    if path is None:
        return None
    return records.store.save_info(Path(path), records.saves_dir(directory))


def old_folder_note(saves: SavesFolder) -> str | None:
    """A word about ``./saves`` when it holds earlier versions' autosaves and is no longer
    the saves folder (saves now live in the user's data folder), else None."""
    folder = saves.path
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
    if info.hosted:
        out.add(", a hosted table")
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
        moment = dt.datetime.fromtimestamp(modified)
    elif isinstance(modified, str):
        try:
            moment = dt.datetime.fromisoformat(modified)
        except ValueError:
            return modified
    else:
        moment = modified
    if moment.tzinfo is not None:
        moment = moment.astimezone()
    return moment.strftime("%Y-%m-%d %H:%M")


SHOWN = 20
"""How many games ``saves`` lists without ``--all``."""


def table(saves: SavesFolder, everything: bool = False, width: int | None = None) -> Text:
    """One row per game: name, game, day or round (or finished), last played, players;
    newest first, the ``SHOWN`` newest unless ``everything``. Laid out for ``width``: a row
    that does not fit puts its players on a line of their own, and a long name its game
    and date too. A hosted table's game says how it is reopened."""
    directory = saves.given
    records.migrate_autosaves(directory)
    infos = sorted(records.list_saves(directory), key=lambda i: _sort_key(i.modified),
                   reverse=True)
    folder = records.saves_dir(directory)
    if not infos:
        return fitted(Text(f"No saved games in {folder}.", "dim"), width)
    hidden = 0 if everything else max(0, len(infos) - SHOWN)
    infos = infos[: len(infos) - hidden]
    names = [escape_controls(str(i.name)) for i in infos]
    name_w = max(len(n) for n in names)
    variant_w = max([len(i.variant) for i in infos if not i.problem] + [6])
    states = ["finished" if i.finished else _stage(i) for i in infos]
    state_w = max(len(x) for x in states)
    middle = 2 + variant_w + 1 + state_w + 1 + 16  # game, day or round, date
    out = Text(f"Saved games in {folder} (newest first):", "title")
    # One line a game if every row fits, else the players under each; a name too long for
    # its column puts game and date under it as well.
    whole = width is None or all(
        2 + name_w + middle + 2 + len(_players(i)) <= width for i in infos if not i.problem)
    column = name_w if whole or width is None else min(name_w, max(8, width - middle - 2))
    for info, name, state in zip(infos, names, states, strict=True):
        # A file put in the folder by hand may have any name: never print it raw.
        shown = Text(name, "cmd")
        if info.problem:
            out.line(flow([shown, Text(f"cannot be loaded: {info.problem}", "bad")], width,
                          sep="  ", indent=6, first="  "))
            continue
        facts = Text(f"{info.variant:<{variant_w}} {state:<{state_w}} {when(info.modified)}")
        branch = _branch_note(info)
        players = Text(_players(info), "name")
        if branch is not None:
            players = Text(branch, "dim").add("; ").extend(players)
        if info.hosted:
            players = Text(f"hosted: medici host --resume {name}{saves.option()}", "dim").add(
                "; ").extend(players)
        if whole:
            row = Text("  ").extend(pad(shown, column)).add("  ").extend(facts).add("  ")
            out.row(row.extend(players))
            continue
        if len(name) <= column:
            out.row(Text("  ").extend(pad(shown, column)).add("  ").extend(facts))
        else:
            out.line(flow([shown], width, first="  ", indent=4))
            out.line(flow([facts], width, first="      ", indent=6))
        out.line(flow([players], width, first="      ", indent=6))
    if hidden:
        out.line(Text(f"  ... and {hidden} older: `saves --all` lists every one, "
                      "`saves --delete NAME` removes one.", "dim"))
    return fitted(out, width)


def _branch_note(info: SaveInfo) -> str | None:
    """``branch of friday at step 40`` for a game branched from another, else None."""
    origin = getattr(info, "branch_of", None)
    if not origin:
        return None
    return f"branch of {escape_controls(str(origin))}"


def _sort_key(modified: dt.datetime | float) -> float:
    return float(modified) if isinstance(modified, (int, float)) else modified.timestamp()


def names(saves: SavesFolder) -> list[str]:
    """The save names for completion (cached while the folder does not change)."""
    directory = saves.given
    folder = saves.path
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
