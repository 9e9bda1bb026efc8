"""Moved to ``engine.runs.comparison`` (and ``engine.runs.compare_report`` for the table,
chart and picture); these names stay here for code written against earlier releases."""

from engine.runs.compare_report import CHART_BAR, format_report, plot_png, text_chart
from engine.runs.comparison import (
    Comparison,
    GameResult,
    Measure,
    PairedTally,
    bot_list,
    compare,
    money_of,
    periods_of,
    play_many,
    play_one,
    play_pairs,
)
from engine.runs.games import RANDOM

__all__ = [
    "CHART_BAR", "RANDOM", "Comparison", "GameResult", "Measure", "PairedTally", "bot_list",
    "compare", "format_report", "money_of", "periods_of", "play_many", "play_one",
    "play_pairs", "plot_png", "text_chart",
]
