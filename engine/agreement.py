"""Verbs that agree with who is named: the player called "You" is spoken to.

A seat without a name of its own is called "You" (the shell's default), and "You draws"
reads wrong: every sentence that names a player and then says what they do takes its verb
from ``agree``, so the engine's refusals, the narrative and the shell all say "You draw",
"You have only 35 florins", "Ann draws", "Ann has only 35 florins".
"""

from __future__ import annotations

SECOND_PERSON = "you"
"""The name (compared without case or surrounding spaces) that is spoken to."""

_IRREGULAR = {"has": "have", "is": "are", "was": "were", "does": "do", "goes": "go"}
"""Third-person forms whose plain form is not the form less its ``s`` or ``es``."""

_ES_ENDINGS = ("sses", "shes", "ches", "xes", "zzes", "oes")
"""Endings that take ``es`` in the third person (passes, reaches, boxes)."""


def is_you(name: object) -> bool:
    """Whether ``name`` is the player spoken to ("You", in any case)."""
    return isinstance(name, str) and name.strip().casefold() == SECOND_PERSON


def plain_form(verb: str) -> str:
    """The plain form of a third-person singular verb: draws → draw, has → have,
    passes → pass, carries → carry; a word that is no such form (would, must) is kept.

    ``verb`` may be a phrase led by the verb (``shares the victory``): only its first
    word changes.
    """
    word, space, rest = verb.partition(" ")
    if word in _IRREGULAR:
        word = _IRREGULAR[word]
    elif len(word) > 4 and word.endswith("ies"):
        word = word[:-3] + "y"
    elif word.endswith(_ES_ENDINGS):
        word = word[:-2]
    elif word.endswith("s") and not word.endswith("ss"):
        word = word[:-1]
    return word + space + rest


def possessive(name: str) -> str:
    """Whose it is: ``your`` for the player spoken to, ``Bo's`` for anyone else."""
    return "your" if is_you(name) else f"{name}'s"


def agree(name: object, verb: str) -> str:
    """``verb`` (given in the third person singular: ``draws``, ``has``, or a phrase it
    leads) as it goes with ``name``: unchanged for anyone but "You", the plain form for
    "You"."""
    return plain_form(verb) if is_you(name) else verb
