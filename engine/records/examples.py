"""The example records shipped with medici: whole games played by the bots.

They live in the repository's top-level ``saves/`` and, in the wheel, in
``engine/examples/`` (``pyproject.toml`` copies them); ``medici replay --example`` opens one.
"""

from __future__ import annotations

from pathlib import Path

from engine.errors import RecordError

EXAMPLES = {
    "medici": "medici-4-players.json",
    "medici-vs-strozzi": "medici-vs-strozzi.json",
}
"""Each example by the name ``--example`` takes: a game of 4 players of Medici, and one of
Medici vs Strozzi."""

_PACKAGE = Path(__file__).resolve().parent.parent


def example_path(name: str = "medici") -> Path:
    """The file of the example ``name`` (RecordError listing the examples for another)."""
    file = EXAMPLES.get(name)
    if file is None:
        raise RecordError(repr(name), f"no such example; the examples are {', '.join(EXAMPLES)}")
    for folder in (_PACKAGE / "examples", _PACKAGE.parent / "saves"):
        if (folder / file).is_file():
            return folder / file
    raise RecordError(file, "the example records are not installed with this copy of medici")
