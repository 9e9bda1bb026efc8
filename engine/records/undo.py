"""Undo in a live game: one action back, never past a chance outcome already seen.

A drawn card or tile stays drawn, a shuffled pile stays shuffled and a random choice stays
made (G-1, G-3): undo must never become a way to peek at the pile or to draw again. So an
action whose events reveal or decide anything by chance cannot be undone, and neither can
anything before it. Which events reveal, and how to say so, the game's logic tells
(``Logic.revealed``); every chance event reveals, whatever the game says.
"""

from __future__ import annotations

from engine.actions import describe
from engine.chance import CHANCE_EVENTS
from engine.errors import IllegalAction
from engine.game import Game, replay
from engine.logic import Logic
from engine.views import Event


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
    why = next((w for w in (_why(logic, e) for e in events[last:]) if w is not None), None)
    if why is not None:
        move = logic.action_of(events[last])
        raise IllegalAction(
            f"cannot undo {move}: {why}; undo never goes back past a chance outcome "
            "already seen",
            describe(game.legal_actions()),
        )
    back = replay(events[:last], game.variant)
    # Nothing was left to chance since ``last``, so the chance source stands exactly where
    # it stood then; keep it (with any outcomes given ahead for a table game).
    back.state.chance = game.state.chance.clone()
    back.seed = game.seed
    return back


def _why(logic: Logic, event: Event) -> str | None:
    """What ``event`` revealed of chance (the game's words), or None."""
    why = logic.revealed(event)
    if why is None and event.get("type") in CHANCE_EVENTS:
        return f"{event.get('type')} revealed what chance decided"
    return why
