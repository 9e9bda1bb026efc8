"""The engine's own figures: random games a second per player count, ``apply`` and ``push``
a move, ``clone`` and ``legal_actions``.

Run by ``python scripts/bench.py --all`` (its ``run``) or alone:
``python scripts/bench_engine.py [--quick]``. Nothing here asserts a time.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

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
    total = sum(len(moves) for _, moves in scripts)
    for way in ("apply", "push"):
        took = 0.0
        for seed, moves in scripts:
            game = new_game(var, players, seed=seed)
            move = getattr(game, way)
            start = time.perf_counter()
            for act in moves:
                move(act)
            took += time.perf_counter() - start
        label = "push, the fast path" if way == "push" else "apply"
        print(f"{label} ({players} players): {took / total * 1e6:.2f} µs")
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


def run(quick: bool) -> None:
    """Print the engine's figures for both games."""
    engine_figures("medici", [2, 3, 4, 5, 6], quick)
    engine_figures("medici-vs-strozzi", [2], quick)


if __name__ == "__main__":
    run("--quick" in sys.argv)
