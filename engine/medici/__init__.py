"""Medici for 2-6 players (docs/rules.md M-1..M-19)."""

from engine.medici.logic import MediciLogic as Logic
from engine.medici.logic import MediciState
from engine.medici.schema import SCHEMA, check

__all__ = ["Logic", "MediciState", "SCHEMA", "check"]
