"""Benchmark figures for Medici vs Strozzi: random games per second, µs per apply and per clone.

Run by ``scripts/bench.py`` (its ``run(quick)``), or alone: ``python scripts/bench_strozzi.py
[--quick]``. Prints figures; asserts nothing about time.
"""

from __future__ import annotations

import sys
import time
from collections import Counter
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
sys.path.insert(0, str(HERE))

from bench_engine import engine_figures  # noqa: E402

from engine import load_variant, new_game  # noqa: E402
from engine.chance import Rng  # noqa: E402
from engine.simulate import play_random, random_action  # noqa: E402

VARIANT = "medici-vs-strozzi"


def run(quick: bool) -> None:
    """The engine's figures for the two-player game, then its view cost and how rounds end."""
    engine_figures(VARIANT, [2], quick)
    var = load_variant(VARIANT)
    game = new_game(var, 2, seed=1)
    rng = Rng(3)
    for _ in range(60):
        game.apply(random_action(game, rng))
    n = 2000 if quick else 10000
    start = time.perf_counter()
    for _ in range(n):
        game.view(0)
    print(f"view (one player's, mid-game): {(time.perf_counter() - start) / n * 1e6:.2f} µs")
    games = 100 if quick else 500
    ends: Counter[str] = Counter()
    borrowed = 0
    for seed in range(games):
        summary = play_random(var, 2, seed).summary()
        ends.update(summary["round_ends"])
        borrowed += sum(1 for loan in summary["loans"] if loan)
    rounds = sum(ends.values())
    full, last = ends["full_ships"] / rounds, ends["empty_bag"] / rounds
    print(
        f"random play, {games} games: rounds ended by full ships {full:.0%}, "
        f"by the last tile {last:.0%}; "
        f"{borrowed / (2 * games):.0%} of players ended with loans to repay"
    )


if __name__ == "__main__":
    run("--quick" in sys.argv[1:])
