"""Game records: save (one file per game), load with full verification, replay step by step, undo.

A record is one versioned JSON file holding a whole game (docs/record-format.md). The
public names below are the contract the shell and the command line build on.
"""

from engine.errors import RecordError
from engine.records.cursor import SNAPSHOT_EVERY, ReplayCursor
from engine.records.format import FORMAT, VERSION, Record, encode, record_from_game
from engine.records.store import (
    LoadedGame,
    SaveInfo,
    delete_save,
    game_path,
    latest_unfinished,
    list_saves,
    load_game,
    load_path,
    migrate_autosaves,
    resolve_save_path,
    same_game,
    save_game,
    saves_dir,
    what_is_there,
    write_record,
)
from engine.records.story import describe_step, story
from engine.records.undo import undo

__all__ = [
    "FORMAT", "SNAPSHOT_EVERY", "VERSION", "LoadedGame", "Record", "RecordError",
    "ReplayCursor", "SaveInfo", "delete_save", "describe_step", "encode", "game_path",
    "latest_unfinished", "list_saves", "load_game", "load_path", "migrate_autosaves",
    "record_from_game", "resolve_save_path", "same_game", "save_game", "saves_dir", "story",
    "undo", "what_is_there", "write_record",
]
