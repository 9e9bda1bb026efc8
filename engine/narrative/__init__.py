"""Game events told as English sentences: one describer per game, for every client.

``tell(events, start, names)`` turns ``events[start:]`` into ``Line``s, each a sentence as
styled segments ``(text, style)`` with the ``Role`` it plays (a move, what followed from it,
a scoring's detail...). Plain text is the segments joined; the shell maps the style names to
colours and shows the lines after each move; the game story (``medici log``) numbers the
moves and indents the rest. So a move or a payout reads the same wherever it is told.
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.narrative.narrator import Narrator, ViewAfter
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
from engine.registry import find
from engine.views import Event


def narrator(game: str, names: Sequence[str]) -> Narrator:
    """The describer of ``game``, named by its descriptor (the generic one for a game that
    has none, or that no registered game has the id of)."""
    info = find(game)
    load = info.narrator if info is not None else None
    own = load() if load is not None else None
    return (own or Narrator)(names)


def tell(
    events: Sequence[Event], start: int, names: Sequence[str], game: str | None = None,
    after: ViewAfter | None = None,
) -> list[Line]:
    """Lines for ``events[start:]`` (earlier events give context); ``game`` defaults to the
    one the set-up event names; ``after`` gives the table after a step, for the lines the
    events alone cannot tell (standings, who sits out an auction)."""
    if game is None:
        game = str(events[0].get("game", "")) if events else ""
    return narrator(game, names).tell(events, start, after)


__all__ = [
    "Line", "Narrator", "Role", "Segment", "Sentence", "join", "names_list",
    "ViewAfter", "narrator", "ordinal", "piece_style", "pieces", "tell",
]
