"""The shape of a Medici vs Strozzi rules file, and the checks that tie its numbers together."""

from __future__ import annotations

from typing import Any

from engine.errors import Problem
from engine.schema import Checker, Int, ListOf, MapOf, Name, Record, Str, Text, validate
from engine.yamlsafe import Document

MONEY = Int(0, 1_000_000)

SCHEMA = Record(
    {
        "name": Str(),
        "game": Str(choices=["medici-vs-strozzi"]),
        "description": Str(),
        "tiles": Record(
            {
                "goods": ListOf(Name(), min_len=1, max_len=12, unique=True),
                "values": ListOf(Int(0, 1000), min_len=1, max_len=30),
                "gold": ListOf(Int(0, 1000), max_len=30),
            }
        ),
        "players": ListOf(Text(), length=2, unique=True),
        "start_money": MONEY,
        "ships": ListOf(Int(1, 50), min_len=1, max_len=12, unique=True),
        "rounds": Int(1, 20),
        "round_starters": ListOf(Str(), min_len=1, max_len=20),
        "max_lot": Int(1, 10),
        "min_price": MONEY,
        "harbours": ListOf(
            ListOf(Str(), min_len=1, max_len=12, unique=True), min_len=1, max_len=12
        ),
        "rows": Record(
            {
                "spaces": Int(1, 30),
                "bonuses": MapOf(Int(1, 30), MONEY),
                "move": Int(0, 30),
                "move_by_value": MapOf(Int(0, 1000), Int(0, 30)),
            }
        ),
        "harbour_prize": MONEY,
        "row_payment": MONEY,
    },
    optional={"extends": Str(), "remove": ListOf(Str())},
)


def check(doc: Document) -> list[Problem]:
    """Every problem of a resolved Medici vs Strozzi rules document: shape, then cross-checks."""
    problems = validate(doc, SCHEMA)
    if problems:
        return problems
    data: Any = doc.data  # YAML read in, of the shape SCHEMA has just checked
    checker = Checker(doc)
    tiles = data["tiles"]
    goods = tiles["goods"]
    if "gold" in goods:
        checker.error(("tiles", "goods"), "'gold' is reserved for the gold tiles")
    for h, rows in enumerate(data["harbours"]):
        for r, good in enumerate(rows):
            if good not in goods:
                checker.conflict(
                    [("harbours", h, r), ("tiles", "goods")],
                    f"harbour {h + 1} has a row for {good!r}, which is not one of the goods "
                    f"({', '.join(goods)}) (S-3)",
                )
    ships = data["ships"]
    if len(ships) > len(data["harbours"]):
        checker.conflict(
            [("ships",), ("harbours",)],
            f"{len(ships)} ships but {len(data['harbours'])} harbours: each ship of a player "
            "needs a harbour of its own (S-11)",
        )
    if data["max_lot"] > max(ships):
        checker.conflict(
            [("max_lot",), ("ships",)],
            f"a lot of {data['max_lot']} tiles fits no ship (the largest has {max(ships)} holds) "
            "(S-7)",
        )
    rows = data["rows"]
    for space in rows["bonuses"]:
        if space > rows["spaces"]:
            checker.conflict(
                [("rows", "bonuses", space), ("rows", "spaces")],
                f"bonus space {space} is outside the row: a row has {rows['spaces']} spaces "
                "towards each player (S-4)",
            )
    for value in rows["move_by_value"]:
        if value not in tiles["values"]:
            checker.conflict(
                [("rows", "move_by_value", value), ("tiles", "values")],
                f"no tile of a good has value {value} (the values are "
                f"{', '.join(map(str, tiles['values']))}) (S-15)",
            )
    starters = data["round_starters"]
    if len(starters) != data["rounds"]:
        checker.conflict(
            [("round_starters",), ("rounds",)],
            f"{len(starters)} round starters for {data['rounds']} rounds: name who starts "
            "each round (S-6)",
        )
    for index, name in enumerate(starters):
        if name not in data["players"]:
            checker.conflict(
                [("round_starters", index), ("players",)],
                f"expected one of {', '.join(data['players'])}, got {name!r} (S-6)",
            )
    return checker.problems
