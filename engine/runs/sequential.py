"""Runs that stop when the answer is clear (``--until HALF_WIDTH``), with honest intervals.

A run that looks at its figures as it goes and stops once they are narrow enough must not
report the intervals it would give a run of that length fixed in advance: stopping at the
first look where an interval came out narrow favours the looks where chance made it so,
and 95% intervals checked at every look miss the truth more often than one time in
twenty (``tests/test_sequential.py`` measures it).

The procedure here is Bonferroni over a fixed schedule of looks. The schedule is set
before any game: looks after ``first`` games, then twice as many, and so on, and the cap
(``--games``) is always the last; ``K`` looks in all. At every look each figure gets the
interval of level ``1 - 0.05 / K`` (its normal quantile ``z``: 2.39 for 3 looks, 2.81 for
10) instead of 95%. By the union bound, the chance that a figure's interval misses its
true value at any of the ``K`` looks is at most 5%; so whichever look the run stops at,
whatever the stopping depended on, the figure's interval there covers the true value with
at least 95% (as far as the fixed-size interval itself is right: Wilson's for a share, the
normal one for a mean). The price is wider intervals at each look, paid for by stopping at
the first look that is narrow enough instead of playing every game.

Half-widths are compared with ``HALF_WIDTH`` in each figure's own unit: shares in
percentage points (``--until 2``: every share within ±2 points), money in the game's
money (±2 florins).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from statistics import NormalDist

from engine.runs.errors import RunError
from engine.runs.stats import Interval

ALPHA = 0.05
"""What a figure's intervals may miss, over all the looks of a run together."""

FIRST = 100
"""Games before the first look (rounded up to a whole rotation of the seats)."""


def z_for(alpha: float) -> float:
    """The normal quantile of a two-sided interval that misses with chance ``alpha``."""
    return NormalDist().inv_cdf(1 - alpha / 2)


@dataclass(frozen=True)
class Plan:
    """When a run looks at its figures, and how wide each look's intervals are."""

    looks: tuple[int, ...]
    """The game counts at which the run looks (the last is the cap)."""
    target: float
    """The half-width every figure must be within (shares in percentage points)."""

    @property
    def level(self) -> float:
        """Each look's intervals' level: ``1 - ALPHA / K``."""
        return 1 - ALPHA / len(self.looks)

    @property
    def z(self) -> float:
        """The normal quantile of each look's intervals."""
        return z_for(ALPHA / len(self.looks))

    def as_dict(self) -> dict[str, object]:
        """JSON-ready: the target, the looks planned, and each look's level."""
        return {"half_width": self.target, "looks": list(self.looks),
                "level_each_look": round(self.level, 5), "z": round(self.z, 4),
                "procedure": "Bonferroni over the planned looks (95% over the whole run)"}


def plan(target: float, cap: int, step: int = 1, first: int = FIRST) -> Plan:
    """The looks of a run of at most ``cap`` games stopping at ``target``: after ``first``
    games (rounded up to a multiple of ``step``, the seats' rotation), doubling, and the
    cap last. RunError for a target that is not a positive number."""
    if not target > 0 or target != target or target == float("inf"):
        raise RunError(f"--until must be a half-width above 0 (percentage points for shares, "
                       f"money for money figures), got {target}")
    n = max(step, -(-first // step) * step)
    looks = []
    while n < cap:
        looks.append(n)
        n *= 2
    looks.append(cap)
    return Plan(tuple(looks), target)


@dataclass(frozen=True)
class Figure:
    """One reported figure's interval, in the unit ``--until`` reads it in."""

    label: str
    half: float
    """The half-width: percentage points for a share, money for money."""


def figure(label: str, interval: Interval, share: bool) -> Figure:
    """``interval``'s half-width in ``--until``'s unit (a Wilson interval's half its span)."""
    return Figure(label, 100 * interval.half if share else interval.half)


def widest(figures: Iterable[Figure]) -> Figure | None:
    """The figure farthest from the target (None: no figure yet)."""
    return max(figures, key=lambda f: f.half, default=None)


def reached(figures: Iterable[Figure], target: float) -> bool:
    """Whether every figure's half-width is within ``target``."""
    listed = list(figures)
    return bool(listed) and all(f.half <= target for f in listed)


def closeness(figures: Iterable[Figure], target: float) -> tuple[float, str]:
    """How close a run is, for its progress bar: the share of its figures within
    ``target``, and a few words (how many, and the widest: its half-width and name)."""
    listed = list(figures)
    worst = widest(listed)
    if worst is None:
        return 0.0, ""
    there = sum(f.half <= target for f in listed)
    return there / len(listed), (f"{there}/{len(listed)} within ±{target:g}; widest "
                                 f"±{worst.half:.1f} {worst.label}")


def until_text(looks: Plan, games: int, reached: bool) -> str:
    """What a ``--until`` run did, in a line: where it stopped and how wide its intervals
    are at each look (so that they hold at 95% over the whole run)."""
    look = looks.looks.index(games) + 1 if games in looks.looks else len(looks.looks)
    target = f"±{looks.target:g}"
    how = (f"every figure within {target} after look {look} of {len(looks.looks)}" if reached
           else f"stopped at the cap, {games} games, before every figure was within {target}")
    return (f"--until {looks.target:g}: {how} (shares in points, money in money); each "
            f"look's intervals at {100 * looks.level:.2f}%, so 95% over the whole run")
