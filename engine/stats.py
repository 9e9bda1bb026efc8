"""Moved to ``engine.runs.stats``; these names stay here for code written against earlier
releases."""

from engine.runs.stats import (
    Z95,
    Interval,
    Running,
    mean_ci,
    mean_interval,
    share_interval,
    share_interval_of,
    share_text,
)

__all__ = ["Z95", "Interval", "Running", "mean_ci", "mean_interval", "share_interval",
           "share_interval_of", "share_text"]
