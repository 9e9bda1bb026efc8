"""Benchmark of ``medici review``: a whole 4-player game (the shipped example, every seat's
moves) judged by the review's default search, on 2 processes and, in the same run, on 1.

Target (issue 30): the whole game reviewed in at most 60 seconds on 2 cores in pure
Python. Wall-clock time, as a person waits for it (processes started, every move judged,
the chart's chances); the machine's load average is printed before and after, since other
work on the cores slows the review as much as it takes of them. The ratio of the 1-process
run to the 2-process run, measured in the same run (the rounds alternate), says what the
sharing out gives. Run ``python scripts/bench_review.py`` (``--quick``: a small search,
for a look; ``--rounds N``).
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine import compiled  # noqa: E402
from engine.records import load_path  # noqa: E402
from engine.records.examples import example_path  # noqa: E402
from engine.review.judge import DEFAULT_BOT  # noqa: E402
from engine.review.reviewing import default_settings, review, walk  # noqa: E402

BUDGET = 60.0
"""Seconds a whole 4-player game's review may take on 2 cores (issue 30)."""


def _load() -> str:
    one, five, _ = os.getloadavg()
    return f"{one:.1f} (5 min: {five:.1f})"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="a small search, one round")
    parser.add_argument("--rounds", type=int, default=1, help="rounds of each (default 1)")
    args = parser.parse_args()
    bot = "mcts:8" if args.quick else DEFAULT_BOT
    record, _ = load_path(example_path("medici"))
    moves = walk(record).steps
    settings = default_settings(record, bot)
    build = f"{len(compiled())} modules compiled" if compiled() else "pure Python"
    print("== review ==")
    print(f"the shipped example: {len(record.players)} players, {moves} moves, every seat's "
          f"judged by {bot}; {build}; {os.cpu_count()} cores")
    print(f"load average before: {_load()}")
    times: dict[int, list[float]] = {2: [], 1: []}
    first = None
    for _ in range(max(1, args.rounds)):
        for jobs in (2, 1):
            start = time.perf_counter()
            section = review(record, settings, range(len(record.players)), jobs=jobs)
            times[jobs].append(time.perf_counter() - start)
            first = first or section
            assert section == first, "the review differs between runs"
    print(f"load average after:  {_load()}")
    two, one = min(times[2]), min(times[1])
    verdict = "within" if two <= BUDGET else "OVER"
    print(f"2 processes: {two:6.1f} s  ({moves / two:.1f} moves/s; {verdict} the "
          f"{BUDGET:.0f} s budget)")
    print(f"1 process:   {one:6.1f} s  ({moves / one:.1f} moves/s)")
    print(f"same-run ratio, 1 process / 2 processes: {one / two:.2f}x; the same review "
          "from both")


if __name__ == "__main__":
    main()
