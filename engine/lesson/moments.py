"""When a lesson's condition holds: read off the game, as the learner sees it.

A condition looks at the learner's view (what is on sale, the phase, the period, the
players' entries), at the moves the learner may make now, and at the events since the step before;
a bot's scripted move looks at that bot's own view. Nothing hidden is read (G-3): the
events of chance say only what the table saw.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from engine.actions import Action, Span
from engine.game import Game
from engine.lesson.model import Condition, Scalar
from engine.registry import game_info
from engine.views import Event, View


def period_key(game: Game) -> str:
    """The view's key of the game's scoring period (``day``, ``round``)."""
    return game_info(game.variant.game).vocabulary.period


def started(game: Game) -> bool:
    """Whether any move has been made."""
    action_of = game.logic.action_of
    return any(action_of(e) is not None for e in game.events)


def holds(cond: Condition, game: Game, seat: int, since: int) -> int | None:
    """Where the lesson stands once ``cond`` holds for the learner in ``seat`` (the events
    from index ``since`` count as new), or None if it does not hold.

    The place returned is the index just after the event that matched (so a step that
    waits for the next event of the same scoring still sees it), else the log's end.
    """
    events = game.events
    if cond.start and started(game):
        return None
    if cond.over and not game.is_over:
        return None
    if cond.decision is not None and not _may(game, seat, cond.decision):
        return None
    view = game.view(seat)
    if not seen(cond, view, game.players, seat, period_key(game)):
        return None
    if cond.event is None:
        return len(events)
    for index in range(max(0, since), len(events)):
        if _is(events[index], cond, game, seat):
            return index + 1
    return None


def seen(cond: Condition, view: View, names: Sequence[str], seat: int, period: str) -> bool:
    """Whether the parts of ``cond`` that a view shows hold in ``view`` (of ``seat``)."""
    if cond.phase is not None and view.get("phase") != cond.phase:
        return False
    if cond.period is not None and view.get(period) != cond.period:
        return False
    for key, wanted in cond.view.items():
        have = view.get(key)
        if (tuple(have) if isinstance(have, list) else have) != wanted:
            return False
    players: Sequence[Mapping[str, object]] = view.get("players", [])
    if cond.any_player and not any(_has(p, cond.any_player) for p in players):
        return False
    return not cond.learner or (0 <= seat < len(players) and _has(players[seat],
                                                                   cond.learner))


def scripted(cond: Condition, view: View, names: Sequence[str], seat: int,
             period: str) -> bool:
    """Whether a bot's scripted move is due: its condition holds in the bot's own view."""
    return seen(cond, view, names, seat, period)


def _may(game: Game, seat: int, kind: str) -> bool:
    if game.current_player != seat:
        return False
    return any((isinstance(entry, (Action, Span)) and entry.kind == kind)
               for entry in game.legal_actions())


def _has(entry: Mapping[str, object], wanted: Mapping[str, Scalar]) -> bool:
    return all(entry.get(key) == value for key, value in wanted.items())


def _is(event: Event, cond: Condition, game: Game, seat: int) -> bool:
    if event.get("type") != cond.event:
        return False
    fields: Mapping[str, object] = event
    for key, value in cond.fields.items():
        have = fields.get(key)
        if key == "player" and isinstance(value, str):
            if value == "learner":
                ok = have == seat
            elif value == "other":
                ok = isinstance(have, int) and have != seat
            else:
                ok = isinstance(have, int) and 0 <= have < len(game.players) \
                    and game.players[have] == value
            if not ok:
                return False
        elif have != value:
            return False
    return True
