"""Moved to ``engine.runs.league``; these names stay here for code written against earlier
releases."""

from engine.runs.league import Match, overall, play, report, sizes_for

__all__ = ["Match", "overall", "play", "report", "sizes_for"]
