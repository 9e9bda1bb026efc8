"""Lazy access to the parts the shell builds on but must not import at start-up.

Records (``engine.records``) and bots (``engine.bots``) are imported on first use only, so
``medici`` is ready for input fast; if a part is missing the command that needs it says so.
"""

from __future__ import annotations

import importlib
from types import ModuleType

from engine.shell.errors import ShellError

_PARTS = {
    "engine.records": "saving, loading and replaying games",
    "engine.bots": "bots (bot:SPEC seats, hint, analyse)",
}


def part(module: str) -> ModuleType:
    """Import one of the optional parts, or raise ShellError saying what is missing."""
    try:
        return importlib.import_module(module)
    except ModuleNotFoundError as err:
        if err.name is not None and (err.name == module or module.startswith(err.name + ".")):
            what = _PARTS.get(module, module)
            raise ShellError(f"{what} is not available yet: {module} is not installed") from err
        raise


def records() -> ModuleType:
    """The records package: save_game, load_game, list_saves, ReplayCursor, undo..."""
    return part("engine.records")


def bots() -> ModuleType:
    """The bots package: make_bot(spec, seed) and its Bot.choose / Bot.analyse."""
    return part("engine.bots")
