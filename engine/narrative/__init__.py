"""Game events told as English sentences: one describer per game, for every client.

``tell(events, start, names)`` turns ``events[start:]`` into ``Line``s, each a sentence as
styled segments ``(text, style)`` with the ``Role`` it plays (a move, what followed from it,
a scoring's detail...). Plain text is the segments joined; the shell maps the style names to
colours and shows the lines after each move; the game story (``medici log``) numbers the
moves and indents the rest. So a move or a payout reads the same wherever it is told.
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.narrative.medici import MediciNarrator
from engine.narrative.narrator import Event, Narrator
from engine.narrative.sentence import (
    Line,
    Role,
    Segment,
    Sentence,
    join,
    names_list,
    ordinal,
    piece_style,
    pieces,
)
from engine.narrative.strozzi import StrozziNarrator

NARRATORS: dict[str, type[Narrator]] = {
    "medici": MediciNarrator,
    "medici-vs-strozzi": StrozziNarrator,
}
"""Each game's describer; a game without one has its events told plainly."""


def narrator(game: str, names: Sequence[str]) -> Narrator:
    """The describer of ``game`` (the generic one for a game it does not know)."""
    return NARRATORS.get(game, Narrator)(names)


def tell(
    events: Sequence[Event], start: int, names: Sequence[str], game: str | None = None
) -> list[Line]:
    """Lines for ``events[start:]`` (earlier events give context); ``game`` defaults to the
    one the set-up event names."""
    if game is None:
        game = str(events[0].get("game", "")) if events else ""
    return narrator(game, names).tell(events, start)


__all__ = [
    "NARRATORS", "Line", "Narrator", "Role", "Segment", "Sentence", "join", "names_list",
    "narrator", "ordinal", "piece_style", "pieces", "tell",
]
