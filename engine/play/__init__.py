"""The table layer: a game at a table, with one owner below every front end.

A ``Table`` holds a game, its seats (people and bots), its settings (``Settings``: hints,
the question before a slip, the bots' pace, the table's name, how a hosted table lets
people in) and its save. ``open_table`` opens a save into one; ``parse_lineup`` reads the
players of a new one (``medici Ann Bo=bot:greedy``). The shell, the host, a lesson and every
front end to come sit on it and keep no copy of their own.
"""

from engine.play.errors import TableError
from engine.play.lineup import Lineup, parse_lineup, parse_seed, split_game, start_game
from engine.play.opening import Opened, hosted_refusal, latest_unfinished, open_table
from engine.play.saves import SavesFolder
from engine.play.table import DEFAULT_BOT, HINT_BOT, Seat, Table, bot_seed, whole
from engine.records.settings import Hosting, Settings

__all__ = [
    "DEFAULT_BOT", "HINT_BOT", "Hosting", "Lineup", "Opened", "SavesFolder", "Seat",
    "Settings", "Table", "TableError", "bot_seed", "hosted_refusal", "latest_unfinished",
    "open_table", "parse_lineup", "parse_seed", "split_game", "start_game", "whole",
]
