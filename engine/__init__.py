"""medici: a rules engine for Reiner Knizia's Medici and Medici vs Strozzi.

The public API: ``new_game``, ``Game`` (``legal_actions``, ``apply``, ``clone``, ``view``,
``events``), ``replay``, ``load_variant``, and the errors ``IllegalAction`` and
``RulesError``.
"""

from engine.actions import Action, Span
from engine.errors import ChanceExhausted, IllegalAction, MediciError, Problem, RulesError
from engine.game import Game, new_game, replay
from engine.rules import Variant, load_variant, variant_names

__version__ = "0.1.0"

__all__ = [
    "Action", "ChanceExhausted", "Game", "IllegalAction", "MediciError", "Problem",
    "RulesError", "Span", "Variant", "__version__", "load_variant", "new_game", "replay",
    "variant_names",
]
