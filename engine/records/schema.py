"""The shape of a record document: every field type-checked before anything is replayed.

Built on ``engine.schema`` (the same validator as the rules files), so a record's problems
read like a rules file's: ``players.1.bot: expected ..., got ...``. Events are checked here
only as far as replaying them needs (the fields that become a move or a chance outcome);
every other field of an event is compared with what the rules produce.
"""

from __future__ import annotations

import re
from collections import abc
from typing import Any

from engine.botspecs import spec_problem
from engine.chance import CHANCE_EVENTS
from engine.errors import RecordError
from engine.names import MAX_VARIANT, VARIANT_PATTERN, player_name_problem
from engine.records.settings import SECTION_VERSION
from engine.schema import Any as AnyValue
from engine.schema import Bool, Checker, Int, ListOf, Node, Record, Str, show, validate
from engine.yamlsafe import Document, KeyPath

MAX_EVENTS = 100_000
MAX_INT = (1 << 64) - 1

NAME_PATTERN = VARIANT_PATTERN
"""A variant named in a record must be a plain name from ``config/``, never a path."""


class Text(Node):
    """A string of 1 to ``max_len`` characters, without control characters, matching ``pattern``."""

    def __init__(self, max_len: int, pattern: str | None = None, what: str = "") -> None:
        self.max_len = max_len
        self.pattern = None if pattern is None else re.compile(pattern)
        self.what = what

    def check(self, value: object, path: KeyPath, checker: Checker) -> None:
        """Report a non-string, an empty or too long one, control characters, a mismatch."""
        if not isinstance(value, str):
            checker.error(path, f"expected {self.what or 'a string'}, got {show(value)}")
        elif not value.strip() or len(value) > self.max_len:
            checker.error(path, f"expected 1 to {self.max_len} characters, got {show(value)}")
        elif any(ord(c) < 32 or 0x7F <= ord(c) < 0xA0 for c in value):
            checker.error(path, f"control characters are not allowed, got {show(value)}")
        elif self.pattern is not None and not self.pattern.fullmatch(value):
            checker.error(path, f"expected {self.what}, got {show(value)}")


class Nullable(Node):
    """``null`` or a value matching ``node``."""

    def __init__(self, node: Node) -> None:
        self.node = node

    def check(self, value: object, path: KeyPath, checker: Checker) -> None:
        """Accept null; otherwise defer to the inner node."""
        if value is not None:
            self.node.check(value, path, checker)


class Mapping(Node):
    """Any JSON object (its content is checked elsewhere)."""

    def check(self, value: object, path: KeyPath, checker: Checker) -> None:
        """Report a non-object."""
        if not isinstance(value, dict):
            checker.error(path, f"expected an object {{...}}, got {show(value)}")


_SEED = Nullable(Int(0, MAX_INT))


class Seconds(Node):
    """A number of seconds (whole or not; true/false are not numbers) from 0 to ``most``."""

    def __init__(self, most: float) -> None:
        self.most = most

    def check(self, value: object, path: KeyPath, checker: Checker) -> None:
        """Report a value that is not a number in range."""
        if (isinstance(value, bool) or not isinstance(value, int | float)
                or not 0 <= value <= self.most):
            checker.error(path, f"expected a number of seconds from 0 to {self.most:g}, "
                                f"got {show(value)}")


class Version(Node):
    """A section's version: one this program reads (1 to ``newest``)."""

    def __init__(self, newest: int) -> None:
        self.newest = newest

    def check(self, value: object, path: KeyPath, checker: Checker) -> None:
        """Report a version this program cannot read, newer ones with what to do."""
        if isinstance(value, bool) or not isinstance(value, int) or value < 1:
            checker.error(path, f"expected a version number 1 to {self.newest}, got "
                                f"{show(value)}")
        elif value > self.newest:
            checker.error(path, f"version {value} is newer than this program reads "
                                f"({self.newest}): update medici to open it")


TABLE = Record(
    {"version": Version(SECTION_VERSION)},
    optional={
        "name": Text(80, what="a save name"),
        "hints": Bool(),
        "confirm": Bool(),
        "worth": Nullable(Bool()),
        "pace": Seconds(60),
        "hosting": Record({}, optional={
            "listen": Text(255, what="an address such as 127.0.0.1"),
            "port": Int(0, 65535),
            "keys": Nullable(Text(4096, what="a file of keys")),
            "spectators": Bool(),
            "away_bot": Nullable(Text(64, what="a bot spec such as greedy")),
            "away_after": Seconds(86400),
            "host_seat": Nullable(Int(0, 11)),
            "max_connections": Int(1, 1000),
        }),
    },
)
"""A record's ``table`` section: the settings of the table the game is played at
(``engine.records.settings``, docs/record-format.md)."""

class PlayerName(Node):
    """A player's name by the one rule the shell and ``new_game`` check too
    (``engine.names.player_name_problem``)."""

    def check(self, value: object, path: KeyPath, checker: Checker) -> None:
        """Report a name that breaks the rule, with the rule."""
        problem = player_name_problem(value)
        if problem is not None:
            checker.error(path, f"{problem}, got {show(value)}")


PLAYER = Record(
    {"name": PlayerName()},
    optional={"bot": Nullable(Text(64, what="a bot spec such as mcts:2000"))},
)

CHANCE = Record(
    {},
    optional={
        "orders": ListOf(ListOf(Text(40, what="a piece such as fur:3"), max_len=1000)),
        "choices": ListOf(Int(0, 1000)),
    },
)

RECORD = Record(
    {
        "format": Str(),
        "version": Int(),
        "variant": Text(MAX_VARIANT, NAME_PATTERN,
                        "a variant name (lower case, digits, - and _)"),
        "players": ListOf(PLAYER, min_len=1, max_len=12),
    },
    optional={
        "engine": Text(40),
        "game": Text(40, NAME_PATTERN, "a game name"),
        "rules_digest": Text(64, "[0-9a-f]{64}", "64 hex digits (SHA-256)"),
        "seed": _SEED,
        "rules": Mapping(),
        "events": ListOf(AnyValue(), min_len=1, max_len=MAX_EVENTS),
        "moves": ListOf(Text(80, what="a move such as bid 7"), max_len=MAX_EVENTS),
        "chance": CHANCE,
        "branch_of": Record({"name": Text(200, what="a save name"),
                             "step": Int(0, 1_000_000_000)}),
        "table": TABLE,
        "state": Mapping(),
        "review": Mapping(),  # its own shape: engine.records.review_section
        "checksum": Str(),
    },
)

_MOVE_NUMBER = Int(0, 1_000_000_000)
_SMALL = Int(0, 1000)
_PIECES = ListOf(Text(40))
_OPTIONS = ListOf(Int(0, 1000), min_len=1)
_WHAT = Text(80, what="what the outcome was for")


def check_document(doc: dict[str, Any], name: str) -> dict[str, Any]:
    """The document with players as objects, if every top-level field has the right type."""
    doc = dict(doc)
    players = doc.get("players")
    if isinstance(players, list):
        doc["players"] = [{"name": p, "bot": None} if isinstance(p, str) else p for p in players]
    problems = validate(Document(doc, name, {}), RECORD)
    if "events" in doc and "moves" in doc:
        raise RecordError(
            name, 'give either "events" (a saved game) or "moves" (by hand), not both'
        )
    if not problems and "events" not in doc and "moves" not in doc:
        raise RecordError(name, 'no "events" and no "moves": a record needs one of them')
    _raise(problems, name)
    _check_bots(doc["players"], name)
    _check_host_seat(doc, name)
    return doc


def _check_host_seat(doc: dict[str, Any], name: str) -> None:
    """A hosted table's own seat must be one of the game's seats."""
    table = doc.get("table")
    hosting = table.get("hosting") if isinstance(table, dict) else None
    seat = hosting.get("host_seat") if isinstance(hosting, dict) else None
    if isinstance(seat, int) and seat >= len(doc["players"]):
        raise RecordError(name, f"table.hosting.host_seat: expected a seat 0 to "
                                f"{len(doc['players']) - 1}, got {seat}")


def _check_bots(players: list[dict[str, Any]], name: str) -> None:
    """Refuse a seat whose bot spec no bot answers to: the shell would wait on it forever."""
    for seat, player in enumerate(players):
        spec = player.get("bot")
        # Asked through the seam the bots fill: the records import no bot.
        problem = None if spec is None else spec_problem(spec)
        if problem is not None:
            raise RecordError(name, f"players.{seat}.bot ({player['name']}'s seat): {problem}")


def check_events(
    events: list[Any], name: str, kinds: abc.Mapping[str, tuple[str, ...]], seats: int
) -> None:
    """Type-check the fields of each event that replaying it reads (moves, chance, setup);
    ``kinds`` is the game's grammar (a move's arguments are the event's keys it names)."""
    checker = Checker(Document(events, name, {}))
    # Every argument name of the grammar, on any move: a stray one is still a typed field.
    names = sorted({part.rstrip("?") for pattern in kinds.values() for part in pattern})
    for index, event in enumerate(events):
        path: KeyPath = ("events", index)
        if not isinstance(event, dict):
            checker.error(path, f"an event is an object {{...}}, got {show(event)}")
            continue
        kind = event.get("type")
        if not isinstance(kind, str) or not kind:
            checker.error(path + ("type",), f"every event has a type, got {show(kind)}")
            continue
        if (index == 0) != (kind == "setup"):
            checker.error(path + ("type",), "the first event, and only the first, is the setup")
        if kind == "setup":
            _SEED.check(event.get("seed"), path + ("seed",), checker)
            ListOf(PlayerName(), length=seats).check(
                event.get("players"), path + ("players",), checker
            )
        elif kind in kinds:
            _check_move(event, names, path, checker, seats)
        elif kind in CHANCE_EVENTS:
            _check_chance(event, kind, path, checker)
        if len(checker.problems) >= 5:
            break
    _raise(checker.problems, name)


def _check_move(
    event: dict[str, Any], names: list[str], path: KeyPath, checker: Checker, seats: int
) -> None:
    for key in names:
        if event.get(key) is not None:
            _MOVE_NUMBER.check(event[key], path + (key,), checker)
    if "player" in event:
        Int(0, seats - 1).check(event["player"], path + ("player",), checker)


def _check_chance(event: dict[str, Any], kind: str, path: KeyPath, checker: Checker) -> None:
    _WHAT.check(event.get("what"), path + ("what",), checker)
    if kind == "order":
        _PIECES.check(event.get("order"), path + ("order",), checker)
        _SMALL.check(event.get("unknown"), path + ("unknown",), checker)
    else:
        _OPTIONS.check(event.get("options"), path + ("options",), checker)
        _SMALL.check(event.get("result"), path + ("result",), checker)


def _raise(problems: list[Any], name: str) -> None:
    if problems:
        shown = "; ".join(
            f"{p.path}: {p.message}" if p.path else p.message for p in problems[:5]
        )
        more = f" (and {len(problems) - 5} more)" if len(problems) > 5 else ""
        raise RecordError(name, shown + more)
