"""The tournament runner: seat rotation, statistics, parallel and Dask runs, the command."""

from __future__ import annotations

import csv
import io
import json
import math
from pathlib import Path

import pytest

from engine.cli import main
from engine.errors import MediciError
from engine.runs.errors import TournamentError
from engine.runs.games import lineup, play_game
from engine.runs.progress import Progress
from engine.runs.random_play import play_random
from engine.runs.report import report
from engine.runs.stats import share_interval
from engine.runs.tally import summarise
from engine.runs.tournament import Run, batches, run


# -- seats -------------------------------------------------------------------------------------
def test_seats_rotate_so_every_bot_sits_everywhere_equally() -> None:
    bots = ["a", "b", "c"]
    seats = [lineup(bots, i) for i in range(6)]
    assert seats[:3] == [["a", "b", "c"], ["b", "c", "a"], ["c", "a", "b"]]
    assert seats[3:] == seats[:3]
    for bot in bots:
        for seat in range(3):
            assert sum(s[seat] == bot for s in seats) == 2


def test_a_run_plays_game_i_from_seed_plus_i_with_the_lineup_rotated() -> None:
    result = run("medici", ["greedy", "random", "random"], games=4, seed=30, jobs=1)
    assert [r["game"] for r in result.records] == [0, 1, 2, 3]
    assert [r["seed"] for r in result.records] == [30, 31, 32, 33]
    assert [r["bots"].index("greedy") for r in result.records] == [0, 2, 1, 0]
    again = play_game("medici", result.records[1]["bots"], 31)
    assert {k: result.records[1][k] for k in again} == again


def test_play_game_returns_the_summary_and_the_bots() -> None:
    record = play_game("medici-vs-strozzi", ["greedy", "random"], 4)
    assert record["bots"] == ["greedy", "random"] and record["seed"] == 4
    assert {"money", "winners", "round_ends"} <= set(record)


def test_random_lineups_play_exactly_as_plain_random_simulation() -> None:
    record = play_game("medici", ["random"] * 5, 12)
    game = play_random("medici", 5, 12)
    assert record["money"] == game.summary()["money"]
    assert record["winners"] == game.winners


# -- statistics ----------------------------------------------------------------------------------
KNOWN = [
    {"game": 0, "seed": 1, "bots": ["A", "B"], "money": [10, 5], "winners": [0]},
    {"game": 1, "seed": 2, "bots": ["B", "A"], "money": [7, 7], "winners": [0, 1]},  # G-4
    {"game": 2, "seed": 3, "bots": ["A", "B"], "money": [3, 9], "winners": [1]},
    {"game": 3, "seed": 4, "bots": ["B", "A"], "money": [8, 2], "winners": [0]},
]


def _half(values: list[float]) -> float:
    mean = sum(values) / len(values)
    var = sum((v - mean) ** 2 for v in values) / (len(values) - 1)
    return 1.96 * math.sqrt(var / len(values))


def test_statistics_per_bot_and_per_seat_on_a_known_case() -> None:
    s = summarise(KNOWN, ["A", "B"], "medici")
    a, b = s["bots"]
    assert (a["bot"], a["games"], a["seats"]) == ("A", 4, 1)
    # A won game 0, shared game 1 (half a win), lost games 2 and 3.
    assert a["win_share"] == pytest.approx(1.5 / 4)
    assert b["win_share"] == pytest.approx(2.5 / 4)
    assert a["mean_money"] == pytest.approx((10 + 7 + 3 + 2) / 4)
    assert b["mean_money"] == pytest.approx((5 + 7 + 9 + 8) / 4)
    assert a["mean_money_ci95"] == pytest.approx(_half([10, 7, 3, 2]), abs=0.01)
    # A share's interval is Wilson's (engine.runs.stats), the half-width of its two ends.
    wilson = share_interval([1, 0.5, 0, 0])
    assert (a["win_share_ci95_low"], a["win_share_ci95_high"]) == (
        round(wilson.low, 4), round(wilson.high, 4))
    assert a["win_share_ci95"] == pytest.approx((wilson.high - wilson.low) / 2, abs=1e-4)
    one, two = s["seats"]
    assert one["win_share"] == pytest.approx(2.5 / 4) and two["win_share"] == pytest.approx(1.5 / 4)
    assert one["mean_money"] == pytest.approx(7.0) and two["mean_money"] == pytest.approx(5.75)
    assert s["balanced"] and s["fair_share"] == 0.5 and s["games"] == 4


def test_a_bot_listed_twice_counts_per_seat_it_holds() -> None:
    records = [
        {"game": 0, "seed": 1, "bots": ["r", "r", "g"], "money": [1, 2, 3], "winners": [2]},
        {"game": 1, "seed": 2, "bots": ["r", "g", "r"], "money": [4, 1, 1], "winners": [0]},
    ]
    s = summarise(records, ["r", "r", "g"], "medici")
    r, g = s["bots"]
    assert (r["seats"], r["games"], g["games"]) == (2, 4, 2)
    assert r["win_share"] == pytest.approx(1 / 4) and g["win_share"] == pytest.approx(1 / 2)
    assert summarise(records[:1], ["r", "r", "g"], "medici")["balanced"] is False


def test_a_bot_that_wins_every_game_still_gets_an_interval() -> None:
    """8 wins of 8: the normal approximation gave 100.0% ± 0.0%; Wilson gives 67.6-100%."""
    records = [
        {"game": i, "seed": i, "bots": lineup(["A", "B"], i), "money": [9, 1] if i % 2 == 0
         else [1, 9], "winners": [0 if i % 2 == 0 else 1]}
        for i in range(8)
    ]
    s = summarise(records, ["A", "B"], "medici")
    a, b = s["bots"]
    assert a["win_share"] == 1.0 and b["win_share"] == 0.0
    assert (a["win_share_ci95_low"], a["win_share_ci95_high"]) == (0.6756, 1.0)
    assert a["win_share_ci95"] == pytest.approx(0.1622, abs=1e-4)
    assert (b["win_share_ci95_low"], b["win_share_ci95_high"]) == (0.0, 0.3244)
    text = report(Run(s, records, 0.1))
    assert "100.0% (67.6-100.0%)" in text and "0.0% (0.0-32.4%)" in text


def test_simulate_json_gives_each_share_its_interval_ends(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["simulate", "--bots", "greedy,random", "--games", "4", "--jobs", "1",
                 "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    for row in out["bots"] + out["seats"]:
        low, high = row["win_share_ci95_low"], row["win_share_ci95_high"]
        assert 0 <= low <= row["win_share"] <= high <= 1 and high - low > 0
        assert row["win_share_ci95"] == pytest.approx((high - low) / 2, abs=1e-4)


def test_simulate_help_says_95_per_cent(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["simulate", "--help"])
    text = capsys.readouterr().out
    assert "95% confidence" in text and "%%" not in text


def test_report_shows_bots_seats_intervals_and_imbalance() -> None:
    result = run("medici", ["greedy", "random"], games=3, seed=2, jobs=1)
    text = report(result)
    assert "3 games of medici, 2 players" in text
    assert "not a multiple of 2" in text
    assert "greedy" in text and "±" in text and "seat" in text and "% (" in text


# -- parallel and Dask --------------------------------------------------------------------------
def test_batches_cover_every_game_once() -> None:
    for games, workers, bots in [(1, 4, ["random"]), (401, 2, ["greedy"]), (9, 3, ["mcts:5"])]:
        parts = batches(games, workers, bots)
        assert sorted(i for p in parts for i in p) == list(range(games))
    assert len(batches(9, 3, ["mcts:5"])) == 9  # slow games: one a batch
    assert len(batches(5, 2, ["random"])) == 1  # too small to be worth the processes


def test_a_process_pool_gives_the_same_results_as_a_serial_run() -> None:
    bots = ["greedy", "random", "mcts:2"]
    serial = run("medici", bots, games=6, seed=9, jobs=1)
    pooled = run("medici", bots, games=6, seed=9, jobs=2)
    assert pooled.workers.endswith("processes")
    assert pooled.records == serial.records
    assert pooled.summary == serial.summary


def test_a_local_dask_cluster_gives_the_same_results_as_a_serial_run() -> None:
    pytest.importorskip(
        "distributed", reason="Dask is not installed: pip install '.[dask]' to run this test"
    )
    bots = ["greedy", "random"]
    serial = run("medici-vs-strozzi", bots, games=6, seed=3, jobs=1)
    dask = run("medici-vs-strozzi", bots, games=6, seed=3, jobs=2, dask_local=True)
    assert dask.workers.startswith("local Dask")
    assert dask.records == serial.records
    assert dask.summary == serial.summary


def test_a_dask_scheduler_address_gives_the_same_results_as_a_serial_run() -> None:
    distributed = pytest.importorskip(
        "distributed", reason="Dask is not installed: pip install '.[dask]' to run this test"
    )
    bots = ["greedy", "random", "random"]
    serial = run("medici", bots, games=5, seed=8, jobs=1)
    with distributed.LocalCluster(
        n_workers=1, threads_per_worker=1, processes=False, dashboard_address=None
    ) as cluster:
        remote = run("medici", bots, games=5, seed=8, scheduler=cluster.scheduler_address)
    assert remote.workers == f"Dask at {cluster.scheduler_address}"
    assert remote.records == serial.records and remote.summary == serial.summary


def test_bad_runs_are_refused_with_what_would_do() -> None:
    with pytest.raises(TournamentError, match="plays with 2 players"):
        run("medici-vs-strozzi", ["greedy", "random", "random"], games=2)
    with pytest.raises(MediciError, match="unknown bot 'bogus'"):
        run("medici", ["greedy", "bogus"], games=2)
    with pytest.raises(TournamentError, match="at least 1"):
        run("medici", ["greedy", "random"], games=0)
    with pytest.raises(TournamentError, match="not both"):
        run("medici", ["greedy", "random"], games=2, scheduler="tcp://x:1", dask_local=True)


# -- progress -----------------------------------------------------------------------------------
class FakeTerminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_the_progress_bar_draws_only_on_a_terminal() -> None:
    quiet = io.StringIO()
    bar = Progress(10, quiet, delay=0)
    bar.update(5)
    bar.close()
    assert quiet.getvalue() == ""
    screen = FakeTerminal()
    bar = Progress(10, screen, delay=0)
    bar.update(10)
    bar.close()
    assert "10/10 games" in screen.getvalue() and screen.getvalue().endswith("\n")


# -- the command ------------------------------------------------------------------------------
def test_simulate_without_bots_plays_random_as_before(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "--players", "3", "--games", "6", "--seed", "4", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["players"] == 3 and out["games"] == 6
    assert [b["bot"] for b in out["bots"]] == ["random"]
    wins = [0.0] * 3
    for i in range(6):
        winners = play_random("medici", 3, 4 + i).winners
        for w in winners:
            wins[w] += 1 / len(winners)
    assert [s["win_share"] for s in out["seats"]] == [round(w / 6, 4) for w in wins]


def test_simulate_with_bots_writes_json_and_csv(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out_file, csv_file = tmp_path / "run.json", tmp_path / "run.csv"
    code = main([
        "simulate", "--game", "medici-vs-strozzi", "--bots", "greedy,random", "--games", "4",
        "--seed", "2", "--jobs", "1", "--out", str(out_file), "--csv", str(csv_file),
    ])
    assert code == 0
    text = capsys.readouterr().out
    assert "4 games of medici-vs-strozzi" in text and "greedy" in text
    saved = json.loads(out_file.read_text())
    assert len(saved["results"]) == 4 and saved["lineup"] == ["greedy", "random"]
    rows = list(csv.DictReader(csv_file.open()))
    assert len(rows) == 8
    assert {r["bot"] for r in rows if r["game"] == "1" and r["seat"] == "1"} == {"random"}
    shares = sum(float(r["win_share"]) for r in rows)
    assert shares == pytest.approx(4.0)


@pytest.mark.parametrize(
    ("argv", "says"),
    [
        (["--bots", "greedy,random", "--players", "4"], "lists 2 bots but --players is 4"),
        (["--bots", "greedy,,random"], "empty entry"),
        (["--bots", "greedy,wizard"], "unknown bot 'wizard'"),
        (["--players", "9"], "not 9"),
        (["--jobs", "0"], "--jobs must be at least 1"),
        (["--out", "/no/such/folder/x.json"], "no such folder"),
    ],
)
def test_simulate_refuses_bad_options_clearly(
    argv: list[str], says: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["simulate", "--games", "2", *argv]) == 2
    assert says in capsys.readouterr().err


def test_simulate_takes_a_scheduler_or_a_local_cluster_not_both() -> None:
    with pytest.raises(SystemExit):
        main(["simulate", "--scheduler", "tcp://h:8786", "--dask", "local"])
