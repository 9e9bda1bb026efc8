"""The shape of a Medici rules file, and the checks that tie its numbers together."""

from __future__ import annotations

from engine.errors import Problem
from engine.schema import Checker, Int, ListOf, MapOf, Record, Str, validate
from engine.yamlsafe import Document

NAME = r"[a-z][a-z0-9_-]*"

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
                "commodities": ListOf(Str(), min_len=1, max_len=12, unique=True),
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
    optional={"extends": Str()},
)


def check(doc: Document) -> list[Problem]:
    """Every problem of a resolved Medici rules document: shape first, then cross-checks."""
    problems = validate(doc, SCHEMA)
    if problems:
        return problems
    data = doc.data
    checker = Checker(doc)
    cards = data["cards"]
    if "gold" in cards["commodities"]:
        checker.error(("cards", "commodities"), "'gold' is reserved for the gold cards")
    total = len(cards["commodities"]) * len(cards["values"]) + len(cards["gold"])
    top = data["tracks"]["top"]
    for level in data["tracks"]["bonuses"]:
        if level > top:
            checker.error(
                ("tracks", "bonuses", level),
                f"bonus level {level} is above the top of the track ({top})",
            )
    if not data["player_counts"]:
        checker.error(("player_counts",), "at least one player count is needed")
    for count, pc in data["player_counts"].items():
        base = ("player_counts", count)
        for table in ("ship_payouts", "track_payouts"):
            if len(pc[table]) != count:
                checker.error(
                    (*base, table), f"expected {count} entries, got {len(pc[table])}"
                )
        if pc["cards_per_day"] > total:
            checker.error(
                (*base, "cards_per_day"),
                f"{pc['cards_per_day']} cards per day, but the deck has only {total}",
            )
        holds = count * pc["ship_capacity"]
        if pc["cards_per_day"] < holds:
            checker.error(
                (*base, "cards_per_day"),
                f"{pc['cards_per_day']} cards per day cannot fill {count} ships of "
                f"{pc['ship_capacity']} ({holds} holds)",
            )
    if data["max_lot"] > max(
        (pc["ship_capacity"] for pc in data["player_counts"].values()), default=0
    ):
        checker.error(("max_lot",), "a lot larger than every ship could never be presented")
    return checker.problems
