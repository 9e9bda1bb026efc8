"""Bot and tournament figures: MCTS speed, rollout cost, move times, games per second.

Run through ``python scripts/bench.py`` (which calls ``run``) or alone:
``python scripts/bench_bots.py [--quick]``. Nothing here asserts a time.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine import new_game  # noqa: E402
from engine.bots import make_bot  # noqa: E402
from engine.chance import Rng  # noqa: E402
from engine.game import Game, game_from_view  # noqa: E402
from engine.tournament import run as run_tournament  # noqa: E402


def _first_decision(variant: str, players: int, seed: int) -> Game:
    """A new game moved on to its first real decision (a lot of one card to stop or grow)."""
    game = new_game(variant, players, seed=seed)
    game.apply("draw")
    return game


def _first_bid(variant: str, players: int, seed: int) -> Game:
    """A new game moved on to its first auction (Medici) or price (Medici vs Strozzi)."""
    game = new_game(variant, players, seed=seed)
    game.apply("draw")
    game.apply("stop")
    return game


def mcts_rate(
    variant: str, players: int, iterations: int, at: str = "bid"
) -> tuple[float, float]:
    """MCTS iterations per second (wall clock, CPU) at the first bid (or first decision)."""
    game = (_first_bid if at == "bid" else _first_decision)(variant, players, 1)
    seat = game.current_player
    bot = make_bot(f"mcts:{iterations}", 1)
    wall, cpu = time.perf_counter(), time.thread_time()
    bot.choose(game.view(seat), game.legal_actions(), game.variant)
    return iterations / (time.perf_counter() - wall), iterations / (time.thread_time() - cpu)


def _rollout_parts(variant: Any, players: int) -> tuple[Any, Any, Any, Any]:
    """(horizon, the searching player's rollout move, an opponent's, the prior over the
    opponents' types) of the tree's bots: its parts (``engine.bots.parts``), or the one
    model of a tree from before them (commit 61198a6, which ``scripts/bench.py`` measures
    beside)."""
    try:
        from engine.bots.parts import build_parts
    except ImportError:
        from engine.bots.models import model_for  # type: ignore[import-not-found]

        model = model_for(variant)
        return (model.horizon, model.rollout_move, model.opponent_move,
                model.prior(players))
    parts = build_parts(variant)
    policy = parts.policy
    return (parts.evaluator.horizon, lambda game, rng: policy.rollout_move(game, None, rng),
            parts.opponents.move, parts.opponents.prior(players))


def rollout_cost(variant: str, players: int, count: int) -> tuple[float, float]:
    """µs per rollout (the policy playing a sampled game from the start to the day's end)
    and µs per rollout move, in CPU time (what else runs on the machine does not count)."""
    game = _first_decision(variant, players, 2)
    seat = game.current_player
    view = game.view(seat)
    horizon, mine, theirs, prior = _rollout_parts(game.variant, players)
    rng = Rng(3)
    moves = 0
    took = 0.0
    for i in range(count):
        sample = game_from_view(game.variant, view, i)
        kinds = [None if q == seat else prior.sample(q, rng) for q in range(players)]
        mark = horizon(sample)
        move = getattr(sample, "push", sample.apply)  # the fast path, as the search moves
        start = time.thread_time()
        while not sample.is_over and horizon(sample) == mark:
            mover = sample.current_player
            if mover == seat:
                move(mine(sample, rng))
            else:
                move(theirs(sample, kinds[mover], rng))
            moves += 1
        took += time.thread_time() - start
    return took / count * 1e6, took / moves * 1e6


def move_times(
    variant: str, players: int, games: int, rivals: str = "greedy", spec: str = "mcts"
) -> tuple[float, float, float, int]:
    """Mean, 99th percentile and longest seconds of a ``spec`` move (default-strength
    ``mcts`` unless told) over whole games in seat 0, the other seats ``rivals`` (the whole
    ``choose``: view checks, setup and search), and how many moves."""
    times = []
    for seed in range(games):
        game = new_game(variant, players, seed=seed)
        bots = [make_bot(spec if s == 0 else rivals, seed) for s in range(players)]
        while not game.is_over:
            seat = game.current_player
            assert seat is not None
            start = time.perf_counter()
            action = bots[seat].choose(game.view(seat), game.legal_actions(), game.variant)
            if seat == 0:
                times.append(time.perf_counter() - start)
            game.apply(action)
    times.sort()
    return sum(times) / len(times), times[int(0.99 * (len(times) - 1))], times[-1], len(times)


def levels(quick: bool) -> None:
    """Each level's move time in both games (at most 1 s a move, as the default bot)."""
    from engine.bots.levels import NAMES

    for variant, players in (("medici", 4), ("medici-vs-strozzi", 2)):
        for level in NAMES:
            games = 1 if quick or level == "master" else 10
            mean, p99, longest, count = move_times(variant, players, games, "greedy", level)
            print(f"{variant} {players}p: {level} move {1000 * mean:.1f} ms on average, "
                  f"{1000 * p99:.1f} ms at the 99th percentile, {1000 * longest:.1f} ms at "
                  f"most ({count} moves of {games} whole games against greedy)")


def games_rate(variant: str, bots: list[str], games: int, jobs: int) -> float:
    """Simulated games per second through the tournament runner."""
    start = time.perf_counter()
    run_tournament(variant, bots, games, seed=1, jobs=jobs)
    return games / (time.perf_counter() - start)


def run(quick: bool) -> None:
    """Print the bots' figures."""
    print("== bots ==")
    iterations = 200 if quick else 1000
    for variant, players in (("medici", 4), ("medici-vs-strozzi", 2)):
        wall, cpu = mcts_rate(variant, players, iterations)
        first_wall, first_cpu = mcts_rate(variant, players, iterations, at="draw")
        per_rollout, per_move = rollout_cost(variant, players, 20 if quick else 100)
        print(f"{variant} {players}p: MCTS {wall:6.0f} iterations/s at the first bid or price "
              f"({cpu:.0f}/s of CPU), {first_wall:.0f}/s at the first draw "
              f"({first_cpu:.0f}/s of CPU); a rollout to the end of the day/round "
              f"{per_rollout / 1000:.2f} ms ({per_move:.1f} µs a move)")
    games = 1 if quick else 3
    for variant, players, rivals in (
        ("medici", 4, "greedy"), ("medici", 4, "thrifty"), ("medici", 5, "racer"),
        ("medici-vs-strozzi", 2, "greedy"),
    ):
        mean, _, longest, count = move_times(variant, players, games, rivals)
        print(f"{variant} {players}p: default mcts move {mean:.2f} s on average, {longest:.2f} s "
              f"at most ({count} moves of {games} whole games against {rivals})")
    levels(quick)
    games = 3 if quick else 40
    for variant, players, rivals in (
        ("medici", 3, "racer"), ("medici", 4, "thrifty"), ("medici", 5, "face"),
        ("medici", 6, "greedy"), ("medici-vs-strozzi", 2, "spoiler"),
    ):
        mean, p99, longest, count = move_times(variant, players, games, rivals, "greedy")
        print(f"{variant} {players}p: greedy move {1000 * mean:.2f} ms on average, "
              f"{1000 * p99:.2f} ms at the 99th percentile, {1000 * longest:.2f} ms at most "
              f"({count} moves of {games} whole games against {rivals})")
    cores = os.cpu_count() or 1
    for variant, bots, games in (
        ("medici", ["random"] * 4, 200 if quick else 2000),
        ("medici", ["greedy", "random", "random", "random"], 40 if quick else 400),
        ("medici-vs-strozzi", ["greedy", "random"], 40 if quick else 400),
    ):
        one = games_rate(variant, bots, games, 1)
        every = games_rate(variant, bots, games, cores)
        print(f"{variant} {','.join(bots)}: {one:7.1f} games/s with 1 job, "
              f"{every:7.1f} with {cores} jobs")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--quick", action="store_true", help="fewer repetitions")
    run(parser.parse_args().quick)
