"""Game records: save, autosave, load with full verification, replay step by step, undo.

A record is one versioned JSON file holding a whole game (docs/record-format.md). The
public names below are the contract the shell and the command line build on.
"""

from engine.errors import RecordError
from engine.records.cursor import SNAPSHOT_EVERY, ReplayCursor
from engine.records.format import FORMAT, VERSION, Record, encode, record_from_game
from engine.records.store import (
    Autosave,
    LoadedGame,
    SaveInfo,
    latest_unfinished,
    list_saves,
    load_game,
    load_path,
    resolve_save_path,
    save_game,
    saves_dir,
)
from engine.records.story import describe_step, story
from engine.records.undo import undo

__all__ = [
    "FORMAT", "SNAPSHOT_EVERY", "VERSION", "Autosave", "LoadedGame", "Record", "RecordError",
    "ReplayCursor", "SaveInfo", "describe_step", "encode", "latest_unfinished", "list_saves",
    "load_game", "load_path", "record_from_game", "resolve_save_path", "save_game", "saves_dir",
    "story", "undo",
]
