"""``medici host``: a table friends join over SSH (``engine.host``; needs ``medici[host]``)."""

from __future__ import annotations

import argparse
import sys

INSTALL = ("medici host needs asyncssh, which is not installed: pip install 'medici[host]' "
           "(or pip install asyncssh)")
"""What ``medici host`` says when asyncssh is missing."""


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add ``host``."""
    parser = sub.add_parser(
        "host", help="host a table that friends join with ssh",
        description="Host one table over SSH: each player joins from their own terminal "
        "with `ssh -p PORT NAME@HOST` and gets the shell, with completion and toolbar, for "
        "their own seat. Seats are named as for `new` (Ann Bo bot:greedy); `?` is an open "
        "seat the next joiner takes and names; a bare count N is you and N-1 open seats. "
        "The game is saved after every move, as a local game is.",
        epilog="Example: medici host medici Ann Bo Cy bot:greedy --listen 0.0.0.0")
    parser.add_argument("words", nargs="*", metavar="GAME PLAYER",
                        help="the game (default medici) and the players in seat order")
    parser.add_argument("--variant", metavar="V", help="play under other rules (a name or file)")
    parser.add_argument("--seed", metavar="N", help="seed of the game (repeatable shuffles)")
    parser.add_argument("--port", type=_port,
                        help="the port to listen on (default 8022; 0 picks a free one)")
    parser.add_argument("--listen", metavar="ADDR",
                        help="the address to listen on (default 127.0.0.1: this machine "
                        "only; 0.0.0.0 for your network)")
    door = parser.add_mutually_exclusive_group()
    door.add_argument("--password", metavar="WORD",
                      help="the table's password (default: one is made and printed)")
    door.add_argument("--keys", metavar="FILE",
                      help="an OpenSSH authorized_keys file: joiners log in with those keys")
    door.add_argument("--new-password", action="store_true",
                      help="with --resume: make a new password instead of keeping the "
                      "table's")
    parser.add_argument("--no-seat", action="store_true",
                        help="this terminal runs the table without playing a seat")
    parser.add_argument("--name", metavar="TABLE",
                        help="the table's name, and its game's save name")
    parser.add_argument("--resume", nargs="?", const="", metavar="NAME",
                        help="host a saved game again, with its seats, name, options and "
                        "password (default: the latest unfinished one); options given "
                        "change what the table kept")
    parser.add_argument("--hints", choices=("on", "off"),
                        help="whether players may ask for a hint (default off)")
    parser.add_argument("--spectators", action=argparse.BooleanOptionalAction,
                        help="joiners whose name is no seat watch the game (default off)")
    parser.add_argument("--away-bot", metavar="SPEC",
                        help="a bot that moves for a player who is away (e.g. greedy)")
    parser.add_argument("--away-after", type=_seconds, metavar="SECONDS",
                        help="how long the table waits for an absent player before the "
                        "away bot moves (default 60)")
    parser.add_argument("--max-connections", type=_count, metavar="N",
                        help="the most connections at once (default 16)")
    parser.add_argument("--saves", metavar="DIR", help="the saves folder")
    parser.add_argument("--host-key", metavar="FILE", help="the host's private key (default: "
                        "made once in the user's data folder)")
    parser.add_argument("--no-color", action="store_true", help="plain text on this terminal")
    parser.set_defaults(run=_run)


def _on(value: str | None) -> bool | None:
    """``on``/``off`` as True/False; None when the option was not given."""
    return None if value is None else value == "on"


def _port(text: str) -> int:
    if not text.isdigit() or int(text) > 65535:
        raise argparse.ArgumentTypeError(f"a port is 0 to 65535, got {text!r}")
    return int(text)


def _seconds(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        value = -1.0
    if not value >= 0 or value == float("inf"):
        raise argparse.ArgumentTypeError(f"seconds are a number 0 or more, got {text!r}")
    return value


def _count(text: str) -> int:
    if not text.isdigit() or not 1 <= int(text) <= 1000:
        raise argparse.ArgumentTypeError(f"a count is 1 to 1000, got {text!r}")
    return int(text)


def _run(args: argparse.Namespace) -> int:
    try:
        import asyncssh  # noqa: F401 - only to know it is there
    except ImportError:
        print(f"medici: {INSTALL}", file=sys.stderr)
        return 2
    from engine.bots import check_spec
    from engine.host.hosting import HostOptions, run_host
    from engine.play import TableError, parse_seed
    from engine.shell import default_bot_delay

    try:
        seed = parse_seed(args.seed) if args.seed is not None else None
    except TableError as err:
        print(f"medici host: {err}", file=sys.stderr)
        return 2
    if args.new_password and args.resume is None:
        print("medici host: --new-password goes with --resume (a new table always gets a "
              "new password)", file=sys.stderr)
        return 2
    if args.away_bot is not None and (problem := check_spec(args.away_bot)) is not None:
        print(f"medici host: --away-bot: {problem}", file=sys.stderr)
        return 2
    options = HostOptions(
        words=tuple(args.words), variant=args.variant, seed=seed, port=args.port,
        listen=args.listen, password=args.password, keys=args.keys, no_seat=args.no_seat,
        name=args.name, resume=args.resume, hints=_on(args.hints),
        spectators=args.spectators, away_bot=args.away_bot, away_after=args.away_after,
        max_connections=args.max_connections, saves=args.saves, host_key=args.host_key,
        color=False if args.no_color else None, bot_delay=default_bot_delay(True),
        new_password=args.new_password)
    return run_host(options)
