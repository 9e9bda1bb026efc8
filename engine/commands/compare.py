"""``medici compare A B``: simulate two variants with the same seeds and report what differs."""

from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path

from engine.commands.options import UNTIL_CAP, add_until_option
from engine.records.store import check_target
from engine.runs.compare_report import format_report, plot_png, text_chart
from engine.runs.comparison import compare
from engine.runs.progress import Progress
from engine.text import stream_width

DEFAULT_GAMES = 1000
"""Games of each variant ``medici compare`` plays unless told."""


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
    parser.add_argument(
        "--games", type=int,
        help=f"games per variant (default {DEFAULT_GAMES}; with --until, the most to play, "
        f"default {UNTIL_CAP:,})",
    )
    add_until_option(parser, "every figure of A, of B and of B - A")
    parser.add_argument("--seed", type=int, default=1, help="seed of the first game (default 1)")
    parser.add_argument(
        "--jobs", type=int,
        help=f"processes to play in (default: every core, {os.cpu_count()}; 0: every core)",
    )
    parser.add_argument(
        "--plot", metavar="FILE", help="also draw the comparison into a PNG file (matplotlib)"
    )
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    parser.add_argument("--no-chart", action="store_true", help="leave out the text chart")
    parser.set_defaults(run=_run)


def _run(args: argparse.Namespace) -> int:
    games = args.games if args.games is not None else (
        UNTIL_CAP if args.until is not None else DEFAULT_GAMES)
    bar = Progress(2 * games) if not args.json else None
    note: list[tuple[str, float | None]] = [("", None)]

    def progress(done: int, total: int) -> None:
        if bar is not None:
            bar.total = total
            bar.update(done, *note[0])

    def heard(done: int, there: float, text: str) -> None:
        note[0] = (text, there)
        progress(done, bar.total if bar is not None else 0)

    if args.plot:
        try:
            check_target(Path(args.plot))
        except (OSError, ValueError) as err:
            print(f"medici compare: cannot write {args.plot}: {getattr(err, 'strerror', err)}",
                  file=sys.stderr)
            return 2
    try:
        result = compare(
            args.a, args.b, players=args.players, bots=args.bots, games=games,
            seed=args.seed, jobs=args.jobs, game=args.game, progress=progress, keep=False,
            until=args.until, closeness_note=heard,
        )
    except ValueError as err:
        if bar is not None:
            bar.close(keep=False)
        print(f"medici compare: {err}", file=sys.stderr)
        return 2
    finally:
        if bar is not None:
            bar.close(keep=False)
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


def _can_draw_blocks() -> bool:
    try:
        "█▏".encode(sys.stdout.encoding or "ascii")
    except (UnicodeEncodeError, LookupError):
        return False
    return True
