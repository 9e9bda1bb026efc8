"""``medici review FILE``: every move of a saved game judged, each player's accuracy and
costliest moves, a win-chance chart; kept in the record; ``--json``, ``--plot``, ``--html``.
"""

from __future__ import annotations

import argparse
import sys

from engine.review.judge import DEFAULT_BOT
from engine.text import stream_width


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add ``review``."""
    parser = sub.add_parser(
        "review",
        help="judge every move of a saved game: accuracy, blunders, a win-chance chart",
        description="Judge each move of a saved game by the search (mcts with a fixed "
        "budget, from the mover's view), label it by the win chance it gave away against "
        "the best move found, and print each player's accuracy, their three costliest "
        "moves in words and a chart of every player's win chance. The people's moves by "
        "default (every seat where bots alone played); --all judges every seat. The "
        "review is kept in the record (its review section), so replay shows it and a "
        "second review reuses it; the same seed gives the same review.",
    )
    parser.add_argument("file", nargs="?",
                        help="a record file (a path, or a save name in the saves folder)")
    parser.add_argument("--example", nargs="?", const="", metavar="GAME",
                        help="review a shipped example instead of FILE (a game's id)")
    seats = parser.add_mutually_exclusive_group()
    seats.add_argument("--all", action="store_true", help="judge every seat's moves")
    seats.add_argument("--player", metavar="NAME", action="append",
                       help="judge this player's moves (a name or a seat; may be repeated)")
    parser.add_argument("--bot", default=DEFAULT_BOT,
                        help=f"the search that judges, mcts:N (default {DEFAULT_BOT})")
    parser.add_argument("--seed", type=int, help="the search's seed (default: the game's)")
    parser.add_argument("--jobs", type=int,
                        help="processes to judge in (default: one per core)")
    parser.add_argument("--json", action="store_true",
                        help="print the review as JSON (every move's figures)")
    parser.add_argument("--plot", metavar="FILE.png",
                        help="draw the win-chance chart as a PNG (needs the plot extra)")
    parser.add_argument("--html", metavar="OUT.html",
                        help="write the replay page with the review (one self-contained file)")
    parser.add_argument("--width", type=int, metavar="COLUMNS",
                        help="lay the report out for COLUMNS columns (default: the "
                        "terminal's; into a pipe lines stay whole and the chart is 80 wide)")
    parser.add_argument("--no-keep", action="store_true",
                        help="leave the record as it is (the review is not kept in it)")
    parser.add_argument("--saves", metavar="DIR", help="the saves folder for save names")
    parser.set_defaults(run=_run)


def _run(args: argparse.Namespace) -> int:
    from engine.review import cli

    return cli.review_command(
        file=args.file, example=args.example, every=args.all, players=args.player,
        bot=args.bot, seed=args.seed, jobs=args.jobs, as_json=args.json, plot=args.plot,
        html=args.html, keep=not args.no_keep, saves=args.saves,
        width=args.width or stream_width(sys.stdout), out=sys.stdout)

