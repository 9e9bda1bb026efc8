"""The parts Medici bots judge with, built for the bots of one thread (the descriptor's
``model``; ``engine.bots.parts.thread_parts``)."""

from __future__ import annotations

from engine.bots.parts import Parts, assemble
from engine.medici.evaluate import MediciEvaluator
from engine.medici.explain import MediciExplainer
from engine.medici.logic import MediciState
from engine.medici.opponents import MediciOpponents
from engine.medici.policy import MediciPolicy
from engine.medici.value import MediciValuation
from engine.rules import Variant


def parts(variant: Variant) -> Parts[MediciState, MediciValuation]:
    """One bot's evaluator, policy, opponent model and explainer, over one valuation."""
    return assemble(MediciValuation(variant), MediciEvaluator, MediciPolicy, MediciOpponents,
                    MediciExplainer)
