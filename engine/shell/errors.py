"""The shell's own error: a command that could not be carried out, with the reason."""

from __future__ import annotations

from engine.errors import MediciError


class ShellError(MediciError):
    """A shell command failed; the message says why and what would work instead."""
