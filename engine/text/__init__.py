"""The text kit below the games and every front end: styled text (``Text``), its layout for
a width (``flow``, ``wrap``, ``fit_table``), and the one rule for how wide a screen is
(``engine.text.width``).

A game's folder draws its table with these and imports no front end; the shell, the host
and every front end to come print what they return.
"""

from engine.text.layout import fit_table, join_continuations, text_width, wrap_text, wrap_words
from engine.text.styled import (
    HANG,
    ROW,
    STYLE,
    Fragments,
    Text,
    fitted,
    flow,
    join,
    pad,
    pieces_line,
    styled,
    table_title,
    widest,
    wrap,
)
from engine.text.width import MIN_WIDTH, screen_width, stream_rows, stream_width

__all__ = [
    "HANG", "MIN_WIDTH", "ROW", "STYLE", "Fragments", "Text", "fit_table", "fitted", "flow",
    "join", "join_continuations", "pad", "pieces_line", "screen_width", "stream_rows",
    "stream_width", "styled", "table_title", "text_width", "widest", "wrap", "wrap_text",
    "wrap_words",
]
