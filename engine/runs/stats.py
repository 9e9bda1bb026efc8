"""Confidence intervals for the figures that simulations report.

A share (of wins, of days ending one way) is a proportion: its interval is the Wilson
score interval, which stays inside 0..1 and does not shrink to nothing when every game
went the same way (the normal approximation claims 100% ± 0% after eight wins out of
eight). Other means (money) keep the normal interval (``mean_ci``).

Every interval takes its normal quantile ``z`` (``Z95`` unless given): a sequential run
(``engine.runs.sequential``) asks for a wider one at each of its looks.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import NamedTuple

Z95 = 1.96
"""The normal quantile of a two-sided 95% interval."""


def mean_ci(values: Sequence[int] | Sequence[float]) -> tuple[float, float]:
    """Mean and the half-width of its 95% normal confidence interval."""
    n = len(values)
    if n == 0:
        return 0.0, 0.0
    mean = sum(values) / n
    if n < 2:
        return mean, 0.0
    var = sum((v - mean) ** 2 for v in values) / (n - 1)
    return mean, Z95 * math.sqrt(var / n)


class Interval(NamedTuple):
    """A mean with its 95% interval: ``low``..``high``, and ``half`` = (high - low) / 2."""

    mean: float
    half: float
    low: float
    high: float


def share_interval(values: Sequence[float]) -> Interval:
    """The mean of shares (each 0..1) and its 95% Wilson score interval.

    A shared victory counts 1/k (G-4), so a value may lie between 0 and 1; the interval
    takes the mean as the observed proportion of ``len(values)`` trials. No values: all 0.
    """
    return share_interval_of(len(values), sum(values))


def share_interval_of(n: int, total: float, z: float = Z95) -> Interval:
    """``share_interval`` from a sample's size and sum alone (what a ``Running`` keeps)."""
    if n == 0:
        return Interval(0.0, 0.0, 0.0, 0.0)
    p = total / n
    z2 = z * z
    scale = 1 + z2 / n
    centre = (p + z2 / (2 * n)) / scale
    spread = z * math.sqrt(max(p * (1 - p), 0.0) / n + z2 / (4 * n * n)) / scale
    # In exact arithmetic low <= p <= high; clamp so rounding (p = 0 gives low ~ 1e-18)
    # cannot put the share outside its own interval.
    low = min(max(0.0, centre - spread), p)
    high = max(min(1.0, centre + spread), p)
    return Interval(p, (high - low) / 2, low, high)


def mean_interval(values: Sequence[float]) -> Interval:
    """The mean and its 95% normal interval (``mean_ci``) as an Interval."""
    mean, half = mean_ci(values)
    return Interval(mean, half, mean - half, mean + half)


def share_text(share: float, low: float, high: float, width: int = 0) -> str:
    """A share and its interval's ends in per cent, as reports print them:
    ``95.8% (79.8-99.3%)``; ``width`` pads the share itself, so that columns line up."""
    return f"{100 * share:>{width}.1f}% ({100 * low:.1f}-{100 * high:.1f}%)"


class Running:
    """A sample kept as it arrives: its size, sum and spread, never the values themselves.

    So a run of any length summarises in constant memory. The sum is added up in arrival
    order (the same float as ``sum(values)``); the spread is Welford's running sum of
    squared deviations, numerically stable over millions of values.
    """

    __slots__ = ("n", "total", "_mean", "_m2")

    def __init__(self) -> None:
        self.n = 0
        self.total: float = 0
        self._mean = 0.0
        self._m2 = 0.0

    def add(self, value: float) -> None:
        """Take one more value."""
        self.n += 1
        self.total += value
        delta = value - self._mean
        self._mean += delta / self.n
        self._m2 += delta * (value - self._mean)

    def share(self, z: float = Z95) -> Interval:
        """The values as shares (each 0..1): their mean and Wilson interval (``share_interval``)."""
        return share_interval_of(self.n, self.total, z)

    def normal(self, z: float = Z95) -> Interval:
        """The mean and its 95% normal interval, as ``mean_interval`` gives for the values
        (``z``: another quantile)."""
        if self.n == 0:
            return Interval(0.0, 0.0, 0.0, 0.0)
        mean = self.total / self.n
        half = z * math.sqrt(max(self._m2, 0.0) / (self.n - 1) / self.n) if self.n > 1 else 0.0
        return Interval(mean, half, mean - half, mean + half)
