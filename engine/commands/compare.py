"""``medici compare A B``: simulate two variants with the same seeds and report what differs."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from engine.compare import compare, format_report, plot_png, text_chart
from engine.records.store import check_target
from engine.text import stream_width


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add ``compare``."""
    parser = sub.add_parser(
        "compare",
        help="simulate two variants with the same seeds and compare the results",
        description="Play GAMES games of each variant, game i of both with seed SEED+i, and "
        "report winning money, score spread, start player and seat win rates and how scoring "
        "periods end, each with a 95% confidence interval (Wilson score intervals for shares, "
        "shown as low-high) and the paired difference B - A.",
    )
    parser.add_argument("a", metavar="A", help="variant name or rules file")
    parser.add_argument("b", metavar="B", help="variant name or rules file")
    parser.add_argument("--game", help="the game both variants must be of (medici, ...)")
    parser.add_argument("--players", type=int, help="number of players (default 4 if both allow)")
    parser.add_argument(
        "--bots",
        default="greedy",
        help="bot for every seat, or one per seat comma-separated (default greedy; "
        "random needs no bot package)",
    )
    parser.add_argument("--games", type=int, default=1000, help="games per variant (default 1000)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the first game (default 1)")
    parser.add_argument(
        "--jobs", type=int, default=1, help="processes to play in (default 1; 0: every core)"
    )
    parser.add_argument(
        "--plot", metavar="FILE", help="also draw the comparison into a PNG file (matplotlib)"
    )
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    parser.add_argument("--no-chart", action="store_true", help="leave out the text chart")
    parser.set_defaults(run=_run)


def _run(args: argparse.Namespace) -> int:
    progress = _progress if sys.stderr.isatty() and not args.json else None
    if args.plot:
        try:
            check_target(Path(args.plot))
        except (OSError, ValueError) as err:
            print(f"medici compare: cannot write {args.plot}: {getattr(err, 'strerror', err)}",
                  file=sys.stderr)
            return 2
    try:
        result = compare(
            args.a, args.b, players=args.players, bots=args.bots, games=args.games,
            seed=args.seed, jobs=args.jobs, game=args.game, progress=progress, keep=False,
        )
    except ValueError as err:
        if progress is not None:
            print(file=sys.stderr)
        print(f"medici compare: {err}", file=sys.stderr)
        return 2
    if progress is not None:
        print("\r" + " " * 40 + "\r", end="", file=sys.stderr)
    if args.json:
        print(json.dumps(result.as_dict(), indent=2))
    else:
        columns = stream_width(sys.stdout)
        print(format_report(result, columns))
        if not args.no_chart:
            print(text_chart(result, fancy=_can_draw_blocks(), columns=columns), end="")
    if args.plot:
        try:
            plot_png(result, args.plot)
        except OSError as err:
            print(f"medici compare: cannot write {args.plot}: {err.strerror or err}",
                  file=sys.stderr)
            return 2
        except ImportError:
            # The optional extra is missing: the text chart stands in for the picture.
            print(
                f"medici compare: {args.plot} not drawn: matplotlib is not installed "
                "(pip install 'medici[plot]'); the text chart stands in for it",
                file=sys.stderr,
            )
            if args.json or args.no_chart:
                out = sys.stderr if args.json else sys.stdout
                print(text_chart(result, fancy=_can_draw_blocks(), columns=stream_width(out)),
                      end="", file=out)
            return 0
        print(f"plot written to {args.plot}", file=sys.stderr)
    return 0


def _progress(done: int, total: int) -> None:
    print(f"\rplaying: {done}/{total} games", end="", file=sys.stderr, flush=True)


def _can_draw_blocks() -> bool:
    try:
        "█▏".encode(sys.stdout.encoding or "ascii")
    except (UnicodeEncodeError, LookupError):
        return False
    return True
