"""How a move is labelled and how accurate a player was: the thresholds and the formula.

A move is judged by the win chance it gave away: the mover's chance of winning after the
best move the search found, less their chance after the move played, in points (0..100;
never below 0). The labels by points given away are chess's (``inaccuracy``, ``mistake``,
``blunder``); the accuracy of a move is lichess's formula on the same points, and a
player's accuracy the mean over their judged moves (docs/playing.md, "Reviewing a game").
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Final

BEST: Final = "best"
"""The move the search would have made itself."""
GOOD: Final = "good"
"""Another move that gave away less than ``INACCURACY`` points."""
INACCURACY: Final = "inaccuracy"
MISTAKE: Final = "mistake"
BLUNDER: Final = "blunder"
FORCED: Final = "forced"
"""The only legal move: not judged, and left out of accuracy."""

LABELS: Final = (BEST, GOOD, INACCURACY, MISTAKE, BLUNDER, FORCED)
"""Every label, best first (``forced`` last: it says nothing of the player)."""

THRESHOLDS: Final = ((BLUNDER, 20), (MISTAKE, 10), (INACCURACY, 5))
"""Points of win chance given away from which a move is labelled so (the worst first)."""

MARKS: Final = {INACCURACY: "⁈", MISTAKE: "?", BLUNDER: "⁇"}
"""How the chart marks a labelled move: chess's ``?!``, ``?`` and ``??``, one column each."""

ACCURACY_SCALE: Final = 103.1668
ACCURACY_RATE: Final = 0.04354
ACCURACY_SHIFT: Final = 3.1669
"""lichess's accuracy of a move from the points of win chance it gave away:
``103.1668 * exp(-0.04354 * points) - 3.1669``, kept within 0..100 (100 for none)."""


def bounds() -> dict[str, int]:
    """The thresholds as a review keeps them (``{"inaccuracy": 5, ...}``)."""
    return {name: bound for name, bound in reversed(THRESHOLDS)}


def label(points: float, played_best: bool, forced: bool = False,
          bounds: Mapping[str, int] | None = None) -> str:
    """The label of a move that gave away ``points`` of win chance (``played_best``: the
    move played is the search's own choice; ``forced``: it was the only legal move), by
    ``bounds`` (a kept review's thresholds) or else ``THRESHOLDS``."""
    if forced:
        return FORCED
    if played_best:
        return BEST
    given = THRESHOLDS if bounds is None else tuple(
        (name, bounds[name]) for name, _ in THRESHOLDS if name in bounds)
    for name, bound in given:
        if points >= bound:
            return name
    return GOOD


def move_accuracy(points: float) -> float:
    """lichess's accuracy of one move (0..100) from the points it gave away (100 for
    none: the formula's 99.9999 at 0 is its rounding)."""
    if points <= 0:
        return 100.0
    value = ACCURACY_SCALE * math.exp(-ACCURACY_RATE * max(0.0, points)) - ACCURACY_SHIFT
    return min(100.0, max(0.0, value))


def accuracy(points: list[float]) -> float | None:
    """A player's accuracy: the mean of their judged moves' (None for no judged move)."""
    if not points:
        return None
    return sum(move_accuracy(p) for p in points) / len(points)


def legend() -> str:
    """The labels' thresholds and the accuracy formula in a sentence each, for a review's
    output and the docs."""
    bounds = ", ".join(f"{name} from {bound}" for name, bound in reversed(THRESHOLDS))
    return (
        "Each move is judged by the win chance it gave away against the best move found "
        f"(points, 0 to 100): {bounds}; best is the search's own choice, good anything "
        f"under {THRESHOLDS[-1][1]}, forced the only legal move. Accuracy per move: "
        f"{ACCURACY_SCALE} x e^(-{ACCURACY_RATE} x points) - {ACCURACY_SHIFT} (lichess's), "
        "kept within 0 to 100; a player's is the mean over their judged moves."
    )
