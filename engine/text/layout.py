"""Text laid out for a width: words wrapped, tables that fit.

The width comes from ``engine.text.width`` (the one rule: ``$COLUMNS`` first, else the
terminal's, read when a screen is drawn); None (a pipe, a file) keeps every line whole, as
a program reading it expects. ``wrap_words``
breaks a line at spaces (never inside a word, unless a word alone is wider than the line,
nor before a bare number: ``NUMBER``),
and ``fit_table`` lays a table out in the first of a few shapes that fits: one line a row;
the headers over several lines; each row's label on a line of its own; and at last each
row as a small block of ``title value`` lines.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from prompt_toolkit.utils import get_cwidth

NUMBER = re.compile(r"[+-]?\d+[.,;:!?)]*")
"""A word that is a bare number, perhaps closing a sentence or a clause (``3.``, ``12,``):
a line is never broken between it and the word before it (``harbour 3.``), where the two
fit a line."""


def text_width(text: str) -> int:
    """The columns ``text`` takes on a terminal (wide characters count two)."""
    return get_cwidth(text)


def break_word(word: str, width: int) -> list[str]:
    """A word wider than ``width`` in pieces that fit: after a ``/`` or ``-`` where one
    falls late enough (a path stays readable), else at the width."""
    pieces: list[str] = []
    rest = word
    while text_width(rest) > width:
        cut = 0
        used = 0
        for i, char in enumerate(rest):
            used += text_width(char)
            if used > width:
                break
            cut = i + 1
        soft = max(rest.rfind("/", 0, cut), rest.rfind("-", 0, cut))
        if soft + 1 >= cut // 2 and soft > 0:
            cut = soft + 1
        pieces.append(rest[: max(1, cut)])
        rest = rest[max(1, cut):]
    if rest:
        pieces.append(rest)
    return pieces


def wrap_words(line: str, width: int | None, hang: int | None = None) -> list[str]:
    """``line`` (no newline in it) broken at spaces into lines of at most ``width`` columns.

    The continuation lines are indented ``hang`` columns (default: the line's own indent
    plus two); a word wider than a line is broken (``break_word``); None wraps nothing.
    """
    if width is None or text_width(line) <= width:
        return [line]
    indent = len(line) - len(line.lstrip(" "))
    lead = " " * min(indent, width // 2)
    hang_text = " " * min(indent + 2 if hang is None else hang, width // 2)
    out: list[str] = []
    current = lead
    words: list[str] = []
    room = width - len(hang_text)
    for word in line.split():
        if words and NUMBER.fullmatch(word) \
                and text_width(words[-1]) + 1 + text_width(word) <= room:
            words[-1] += " " + word
        else:
            words.append(word)
    for word in words:
        gap = "" if current.strip() == "" else " "
        if text_width(current) + len(gap) + text_width(word) <= width:
            current += gap + word
            continue
        if current.strip():
            out.append(current)
            current = hang_text
        room = width - text_width(current)
        for piece in break_word(word, max(1, room)):
            if text_width(current) + text_width(piece) > width and current.strip():
                out.append(current)
                current = hang_text
            current += piece
            if text_width(current) >= width:
                out.append(current)
                current = hang_text
    if current.strip():
        out.append(current)
    return out


def wrap_text(text: str, width: int | None, hang: int | None = None) -> str:
    """Every line of ``text`` wrapped by ``wrap_words``."""
    if width is None:
        return text
    return "\n".join(part for line in text.split("\n") for part in wrap_words(line, width, hang))


def _widths(rows: Sequence[Sequence[str]], columns: int) -> list[int]:
    return [max((text_width(r[i]) for r in rows if i < len(r)), default=0)
            for i in range(columns)]


def _cell(text: str, width: int, align: str) -> str:
    gap = " " * max(0, width - text_width(text))
    return gap + text if align == ">" else text + gap


def _line(cells: Sequence[str], widths: Sequence[int], aligns: Sequence[str], gap: int) -> str:
    return (" " * gap).join(_cell(c, w, a) for c, w, a in zip(cells, widths, aligns,
                                                                strict=False)).rstrip()


def _split_title(title: str, width: int) -> list[str]:
    """A column title over as many lines as it takes to be at most ``width`` wide."""
    return wrap_words(title, max(width, max((text_width(w) for w in title.split()),
                                            default=0)), hang=0)


def _headed(header: Sequence[str], rows: Sequence[Sequence[str]], aligns: Sequence[str],
            gap: int, split: bool) -> list[str]:
    """Header and rows as columns; ``split`` lets each title take several lines, so that a
    column is as wide as its data."""
    n = len(header)
    data = _widths(rows, n)
    if split:
        titles = [_split_title(h, data[i]) if h else [""] for i, h in enumerate(header)]
    else:
        titles = [[h] for h in header]
    widths = [max(data[i], *(text_width(t) for t in titles[i])) for i in range(n)]
    depth = max(len(t) for t in titles)
    lines = []
    if any(header):
        for k in range(depth):
            # Titles sit on the bottom lines, over their column.
            cells = [t[k - (depth - len(t))] if k >= depth - len(t) else "" for t in titles]
            lines.append(_line(cells, widths, aligns, gap))
    lines += [_line(row, widths, aligns, gap) for row in rows]
    return lines


def _fits(lines: Sequence[str], width: int) -> bool:
    return all(text_width(line) <= width for line in lines)


def fit_table(
    header: Sequence[str], rows: Sequence[Sequence[str]], width: int | None,
    aligns: Sequence[str] | None = None, gap: int = 2,
) -> list[str]:
    """A table's lines, laid out to fit ``width`` columns (None: one line a row, always).

    ``aligns`` gives each column ``<`` (left) or ``>`` (right; default for all but the
    first). Tried in turn, the first that fits: one line a row; the titles over several
    lines; each row's first cell (its label) on a line of its own above the rest, indented
    two; each row as its label and then ``title: value`` lines. No cell is ever cut, and
    columns stand ``gap`` apart (never one space: ``119.5 ± 1.8 +2.5 ± 2.4`` reads as one).
    """
    n = len(header)
    aligns = list(aligns) if aligns is not None else ["<"] + [">"] * (n - 1)
    for split, space in ((False, gap), (True, gap)):
        lines = _headed(header, rows, aligns, space, split)
        if width is None or _fits(lines, width):
            return lines
    assert width is not None  # None fits at once, above
    if n > 1:
        for split, space in ((False, gap), (True, gap)):
            rest = _headed(header[1:], [r[1:] for r in rows], aligns[1:], space, split)
            body = rest[len(rest) - len(rows):]
            lines = ["  " + line for line in rest[: len(rest) - len(rows)]]
            for row, line in zip(rows, body, strict=True):
                lines += [row[0], "  " + line] if row[0] else ["  " + line]
            if _fits(lines, width):
                return lines
    lines = []
    for row in rows:
        if row and row[0]:
            lines += wrap_words(row[0], width)
        for title, cell in zip(header[1:], row[1:], strict=False):
            lines += wrap_words(f"  {title}: {cell}" if title else f"  {cell}", width, 4)
    return lines


def join_continuations(text: str) -> str:
    """A two-column text written for one width (``term    description`` lines, each
    description going on in lines indented to its column) with each entry on one line, for
    ``wrap_words`` or the shell to wrap again at another width."""
    out: list[str] = []
    joined = -1  # the indent of the continuations joined to the last entry
    for line in text.split("\n"):
        stripped = line.strip()
        indent = len(line) - len(line.lstrip(" "))
        if out and stripped and indent >= 2 and (indent == joined or _continues(out[-1], line)):
            previous = out[-1]
            out[-1] = previous + ("  " if len(previous.split()) == 1 else " ") + stripped
            joined = indent
        else:
            out.append(line)
            joined = -1
    return "\n".join(out)


def _continues(previous: str, line: str) -> bool:
    """Whether ``line`` goes on with the description of ``previous`` (its indent is where
    that description starts, or ``previous`` is a term alone)."""
    indent = len(line) - len(line.lstrip(" "))
    head = previous.lstrip(" ")
    term = head.split(" ", 1)[0]
    rest = head[len(term):]
    column = len(previous) - len(head) + len(term) + len(rest) - len(rest.lstrip(" "))
    return indent == column or (not rest.strip() and indent > len(previous) - len(head))
