"""``medici learn [GAME]``: open the shell on a guided first game (the shell's ``learn``)."""

from __future__ import annotations

import argparse
import shlex


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add ``learn``."""
    learn = sub.add_parser(
        "learn", help="a guided first game: the rules as they come up, your moves judged",
        description="Open the shell on a lesson: a whole game against gentle bots, dealt so "
        "that each rule comes up when it first matters, with a word before each of your "
        "decisions and on each of your moves. An unfinished lesson goes on where you left "
        "it (--again starts it over). The same as the shell's `learn` command.")
    learn.add_argument("game", nargs="?", metavar="GAME",
                       help="the game to learn (default: the first game with a lesson)")
    learn.add_argument("--again", action="store_true",
                       help="start the lesson over (an unfinished one stays saved)")
    learn.add_argument("--script", metavar="FILE",
                       help="then run shell commands from FILE (the learner's moves)")
    learn.add_argument("--saves", metavar="DIR", help="the saves folder")
    learn.add_argument("--no-color", action="store_true", help="plain text, no colour")
    learn.set_defaults(run=_learn)


def _learn(args: argparse.Namespace) -> int:
    from engine.shell import run_shell

    words = ["learn", *([args.game] if args.game else []), *(["--again"] if args.again else [])]
    return run_shell(at_prompt=[shlex.join(words)], script=args.script, saves=args.saves,
                     color=False if args.no_color else None)
