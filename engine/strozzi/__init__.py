"""Medici vs Strozzi for 2 players (docs/rules.md S-1..S-17)."""

from engine.strozzi.logic import StrozziLogic as Logic
from engine.strozzi.logic import StrozziState
from engine.strozzi.schema import SCHEMA, check

__all__ = ["Logic", "SCHEMA", "StrozziState", "check"]
