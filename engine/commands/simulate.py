"""``medici simulate``: play many games between bots and summarise them."""

from __future__ import annotations

import argparse
import contextlib
import csv
import json
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import IO

from engine.bots import BOT_SPECS
from engine.commands.options import (
    add_game_options,
    add_run_options,
    add_scheduler_option,
    add_until_option,
    check_jobs,
    games_of,
)
from engine.records.store import AtomicWriter, atomic_open, check_target
from engine.rules import load_variant
from engine.runs.csv_rows import CSV_FIELDS, csv_rows
from engine.runs.errors import RunError
from engine.runs.games import Numbered
from engine.runs.lineup import bot_lineup
from engine.runs.progress import Progress
from engine.runs.report import report
from engine.runs.tournament import Run, check_games, run
from engine.text import stream_width

DEFAULT_GAMES = 100
"""Games ``medici simulate`` plays unless told."""


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
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
    add_game_options(parser)
    parser.add_argument("--players", type=int, help="number of players (default: one per bot)")
    parser.add_argument(
        "--bots",
        help="one bot per seat, comma-separated, e.g. mcts:500,greedy,random,random, or "
        "one spec for every seat (--bots greedy --players 4); default: random in every seat",
    )
    add_run_options(parser, DEFAULT_GAMES, "how many games", until=True)
    add_until_option(parser, "every bot's and seat's win share and mean money")
    where = parser.add_mutually_exclusive_group()
    add_scheduler_option(where)
    where.add_argument(
        "--dask", choices=["local"],
        help="run on a local Dask cluster of --jobs workers (pip install 'medici[dask]')",
    )
    parser.add_argument("--json", action="store_true", help="print the summary as JSON")
    parser.add_argument("--out", metavar="FILE", help="write the summary and every game as JSON")
    parser.add_argument("--csv", metavar="FILE", help="write one row per game and seat as CSV")
    parser.set_defaults(run=_run)


def _run(args: argparse.Namespace) -> int:
    variant = args.variant or args.game
    var = load_variant(variant)
    counts = list(var.logic.player_counts())
    if args.players is not None and args.players not in counts:
        raise RunError(
            f"{var.name} plays with {', '.join(map(str, counts))} players, not {args.players}"
        )
    bots = list(bot_lineup(args.bots, args.players, counts))
    check_jobs(args.jobs)
    games = games_of(args, DEFAULT_GAMES)
    for option in (args.out, args.csv):
        try:
            folder = Path(option).resolve().parent.is_dir() if option else True
        except (OSError, ValueError) as err:
            raise RunError(f"cannot write {option}: {getattr(err, 'strerror', err)}") \
                from None
        if not folder:
            raise RunError(f"cannot write {option}: no such folder")
    check_games(games, args.seed)
    for option in (args.out, args.csv):
        if option:
            _writable(option)
    bar = Progress(games)
    note: list[tuple[str, float | None]] = [("", None)]

    def heard(done: int, there: float, text: str) -> None:
        note[0] = (text, there)
        bar.update(done, text, there)

    try:
        with contextlib.ExitStack() as stack:
            on_record, spool = _sinks(args, stack)
            result = run(
                var, bots, games, seed=args.seed, jobs=args.jobs,
                scheduler=args.scheduler, dask_local=args.dask == "local",
                progress=lambda done: bar.update(done, *note[0]), keep=False,
                on_record=on_record, until=args.until, closeness_note=heard,
            )
            bar.close()
            if spool is not None:
                _write_out(args.out, result, spool)
    except OSError as err:
        raise RunError(f"cannot write results: {err.strerror or err}") from None
    finally:
        bar.close()
    if args.out:
        print(f"results written to {args.out}", file=sys.stderr)
    if args.csv:
        print(f"rows written to {args.csv}", file=sys.stderr)
    if args.json:
        print(json.dumps(result.as_dict(), indent=2))
    else:
        print(report(result, stream_width(sys.stdout)))
    return 0


def _writable(option: str) -> None:
    """Refuse, before any game is played, an output that is a device, FIFO or the like."""
    try:
        check_target(Path(option))
    except OSError as err:
        raise RunError(f"cannot write {option}: {err.strerror}") from None


def _sinks(
    args: argparse.Namespace, stack: contextlib.ExitStack
) -> tuple[Callable[[Numbered], None] | None, IO[str] | None]:
    """Where each game's record goes as it finishes: the CSV file, the spool of ``--out``.

    Both are written as games end, so neither the rows nor the records pile up in memory;
    the CSV file appears (atomically) only when the run is over.
    """
    sinks: list[Callable[[Numbered], None]] = []
    spool: IO[str] | None = None
    if args.csv:
        handle = stack.enter_context(atomic_open(Path(args.csv)))
        writer = csv.DictWriter(_Utf8(handle), fieldnames=CSV_FIELDS, lineterminator="\n")
        writer.writeheader()
        sinks.append(lambda record: writer.writerows(csv_rows([record])))
    if args.out:
        spool = stack.enter_context(tempfile.TemporaryFile("w+", encoding="utf-8"))
        sinks.append(_spooler(spool))
    if not sinks:
        return None, spool

    def each(record: Numbered) -> None:
        for sink in sinks:
            sink(record)

    return each, spool


class _Utf8:
    """Text written to a binary file as UTF-8 (what ``csv`` writes to ``atomic_open``)."""

    def __init__(self, out: AtomicWriter) -> None:
        self.out = out

    def write(self, text: str) -> int:
        """Encode and write ``text``."""
        self.out.write(text.encode("utf-8"))
        return len(text)


def _spooler(spool: IO[str]) -> Callable[[Numbered], None]:
    first = [True]

    def spooled(record: Numbered) -> None:
        spool.write(("  " if first[0] else ",\n  ") + json.dumps(record))
        first[0] = False

    return spooled


def _write_out(path: str, result: Run, spool: IO[str]) -> None:
    """``--out``: the summary, then ``results`` (every game's record, one a line) copied
    from the spool, written atomically."""
    head = json.dumps(result.as_dict(), indent=1)
    with atomic_open(Path(path)) as handle:
        handle.write(head[: head.rindex("}")].rstrip().encode("utf-8"))
        handle.write(b',\n "results": [\n')
        spool.seek(0)
        while chunk := spool.read(64 * 1024):
            handle.write(chunk.encode("utf-8"))
        handle.write(b"\n ]\n}\n")
