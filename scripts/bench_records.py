"""Benchmark of game records: save, load+verify, and jumps of the replay cursor.

Targets (issue 4): load and verify a full 6-player Medici record under 50 ms; a jump to a
random step under 5 ms. Run alone (``python scripts/bench_records.py``) or from
``scripts/bench.py``.
"""

from __future__ import annotations

import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine.chance import Rng  # noqa: E402
from engine.records import ReplayCursor, load_game, save_game  # noqa: E402
from engine.records.format import encode, record_from_game  # noqa: E402
from engine.records.verify import read_record  # noqa: E402
from engine.simulate import play_random  # noqa: E402


def _ms(seconds: float) -> str:
    return f"{seconds * 1000:7.2f} ms"


def _time(repeat: int, func, *args, **kwargs) -> float:
    """The best of ``repeat`` runs (the least disturbed by other work on the machine)."""
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        func(*args, **kwargs)
        best = min(best, time.perf_counter() - start)
    return best


def run(quick: bool) -> None:
    """Print the records figures."""
    repeat = 5 if quick else 20
    print("== records ==")
    for variant, players in (("medici", 6), ("medici-vs-strozzi", 2)):
        game = play_random(variant, players, 1)
        moves = sum(1 for e in game.events if game.logic.action_of(e) is not None)
        with tempfile.TemporaryDirectory() as folder:
            path = save_game(game, "bench", directory=folder)
            size = path.stat().st_size
            save = _time(repeat, save_game, game, "bench", directory=folder)
            load = _time(repeat, load_game, path)
        record = record_from_game(game)
        data = encode(record).encode()
        encode_only = _time(repeat, encode, record)
        verify_only = _time(repeat, read_record, data, "bench.json")
        print(f"{variant}, {players} players: {moves} moves, {len(game.events)} events, "
              f"{size / 1024:.0f} KB")
        print(f"  save (atomic, fsync):   {_ms(save)}   "
              f"(encoding alone {_ms(encode_only).strip()})")
        print(f"  load + verify:          {_ms(load)}   (from memory {_ms(verify_only).strip()}; "
              f"target < 50 ms)")
        cursor_open = _time(max(1, repeat // 4), ReplayCursor, record)
        cursor = ReplayCursor(record_from_game(game))
        rng = Rng(9)
        jumps = 200 if quick else 2000
        steps = [rng.below(cursor.total + 1) for _ in range(jumps)]
        took = []
        for step in steps:
            t0 = time.perf_counter()
            cursor.goto(step)
            took.append(time.perf_counter() - t0)
        took.sort()
        mean = sum(took) / jumps
        p99 = took[int(jumps * 0.99)]
        print(f"  replay cursor: open {_ms(cursor_open).strip()}, jump to a random step "
              f"{mean * 1e6:.0f} µs mean, {p99 * 1e6:.0f} µs 99th percentile (target < 5 ms)")


if __name__ == "__main__":
    run("--quick" in sys.argv)
