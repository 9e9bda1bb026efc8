"""``medici compare``: two variants, the same seeds, the figures that matter with 95% CIs."""

from __future__ import annotations

import builtins
import importlib.util
import json
from pathlib import Path
from typing import Any

import pytest

from engine.cli import main
from engine.runs.compare_report import format_report, text_chart
from engine.runs.comparison import (
    Comparison,
    GameResult,
    bot_list,
    compare,
    play_many,
)
from engine.runs.games import play_game
from engine.runs.random_play import play_random


@pytest.fixture(scope="module")
def four_days() -> Comparison:
    return compare("medici", "medici-four-days", bots="random", games=120, seed=1)


def measure(cmp: Comparison, key: str) -> Any:
    return {m.key: m for m in cmp.measures()}[key]


def test_both_variants_play_the_same_seeds() -> None:
    cmp = compare("medici", "medici-rich", players=3, bots="random", games=5, seed=40)
    for i, (a, b) in enumerate(zip(cmp.results_a, cmp.results_b, strict=True)):
        seed = 40 + i
        assert a == GameResult.from_summary(play_random("medici", 3, seed).summary())
        assert b == GameResult.from_summary(play_random("medici-rich", 3, seed).summary())
    # Same seed, same day-1 start player: the draw of chance does not depend on the money.
    assert [r.start_player for r in cmp.results_a] == [r.start_player for r in cmp.results_b]


def test_a_variant_against_itself_differs_by_exactly_nothing() -> None:
    cmp = compare("medici", "medici", bots="random", games=30, seed=3)
    for m in cmp.measures():
        assert m.a == m.b
        assert m.diff == (0.0, 0.0, 0.0, 0.0)
        assert not m.significant


def test_a_fourth_day_raises_the_winning_money(four_days: Comparison) -> None:
    # M-18 moved: one more scoring pays ships, majorities and bonuses once more.
    money = measure(four_days, "winning_money")
    assert money.diff[0] > 5 and money.significant
    assert money.games == 120
    assert all(len(r.period_ends) == 3 for r in four_days.results_a)
    assert all(len(r.period_ends) == 4 for r in four_days.results_b)


def test_figures_agree_with_the_games(four_days: Comparison) -> None:
    results = four_days.results_a
    winning = measure(four_days, "winning_money")
    assert winning.a[0] == pytest.approx(sum(max(r.money) for r in results) / len(results))
    seats = [measure(four_days, f"seat_{s}_wins").a[0] for s in (1, 2, 3, 4)]
    assert sum(seats) == pytest.approx(1.0)  # G-4: a shared victory is split, not doubled
    full = measure(four_days, "days_full_ships")
    empty = measure(four_days, "days_empty_pile")
    assert full.a[0] + empty.a[0] == pytest.approx(1.0)  # M-12: a day ends one way or the other
    assert full.b[0] + empty.b[0] == pytest.approx(1.0)
    start = measure(four_days, "start_player_wins")
    expected = sum(
        1 / len(r.winners) for r in results if r.start_player in r.winners
    ) / len(results)
    assert start.a[0] == pytest.approx(expected)
    for m in four_days.measures():
        assert m.a[1] > 0 and m.b[1] > 0, m.key  # every figure has an interval


def test_jobs_do_not_change_the_results() -> None:
    seeds = range(7, 15)
    bots = ("random",) * 4
    assert play_many("medici-loans", bots, seeds, jobs=2) == play_many(
        "medici-loans", bots, seeds, jobs=1
    )


def test_processes_play_the_same_pairs_as_one_process(tmp_path, monkeypatch) -> None:
    """``compare --jobs 2`` runs on the tournament's runner (the variant travels as its
    rules, so a house rules file needs no path in the workers)."""
    house = tmp_path / "house.yaml"
    house.write_text("extends: medici\nname: house\ndays: 2\n", encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    serial = compare("medici", "house.yaml", bots="random", games=6, seed=5, jobs=1)
    pooled = compare("medici", "house.yaml", bots="random", games=6, seed=5, jobs=2)
    assert pooled.results_a == serial.results_a
    assert pooled.results_b == serial.results_b
    assert all(len(r.period_ends) == 2 for r in pooled.results_b)


def test_report_and_chart_show_every_figure(four_days: Comparison) -> None:
    report = format_report(four_days)
    assert report.startswith(
        "A = medici, B = medici-four-days: 120 games each, 4 players, random bots, seeds 1..120"
    )
    for label in ("winning money", "score spread (1st - last)", "start player wins",
                  "seat 4 wins", "days ended by full ships", "days ended by empty pile"):
        assert label in report
    row = next(line for line in report.splitlines() if line.startswith("winning money"))
    assert row.rstrip().endswith("*")  # the difference is significant
    chart = text_chart(four_days, width=20, fancy=False)
    bars = [line for line in chart.splitlines() if " A #" in line or " B #" in line]
    assert len(bars) >= 2 * 9
    assert "█" not in chart


def test_bot_list() -> None:
    assert bot_list("greedy", 3) == ("greedy", "greedy", "greedy")
    assert bot_list("Greedy, random", 2) == ("greedy", "random")
    with pytest.raises(ValueError, match="--bots lists 2 bots but --players is 4"):
        bot_list("greedy,random", 4)


def test_bad_arguments_are_refused_clearly() -> None:
    with pytest.raises(ValueError, match="--players 2: both variants play with 3, 4, 5, 6"):
        compare("medici", "medici-amigo", players=2, bots="random", games=1)
    with pytest.raises(ValueError, match="medici-vs-strozzi is a medici-vs-strozzi variant"):
        compare("medici", "medici-vs-strozzi", bots="random", games=1, game="medici")
    with pytest.raises(ValueError, match="compare like with like"):
        compare("medici", "medici-vs-strozzi", bots="random", games=1)
    with pytest.raises(ValueError, match="--games must be at least 1"):
        compare("medici", "medici-rich", bots="random", games=0)


def test_bots_play_through_the_tournament_with_a_fixed_seat_each() -> None:
    cmp = compare("medici", "medici-rich", players=3, bots="greedy,random,random", games=4,
                  seed=5)
    assert cmp.bots == ("greedy", "random", "random")
    for i, result in enumerate(cmp.results_a):
        assert result == GameResult.from_summary(
            play_game("medici", ["greedy", "random", "random"], 5 + i)
        )
    with pytest.raises(ValueError, match="--bots: unknown bot 'nobody'"):
        compare("medici", "medici-rich", bots="nobody", games=1)


# -- the command ------------------------------------------------------------------------------


def test_compare_command_prints_the_table_and_the_chart(
    capsys: pytest.CaptureFixture[str],
) -> None:
    argv = ["compare", "medici", "medici-rich", "--game", "medici", "--players", "4",
            "--bots", "random", "--games", "20", "--seed", "5"]
    assert main(argv) == 0
    out = capsys.readouterr().out
    assert "A = medici, B = medici-rich: 20 games each, 4 players, random bots, seeds 5..24" in out
    assert "Who wins" in out and "How days end" in out
    assert main([*argv, "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["games"] == 20 and data["seeds"] == [5, 24]
    keys = [m["key"] for m in data["measures"]]
    assert keys[:4] == ["winning_money", "winning_margin", "score_spread", "start_player_wins"]


def test_compare_command_refuses_bad_arguments(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["compare", "medici", "medici-amigo", "--players", "2", "--bots", "random"]) == 2
    assert "medici compare: --players 2" in capsys.readouterr().err


def test_plot_falls_back_to_the_text_chart_without_matplotlib(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    real_import = builtins.__import__

    def no_matplotlib(name: str, *args: Any, **kwargs: Any) -> Any:
        if name.split(".")[0] == "matplotlib":
            raise ImportError("No module named 'matplotlib'")
        return real_import(name, *args, **kwargs)

    monkeypatch.setattr(builtins, "__import__", no_matplotlib)
    png = tmp_path / "c.png"
    argv = ["compare", "medici", "medici-rich", "--bots", "random", "--games", "5",
            "--plot", str(png), "--no-chart"]
    assert main(argv) == 0
    captured = capsys.readouterr()
    assert not png.exists()
    assert "matplotlib is not installed (pip install 'medici[plot]')" in captured.err
    assert "Who wins" in captured.out  # the text chart stands in for the picture


@pytest.mark.skipif(importlib.util.find_spec("matplotlib") is None, reason="needs [plot]")
def test_plot_writes_a_png(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    png = tmp_path / "c.png"
    argv = ["compare", "medici", "medici-rich", "--bots", "random", "--games", "10",
            "--plot", str(png)]
    assert main(argv) == 0
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_shares_at_0_and_100_per_cent_keep_a_wilson_interval() -> None:
    """Seat 1 wins all 8 games of A and none of B: not "100.0% ± 0.0%" but 67.6-100%."""
    won = [GameResult((9, 1), (0,), ("full_ships",), 0)] * 8
    lost = [GameResult((1, 9), (1,), ("full_ships",), 0)] * 8
    cmp = Comparison("medici", "medici-rich", "medici", 2, ("random", "random"), 1, won, lost)
    seat = measure(cmp, "seat_1_wins")
    assert (seat.a.mean, round(seat.a.low, 4), seat.a.high) == (1.0, 0.6756, 1.0)
    assert (seat.b.mean, seat.b.low, round(seat.b.high, 4)) == (0.0, 0.0, 0.3244)
    report = format_report(cmp)
    row = next(line for line in report.splitlines() if line.startswith("seat 1 wins"))
    assert "100.0% (67.6-100.0%)" in row and "0.0% (0.0-32.4%)" in row
    assert "100.0% (67.6-100.0%)" in text_chart(cmp, fancy=False)
    figures = {m["key"]: m for m in cmp.as_dict()["measures"]}
    one = figures["seat_1_wins"]
    assert (one["a_ci95_low"], one["a_ci95_high"], one["a_ci95"]) == (0.6756, 1.0, 0.1622)
    assert (one["b_ci95_low"], one["b_ci95_high"]) == (0.0, 0.3244)
    money = figures["winning_money"]  # a money figure keeps its normal interval
    assert money["a_ci95_low"] == money["a"] - money["a_ci95"] == 9.0


def test_compare_help_says_95_per_cent(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["compare", "--help"])
    text = capsys.readouterr().out
    assert "95% confidence" in text and "%%" not in text


def test_chunks_cover_the_seeds_in_order_and_shrink_towards_the_end() -> None:
    """The pairs travel in chunks that cover every seed once, in order, at most a batch
    long, and shrink as the seeds run out: the processes finish close together instead of
    one waiting on the other's last long chunk."""
    from engine.runs.comparison import _chunks

    seeds = range(1, 1001)
    chunks = list(_chunks(seeds, 2, ("greedy",) * 4))
    assert [s for chunk in chunks for s in chunk] == list(seeds)
    sizes = [len(chunk) for chunk in chunks]
    assert sizes == sorted(sizes, reverse=True)
    assert sizes[0] <= 33  # BATCH_MS of greedy games: 500 ms at about 15 ms a game
    assert sizes[-4:] == [1, 1, 1, 1]  # the last few alone, one seed a process in flight
    one = list(_chunks(range(5), 1, ("random",) * 4))
    assert [s for chunk in one for s in chunk] == [0, 1, 2, 3, 4]
