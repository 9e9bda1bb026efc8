"""The ``medici`` command: the shell with no arguments, subcommands otherwise.

Each subcommand lives in a module of ``engine.commands`` exposing ``register(subparsers)``;
this file only collects them, so commands can be added without touching each other.
"""

from __future__ import annotations

import argparse
import importlib
import pkgutil
import re
import sys
from collections.abc import Sequence

import engine.commands
import engine.shell  # light: the shell proper is imported when it runs
from engine.errors import MediciError
from engine.registry import PROGRAM, titles
from engine.text import MIN_WIDTH, join_continuations, stream_width, wrap_text, wrap_words

_TERM = re.compile(r" *\S+ {2,}(?=\S)")
"""A line that opens with a term and a gap (``greedy        the greedy bot...``): its
continuations stand under the text after the gap."""


class WrappedHelp(argparse.RawDescriptionHelpFormatter):
    """Help laid out for the terminal like every other screen: each line of a description
    or an epilog is kept (a list of bot specs stays a list) but wrapped to the width
    argparse wraps the options to, a term's continuations under its text; a usage line
    argparse cannot break (a group of options) is broken between words."""

    def _fill_text(self, text: str, width: int, indent: str) -> str:
        room = max(MIN_WIDTH, width - len(indent))
        out = []
        for line in join_continuations(text).splitlines():
            term = _TERM.match(line)
            if term is not None and term.end() <= room // 2:
                # The text beside the term wrapped in its own column, the gap kept.
                body = wrap_words(line[term.end():], room - term.end(), 0)
                out.append(indent + line[: term.end()] + body[0])
                out += [indent + " " * term.end() + part for part in body[1:]]
                continue
            own = len(line) - len(line.lstrip(" "))
            out += [indent + part for part in wrap_words(line, room, own)]
        return "\n".join(out)

    def format_help(self) -> str:
        """The help, no line wider than the terminal."""
        width = self._width + 2  # argparse keeps two columns spare
        lines = super().format_help().split("\n")
        out = []
        for line in lines:
            own = len(line) - len(line.lstrip(" "))
            opening = re.match(r"usage: \S+(?: \S+)? ", line)
            hang = len(opening.group()) if opening else own + 2
            out += wrap_words(line, width, hang)
        return "\n".join(out)


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
    for command in sub.choices.values():
        # Every command's help fits the terminal, whatever formatter it asked for.
        command.formatter_class = WrappedHelp
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
