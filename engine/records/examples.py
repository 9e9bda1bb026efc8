"""The example records shipped with medici: whole games played by the bots.

They live in the repository's top-level ``saves/`` and, in the wheel, in
``engine/examples/`` (``pyproject.toml`` copies them); ``medici replay --example`` opens one.
"""

from __future__ import annotations

from pathlib import Path

from engine.errors import RecordError
from engine.registry import default_game, games


def examples() -> dict[str, str]:
    """Each example's file by the name ``--example`` takes: its game's id (the games'
    descriptors name them, ``GameInfo.example``)."""
    return {info.id: info.example for info in games().values() if info.example}


_PACKAGE = Path(__file__).resolve().parent.parent


def example_path(name: str | None = None) -> Path:
    """The file of the example ``name`` (the default game's if None; RecordError listing
    the examples for another)."""
    known = examples()
    file = known.get(default_game().id if name is None else name)
    if file is None:
        raise RecordError(repr(name), f"no such example; the examples are {', '.join(known)}")
    for folder in (_PACKAGE / "examples", _PACKAGE.parent / "saves"):
        if (folder / file).is_file():
            return folder / file
    raise RecordError(file, "the example records are not installed with this copy of medici")
