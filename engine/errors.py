"""Errors raised by the engine, each named for what went wrong."""

from __future__ import annotations

from dataclasses import dataclass


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
