"""Sentences as styled segments, the roles a told line plays, and the small words of both games."""

from __future__ import annotations

from collections.abc import Iterable
from enum import StrEnum
from typing import NamedTuple

Segment = tuple[str, str]
"""``(text, style)``: the style is a name (``name``, ``money``, ``good.fur``...) or ``""``."""


class Role(StrEnum):
    """What a told line is, so each client can lay it out (number, indent, frame)."""

    MOVE = "move"
    """A player's move: the story numbers it."""
    RESULT = "result"
    """What followed from a move: a purchase, a loan, a lot nobody bid on, a free fill."""
    OPENING = "opening"
    """A day or round begins."""
    NOTE = "note"
    """Anything else between moves: who starts, an event no describer knows."""
    SCORING = "scoring"
    """A day or round ends and its scoring begins."""
    DETAIL = "detail"
    """A line of a scoring (or of a move's small effects): a harbour, tracks, a player's payouts."""
    STANDINGS = "standings"
    """After a scoring's payouts: the players in place order with their money and change."""
    END = "end"
    """The game is over."""


class Sentence:
    """A sentence built segment by segment; ``add`` appends and returns self, for chaining."""

    __slots__ = ("segments",)

    def __init__(self, text: object = "", style: str = "") -> None:
        self.segments: list[Segment] = []
        self.add(text, style)

    def add(self, text: object, style: str = "") -> Sentence:
        """Append ``text`` (anything ``str`` takes, or another Sentence) in ``style``."""
        if isinstance(text, Sentence):
            self.segments.extend(text.segments)
            return self
        text = str(text)
        if text:
            self.segments.append((text, style))
        return self

    def plain(self) -> str:
        """The sentence without styles."""
        return "".join(text for text, _ in self.segments)

    def __str__(self) -> str:
        return self.plain()


class Line(NamedTuple):
    """One told line: its role, the index of the (first) event it tells, its segments."""

    role: Role
    index: int  # type: ignore[assignment]  # the field hides tuple.index, never called on a Line
    segments: tuple[Segment, ...]

    def plain(self) -> str:
        """The line without styles."""
        return "".join(text for text, _ in self.segments)


def join(parts: Iterable[Sentence], sep: str = ", ") -> Sentence:
    """``parts`` joined by ``sep``."""
    out = Sentence()
    for i, part in enumerate(parts):
        out.add(sep if i else "").add(part)
    return out


def piece_style(piece: str) -> str:
    """The style of a card or tile ``kind:value``: coloured by its kind, as on the table."""
    return f"good.{piece.split(':', 1)[0]}"


def pieces(items: Iterable[object], sep: str = ", ", empty: str = "nothing") -> Sentence:
    """Cards or tiles, each in the style of its kind; ``empty`` (dim) when there are none."""
    parts = [Sentence(item, piece_style(str(item))) for item in items]
    return join(parts, sep) if parts else Sentence(empty, "dim")


def names_list(names: list[str]) -> str:
    """``Ann``, ``Ann and Bo``, ``Ann, Bo and Cy``."""
    if len(names) <= 1:
        return "".join(names)
    return ", ".join(names[:-1]) + " and " + names[-1]


def ordinal(n: object) -> str:
    """1st, 2nd, 3rd, 4th... for places (``?`` for a place that is not a number)."""
    if not isinstance(n, int) or isinstance(n, bool):
        return "?"
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"
