"""The parts Medici vs Strozzi bots judge with, built for the bots of one thread (the
descriptor's ``model``; ``engine.bots.parts.thread_parts``)."""

from __future__ import annotations

from engine.bots.parts import Parts, assemble
from engine.rules import Variant
from engine.strozzi.evaluate import StrozziEvaluator
from engine.strozzi.explain import StrozziExplainer
from engine.strozzi.logic import StrozziState
from engine.strozzi.opponents import StrozziOpponents
from engine.strozzi.policy import StrozziPolicy
from engine.strozzi.value import StrozziValuation


def parts(variant: Variant) -> Parts[StrozziState, StrozziValuation]:
    """One bot's evaluator, policy, opponent model and explainer, over one valuation."""
    return assemble(StrozziValuation(variant), StrozziEvaluator, StrozziPolicy, StrozziOpponents,
                    StrozziExplainer)
