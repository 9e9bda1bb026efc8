"""``medici league``: one bot against every style of the field, worst case first."""

from __future__ import annotations

import argparse
import json
import sys

from engine.bots import BOT_SPECS, FIELD
from engine.commands.options import add_game_options, add_run_options
from engine.league import overall, play, report
from engine.rules import load_variant
from engine.text import stream_width
from engine.tournament import TournamentError


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add ``league``."""
    parser = sub.add_parser(
        "league",
        help="play one bot as a single seat against every style of the field",
        description="For each table size and each style of the field, play GAMES games with "
        "BOT in one seat and that style in every other seat, seats rotated. Prints BOT's win "
        "share (Wilson 95% interval), the even share, the ratio to it and BOT's mean money, "
        "worst case first.",
        epilog="bots:\n" + BOT_SPECS,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--bot", default="greedy", help="the bot to measure (default greedy)")
    add_game_options(parser)
    parser.add_argument(
        "--players", default="3,4,5",
        help="table sizes, comma-separated (default 3,4,5; sizes a game cannot seat are "
        "left out)",
    )
    parser.add_argument(
        "--field", default=",".join(FIELD),
        help="the styles to play against, comma-separated (default: the whole field, "
        "every style below and random)",
    )
    add_run_options(parser, 60, "games a match")
    parser.add_argument("--json", action="store_true", help="print the table as JSON")
    parser.set_defaults(run=_run)


def _sizes(text: str) -> list[int]:
    try:
        sizes = [int(p) for p in text.split(",") if p.strip()]
    except ValueError:
        raise TournamentError(
            f"--players {text!r}: give table sizes such as 3,4,5"
        ) from None
    if not sizes:
        raise TournamentError("--players is empty: give table sizes such as 3,4,5")
    return sizes


def _run(args: argparse.Namespace) -> int:
    var = load_variant(args.variant or args.game)
    field = [s.strip() for s in args.field.split(",") if s.strip()]
    if not field:
        raise TournamentError(f"--field is empty: give styles such as {','.join(FIELD)}")

    def tick(done: int, total: int) -> None:
        if sys.stderr.isatty():
            print(f"\rmatch {done}/{total}", end="", file=sys.stderr, flush=True)

    matches = play(
        args.bot, var, _sizes(args.players), args.games, field, args.seed, args.jobs, tick,
    )
    if sys.stderr.isatty():
        print(file=sys.stderr)
    if args.json:
        out = {"bot": args.bot, "variant": var.name, "seed": args.seed, **overall(matches),
               "table": [m.as_dict() for m in matches]}
        print(json.dumps(out, indent=2))
    else:
        print(report(args.bot, var.name, matches, stream_width(sys.stdout)))
    return 0
