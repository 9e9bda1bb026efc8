"""The shape of a Medici rules file, and the checks that tie its numbers together.

This module is the one place a Medici setting is declared: its key and type in
``SCHEMA`` and, for a setting that a rules file may leave out, its rulebook value in
``DEFAULTS`` (docs/architecture.md, "Adding a setting", says how to add one).
"""

from __future__ import annotations

from typing import Any, TypeGuard

from engine.errors import Problem
from engine.schema import Bool, Checker, Int, ListOf, MapOf, Name, Record, Str, validate
from engine.yamlsafe import Document, KeyPath

DEFAULTS: dict[str, Any] = {"loans": False}
"""Settings a rules file may leave out, with the value the engine then applies.

Settings added after the first release belong here, so that the resolved rules stored in
older saved games still load.
"""

PLAYER_COUNT = Record(
    {
        "cards_per_day": Int(1, 200),
        "start_money": Int(0, 10_000),
        "ship_capacity": Int(1, 50),
        "ship_payouts": ListOf(Int(0, 10_000)),
        "track_payouts": ListOf(Int(0, 10_000)),
    }
)

SCHEMA = Record(
    {
        "name": Str(),
        "game": Str(choices=["medici"]),
        "description": Str(),
        "cards": Record(
            {
                "commodities": ListOf(Name(), min_len=1, max_len=12, unique=True),
                "values": ListOf(Int(0, 1000), min_len=1, max_len=30),
                "gold": ListOf(Int(0, 1000), max_len=30),
            }
        ),
        "days": Int(1, 20),
        "max_lot": Int(1, 10),
        "min_bid": Int(1, 1000),
        "lot_limit": Str(choices=["any_player", "self"]),
        "track_moves": Str(choices=["day_end", "on_purchase"]),
        "start_player": Str(choices=["random", "first"]),
        "later_start_player": Str(choices=["least_money", "rotate"]),
        "tie_break": Str(choices=["random", "seat_order"]),
        "tracks": Record(
            {
                "top": Int(1, 30),
                "bonuses": MapOf(Int(0, 30), Int(0, 10_000)),
            }
        ),
        "player_counts": MapOf(Int(2, 6), PLAYER_COUNT),
    },
    optional={"extends": Str(), "remove": ListOf(Str()), "loans": Bool()},
)


def check(doc: Document) -> list[Problem]:
    """Every problem of a resolved Medici rules document: its shape, then the cross-checks.

    Cross-checks look only at values of the right shape, so a file with a typo in one
    place still has every other problem reported in the same run.
    """
    problems = validate(doc, SCHEMA)
    checker = Checker(doc)
    data = doc.data if isinstance(doc.data, dict) else {}
    total = _check_cards(data, checker)
    _check_tracks(data, checker)
    _check_player_counts(data, checker, total)
    return problems + checker.problems


def _int(value: object) -> TypeGuard[int]:
    return isinstance(value, int) and not isinstance(value, bool)


def _mapping(data: dict[Any, Any], key: str) -> dict[Any, Any]:
    value = data.get(key)
    return value if isinstance(value, dict) else {}


def _check_cards(data: dict[str, Any], checker: Checker) -> int | None:
    """Commodity names (M-1) usable in card names; returns the deck size, if it is known."""
    cards = _mapping(data, "cards")
    commodities = cards.get("commodities")
    if isinstance(commodities, list):
        for index, name in enumerate(commodities):
            path: KeyPath = ("cards", "commodities", index)
            if name == "gold":
                checker.error(path, "'gold' is reserved for the gold cards")
    commodities, values, gold = (cards.get(key) for key in ("commodities", "values", "gold"))
    if not (isinstance(commodities, list) and isinstance(values, list)
            and isinstance(gold, list)):
        return None
    return len(commodities) * len(values) + len(gold)


def _check_tracks(data: dict[str, Any], checker: Checker) -> None:
    """M-17: every bonus level is a level of the track (M-5)."""
    tracks = _mapping(data, "tracks")
    top = tracks.get("top")
    if not _int(top):
        return
    for level in _mapping(tracks, "bonuses"):
        if _int(level) and level > top:
            checker.conflict(
                [("tracks", "bonuses", level), ("tracks", "top")],
                f"bonus level {level} is above the top of the track, level {top}",
            )


def _check_player_counts(data: dict[str, Any], checker: Checker, total: int | None) -> None:
    """Payout tables per player count (M-13, M-16), cards per day against the deck and the
    ships (M-3, M-4), and the lot size against the ships (M-8)."""
    counts = data.get("player_counts")
    if not isinstance(counts, dict):
        return
    if not counts:
        checker.error(("player_counts",), "at least one player count is needed")
    capacities: list[tuple[int, KeyPath]] = []
    for count, pc in counts.items():
        if not _int(count) or not isinstance(pc, dict):
            continue
        base: KeyPath = ("player_counts", count)
        for table in ("ship_payouts", "track_payouts"):
            if isinstance(pc.get(table), list) and len(pc[table]) != count:
                checker.error(
                    (*base, table),
                    f"expected {count} entries (one per place with {count} players), "
                    f"got {len(pc[table])}",
                )
        per_day, capacity = pc.get("cards_per_day"), pc.get("ship_capacity")
        if _int(capacity):
            capacities.append((capacity, (*base, "ship_capacity")))
        if not _int(per_day):
            continue
        if total is not None and per_day > total:
            checker.conflict(
                [(*base, "cards_per_day"), *_deck_paths(checker.doc)],
                f"{per_day} cards per day, but the deck has only {total}",
            )
        if _int(capacity) and per_day < count * capacity:
            checker.conflict(
                [(*base, "cards_per_day"), (*base, "ship_capacity")],
                f"{per_day} cards per day cannot fill {count} ships of {capacity} holds, "
                f"{count * capacity} holds in all",
            )
    max_lot = data.get("max_lot")
    if _int(max_lot) and capacities:
        largest, where = max(capacities, key=lambda item: item[0])
        if max_lot > largest:
            checker.conflict(
                [("max_lot",), where],
                f"a lot of {max_lot} cards could never be presented: the largest ship has "
                f"{largest} holds",
            )


def _deck_paths(doc: Document) -> list[KeyPath]:
    """The keys that make the deck's size (M-1) written in the checked file itself, else
    ``cards`` as a whole: where a too-small deck is to be blamed."""
    own: list[KeyPath] = [
        ("cards", key)
        for key in ("commodities", "values", "gold")
        if doc.where(("cards", key))[0] == doc.name
    ]
    return own or [("cards",)]
