"""The table's own error: a request to the table that could not be carried out."""

from __future__ import annotations

from engine.errors import MediciError


class TableError(MediciError):
    """A request to a table (a move for a bot's seat, a save over another game's, a line-up
    that names no game) failed; the message says why and what would work instead."""
