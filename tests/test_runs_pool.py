"""The one process runner (``engine.runs.pool``), the line-up parser (``engine.runs.lineup``)
and the runners' old module paths."""

from __future__ import annotations

import importlib

import pytest

from engine.rules import load_variant
from engine.runs.errors import RunError
from engine.runs.lineup import (
    LineupError,
    bot_lineup,
    default_player_count,
    shared_player_count,
)
from engine.runs.pool import MAX_JOBS, Runner, map_items, workers_for


def square_plus_seeded(item: int) -> tuple[int, int]:
    """A picklable function of an item alone (its own seed): the same result anywhere."""
    import random

    return item, random.Random(item).randrange(1000) + item * item


def test_map_items_gives_every_result_in_order_whatever_the_jobs() -> None:
    items = list(range(37))
    serial = list(map_items(square_plus_seeded, items, jobs=1))
    pooled = list(map_items(square_plus_seeded, items, jobs=2, chunk=3))
    assert serial == pooled == [square_plus_seeded(i) for i in items]


def test_progress_hears_the_items_done_in_order_up_to_all() -> None:
    heard: list[int] = []
    list(map_items(square_plus_seeded, range(10), jobs=2, progress=heard.append, chunk=4))
    assert heard == [4, 8, 10]


def test_a_runner_keeps_its_processes_between_maps_and_says_where_it_ran() -> None:
    with Runner(jobs=2) as runner:
        assert runner.how == "serial"  # nothing spread yet
        first = list(runner.map(square_plus_seeded, range(5), chunk=1))
        pool = runner._pool
        second = list(runner.map(square_plus_seeded, range(5, 9), chunk=1))
        assert runner._pool is pool and pool is not None
        assert runner.how == "2 processes"
    assert runner._pool is None
    assert first + second == [square_plus_seeded(i) for i in range(9)]


def test_one_job_runs_here_and_bad_jobs_are_refused() -> None:
    with Runner(jobs=1) as runner:
        assert list(runner.map(square_plus_seeded, [3])) == [square_plus_seeded(3)]
        assert runner._pool is None and runner.how == "serial"
    assert workers_for(None) >= 1 and workers_for(0) == workers_for(None)
    for bad in (-1, MAX_JOBS + 1):
        with pytest.raises(RunError, match=f"jobs must be at least 1 and at most {MAX_JOBS}"):
            workers_for(bad)
    with pytest.raises(RunError, match="not both"):
        Runner(jobs=2, scheduler="tcp://x:1", dask_local=True)


def test_the_default_player_count_is_four_where_the_game_seats_four() -> None:
    assert default_player_count(load_variant("medici")) == 4
    assert default_player_count(load_variant("medici-vs-strozzi")) == 2
    assert default_player_count([3, 5, 6]) == 3
    with pytest.raises(LineupError, match="seats no player count"):
        default_player_count([])
    amigo = load_variant("medici-amigo")
    assert shared_player_count([load_variant("medici"), amigo]) == 4
    with pytest.raises(LineupError, match="--players 2: both variants play with 3, 4, 5, 6"):
        shared_player_count([load_variant("medici"), amigo], 2)
    with pytest.raises(LineupError, match="no player count in common"):
        shared_player_count([amigo, load_variant("medici-vs-strozzi")])


def test_bot_lineup_reads_one_bot_for_all_or_one_a_seat() -> None:
    counts = [2, 3, 4, 5, 6]
    assert bot_lineup("greedy", 3) == ("greedy",) * 3
    assert bot_lineup("Greedy, random", None, counts) == ("greedy", "random")
    assert bot_lineup(None, None, counts) == ("random",) * 4
    assert bot_lineup("greedy", None, [2]) == ("greedy", "greedy")
    assert bot_lineup(["mcts:5", "random"], 2) == ("mcts:5", "random")


@pytest.mark.parametrize(("bots", "players", "counts", "says"), [
    ("greedy,random", 4, None, "--bots lists 2 bots but --players is 4: give one bot for "
                               "every seat (e.g. --bots greedy,greedy,greedy,greedy)"),
    ("greedy,,random", None, [3], "has an empty entry"),
    ("greedy,wizard", None, [2], "--bots: unknown bot 'wizard'"),
    ("greedy,random,random", None, [2], "the game seats 2 players"),
    ("greedy", 9, [2, 3], "--players 9: the game seats 2, 3 players, not 9"),
    ("greedy", None, None, "--players is needed"),
])
def test_bot_lineup_refuses_what_cannot_be_seated_saying_what_would_do(
        bots: str, players: int | None, counts: list[int] | None, says: str) -> None:
    with pytest.raises(LineupError, match=says.replace("(", r"\(").replace(")", r"\)")):
        bot_lineup(bots, players, counts)


@pytest.mark.parametrize(("old", "new", "names"), [
    ("engine.tournament", "engine.runs.tournament", ["run", "check_games", "MAX_GAMES"]),
    ("engine.tournament", "engine.runs.games", ["play_game", "bot_seed", "lineup"]),
    ("engine.tournament", "engine.runs.tally", ["Tally", "summarise", "win_shares"]),
    ("engine.tournament", "engine.runs.report", ["report"]),
    ("engine.tournament", "engine.runs.errors", ["TournamentError"]),
    ("engine.compare", "engine.runs.comparison", ["compare", "Comparison", "bot_list"]),
    ("engine.compare", "engine.runs.compare_report", ["format_report", "text_chart"]),
    ("engine.simulate", "engine.runs.random_play", ["play_random", "random_choice"]),
    ("engine.league", "engine.runs.league", ["play", "report", "Match"]),
    ("engine.stats", "engine.runs.stats", ["share_interval", "Running", "Z95"]),
])
def test_the_old_module_paths_keep_their_public_names(old: str, new: str,
                                                      names: list[str]) -> None:
    before, after = importlib.import_module(old), importlib.import_module(new)
    for name in names:
        assert getattr(before, name) is getattr(after, name), name
