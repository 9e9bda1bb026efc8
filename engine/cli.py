"""The ``medici`` command: the shell with no arguments, subcommands otherwise.

Each subcommand lives in a module of ``engine.commands`` exposing ``register(subparsers)``;
this file only collects them, so commands can be added without touching each other.
"""

from __future__ import annotations

import argparse
import importlib
import pkgutil
import sys
from collections.abc import Sequence

import engine.commands
from engine.errors import MediciError
from engine.layout import stream_width, wrap_text
from engine.registry import PROGRAM, titles

SHELL_OPTIONS = ("--script", "--saves", "--no-color", "--seed")
"""Options that start the shell rather than a subcommand."""


def build_parser() -> argparse.ArgumentParser:
    """The argument parser with every subcommand of ``engine.commands``."""
    parser = argparse.ArgumentParser(
        prog=PROGRAM,
        description=f"{titles()}: play in the shell (no arguments), or run a subcommand.",
    )
    shell = parser.add_argument_group("shell options (given first, they open the shell)")
    shell.add_argument("--script", metavar="FILE", help="run shell commands from FILE")
    shell.add_argument("--saves", metavar="DIR", help="the saves folder (default: "
                       "$MEDICI_SAVES, else the user's data folder)")
    shell.add_argument("--seed", metavar="N", help="seed of the games the shell starts")
    shell.add_argument("--no-color", action="store_true", help="plain text, no colour")
    parser.add_argument("--version", action="store_true", help="print the version and exit")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    for info in sorted(pkgutil.iter_modules(engine.commands.__path__), key=lambda m: m.name):
        module = importlib.import_module(f"engine.commands.{info.name}")
        register = getattr(module, "register", None)
        if register is not None:
            register(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the ``medici`` console script."""
    args_list = list(sys.argv[1:] if argv is None else argv)
    if not args_list or args_list[0] in SHELL_OPTIONS:
        return _shell(args_list)
    parser = build_parser()
    args = parser.parse_args(args_list)
    if args.version:
        from engine import __version__

        print(f"medici {__version__}")
        return 0
    if args.command is None:
        return _shell(args_list)
    try:
        return int(args.run(args) or 0)
    except MediciError as err:
        print(wrap_text(f"medici: {err}", stream_width(sys.stderr)), file=sys.stderr)
        return 2
    except BrokenPipeError:
        return 0


def _shell(argv: list[str]) -> int:
    try:
        shell = importlib.import_module("engine.shell")
    except ModuleNotFoundError:
        print("medici: the shell is not built yet; see `medici --help`", file=sys.stderr)
        return 2
    return int(shell.main(argv) or 0)


if __name__ == "__main__":
    sys.exit(main())
