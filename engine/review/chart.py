"""The win-chance chart for a terminal: a band of braille a player, step by step, the
periods (days, rounds) marked, fitted to the width.

Each braille character is 2 dots wide and 4 high, so a band of ``rows`` lines draws a
player's chance from 0% (bottom) to 100% (top) at ``4 * rows`` heights and two steps a
column; a game longer than the columns' dots shares each dot column among several steps and
draws their whole range. Under each band a line marks that player's labelled moves
(``labels.MARKS``) at their steps and each new period with ``┊``; an axis at the foot
names the periods where they start.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

from engine.review.labels import MARKS
from engine.text import text_width

BRAILLE = 0x2800
"""The blank braille character; a dot adds its bit."""
DOTS = ((0x01, 0x08), (0x02, 0x10), (0x04, 0x20), (0x40, 0x80))
"""A braille cell's dot bits by row (top first), then column (left, right)."""

DEFAULT_WIDTH = 80
ROWS = 3
"""Lines a player's band takes."""
NAME_MAX = 10
"""The longest name shown before a band (longer ones are cut)."""


def chart(
    chances: Sequence[Sequence[int]],
    names: Sequence[str],
    period_starts: Sequence[tuple[int, int]],
    period_word: str,
    marks: Mapping[int, Sequence[tuple[int, str]]] | None = None,
    width: int | None = DEFAULT_WIDTH,
    rows: int = ROWS,
) -> list[str]:
    """The chart's lines: ``chances[step][seat]`` in tenths of a percent, every seat's
    band; ``period_starts`` (step, number) where each period begins; ``marks[seat]``
    (step, label) of that seat's labelled moves; no line wider than ``width``."""
    width = DEFAULT_WIDTH if width is None else width
    shown = [name[:NAME_MAX] for name in names]
    left = max(text_width(n) for n in shown) + 1
    right = 5  # " 100%"
    columns = max(8, width - left - right)
    steps = len(chances) - 1
    dots = 2 * columns

    def x_of(step: int) -> int:
        return 0 if steps <= 0 else round(step * (dots - 1) / steps)

    lines: list[str] = []
    for seat, name in enumerate(shown):
        values = [row[seat] for row in chances]
        band = _band(values, x_of, columns, rows)
        whole = round(values[-1] / 10) if values else 0
        final = f"{whole:>3}%" if values else ""
        # The last chance is written beside the line where the player's line ends.
        last = min(rows - 1, _y(values[-1], rows) // 4) if values else rows - 1
        for r, line in enumerate(band):
            head = name if r == 0 else ""
            tail = f" {final}" if r == last else ""
            lines.append(f"{head:<{left}}{line}{tail}".rstrip())
        lines.append((" " * left + _marks_line(
            [x_of(s) // 2 for s, _ in period_starts if s > 0],
            [(x_of(s) // 2, MARKS[lab]) for s, lab in (marks or {}).get(seat, ())
             if lab in MARKS], columns)).rstrip())
    lines += _axis(period_starts, period_word, steps, x_of, columns, left, right)
    return lines


def _band(values: Sequence[int], x_of: Callable[[int], int], columns: int,
          rows: int) -> list[str]:
    """One player's band: their chance at each step, each step joined to the one before
    by a line (up or down a column where they share it)."""
    cells = [[0] * columns for _ in range(rows)]

    def y_of(value: int) -> int:
        return _y(value, rows)

    def fill(x: int, a: int, b: int) -> None:
        for y in range(min(a, b), max(a, b) + 1):
            _dot(cells, x, y)

    previous: tuple[int, int] | None = None
    for step, value in enumerate(values):
        x, y = x_of(step), y_of(value)
        if previous is None:
            fill(x, y, y)
        elif x == previous[0]:
            fill(x, previous[1], y)
        else:
            px, py = previous
            last = py
            for xx in range(px + 1, x + 1):
                here = round(py + (y - py) * (xx - px) / (x - px))
                fill(xx, last, here)
                last = here
        previous = (x, y)
    return ["".join(chr(BRAILLE + bits) for bits in row) for row in cells]


def _y(value: int, rows: int) -> int:
    """The dot row of a chance (tenths of a percent) in a band of ``rows`` lines (0: top)."""
    return round((1000 - max(0, min(1000, value))) * (4 * rows - 1) / 1000)


def _dot(cells: list[list[int]], x: int, y: int) -> None:
    row, col = divmod(y, 4)[0], x // 2
    if 0 <= row < len(cells) and 0 <= col < len(cells[0]):
        cells[row][col] |= DOTS[y % 4][x % 2]


def _marks_line(bounds: list[int], marks: list[tuple[int, str]], columns: int) -> str:
    """The line under a band: ``┊`` where a period starts, each labelled move's mark (the
    worst where several share a column)."""
    line = [" "] * columns
    for col in bounds:
        if 0 <= col < columns:
            line[col] = "┊"
    worst = list(MARKS.values())
    for col, mark in marks:
        if 0 <= col < columns:
            here = line[col]
            if here not in worst or worst.index(mark) > worst.index(here):
                line[col] = mark
    return "".join(line)


def _axis(period_starts: Sequence[tuple[int, int]], word: str, steps: int,
          x_of: Callable[[int], int], columns: int, left: int, right: int) -> list[str]:
    """The axis under the bands: a rule with ``┼`` where each period starts, and under it
    each period's name from where it starts, and the last step at the end (in the
    ``right`` margin too)."""
    rule = ["─"] * columns
    names = [" "] * columns
    rule[0] = "├"
    for step, number in period_starts:
        col = min(columns - 1, x_of(step) // 2)
        if step > 0:
            rule[col] = "┼"
        for i, ch in enumerate(f"{word} {number}"):
            if col + i < columns:
                names[col + i] = ch
    rule[-1] = "┤"
    end = f"step {steps}"
    tail = "".join(names).rstrip()
    room = columns + right
    if len(tail) + 1 + len(end) <= room:
        tail += " " * (max(columns, len(tail) + 1 + len(end)) - len(tail) - len(end)) + end
    return [" " * left + "".join(rule), (" " * left + tail).rstrip()]
