"""Formatted text built fragment by fragment, and the style classes the shell uses."""

from __future__ import annotations

import re
from collections.abc import Iterable

from prompt_toolkit.formatted_text import to_plain_text
from prompt_toolkit.formatted_text.utils import split_lines
from prompt_toolkit.utils import get_cwidth

from engine.narrative import pieces

STYLE: dict[str, str] = {
    "error": "#ff5f5f bold",
    "good": "#5fd75f",
    "bad": "#ff8787",
    "dim": "#8a8a8a",
    "title": "bold",
    "name": "bold #87afff",
    "bot": "#afafd7",
    "turn": "bold #ffd75f",
    "money": "#ffd75f",
    "phase": "#5fd7d7",
    "cmd": "bold #87d7af",
    "heading": "bold underline",
    # Goods: the cards and tiles are coloured by kind, as on the table.
    "good.cloth": "#d7d7ff",
    "good.fur": "#d7875f",
    "good.grain": "#ffff87",
    "good.dye": "#af87ff",
    "good.spice": "#ff875f",
    "good.gold": "bold #ffd700",
    "bottom-toolbar": "noreverse bg:#303030 #d0d0d0",
    "bottom-toolbar.key": "bg:#303030 bold #ffd75f",
}
"""prompt_toolkit style rules for the class names used in ``Text`` fragments."""


ROW = "[row]"
"""The style of the empty fragment that opens a table's row (``Text.row``): ``wrap`` keeps
such a line whole. prompt_toolkit ignores a style in square brackets, and ``wrap`` drops it."""

HANG = 2
"""How much deeper than its first line a wrapped line's continuation is indented."""


class Text:
    """A list of (style, text) fragments; ``add`` appends and returns self, for chaining."""

    __slots__ = ("fragments",)

    def __init__(self, text: str = "", style: str = "") -> None:
        self.fragments: list[tuple[str, str]] = []
        if text:
            self.add(text, style)

    def add(self, text: str | Text, style: str = "") -> Text:
        """Append ``text`` in the style classes ``style`` (space-separated names of STYLE)."""
        if isinstance(text, Text):
            return self.extend(text)
        if text:
            cls = " ".join(f"class:{s}" for s in style.split()) if style else ""
            self.fragments.append((cls, text))
        return self

    def extend(self, other: Text) -> Text:
        """Append another Text's fragments."""
        self.fragments.extend(other.fragments)
        return self

    def line(self, other: Text | str = "") -> Text:
        """Append a newline (if not empty) and then ``other``."""
        if self.fragments:
            self.fragments.append(("", "\n"))
        if isinstance(other, Text):
            self.fragments.extend(other.fragments)
        else:
            self.add(other)
        return self

    def row(self, other: Text | str) -> Text:
        """Append a newline (if not empty) and then ``other`` as a table's row: a line
        that ``wrap`` keeps whole, so that its columns stay in line."""
        if self.fragments:
            self.fragments.append(("", "\n"))
        self.fragments.append((ROW, ""))
        if isinstance(other, Text):
            self.fragments.extend(other.fragments)
        else:
            self.add(other)
        return self

    def plain(self) -> str:
        """The text without styles."""
        return to_plain_text(self.fragments)

    def __len__(self) -> int:
        return sum(len(t) for _, t in self.fragments)

    def __str__(self) -> str:
        return self.plain()


def join(parts: list[Text], sep: str = ", ", style: str = "") -> Text:
    """``parts`` joined by ``sep``."""
    out = Text()
    for i, part in enumerate(parts):
        if i:
            out.add(sep, style)
        out.extend(part)
    return out


def pad(text: Text, width: int, right: bool = False) -> Text:
    """``text`` padded with spaces to ``width`` (on the left when ``right`` aligns it right)."""
    gap = " " * max(0, width - len(text))
    if right:
        return Text(gap).extend(text)
    return Text().extend(text).add(gap)


def styled(segments: Iterable[tuple[str, str]]) -> Text:
    """A Text from ``(text, style)`` segments (``engine.narrative``'s sentences)."""
    out = Text()
    for text, style in segments:
        out.add(text, style)
    return out


def cards(items: list[str], empty: str = "—") -> Text:
    """Cards or tiles, each coloured by its kind."""
    return styled(pieces(items, " ", empty).segments)


def table_title(title: str, unit: str, view: dict, total_key: str) -> Text:
    """``Medici · day 2 of 3 · bidding · Ann to act``: a table's first line."""
    out = Text(f"{title} · {unit} {view[unit]} of {view[total_key]} · ", "title")
    out.add(str(view["phase"]).replace("_", " "), "phase")
    current = view.get("current_player")
    if current is not None:
        out.add(" · ").add(view["players"][current]["name"], "turn").add(" to act")
    return out


_WORDS = re.compile(r"\s+|\S+")


def wrap(fragments: Iterable[tuple[str, str]], width: int | None) -> list[tuple[str, str]]:
    """``fragments`` with every line wider than ``width`` columns broken at spaces.

    A word is never split: one wider than the line stands alone on its line. Each
    continuation is indented ``HANG`` columns deeper than its line's own indent, so a
    wrapped line reads as one. A table's rows (``Text.row``) are kept whole, and their
    markers dropped; ``width`` None wraps nothing.
    """
    out: list[tuple[str, str]] = []
    for number, line in enumerate(split_lines(list(fragments))):
        if number:
            out.append(("", "\n"))
        pairs = [(f[0], f[1]) for f in line if f[0] != ROW and f[1]]
        if width is None or any(f[0] == ROW for f in line):
            out.extend(pairs)
        else:
            out.extend(_wrap_line(pairs, width))
    return out


def _wrap_line(line: list[tuple[str, str]], width: int) -> list[tuple[str, str]]:
    """One line (no newline in it) broken at spaces to at most ``width`` columns."""
    # Runs of spaces and of other characters; a word may span fragments of several
    # styles ("fur:3" then "."), and is kept together as one run.
    runs: list[tuple[bool, list[tuple[str, str]], int]] = []
    for style, text in line:
        for match in _WORDS.finditer(text):
            piece = match.group()
            space = piece[0].isspace()
            if runs and runs[-1][0] == space:
                last = runs[-1]
                runs[-1] = (space, [*last[1], (style, piece)], last[2] + get_cwidth(piece))
            else:
                runs.append((space, [(style, piece)], get_cwidth(piece)))
    if sum(run[2] for run in runs) <= width:
        return line
    out: list[tuple[str, str]] = []
    column = 0
    if runs and runs[0][0]:
        indent = runs.pop(0)
        out.extend(indent[1])
        column = indent[2]
    hang = " " * min(column + HANG, width // 2)
    words_here = 0
    gap: tuple[bool, list[tuple[str, str]], int] | None = None
    for space, parts, size in runs:
        if space:
            gap = (space, parts, size)
            continue
        between = gap[2] if gap is not None else 0
        if words_here and column + between + size > width:
            out.extend([("", "\n"), ("", hang)])
            column, words_here = len(hang), 0
        elif gap is not None:
            out.extend(gap[1])
            column += between
        out.extend(parts)
        column += size
        words_here += 1
        gap = None
    if gap is not None and column + gap[2] <= width:
        out.extend(gap[1])
    return out
