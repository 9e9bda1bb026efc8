"""medici: a rules engine for Reiner Knizia's Medici and Medici vs Strozzi.

The public API: ``new_game``, ``Game`` (``legal_actions``, ``apply``, ``clone``, ``view``,
``events``), ``replay``, ``load_variant``, and the errors ``IllegalAction`` and
``RulesError``. ``compiled()`` says which modules of this install are compiled (an
optional mypyc build, docs/performance.md); by default none are.
"""

import importlib.machinery
from pathlib import Path

from engine.actions import Action, Span
from engine.errors import ChanceExhausted, IllegalAction, MediciError, Problem, RulesError
from engine.game import Game, new_game, replay
from engine.rules import Variant, load_variant, variant_names

__version__ = "0.1.0"


def compiled() -> tuple[str, ...]:
    """The dotted names of the modules that run compiled (mypyc), sorted; ``()`` if none.

    A module is compiled when its extension file sits beside its source, which Python then
    imports instead of the ``.py`` (``scripts/compile.py`` or ``MEDICI_COMPILE=1 pip
    install .`` put them there). Nothing is imported to find out.
    """
    root = Path(__file__).parent
    suffixes = sorted(importlib.machinery.EXTENSION_SUFFIXES, key=len, reverse=True)
    names = []
    for path in root.rglob("*.*"):
        suffix = next((s for s in suffixes if path.name.endswith(s)), None)
        stem = path.name[: -len(suffix)] if suffix else ""
        if stem and not stem.endswith("__mypyc"):  # mypyc's shared library: no module
            names.append(".".join(path.relative_to(root.parent).with_name(stem).parts))
    return tuple(sorted(set(names)))

__all__ = [
    "Action", "ChanceExhausted", "Game", "IllegalAction", "MediciError", "Problem",
    "RulesError", "Span", "Variant", "__version__", "compiled", "load_variant", "new_game",
    "replay", "variant_names",
]
