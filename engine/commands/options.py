"""Command-line options that the commands playing many games share (simulate, league)."""

from __future__ import annotations

import argparse
import os

from engine.registry import default_variant


def add_game_options(parser: argparse.ArgumentParser) -> None:
    """``--game`` and ``--variant``: which rules the games are played under."""
    parser.add_argument("--game", default=default_variant(),
                        help="game or variant name, or a rules file")
    parser.add_argument("--variant", help="variant name or file (overrides --game)")


def add_run_options(parser: argparse.ArgumentParser, games: int, what: str) -> None:
    """``--games`` (default ``games``, described as ``what``), ``--seed`` and ``--jobs``."""
    parser.add_argument(
        "--games", type=int, default=games, help=f"{what} (default {games})"
    )
    parser.add_argument("--seed", type=int, default=1, help="seed of the first game (default 1)")
    parser.add_argument(
        "--jobs", type=int, help=f"processes to play in (default: every core, {os.cpu_count()})"
    )
