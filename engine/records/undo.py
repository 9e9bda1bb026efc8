"""Undo in a live game: one action back, never past a chance outcome already seen.

A drawn card or tile stays drawn, a shuffled pile stays shuffled and a random choice stays
made (G-1, G-3): undo must never become a way to peek at the pile or to draw again. So an
action whose events reveal or decide anything by chance cannot be undone, and neither can
anything before it.
"""

from __future__ import annotations

from engine.actions import describe
from engine.chance import CHANCE_EVENTS
from engine.errors import IllegalAction
from engine.game import Game, replay
from engine.views import Event

REVEALING_EVENTS = frozenset({"draw", "free_fill"})
"""Derived or move events that turn up cards or tiles from the pile or bag."""


def undo(game: Game) -> Game:
    """The game as it was before its last action: a new Game, ``game`` itself unchanged.

    Raises IllegalAction when there is nothing to undo or when the last action (or what
    followed from it) revealed a card or tile or made a random choice.
    """
    events = game.events
    logic = game.logic
    last = next(
        (i for i in range(len(events) - 1, 0, -1) if logic.action_of(events[i]) is not None),
        None,
    )
    if last is None:
        raise IllegalAction(
            "nothing to undo: no move has been made yet", describe(game.legal_actions())
        )
    seen = next((e for e in events[last:] if _reveals(e)), None)
    if seen is not None:
        move = logic.action_of(events[last])
        raise IllegalAction(
            f"cannot undo {move}: {_why(seen)}; undo never goes back past a chance outcome "
            "already seen",
            describe(game.legal_actions()),
        )
    back = replay(events[:last], game.variant)
    # Nothing was left to chance since ``last``, so the chance source stands exactly where
    # it stood then; keep it (with any outcomes given ahead for a table game).
    back.state.chance = game.state.chance.clone()
    back.seed = game.seed
    return back


def _reveals(event: Event) -> bool:
    kind = event.get("type")
    return kind in CHANCE_EVENTS or kind in REVEALING_EVENTS


def _why(event: Event) -> str:
    kind = event.get("type")
    if kind == "order":
        return f"a new pile was shuffled ({event.get('what', 'a new scoring period')})"
    if kind == "choose":
        return f"a random choice has been made ({event.get('what', 'chance')})"
    if kind == "draw":
        piece = event.get("card", event.get("tile"))
        return f"{piece} has been drawn and seen" if piece else "a drawn piece has been seen"
    if kind == "free_fill":
        return "the free fill turned up cards from the pile"
    return f"{kind} revealed what chance decided"
