"""``medici rules``: read one rule by its id, list them all, or look at a phase machine."""

from __future__ import annotations

import argparse
import sys

from engine import rulebook
from engine.errors import MediciError
from engine.rules import load_variant
from engine.text import stream_width, wrap_text
from engine.text.width import reading_width

USAGE = "medici rules [ID | all | diagram VARIANT]"


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add ``rules [ID]`` and ``rules diagram VARIANT``."""
    example = rulebook.example_id()
    parser = sub.add_parser(
        "rules", usage=USAGE,
        help=f"print a rule by its id ({example}), or a variant's phase machine",
        description=f"With an id ({example}, say), print that rule; with no argument, list "
        "every rule's id and title, game by game; `all` prints every rule in full (the "
        "text the package carries); `diagram VARIANT` prints the variant's phase machine as "
        "a Mermaid diagram.")
    # One positional rather than subcommands, so that `rules ID` and `rules diagram X`
    # both parse: argparse would refuse an id as an unknown subcommand.
    parser.add_argument("what", nargs="?", metavar="ID",
                        help=f"a rule id such as {example}, `all`, or `diagram`")
    parser.add_argument("variant", nargs="?", metavar="VARIANT",
                        help="after `diagram`: a variant name or rules file")
    parser.set_defaults(run=_run)


def _run(args: argparse.Namespace) -> int:
    if args.what == "diagram":
        if args.variant is None:
            raise MediciError("rules diagram needs a variant: medici rules diagram VARIANT "
                              "(a shipped name such as medici, or a rules file)")
        print(load_variant(args.variant).logic.pm.mermaid(), end="")
        return 0
    if args.variant is not None:
        raise MediciError(f"rules takes one rule id, not {args.what!r} {args.variant!r}: "
                          f"{USAGE}")
    if args.what is None:
        print(wrap_text(rulebook.index(), stream_width(sys.stdout)))
        return 0
    if args.what == "all":
        print(rulebook.whole(width=reading_width(stream_width(sys.stdout))))
        return 0
    print(rulebook.rule(args.what).render(reading_width(stream_width(sys.stdout))))
    return 0

