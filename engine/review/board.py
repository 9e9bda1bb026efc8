"""The table as the replay page draws it: seats with money and rows of pieces, ladders,
what is on sale. Each game's folder turns its view into a ``Board`` (the descriptor's
``page`` part, ``board(view, rules) -> Board``); the page draws any ``Board`` the same way,
so it knows no game."""

from __future__ import annotations

from typing import NotRequired, TypedDict


class Piece(TypedDict):
    """One piece as it is written (``fur:3``) and what colours it (``fur``)."""

    name: str
    kind: str


class Row(TypedDict):
    """A row of pieces a seat holds, with its label and a note (``value 5 · 2 free``)."""

    label: str
    pieces: list[Piece]
    note: str


class Seat(TypedDict):
    """One player at the table: name, money as shown, rows of pieces, other facts."""

    name: str
    money: str
    rows: list[Row]
    facts: list[str]


class Place(TypedDict):
    """A marker on a ladder: whose (a seat; None for a shared marker) and on which rung."""

    seat: int | None
    rung: int


class Ladder(TypedDict):
    """A track of rungs with markers on it: drawn bottom to top, or left to right when
    ``across`` (between two ends, ``ends``)."""

    name: str
    kind: str
    """What colours it (a piece's kind)."""
    rungs: list[str]
    """Each rung's label, the first at the bottom (or the left)."""
    notes: list[str]
    """A note beside each rung ('' for none): a bonus, a payout."""
    places: list[Place]
    across: NotRequired[bool]
    ends: NotRequired[list[str]]
    group: NotRequired[str]
    """Ladders of one group are drawn together under it (``harbour 2 · values 8 : 0``)."""


class Sale(TypedDict):
    """What is on sale: its pieces and a note (the high bid, the price asked)."""

    label: str
    pieces: list[Piece]
    note: str


class Board(TypedDict):
    """The whole table at one step."""

    title: str
    """``Day 1 of 3 · bidding``."""
    seats: list[Seat]
    turn: int | None
    """The seat to act (None: nobody, the game is over)."""
    winners: list[int]
    ladders_title: str
    ladders: list[Ladder]
    sale: Sale | None
    notes: list[str]
    """Lines under the table (what is left to draw, what was discarded)."""


def piece(name: str) -> Piece:
    """A piece from its written form: its kind is the part before the colon."""
    return {"name": name, "kind": name.split(":")[0]}
