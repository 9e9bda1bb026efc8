"""``medici export FILE --html OUT.html``: the replay page of a saved game, one
self-contained file anyone can open offline (with the review the record keeps, if any)."""

from __future__ import annotations

import argparse


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add ``export``."""
    parser = sub.add_parser(
        "export",
        help="write a saved game as a replay page (one HTML file, no network needed)",
        description="Write the replay page of a saved game: one self-contained HTML file "
        "(its style, script and data inline; no network, no server) with the table at "
        "every step, the story of each step, a slider and the arrow keys. A review kept "
        "in the record (medici review) is shown with it; none is made here.",
    )
    parser.add_argument("file", nargs="?",
                        help="a record file (a path, or a save name in the saves folder)")
    parser.add_argument("--example", nargs="?", const="", metavar="GAME",
                        help="export a shipped example instead of FILE (a game's id)")
    parser.add_argument("--html", metavar="OUT.html", required=True,
                        help="the page to write")
    parser.add_argument("--saves", metavar="DIR", help="the saves folder for save names")
    parser.set_defaults(run=_run)


def _run(args: argparse.Namespace) -> int:
    from engine.review import cli

    return cli.export_command(file=args.file, example=args.example, html=args.html,
                              saves=args.saves)
