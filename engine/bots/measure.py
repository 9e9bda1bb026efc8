"""What a bot's estimates mean to a person: the chance of winning from each player's expected
final money, and the measures a hint or analysis shows (win chance, then money)."""

from __future__ import annotations

import math
from collections.abc import Sequence

from engine.bots.base import Analysis
from engine.bots.parts import Evaluator
from engine.game import Game


def spread_now(evaluator: Evaluator, game: Game) -> float:
    """Money that makes a clear difference from here: the evaluator's spread, wider while
    more scorings are to come (each adds its own chance)."""
    return evaluator.spread * math.sqrt(max(1, evaluator.scorings_left(game)))


def win_chance(equity: Sequence[float], me: int, spread: float) -> float:
    """The chance ``me`` wins, reading each player's expected final money as a race whose
    outcome is uncertain by ``spread`` (a softmax: equal money is an equal chance)."""
    top = max(equity)
    weights = [math.exp((e - top) / spread) for e in equity]
    return weights[me] / sum(weights)


def shown_order(row: Analysis) -> tuple[float, float, float]:
    """How rows are ranked for a person: by the win chance and the money they are shown
    with (rounded as shown), then the bot's own value; rows without them by value."""
    if row.win is None or row.money is None:
        return (row.value, 0.0, row.value)
    return (round(100 * row.win), round(row.money), row.value)
