"""The one rule for how wide a screen is.

Every screen is drawn for a width read when it is drawn, so a resized window is followed.
The rule, for every front end: ``$COLUMNS`` set to a number overrides what a local terminal
measures (a user's way to draw narrower or wider than the window); otherwise the terminal's
own width; no terminal at all (a pipe, a file) has no width, None, and lines are kept whole,
as a program reading them expects. Nothing is drawn narrower than ``MIN_WIDTH``. A remote
screen (a player at a hosted table) measures its own terminal and is not overridden by the
host's environment.
"""

from __future__ import annotations

import os
from typing import TextIO

MIN_WIDTH = 20
"""Narrower than this, a screen is drawn as if it had this many columns."""

READING_WIDTH = 100
"""The widest a page of prose (a rule's text) is laid out, however wide the terminal."""


def env_number(name: str) -> int | None:
    """A positive whole number from the environment variable ``name``, else None."""
    try:
        value = int(os.environ.get(name, ""))
    except ValueError:
        return None
    return value if value > 0 else None


def screen_width(measured: int | None, *, local: bool = True) -> int | None:
    """The width to draw for, from what the output ``measured`` (None: no terminal): the one
    rule of this module (``$COLUMNS`` first on a ``local`` terminal, never below
    ``MIN_WIDTH``)."""
    if measured is None:
        return None
    env = env_number("COLUMNS") if local else None
    return max(MIN_WIDTH, env if env is not None else measured or 80)


def _isatty(stream: TextIO) -> bool:
    try:
        return stream.isatty()
    except (AttributeError, ValueError):
        return False


def measured_columns(stream: TextIO) -> int | None:
    """The columns of ``stream``'s own terminal, read now; None when it is no terminal."""
    if not _isatty(stream):
        return None
    try:
        return os.get_terminal_size(stream.fileno()).columns or 80
    except (AttributeError, ValueError, OSError):
        return 80


def stream_width(stream: TextIO) -> int | None:
    """The columns to lay ``stream``'s output out for (``screen_width`` of its terminal);
    None when ``stream`` is no terminal."""
    return screen_width(measured_columns(stream))


def stream_rows(stream: TextIO) -> int | None:
    """The rows of ``stream``'s terminal (``$LINES`` first), or None when it is none."""
    if not _isatty(stream):
        return None
    env = env_number("LINES")
    if env is not None:
        return env
    try:
        return os.get_terminal_size(stream.fileno()).lines or None
    except (AttributeError, ValueError, OSError):
        return None


def reading_width(width: int | None) -> int:
    """The width to lay a page of prose out at on a screen ``width`` wide (None: no
    terminal, so ``$COLUMNS`` if set, else 80): at most ``READING_WIDTH``, at least 40."""
    return max(40, min(READING_WIDTH, width or env_number("COLUMNS") or 80))
