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
import engine.shell  # light: the shell proper is imported when it runs
from engine.errors import MediciError
from engine.registry import PROGRAM, titles
from engine.text import stream_width, wrap_text


def build_parser() -> argparse.ArgumentParser:
    """The argument parser with every subcommand of ``engine.commands``."""
    parser = argparse.ArgumentParser(
        prog=PROGRAM,
        description=f"{titles()}: play in the shell (no arguments), or run a subcommand.",
    )
    engine.shell.add_options(
        parser.add_argument_group("shell options (given first, they open the shell)"))
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
    leading, rest = _leading_shell_options(args_list)
    if leading and rest and rest[0] in _subcommands():
        # Shell options before a subcommand (``medici --saves DIR new ...``) go with it.
        args_list = [rest[0], *leading, *rest[1:]]
    elif not args_list or args_list[0].partition("=")[0] in engine.shell.options():
        return _shell(args_list)
    parser = build_parser()
    args = parser.parse_args(args_list)
    if args.version:
        from engine import __version__, compiled

        native = compiled()
        build = f"{len(native)} modules compiled (mypyc):" if native else "pure Python"
        print("\n  ".join([f"medici {__version__}, {build}", *native]))
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


def _leading_shell_options(words: list[str]) -> tuple[list[str], list[str]]:
    """The shell options at the start of ``words`` (with their values), and the rest."""
    takes_value = {"--script", "--saves", "--seed"}
    i = 0
    while i < len(words):
        name = words[i].partition("=")[0]
        if name not in engine.shell.options():
            break
        i += 2 if name in takes_value and "=" not in words[i] else 1
    return words[:i], words[i:]


def _subcommands() -> set[str]:
    """The names of ``medici``'s subcommands (``new``, ``open``, ``rules``...)."""
    parser = build_parser()
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            return set(action.choices)
    return set()


def _shell(argv: list[str]) -> int:
    try:
        return engine.shell.main(argv)
    except ModuleNotFoundError as err:
        if err.name is None or err.name.partition(".")[0] == "engine":
            raise  # a module of our own: a broken install, shown as it is
        # A dependency the shell needs is missing: say which, and how to get it.
        print(f"medici: the shell needs the module {err.name!r}, which is not installed; "
              f"install {PROGRAM} with its dependencies (pip install {PROGRAM}, or "
              "pip install -e . in a checkout)", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
