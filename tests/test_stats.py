"""Confidence intervals of shares (engine.runs.stats): Wilson score intervals, never 100% ± 0%."""

from __future__ import annotations

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from engine.runs.stats import mean_interval, share_interval, share_text


@pytest.mark.parametrize(
    ("wins", "games", "low", "high"),
    [
        # Published 95% Wilson intervals (z = 1.96).
        (0, 10, 0.0, 0.2775),
        (8, 8, 0.6756, 1.0),
        (50, 100, 0.4038, 0.5962),
        (1, 4, 0.0456, 0.6994),
    ],
)
def test_wilson_interval_matches_known_values(
    wins: int, games: int, low: float, high: float
) -> None:
    got = share_interval([1.0] * wins + [0.0] * (games - wins))
    assert got.mean == pytest.approx(wins / games)
    assert (got.low, got.high) == (pytest.approx(low, abs=1e-4), pytest.approx(high, abs=1e-4))
    assert got.half == pytest.approx((got.high - got.low) / 2)


def test_all_wins_or_no_wins_still_leave_an_interval() -> None:
    """The normal approximation says 100% ± 0% after 8 wins of 8; Wilson does not."""
    for value in (0.0, 1.0):
        interval = share_interval([value] * 8)
        assert interval.half > 0.1 and interval.low <= value <= interval.high


def test_shared_victories_count_as_fractions() -> None:
    """G-4: a shared victory counts 1/k; the interval takes the mean as the proportion."""
    interval = share_interval([1.0, 0.5, 0.0, 0.0])
    assert interval.mean == pytest.approx(0.375)
    assert interval.low < 0.375 < interval.high


def test_no_values_give_an_empty_interval() -> None:
    assert share_interval([]) == (0.0, 0.0, 0.0, 0.0)


@settings(max_examples=200, deadline=None)
@given(st.integers(0, 400), st.integers(1, 400))
@example(0, 135)  # rounding once put low at 1.7e-18 > 0 = the share
def test_wilson_interval_stays_in_0_1_around_the_share(wins: int, extra: int) -> None:
    games = wins + extra if wins else extra
    interval = share_interval([1.0] * wins + [0.0] * (games - wins))
    assert 0.0 <= interval.low <= interval.mean <= interval.high <= 1.0
    assert interval.high - interval.low > 0


def test_mean_interval_is_symmetric_and_share_text_shows_the_ends() -> None:
    interval = mean_interval([10, 7, 3, 2])
    assert interval.mean - interval.low == pytest.approx(interval.high - interval.mean)
    assert share_text(0.958, 0.798, 0.993) == "95.8% (79.8-99.3%)"
    assert share_text(0.0, 0.0, 0.138, 5) == "  0.0% (0.0-13.8%)"
