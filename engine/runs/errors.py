"""The error of a run that cannot go as asked."""

from __future__ import annotations

from engine.errors import MediciError


class RunError(MediciError, ValueError):
    """A run that cannot go as asked: a bad line-up, number of games, seed or jobs, a
    missing Dask, an unreachable scheduler. The message says what was wrong and what
    would do; nothing has been played."""


TournamentError = RunError
"""The same error under the name earlier releases gave it (``engine.tournament``)."""
