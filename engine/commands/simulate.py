"""``medici simulate``: play many games between bots and summarise them."""

from __future__ import annotations

import argparse
import csv
import io
import json
import os
import sys
from pathlib import Path

from engine.bots import BOT_SPECS
from engine.rules import load_variant
from engine.tournament import CSV_FIELDS, Progress, Run, TournamentError, csv_rows, report, run


def register(sub: argparse._SubParsersAction) -> None:
    """Add ``simulate``."""
    parser = sub.add_parser(
        "simulate",
        help="play many games between bots and summarise the results",
        description="Play GAMES games, game i dealt from seed SEED+i, the line-up's seats "
        "rotated by i so every bot sits in every seat equally. Prints win share and mean "
        "final money per bot and per seat with 95% confidence intervals (win shares: Wilson "
        "score intervals, shown as low-high).",
        epilog="bots:\n" + BOT_SPECS,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--game", default="medici", help="game or variant name, or a rules file")
    parser.add_argument("--variant", help="variant name or file (overrides --game)")
    parser.add_argument("--players", type=int, help="number of players (default: one per bot)")
    parser.add_argument(
        "--bots",
        help="one bot per seat, comma-separated, e.g. mcts:500,greedy,random,random "
        "(default: random in every seat)",
    )
    parser.add_argument("--games", type=int, default=100, help="how many games (default 100)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the first game (default 1)")
    parser.add_argument(
        "--jobs", type=int, help=f"processes to play in (default: every core, {os.cpu_count()})"
    )
    where = parser.add_mutually_exclusive_group()
    where.add_argument(
        "--scheduler", metavar="ADDRESS",
        help="run on a Dask cluster, e.g. tcp://host:8786 (pip install 'medici[dask]')",
    )
    where.add_argument(
        "--dask", choices=["local"],
        help="run on a local Dask cluster of --jobs workers (pip install 'medici[dask]')",
    )
    parser.add_argument("--json", action="store_true", help="print the summary as JSON")
    parser.add_argument("--out", metavar="FILE", help="write the summary and every game as JSON")
    parser.add_argument("--csv", metavar="FILE", help="write one row per game and seat as CSV")
    parser.set_defaults(run=_run)


def _lineup(args: argparse.Namespace, counts: list[int]) -> list[str]:
    if args.bots is None:
        players = args.players or (4 if 4 in counts else counts[0])
        return ["random"] * players
    specs = [s.strip() for s in args.bots.split(",")]
    if any(not s for s in specs):
        raise TournamentError(f"--bots {args.bots!r} has an empty entry; bots are:\n{BOT_SPECS}")
    if args.players is not None and args.players != len(specs):
        raise TournamentError(
            f"--bots lists {len(specs)} bots but --players is {args.players}: give one bot "
            f"per seat, e.g. --bots {','.join([specs[0]] * args.players)}"
        )
    return specs


def _run(args: argparse.Namespace) -> int:
    variant = args.variant or args.game
    var = load_variant(variant)
    counts = list(var.logic.player_counts())
    if args.players is not None and args.players not in counts:
        raise TournamentError(
            f"{var.name} plays with {', '.join(map(str, counts))} players, not {args.players}"
        )
    bots = _lineup(args, counts)
    if args.jobs is not None and args.jobs < 1:
        raise TournamentError(f"--jobs must be at least 1, got {args.jobs}")
    for option in (args.out, args.csv):
        if option and not Path(option).resolve().parent.is_dir():
            raise TournamentError(f"cannot write {option}: no such folder")
    bar = Progress(args.games)
    try:
        result = run(
            var, bots, args.games, seed=args.seed, jobs=args.jobs, scheduler=args.scheduler,
            dask_local=args.dask == "local", progress=bar.update,
        )
    finally:
        bar.close()
    _write(result, args)
    if args.json:
        print(json.dumps(result.as_dict(), indent=2))
    else:
        print(report(result))
    return 0


def _write(result: Run, args: argparse.Namespace) -> None:
    try:
        if args.out:
            _atomic(args.out, json.dumps(result.as_dict(results=True), indent=1) + "\n")
            print(f"results written to {args.out}", file=sys.stderr)
        if args.csv:
            text = io.StringIO()
            writer = csv.DictWriter(text, fieldnames=CSV_FIELDS, lineterminator="\n")
            writer.writeheader()
            writer.writerows(csv_rows(result.records))
            _atomic(args.csv, text.getvalue())
            print(f"rows written to {args.csv}", file=sys.stderr)
    except OSError as err:
        raise TournamentError(f"cannot write results: {err}") from None


def _atomic(path: str, text: str) -> None:
    """Write ``text`` to ``path`` whole or not at all."""
    target = Path(path)
    tmp = target.with_name(f".{target.name}.tmp")
    tmp.write_text(text, encoding="utf-8")
    os.replace(tmp, target)
