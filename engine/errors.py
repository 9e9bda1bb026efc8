"""Errors raised by the engine, each named for what went wrong."""

from __future__ import annotations

import re
from dataclasses import dataclass

UNSAFE_TEXT = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\ud800-\udfff]")
"""Characters that text from outside may not put on a screen or into a file: control
characters (tab and newline aside: ESC starts terminal commands) and unpaired surrogates
(no encoding can write them)."""


def escape_controls(text: str) -> str:
    """``text`` with every ``UNSAFE_TEXT`` character written as an escape (``\\x1b``), so
    echoing foreign input can neither drive the terminal nor fail to print."""
    return UNSAFE_TEXT.sub(lambda m: m.group().encode("unicode_escape", "backslashreplace")
                           .decode("ascii"), text)

QUOTE_LIMIT = 60
"""How many characters of a foreign value a message quotes (the rest is cut to ``...``)."""


def quote(value: object, limit: int = QUOTE_LIMIT) -> str:
    """How a message shows input it refuses: ``repr``, so control characters and unpaired
    surrogates come out escaped (``'\\x1b'``), never raw, and cut to ``limit`` characters so
    a megabyte of garbage is not echoed back."""
    try:
        text = repr(value)
    except Exception:  # a foreign object's own repr may fail; the message must not
        text = f"a {type(value).__name__}"
    return text if len(text) <= limit else text[: limit - 3] + "..."


class MediciError(Exception):
    """Base class of every error the engine raises on purpose."""


class IllegalAction(MediciError, ValueError):
    """An action that the rules do not allow now (G-2); the game is left unchanged.

    ``reason`` says why; ``legal`` lists the text forms that would be accepted.
    """

    def __init__(self, reason: str, legal: list[str] | None = None) -> None:
        self.reason = reason
        self.legal = list(legal or [])
        text = reason
        if self.legal:
            text += "; legal now: " + ", ".join(self.legal)
        super().__init__(text)


class MisusedMove(IllegalAction):
    """A move's word whose arguments do not fit how it is written (``bid`` alone, ``bid x``,
    an amount too large for any game): ``problem`` says what is wrong, ``usage`` how the
    move is written. A game answers it with the moves legal now instead of the usage."""

    def __init__(self, kind: str, problem: str, usage: str, limit: str = "") -> None:
        self.kind = kind
        self.problem = problem
        self.usage = usage
        super().__init__(f"{problem}{limit}: {usage}")


@dataclass(frozen=True, slots=True)
class Problem:
    """One problem found in a file: where it is and what is wrong."""

    file: str
    line: int | None
    path: str
    message: str

    def __str__(self) -> str:
        where = f"{self.file}:{self.line}" if self.line is not None else self.file
        return f"{where}: {self.path}: {self.message}" if self.path else f"{where}: {self.message}"


class RulesError(MediciError, ValueError):
    """A rules or variant file that cannot be used; ``problems`` lists every problem found."""

    def __init__(self, problems: list[Problem]) -> None:
        self.problems = list(problems)
        super().__init__("\n".join(str(p) for p in self.problems))


class ChanceExhausted(MediciError, ValueError):
    """The game needs a chance outcome that the supplied chance does not give."""


class RecordError(MediciError, ValueError):
    """A game record that cannot be read, verified or written: ``FILE: what is wrong``.

    ``file`` is the record's path as shown to the user; ``message`` says what is wrong and,
    where it helps, what would be accepted.
    """

    def __init__(self, file: str, message: str) -> None:
        self.file = file
        self.message = message
        super().__init__(f"{file}: {message}")
