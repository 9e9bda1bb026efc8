"""``medici resume`` and ``medici new``: open the shell on a game straight away."""

from __future__ import annotations

import argparse
import shlex


def register(sub: argparse._SubParsersAction) -> None:
    """Add ``resume`` and ``new``."""
    resume = sub.add_parser(
        "resume", help="continue the most recent unfinished game in the shell",
        description="Open the shell on the most recently saved unfinished game.")
    _shell_options(resume)
    resume.set_defaults(run=_resume)
    new = sub.add_parser(
        "new", help="start a new game in the shell (as the shell's `new` command)",
        description="Open the shell with a new game. The arguments are those of the shell's "
        "`new` command, e.g. `medici new medici Ann bot:greedy bot:mcts --seed 7`.")
    new.add_argument("words", nargs=argparse.REMAINDER, metavar="GAME PLAYERS...",
                     help="game, players (names, bot:SPEC), --variant X, --seed N")
    _shell_options(new)
    new.set_defaults(run=_new)


def _shell_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--saves", metavar="DIR", help="the saves folder")
    parser.add_argument("--no-color", action="store_true", help="plain text, no colour")


def _resume(args: argparse.Namespace) -> int:
    from engine.shell import run_shell

    return run_shell(resume=True, saves=args.saves, color=False if args.no_color else None)


def _new(args: argparse.Namespace) -> int:
    from engine.shell import run_shell

    line = "new " + " ".join(shlex.quote(w) for w in args.words)
    return run_shell(first=[line], saves=args.saves, color=False if args.no_color else None)
