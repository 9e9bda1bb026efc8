"""Moved to ``engine.runs`` (``tournament``, ``games``, ``tally``, ``report``, ``csv_rows``,
``progress``, ``pool``); these names stay here for code written against earlier releases."""

from engine.runs.csv_rows import CSV_FIELDS, csv_rows
from engine.runs.errors import TournamentError
from engine.runs.games import (
    RANDOM,
    Numbered,
    Played,
    bot_seed,
    iter_batch,
    lineup,
    play_batch,
    play_game,
)
from engine.runs.pool import MAX_JOBS, WINDOW
from engine.runs.progress import Progress
from engine.runs.report import report
from engine.runs.tally import (
    BotFigures,
    Figures,
    RunReport,
    RunResults,
    RunSummary,
    SeatFigures,
    Tally,
    summarise,
    win_shares,
)
from engine.runs.tournament import (
    BATCH_MS,
    MAX_GAMES,
    Run,
    batch_ranges,
    batches,
    check_games,
    check_lineup,
    game_cost,
    run,
)

__all__ = [
    "BATCH_MS", "CSV_FIELDS", "MAX_GAMES", "MAX_JOBS", "RANDOM", "WINDOW", "BotFigures",
    "Figures", "Numbered", "Played", "Run", "RunReport", "RunResults", "RunSummary",
    "SeatFigures", "Tally", "TournamentError", "batch_ranges", "batches", "bot_seed",
    "check_games", "check_lineup", "csv_rows", "game_cost", "iter_batch", "lineup",
    "play_batch", "play_game", "Progress", "report", "run", "summarise", "win_shares",
]
