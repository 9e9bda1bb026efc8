"""``medici variants`` and ``medici variant show|diff|check``: house-rule variants."""

from __future__ import annotations

import argparse
import json
import sys
import textwrap

from engine.rules import digest, rules_label, variant_names
from engine.text import stream_width, wrap_text
from engine.variants import (
    check_variant,
    diff,
    diff_as_json,
    display_path,
    format_diff,
    list_variants,
    resolved,
    show,
)


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add ``variants`` (the list) and ``variant`` (show, diff, check)."""
    listing = sub.add_parser("variants", help="list the shipped variants with descriptions")
    listing.add_argument("--json", action="store_true", help="print the list as JSON")
    listing.set_defaults(run=_list)

    parser = sub.add_parser("variant", help="show, compare or check a variant (name or file)")
    inner = parser.add_subparsers(dest="variant_command", metavar="WHAT", required=True)

    show_p = inner.add_parser("show", help="print a variant's resolved rules")
    show_p.add_argument("variant", help="variant name or rules file")
    show_p.add_argument(
        "--origins", action="store_true", help="note the file and line of every value"
    )
    show_p.add_argument("--json", action="store_true", help="print the rules as JSON")
    show_p.set_defaults(run=_show)

    diff_p = inner.add_parser("diff", help="print only the rules that differ, key by key")
    diff_p.add_argument("a", help="variant name or rules file")
    diff_p.add_argument("b", help="variant name or rules file")
    diff_p.add_argument("--json", action="store_true", help="print the differences as JSON")
    diff_p.add_argument(
        "--exit-code", action="store_true", help="exit with 1 if the variants differ"
    )
    diff_p.set_defaults(run=_diff)

    check_p = inner.add_parser(
        "check", help="validate variant files; exit 1 with every problem found"
    )
    check_p.add_argument(
        "files", nargs="*", metavar="FILE", help="rules files or names (default: every shipped one)"
    )
    check_p.add_argument("--quiet", "-q", action="store_true", help="print only problems")
    check_p.set_defaults(run=_check)


def _list(args: argparse.Namespace) -> int:
    infos = list_variants()
    if args.json:
        records = [
            {
                "name": i.name,
                "game": i.game,
                "extends": i.extends,
                "players": list(i.players),
                "description": i.description,
                "path": str(i.path),
                "problem": i.problem,
            }
            for i in infos
        ]
        print(json.dumps(records, indent=2))
        return 0
    width = max((len(i.name) for i in infos), default=4)
    columns = stream_width(sys.stdout) or 100
    # The description under its name, indented; on a narrow terminal less deep.
    indent = " " * (width + 2 if columns - width - 2 >= 40 else 4)
    for info in infos:
        players = _players(info.players)
        base = f"extends {info.extends}" if info.extends else info.game
        print(wrap_text(f"{info.name:<{width}}  {players:<11}  {base}", columns, 4))
        text = f"does not load: {info.problem}" if info.problem else info.description
        print(textwrap.fill(text, min(100, columns), initial_indent=indent,
                            subsequent_indent=indent, break_long_words=True))
    return 0


def _players(counts: tuple[int, ...]) -> str:
    if not counts:
        return "?"
    lo, hi = min(counts), max(counts)
    if list(counts) == list(range(lo, hi + 1)):
        return f"{lo} players" if lo == hi else f"{lo}-{hi} players"
    return ",".join(map(str, counts)) + " players"


def _show(args: argparse.Namespace) -> int:
    if args.json:
        variant, _, _ = resolved(args.variant)
        print(json.dumps(variant.rules, indent=2))
    else:
        print(show(args.variant, origins=args.origins), end="")
    return 0


def _diff(args: argparse.Namespace) -> int:
    differences = diff(args.a, args.b)
    if args.json:
        print(json.dumps(diff_as_json(differences), indent=2))
    else:
        print(format_diff(args.a, args.b, differences, stream_width(sys.stdout)), end="")
    return 1 if args.exit_code and differences else 0


def _check(args: argparse.Namespace) -> int:
    refs = args.files or variant_names()
    failed = 0
    for ref in refs:
        result = check_variant(ref)
        width = stream_width(sys.stderr)
        for warning in result.warnings:
            print(wrap_text(f"{warning} (warning)", width), file=sys.stderr)
        if result.ok:
            if not args.quiet:
                data = result.document.data if result.document is not None else None
                name = data.get("name") if isinstance(data, dict) else ref
                if isinstance(data, dict) and isinstance(name, str):
                    name = rules_label(name, digest(data))
                chain = " <- ".join(display_path(p) for p in result.files)
                print(wrap_text(f"{ref}: ok ({name}; {chain})", stream_width(sys.stdout)))
            continue
        failed += 1
        for problem in result.problems:
            print(wrap_text(str(problem), width), file=sys.stderr)
        count = len(result.problems)
        print(f"{ref}: {count} problem{'s' if count != 1 else ''}", file=sys.stderr)
    return 1 if failed else 0
