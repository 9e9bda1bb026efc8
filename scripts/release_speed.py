"""Issue 32's speed figures beside release 642ccfa, in one run.

Run: ``python scripts/release_speed.py --peer PATH`` (or ``$MEDICI_PEER``; ``--compiled``
adds a compiled copy of this tree as a third side; ``--units N`` for the per-CPU figures,
default 150; ``--compare-rounds N``, default 1, and ``--compare-games N``, default the
command's own 1,000, for the default compare; ``--quick`` for a short run; ``--base
COMMIT``). Nothing here asserts a time. It prints:

- greedy's decisions a CPU second (``Bot.choose`` timed alone, in whole seeded games of
  greedy bots, Medici 4p and Medici vs Strozzi), beside the release: target 4x; the
  sides' moves are digested and must be the same (the same decisions); and the same
  decisions as a runner asks them, from the game to the move (the release: the seat's
  view, the legal moves and ``Bot.choose``; this tree: ``Bot.choose_in``, which builds
  the seat's game from the game, ``engine.game.seat_game``);
- the default compare, ``medici compare medici medici-rich --players 4`` with each tree's
  own defaults (the release: 1,000 games a variant with ``greedy`` on one process; this
  tree: the same games on every core), by the wall clock: target 8x; its figures are
  digested and must be the same;
- the public API, ``legal_actions`` + ``apply`` (the checked door, not ``push``), random
  4-player games by the issue's policy, a CPU second, beside the public Python peer
  (jeromematthewcelestine/medici_game's ``medici.py``, not part of this repository: get it
  and give its path with ``--peer``) by the same policy: targets 1.5x the peer pure, 2.2x
  compiled.

How: ``scripts/bench.py``'s machinery. The release is checked out in a temporary git
worktree. The per-CPU figures are paired (``bench.paired``): each side (this tree, the
release, the compiled copy, the peer) is one process kept for the run, and every side
plays unit ``i`` (one seeded game of greedy bots, or 20 games of the API) before any
plays unit ``i + 1``, the order rotating. On the 2-core development machine the speed of
a CPU swings within seconds (the same games, measured in rounds of fresh processes a few
seconds apart, gave per-round ratios from 2.8 to 5.9); unit by unit, a slow spell falls
on every side alike. A side's rate is its work over its CPU time, summed over the units;
the interval of a ratio is a 95% bootstrap over the units. The default compare is timed
whole, in rounds of fresh processes, the sides alternating. The load average and the
busiest processes are printed at the start and end: the machine is shared, so read the
ratios, not the absolute figures.
"""

from __future__ import annotations

import argparse
import importlib.util
import os
import sys
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
RELEASE = "642ccfa"
"""The last release: the commit issue 32 measures against."""


def _bench() -> Any:
    spec = importlib.util.spec_from_file_location("bench", HERE / "bench.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def main() -> None:
    """Measure the per-CPU figures, then the default compare, each beside the release."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--peer", metavar="PATH", default=os.environ.get("MEDICI_PEER"),
                        help="the public Python peer's medici.py (default: $MEDICI_PEER)")
    parser.add_argument("--compiled", action="store_true",
                        help="also measure this tree compiled by mypyc (scripts/compile.py)")
    parser.add_argument("--units", type=int, default=150,
                        help="paired units of each CPU figure (a game of greedy bots; "
                             "20 games of the API), default 150")
    parser.add_argument("--rounds", type=int, default=None, help=argparse.SUPPRESS)
    parser.add_argument("--compare-rounds", type=int, default=1,
                        help="rounds of the default compare (each ~5 min for the release)")
    parser.add_argument("--compare-games", type=int, default=0,
                        help="games a variant in the compare (default: the command's own)")
    parser.add_argument("--quick", action="store_true", help="small work, 1 round")
    parser.add_argument("--base", default=RELEASE, help=f"the release (default {RELEASE})")
    parser.add_argument("--skip-compare", action="store_true", help="only the CPU figures")
    args = parser.parse_args()
    if args.peer and not Path(args.peer).is_file():
        raise SystemExit(f"--peer {args.peer}: no such file")
    if not args.peer:
        print("no peer given (--peer PATH or $MEDICI_PEER): the public API is measured "
              "beside the release only")
    bench = _bench()
    print(f"{os.cpu_count()} cores; the release is {args.base}")
    if args.rounds is not None:
        print("--rounds: the CPU figures are now measured in paired units (--units); "
              "rounds are the default compare's (--compare-rounds)")
    bench.paired(args.base, 3 if args.quick else args.units,
                 ["greedy4", "greedy2", "runner4", "runner2", "api4"], args.compiled, args.peer)
    if not args.skip_compare:
        print()
        games = args.compare_games or (12 if args.quick else 0)
        bench.compare(args.base, 1 if args.quick else args.compare_rounds, False, None,
                      ["compare4"], False, bench.SPEED_FIGURES, {"compare4": {"games": games}})
        print(f"the default compare: {games or 'the default'} games a variant, each tree's "
              "own defaults (the release on one process, this tree on every core), by the "
              "wall clock")


if __name__ == "__main__":
    sys.exit(main())
