"""Formatted text built fragment by fragment, and the style classes the shell uses."""

from __future__ import annotations

import re
from collections.abc import Iterable

from prompt_toolkit.formatted_text.utils import split_lines
from prompt_toolkit.utils import get_cwidth

from engine.narrative import pieces
from engine.text.layout import NUMBER, break_word
from engine.views import View

Fragments = list[tuple[str, str]]
"""Formatted text as ``(style, text)`` pairs (prompt_toolkit's, without mouse handlers)."""

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
        return "".join(text for _, text in self.fragments)

    def wrapped(self, width: int | None) -> Text:
        """This text with every line wider than ``width`` broken at spaces (``wrap``)."""
        out = Text()
        out.fragments = wrap(self.fragments, width)
        return out

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


def pieces_line(items: list[str], empty: str = "—") -> Text:
    """A game's pieces (cards, tiles), each coloured by its kind."""
    return styled(pieces(items, " ", empty).segments)


def table_title(title: str, unit: str, view: View, total_key: str,
                width: int | None = None) -> Text:
    """``Medici · day 2 of 3 · bidding · Ann to act``: a table's first line (two if it
    does not fit ``width``); ``unit`` and ``total_key`` are the game's keys of its view
    (``day``, ``days``)."""
    items = [Text(title, "title"),
             Text(f"{unit} {view.get(unit)} of {view.get(total_key)}", "title"),
             Text(str(view["phase"]).replace("_", " "), "phase")]
    current = view.get("current_player")
    if current is not None:
        items.append(Text(view["players"][current]["name"], "turn").add(" to act"))
    return flow(items, width, sep=" · ", indent=2)


def flow(items: Iterable[Text | str], width: int | None, sep: str = " · ", indent: int = 2,
         first: Text | str = "") -> Text:
    """``items`` one after another, ``sep`` between them, starting with ``first``; a line
    that would grow wider than ``width`` goes on at the next, indented ``indent``, so an
    item (a card, ``high bid 12 by Bo``) is broken only if it alone is wider than a line."""
    out = Text().add(first) if isinstance(first, Text) else Text(first)
    column = len(out)
    here = 0
    for item in items:
        part = item if isinstance(item, Text) else Text(item)
        if not len(part):
            continue
        size = get_cwidth(part.plain())
        if here and width is not None and column + len(sep) + size > width:
            out.fragments.append(("", "\n"))
            out.add(" " * indent)
            column, here = indent, 0
        elif here:
            out.add(sep, "dim" if sep.strip() else "")
            column += len(sep)
        out.extend(part)
        column += size
        here += 1
    return fitted(out, width)


def fitted(text: Text, width: int | None) -> Text:
    """``text`` with any line still wider than ``width`` broken at spaces (``wrap``): what a
    screen returns is drawn for its width and needs no more wrapping."""
    return text if width is None else text.wrapped(width)


def widest(text: Text) -> int:
    """The width of ``text``'s widest line, in columns."""
    return max((get_cwidth(line) for line in text.plain().split("\n")), default=0)


_WORDS = re.compile(r"\s+|\S+")
_TERM = re.compile(r"( *)\S+ {2,}(?=\S)")
"""A line that opens with a term and a gap of two spaces or more, then its description
(``  new      start a game``): its continuation lines stand under the description."""

TERM_COLUMN = 24
"""The furthest a description's column may start for its continuations to stand under it."""


def wrap(fragments: Iterable[tuple[str, str]], width: int | None) -> list[tuple[str, str]]:
    """``fragments`` with every line wider than ``width`` columns broken at spaces.

    A word is never split unless it alone is wider than the line (a long path). Each
    continuation is indented ``HANG`` columns deeper than its line's own indent (or, after
    a term and a gap, under the description), so a wrapped line reads as one. A table's
    rows (``Text.row``) are laid out to fit and kept whole; one wider than the line is
    broken like any line rather than cut by the terminal. ``width`` None wraps nothing.
    """
    out: list[tuple[str, str]] = []
    for number, line in enumerate(split_lines(list(fragments))):
        if number:
            out.append(("", "\n"))
        pairs = [(f[0], f[1]) for f in line if f[0] != ROW and f[1]]
        if width is None:
            out.extend(pairs)
        else:
            out.extend(_wrap_line(pairs, width))
    return out


def _hang(line: list[tuple[str, str]], indent: int, width: int) -> int:
    """Where the continuations of ``line`` start."""
    plain = "".join(text for _, text in line)
    term = _TERM.match(plain)
    if term is not None and term.end() <= min(TERM_COLUMN, width // 2):
        return term.end()
    return min(indent + HANG, width // 2)


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
    hang = " " * _hang(line, column, width)
    runs = _numbers(_commands(_items(runs, width - len(hang)), width - len(hang)),
                    width - len(hang))
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
        if column + size > width:
            # A word wider than the line (a long path): broken where it must be.
            for bit in _broken(parts, width - column, width - len(hang)):
                if bit is None:
                    out.extend([("", "\n"), ("", hang)])
                    column = len(hang)
                else:
                    out.append(bit)
                    column += get_cwidth(bit[1])
        else:
            out.extend(parts)
            column += size
        words_here += 1
        gap = None
    if gap is not None and column + gap[2] <= width:
        out.extend(gap[1])
    return out


SEPARATOR = "·"
"""What stands between the items of a line (``1. Bo 132 (+38) · 2. You 118``)."""


def _items(runs: list[tuple[bool, list[tuple[str, str]], int]],
           room: int) -> list[tuple[bool, list[tuple[str, str]], int]]:
    """In a line of items separated by `` · ``, each item (its words and the spaces between
    them) as one run when it fits ``room``: a line is broken between items first."""
    if not any(not space and "".join(t for _, t in parts) == SEPARATOR
               for space, parts, _ in runs):
        return runs
    out: list[tuple[bool, list[tuple[str, str]], int]] = []
    item: list[tuple[bool, list[tuple[str, str]], int]] = []

    def close() -> None:
        # The spaces before a separator stay a gap between runs, not part of the item.
        tail = item.pop() if item and item[-1][0] else None
        size = sum(run[2] for run in item)
        if len(item) > 1 and size <= room:
            out.append((False, [part for run in item for part in run[1]], size))
        else:
            out.extend(item)
        item.clear()
        if tail is not None:
            out.append(tail)

    for run in runs:
        space, parts, _ = run
        if not space and "".join(t for _, t in parts) == SEPARATOR:
            close()
            out.append(run)
        elif space and not item:
            out.append(run)
        else:
            item.append(run)
    close()
    return out


def _commands(runs: list[tuple[bool, list[tuple[str, str]], int]],
              room: int) -> list[tuple[bool, list[tuple[str, str]], int]]:
    """Each command between backticks (`` `medici replay 'my game'` ``) as one run when it
    fits ``room``: a command to copy is never broken between its words."""
    out: list[tuple[bool, list[tuple[str, str]], int]] = []
    at = 0
    while at < len(runs):
        space, parts, size = runs[at]
        text = "".join(t for _, t in parts)
        if space or not text.startswith("`") or text.count("`") % 2 == 0:
            out.append(runs[at])
            at += 1
            continue
        # An opening backtick without its closing one: the command goes on to the run
        # that closes it.
        end = next((i for i in range(at + 1, len(runs)) if not runs[i][0]
                    and "".join(t for _, t in runs[i][1]).count("`") % 2), None)
        whole = runs[at: end + 1] if end is not None else []
        width = sum(run[2] for run in whole)
        if end is None or width > room:
            out.append(runs[at])
            at += 1
            continue
        out.append((False, [part for run in whole for part in run[1]], width))
        at = end + 1
    return out


def _numbers(runs: list[tuple[bool, list[tuple[str, str]], int]],
             room: int) -> list[tuple[bool, list[tuple[str, str]], int]]:
    """Each bare number with the word before it (``harbour 3.``, ``day 2,``) as one run when
    they fit ``room``: a number never opens a line cut from what it counts."""
    out: list[tuple[bool, list[tuple[str, str]], int]] = []
    for run in runs:
        space, parts, size = run
        if (not space and len(out) >= 2 and out[-1][0] and not out[-2][0]
                and NUMBER.fullmatch("".join(t for _, t in parts))):
            gap = out.pop()
            word = out.pop()
            width = word[2] + gap[2] + size
            if width <= room:
                out.append((False, [*word[1], *gap[1], *parts], width))
                continue
            out.extend([word, gap])
        out.append(run)
    return out


def _broken(parts: list[tuple[str, str]], first: int, rest: int) -> list[tuple[str, str] | None]:
    """A word's fragments cut into pieces of ``first`` columns, then ``rest`` (None marks a
    line break), keeping each piece's style."""
    text = "".join(t for _, t in parts)
    styles = [s for s, t in parts for _ in t]
    pieces = break_word(text, max(1, first))
    if len(pieces) > 1:
        pieces = [pieces[0], *break_word(text[len(pieces[0]):], max(1, rest))]
    out: list[tuple[str, str] | None] = []
    at = 0
    for number, piece in enumerate(pieces):
        if number:
            out.append(None)
        i = at
        while i < at + len(piece):
            j = i
            while j < at + len(piece) and styles[j] == styles[i]:
                j += 1
            out.append((styles[i], text[i:j]))
            i = j
        at += len(piece)
    return out
