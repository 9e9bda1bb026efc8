"""Command-line options that the commands playing many games share (simulate, league,
compare)."""

from __future__ import annotations

import argparse
import os

from engine.registry import default_variant
from engine.runs.errors import RunError
from engine.runs.pool import MAX_JOBS


def add_game_options(parser: argparse.ArgumentParser) -> None:
    """``--game`` and ``--variant``: which rules the games are played under."""
    parser.add_argument("--game", default=default_variant(),
                        help="game or variant name, or a rules file")
    parser.add_argument("--variant", help="variant name or file (overrides --game)")


UNTIL_CAP = 20_000
"""The most games ``--until`` plays unless ``--games`` says otherwise."""


def add_run_options(parser: argparse.ArgumentParser, games: int, what: str,
                    until: bool = False) -> None:
    """``--games`` (default ``games``, described as ``what``), ``--seed`` and ``--jobs``
    (default: every core). With ``until``, ``--games`` is left None when not given, for
    ``games_of`` to tell a fixed run from a ``--until`` run's cap."""
    cap = f"; with --until, the most to play, default {UNTIL_CAP:,}" if until else ""
    parser.add_argument(
        "--games", type=int, default=None if until else games,
        help=f"{what} (default {games}{cap})",
    )
    parser.add_argument("--seed", type=int, default=1, help="seed of the first game (default 1)")
    parser.add_argument(
        "--jobs", type=int, help=f"processes to play in (default: every core, {os.cpu_count()})"
    )


def add_scheduler_option(where: argparse.ArgumentParser | argparse._ArgumentGroup) -> None:
    """``--scheduler ADDRESS``: play on a Dask cluster."""
    where.add_argument(
        "--scheduler", metavar="ADDRESS",
        help="play on a Dask cluster, e.g. tcp://host:8786 (pip install 'medici[dask]')",
    )


def add_until_option(parser: argparse.ArgumentParser, figures: str) -> None:
    """``--until HALF_WIDTH``: play until every reported figure is that narrow."""
    parser.add_argument(
        "--until", type=float, metavar="HALF_WIDTH",
        help=f"play in steps until {figures} is within ±HALF_WIDTH at 95%% (shares in "
        "percentage points, money in money; the intervals stay honest however early it "
        "stops: docs/house-rules.md); --games is then the most to play",
    )


def games_of(args: argparse.Namespace, default: int) -> int:
    """The games a run plays, or at most plays with ``--until``."""
    if args.games is not None:
        return int(args.games)
    return UNTIL_CAP if getattr(args, "until", None) is not None else default


def check_jobs(jobs: int | None) -> None:
    """Refuse a ``--jobs`` out of 1 to ``MAX_JOBS`` before any game is played (None: every
    core), with RunError saying what is accepted."""
    if jobs is not None and not 1 <= jobs <= MAX_JOBS:
        raise RunError(f"--jobs must be at least 1 and at most {MAX_JOBS}, got {jobs}")
