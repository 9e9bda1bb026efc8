"""``--until``: looks planned ahead, each figure's intervals widened so that they hold at
95% over the whole run whenever it stops (``engine.runs.sequential``); checked on cases
with a known answer, and on whole comparisons and simulations."""

from __future__ import annotations

import json
import random

import pytest

from engine.cli import main
from engine.runs.comparison import compare
from engine.runs.errors import RunError
from engine.runs.sequential import ALPHA, plan, z_for
from engine.runs.stats import Z95, Running
from engine.runs.tournament import run


def test_the_looks_double_up_to_the_cap_in_whole_rotations() -> None:
    assert plan(2, 1000).looks == (100, 200, 400, 800, 1000)
    assert plan(2, 100).looks == (100,)
    assert plan(2, 30).looks == (30,)
    assert plan(2, 1000, step=3).looks == (102, 204, 408, 816, 1000)
    five = plan(1.5, 1600)
    assert len(five.looks) == 5 and five.level == pytest.approx(1 - ALPHA / 5)
    assert five.z == pytest.approx(2.5758, abs=1e-4)  # 99% two-sided
    assert z_for(0.05) == pytest.approx(Z95, abs=1e-3)


@pytest.mark.parametrize("bad", [0, -1, float("nan"), float("inf")])
def test_a_half_width_that_is_no_positive_number_is_refused(bad: float) -> None:
    with pytest.raises(RunError, match="--until must be a half-width above 0"):
        plan(bad, 1000)


def coverage(draw, truth: float, share: bool, z: float, looks: tuple[int, ...],
             reps: int, seed: int) -> float:
    """How often the interval at the stop covers ``truth`` when the run stops at the first
    look where it does not: the worst stopping rule there is (it stops exactly when the
    interval misses), so what covers under it covers under any rule."""
    rng = random.Random(seed)
    covered = 0
    for _ in range(reps):
        sample = Running()
        missed = False
        for n in looks:
            while sample.n < n:
                sample.add(draw(rng))
            interval = sample.share(z) if share else sample.normal(z)
            if not interval.low <= truth <= interval.high:
                missed = True
                break
        covered += not missed
    return covered / reps


LOOKS = plan(1, 1600).looks  # 100, 200, 400, 800, 1600


def test_a_win_share_known_to_be_a_quarter_is_covered_at_95_per_cent_however_it_stops() -> None:
    def win(rng: random.Random) -> float:
        return 1.0 if rng.random() < 0.25 else 0.0

    honest = coverage(win, 0.25, True, plan(1, 1600).z, LOOKS, 700, 1)
    naive = coverage(win, 0.25, True, Z95, LOOKS, 700, 1)
    # 700 runs: the Monte Carlo error of a 95% coverage is about 0.8 points.
    assert honest >= 0.93
    assert naive <= 0.91  # 95% intervals looked at five times miss far more than 5%


def test_mean_money_known_to_be_40_is_covered_at_95_per_cent_however_it_stops() -> None:
    def money(rng: random.Random) -> float:
        return rng.gauss(40.0, 12.0)

    honest = coverage(money, 40.0, False, plan(1, 1600).z, LOOKS, 700, 2)
    naive = coverage(money, 40.0, False, Z95, LOOKS, 700, 2)
    assert honest >= 0.93
    assert naive <= 0.91


def test_two_identical_variants_stop_at_the_first_look_with_no_difference() -> None:
    cmp = compare("medici", "medici", bots="random", games=3200, seed=7, jobs=1, until=6)
    assert cmp.reached and cmp.games in cmp.plan.looks and cmp.games < 3200
    for m in cmp.measures():
        assert m.diff == (0.0, 0.0, 0.0, 0.0) and not m.significant
        half = 100 * max(m.a.half, m.b.half) if m.kind == "share" else max(m.a.half, m.b.half)
        assert half <= 6


def test_two_clearly_different_variants_stop_with_the_difference_found() -> None:
    # A fourth day pays ships, majorities and bonuses once more (M-18): the winner ends
    # far richer, which the first looks already show.
    cmp = compare("medici", "medici-four-days", bots="random", games=3200, seed=3, jobs=1,
                  until=5)
    assert cmp.reached and cmp.games < 3200
    money = {m.key: m for m in cmp.measures()}["winning_money"]
    assert money.significant and money.diff.low > 5  # about +8.5 florins
    # Its intervals are the procedure's: wider than the fixed-size 95% ones.
    fixed = {m.key: m for m in cmp.tally.measures()}["winning_money"]
    assert money.diff.half > fixed.diff.half


def test_a_target_out_of_reach_stops_at_the_cap_and_says_so(capsys) -> None:
    assert main(["compare", "medici", "medici-rich", "--bots", "random", "--until", "0.5",
                 "--games", "150", "--jobs", "1", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["games"] == 150 and data["until"]["reached"] is False
    assert data["until"]["looks"] == [100, 150]
    assert main(["compare", "medici", "medici-rich", "--bots", "random", "--until", "0.5",
                 "--games", "150", "--jobs", "1", "--no-chart"]) == 0
    out = capsys.readouterr().out
    assert "stopped at the cap, 150 games, before every figure was within ±0.5" in out


def test_simulate_until_plays_whole_rotations_and_stops_when_every_figure_is_there(
        capsys) -> None:
    assert main(["simulate", "--players", "3", "--until", "8", "--jobs", "1", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["until"]["reached"] is True and data["games"] in data["until"]["looks"]
    assert data["games"] % 3 == 0 and data["balanced"]
    for row in data["bots"] + data["seats"]:
        assert 100 * row["win_share_ci95"] <= 8 and row["mean_money_ci95"] <= 8
    direct = run("medici", ["random"] * 3, data["until"]["looks"][-1], seed=1, jobs=1, until=8)
    assert direct.summary["games"] == data["games"] and direct.reached


def test_until_is_refused_when_it_is_no_positive_number(capsys) -> None:
    assert main(["simulate", "--until", "0", "--games", "10"]) == 2
    assert "--until must be a half-width above 0" in capsys.readouterr().err
    assert main(["compare", "medici", "medici-rich", "--until", "-3"]) == 2
    assert "--until must be a half-width above 0" in capsys.readouterr().err
