"""Where the shell writes: formatted text in colour on a terminal, plain text elsewhere."""

from __future__ import annotations

import io
import os
import sys
from typing import TextIO

from prompt_toolkit import print_formatted_text
from prompt_toolkit.formatted_text import FormattedText, to_plain_text
from prompt_toolkit.output import Output, create_output
from prompt_toolkit.styles import Style

from engine.errors import escape_controls
from engine.text import STYLE, Text, stream_rows, stream_width, wrap


def wants_color(stream: TextIO, no_color: bool = False) -> bool:
    """Colour only on a real terminal, and never when NO_COLOR is set or TERM is dumb."""
    if no_color or os.environ.get("NO_COLOR") or os.environ.get("TERM") == "dumb":
        return False
    return _isatty(stream)


def _isatty(stream: TextIO) -> bool:
    try:
        return stream.isatty()
    except (AttributeError, ValueError):
        return False


class Console:
    """The shell's output: ``say`` for results, ``error`` for refusals.

    In a script errors go to ``err`` (stderr) so that the output stays clean; interactively
    they go to ``out`` with the rest, so that they appear in order.

    On a terminal every line is wrapped at its width on word boundaries (tables' rows
    excepted, see ``Text.row``); ``columns`` sets the width instead (tests), and output that
    goes to no terminal is not wrapped.
    """

    def __init__(
        self,
        out: TextIO | None = None,
        err: TextIO | None = None,
        color: bool = False,
        errors_to_err: bool = True,
        columns: int | None = None,
    ) -> None:
        self.out = out if out is not None else sys.stdout
        self.err = err if err is not None else sys.stderr
        self.color = color
        self.errors_to_err = errors_to_err
        self.failures = 0
        self.columns = columns
        self.rows_override: int | None = None
        """The rows to page at instead of the terminal's (tests)."""
        self._output: tuple[Output, Style] | None = None

    def say(self, text: Text | str = "") -> None:
        """Write one block of text (a line or several) followed by a newline."""
        fragments = text.fragments if isinstance(text, Text) else [("", text)]
        self.emit(FormattedText(wrap(fragments, self.width(self.out))))

    def emit(self, fragments: FormattedText) -> None:
        """Write one block, already wrapped, and a newline: in colour through prompt_toolkit
        on a terminal, else plain text. (A hosted table's console sends it to a player's
        own screen instead: ``engine.host.screen``.)"""
        if self.color:
            output, style = self._colour()
            print_formatted_text(fragments, output=output, style=style)
        else:
            self.out.write(to_plain_text(fragments) + "\n")
        self.out.flush()

    def width(self, stream: TextIO | None = None) -> int | None:
        """The columns to lay out for on ``stream`` (default ``out``): ``columns`` if set,
        else the terminal's width, read at each call so that a resized window is followed
        (``$COLUMNS`` first), else None: no terminal, no wrapping."""
        if self.columns is not None:
            return self.columns
        return stream_width(self.out if stream is None else stream)

    def rows(self) -> int | None:
        """The rows of the terminal ``out`` writes to (``$LINES`` first), None for none."""
        return self.rows_override if self.rows_override is not None else stream_rows(self.out)

    def detach(self) -> None:
        """Stop writing to ``out`` (its reader has gone): later output goes nowhere."""
        try:
            # Replace the closed pipe at its descriptor too, so the flush at exit is quiet.
            devnull = os.open(os.devnull, os.O_WRONLY)
            os.dup2(devnull, self.out.fileno())
            os.close(devnull)
        except (OSError, ValueError, io.UnsupportedOperation):
            pass
        self.out = io.StringIO()
        self.color = False

    def _colour(self) -> tuple[Output, Style]:
        """The terminal output and the style, made once."""
        if self._output is None:
            self._output = (create_output(stdout=self.out), Style.from_dict(STYLE))
        return self._output

    def error(self, message: str, where: str = "") -> None:
        """Report a failed command: the reason, and what would be accepted."""
        self.failures += 1
        prefix = f"{where}: " if where else ""
        # Messages quote what was typed: an ESC sequence in it must not reach the terminal.
        prefix, message = escape_controls(prefix), escape_controls(message)
        if self.errors_to_err:
            line = f"medici: {prefix}{message}"
            self.err.write(Text(line).wrapped(self.width(self.err)).plain() + "\n")
            self.err.flush()
        else:
            self.say(Text().add(f"{prefix}{message}", "error"))
