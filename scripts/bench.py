"""Benchmarks: print the figures the issues ask for. Not a test: nothing here asserts a time.

Run: ``python scripts/bench.py`` (add ``--quick`` for a short run). Sections of other parts
of the project live in ``scripts/bench_*.py``, each with ``run(quick: bool) -> None``; they
are run after the engine's own figures, in name order.
"""

from __future__ import annotations

import argparse
import importlib.util
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from engine import load_variant, new_game  # noqa: E402
from engine.chance import Rng  # noqa: E402
from engine.simulate import play_random, random_action  # noqa: E402


def engine_figures(variant: str, counts: list[int], quick: bool) -> None:
    """Random games per second per player count, µs per apply and per clone."""
    var = load_variant(variant)
    games = 60 if quick else 400
    print(f"== {variant}: random play ==")
    for players in counts:
        played = []
        start = time.perf_counter()
        for seed in range(games):
            played.append(play_random(var, players, seed))
        took = time.perf_counter() - start
        actions = sum(1 for g in played for e in g.events if var.logic.action_of(e) is not None)
        print(f"{players} players: {games / took:8.0f} games/s  "
              f"({actions / games:.0f} actions a game, {took / actions * 1e6:.2f} µs an action "
              f"including choosing it)")
    players = counts[len(counts) // 2]
    # Apply alone: replay recorded choices, so choosing costs nothing.
    rng = Rng(7)
    scripts = []
    for seed in range(games // 4):
        game = new_game(var, players, seed=seed)
        moves = []
        while not game.is_over:
            act = random_action(game, rng)
            moves.append(act)
            game.apply(act)
        scripts.append((seed, moves))
    total = 0
    took = 0.0
    for seed, moves in scripts:
        game = new_game(var, players, seed=seed)
        apply = game.apply
        start = time.perf_counter()
        for act in moves:
            apply(act)
        took += time.perf_counter() - start
        total += len(moves)
    print(f"apply ({players} players): {took / total * 1e6:.2f} µs")
    game = new_game(var, players, seed=1)
    for _ in range(30):
        game.apply(random_action(game, rng))
    n = 5000 if quick else 20000
    start = time.perf_counter()
    for _ in range(n):
        game.clone()
    print(f"clone ({players} players, mid-game): {(time.perf_counter() - start) / n * 1e6:.2f} µs")
    start = time.perf_counter()
    for _ in range(n):
        game.legal_actions()
    print(f"legal_actions: {(time.perf_counter() - start) / n * 1e6:.2f} µs")


def main() -> None:
    """Run every section."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--quick", action="store_true", help="fewer repetitions")
    args = parser.parse_args()
    engine_figures("medici", [2, 3, 4, 5, 6], args.quick)
    for path in sorted(Path(__file__).parent.glob("bench_*.py")):
        spec = importlib.util.spec_from_file_location(path.stem, path)
        assert spec and spec.loader
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
        print()
        module.run(args.quick)


if __name__ == "__main__":
    main()
