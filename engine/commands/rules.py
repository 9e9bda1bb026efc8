"""``medici rules``: look at a variant's phase machine."""

from __future__ import annotations

import argparse

from engine.rules import load_variant


def register(sub: argparse._SubParsersAction) -> None:
    """Add ``rules diagram VARIANT``."""
    parser = sub.add_parser("rules", help="show a variant's phase machine")
    inner = parser.add_subparsers(dest="rules_command", metavar="WHAT", required=True)
    diagram = inner.add_parser("diagram", help="print the phase machine as a Mermaid diagram")
    diagram.add_argument("variant", help="variant name or rules file")
    diagram.set_defaults(run=_diagram)


def _diagram(args: argparse.Namespace) -> int:
    print(load_variant(args.variant).logic.pm.mermaid(), end="")
    return 0
