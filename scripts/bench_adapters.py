"""Speed of a random game through the OpenSpiel and PettingZoo adapters, next to our own API.

Run by ``scripts/bench.py`` (its ``run(quick)``), or alone: ``python scripts/bench_adapters.py
[--quick]``. Each line is the mean CPU time of one whole random game and its steps a second:
moves, and for OpenSpiel its chance nodes too (one per card drawn and per random choice).
An adapter whose extra is not installed is skipped. Prints figures; asserts nothing about
time.
"""

from __future__ import annotations

import importlib.util
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine import load_variant  # noqa: E402
from engine.simulate import play_random  # noqa: E402

CASES = [("medici", 2), ("medici", 4), ("medici", 6), ("medici-vs-strozzi", 2)]


def _ours(variant: str, players: int, seed: int) -> int:
    game = play_random(load_variant(variant), players, seed)
    return sum(game.logic.action_of(e) is not None for e in game.events)


def _openspiel(variant: str, players: int, seed: int) -> int:
    import pyspiel

    import engine.integrations.openspiel  # noqa: F401  (registers the games)

    if variant == "medici":
        game = pyspiel.load_game("python_medici", {"players": players})
    else:
        game = pyspiel.load_game("python_medici_vs_strozzi")
    rng = random.Random(seed)
    state = game.new_initial_state()
    steps = 0
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(rng.choices(outcomes, probs)[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
        steps += 1
    return steps


def _pettingzoo(variant: str, players: int, seed: int) -> int:
    import numpy as np

    from engine.integrations.pettingzoo import env

    e = env(game=variant, players=players)
    e.reset(seed=seed)
    rng = np.random.default_rng(seed)
    steps = 0
    for _ in e.agent_iter():
        obs, _, terminated, truncated, _ = e.last()
        if terminated or truncated:
            e.step(None)
            continue
        e.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
        steps += 1
    return steps


def _time(play: object, variant: str, players: int, games: int) -> tuple[float, float]:
    """Mean CPU ms a game and steps a CPU second over ``games`` random games.

    CPU time of this thread, not the wall clock: the figures hold on a shared machine.
    Not the process's: numpy's OpenBLAS threads, started when the adapter imports numpy,
    spin for about 50 ms after it, and ``process_time`` would count that in the first
    games.
    One game is played first, untimed: importing OpenSpiel or PettingZoo (a fifth of a
    second) is no step's cost.
    """
    play(variant, players, games)  # type: ignore[operator]
    steps = 0
    start = time.thread_time()
    for seed in range(games):
        steps += play(variant, players, seed)  # type: ignore[operator]
    elapsed = time.thread_time() - start
    return 1000 * elapsed / games, steps / elapsed


def run(quick: bool) -> None:
    """Print one line per game and player count for each API."""
    games = 5 if quick else 20
    apis = [("our API (play_random)", _ours)]
    if importlib.util.find_spec("pyspiel"):
        apis.append(("OpenSpiel adapter", _openspiel))
    if importlib.util.find_spec("pettingzoo"):
        apis.append(("PettingZoo adapter", _pettingzoo))
    print(f"== adapters: one random game ({games} games each) ==")
    for variant, players in CASES:
        for label, play in apis:
            ms, rate = _time(play, variant, players, games)
            print(f"  {variant:18} {players}p  {label:22} {ms:8.1f} CPU ms a game"
                  f"  {rate:9.0f} steps/s")


if __name__ == "__main__":
    run("--quick" in sys.argv)
