"""``medici resume`` and ``medici new``: open the shell on a game straight away."""

from __future__ import annotations

import argparse
import shlex


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
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
    register_saves(sub)


def register_saves(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add ``saves`` and ``open``."""
    listing = sub.add_parser(
        "saves", help="list the saved games, one row per game (as the shell's `saves`)",
        description="The saved games, newest first: name, game, scoring period reached (or "
        "finished), last played, players; the 20 newest unless --all.")
    listing.add_argument("--all", action="store_true", help="every save, not only the 20 newest")
    listing.add_argument("--delete", metavar="NAME", help="remove a save")
    listing.add_argument("--saves", metavar="DIR", help="the saves folder")
    listing.set_defaults(run=_saves)
    opening = sub.add_parser(
        "open", help="open a saved game in the shell and play on (as the shell's `open`)",
        description="Open the shell on a saved game: a save name (`medici saves` lists them) "
        "or a path.")
    opening.add_argument("name", metavar="NAME", help="a save name or a record file")
    _shell_options(opening)
    opening.set_defaults(run=_open)


def _saves(args: argparse.Namespace) -> int:
    import sys

    from engine import records
    from engine.play import SavesFolder
    from engine.shell import saves
    from engine.text import stream_width

    if args.delete is not None:
        print(f"Deleted {records.delete_save(args.delete, args.saves)}.")
        return 0
    listing = saves.table(SavesFolder.of(args.saves), everything=args.all,
                          width=stream_width(sys.stdout))
    print(listing.plain())
    return 0


def _open(args: argparse.Namespace) -> int:
    from engine.shell import run_shell

    return run_shell(first=[f"open {shlex.quote(args.name)}"], saves=args.saves,
                     color=False if args.no_color else None, must_start=True)


def _shell_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--saves", metavar="DIR", help="the saves folder")
    parser.add_argument("--no-color", action="store_true", help="plain text, no colour")


def _resume(args: argparse.Namespace) -> int:
    from engine.shell import run_shell

    return run_shell(resume=True, saves=args.saves, color=False if args.no_color else None,
                     must_start=True)


def _new(args: argparse.Namespace) -> int:
    from engine.shell import run_shell

    words, saves, no_color = _shell_options_among(list(args.words))
    line = "new " + " ".join(shlex.quote(w) for w in words)
    return run_shell(first=[line], saves=saves or args.saves,
                     color=False if (args.no_color or no_color) else None, must_start=True)


def _shell_options_among(words: list[str]) -> tuple[list[str], str | None, bool]:
    """``new``'s words without the shell options among them (``medici new friday.yaml 4
    --saves DIR``: the game's words take every word, the shell's options too): the words
    left, ``--saves``'s folder and whether ``--no-color`` was given."""
    left: list[str] = []
    saves = None
    no_color = False
    i = 0
    while i < len(words):
        word = words[i]
        if word == "--saves" and i + 1 < len(words):
            saves = words[i + 1]
            i += 2
            continue
        if word.startswith("--saves="):
            saves = word.partition("=")[2]
        elif word == "--no-color":
            no_color = True
        else:
            left.append(word)
        i += 1
    return left, saves, no_color
