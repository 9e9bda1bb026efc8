"""``medici ratings``: every level and style on one rating scale, and the levels' ladder."""

from __future__ import annotations

import argparse
import json
import sys

from engine.commands.options import (
    add_game_options,
    add_run_options,
    add_scheduler_option,
    check_jobs,
)
from engine.ratings import play, report
from engine.rules import default_player_count, load_variant
from engine.text import stream_width

SEARCH_GAMES = {2: 16}
"""Default games of a ladder match with the search in it, by players (40 unless listed): a
game with a search seat takes ~10 s in Medici, ~25 s heads-up in Medici vs Strozzi."""
TABLES = 60
"""Default mixed tables of fast bots (a full rotation of seats each)."""
SEARCH_TABLES = 4
"""Default mixed tables with ``master`` in a seat."""


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add ``ratings``."""
    parser = sub.add_parser(
        "ratings",
        help="rate every level and style on one scale (a league at mixed tables)",
        description="Play a league of every level, greedy and every style of the field: "
        "each level in one seat against the level below in every other seat (the ladder), "
        "the weakest level against face, and tables of different bots drawn at random. "
        "Fits each bot's rating from every game's finishing order with openskill's "
        "Plackett-Luce model and prints it with its 95% interval, then the win share of "
        "each level against the one below (Wilson 95% interval). The default run plays about "
        "a thousand games, some fifty with the search (about seven minutes on two cores); more "
        "games by option, on Dask with --scheduler.",
    )
    add_game_options(parser)
    parser.add_argument("--players", type=int,
                        help="players a table (default 4 where the game seats them, else "
                        "its only count)")
    add_run_options(parser, 200, "games of each ladder match of fast bots")
    parser.add_argument("--search-games", type=int,
                        help="games of a ladder match with the search (master) in it "
                        "(default 40; 16 heads-up)")
    parser.add_argument("--tables", type=int, default=TABLES,
                        help=f"mixed tables of fast bots, a rotation of seats each (default "
                        f"{TABLES})")
    parser.add_argument("--search-tables", type=int, default=SEARCH_TABLES,
                        help=f"mixed tables with master in a seat (default {SEARCH_TABLES})")
    parser.add_argument("--master-as", metavar="SPEC",
                        help="play master as this bot (default mcts:1000, the default "
                        "search without its time limit; mcts:50 for a quick look)")
    add_scheduler_option(parser)
    parser.add_argument("--json", action="store_true",
                        help="print the ratings, the ladder and every block played as JSON")
    parser.set_defaults(run=_run)


def _run(args: argparse.Namespace) -> int:
    var = load_variant(args.variant or args.game)
    players = args.players or default_player_count(var)
    check_jobs(args.jobs)

    def tick(line: str) -> None:
        if sys.stderr.isatty():
            width = (stream_width(sys.stderr) or 80) - 1
            print(f"\r\x1b[K{('played ' + line)[:width]}", end="", file=sys.stderr,
                  flush=True)

    search_games = (SEARCH_GAMES.get(players, 40) if args.search_games is None
                    else args.search_games)
    league = play(var, players, args.games, search_games, args.tables,
                  args.search_tables, args.seed, args.jobs, args.scheduler, tick,
                  args.master_as)
    if sys.stderr.isatty():
        print("\r\x1b[K", end="", file=sys.stderr)
    if args.json:
        print(json.dumps(league.as_dict(), indent=2))
    else:
        print(report(league, stream_width(sys.stdout)))
    return 0
