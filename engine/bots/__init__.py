"""Bots: ``random``, ``greedy``, ``mcts``, the field's styles and OpenSpiel's searches, all
behind one interface (``Bot``).

``make_bot(spec, seed)`` builds one from its spec; ``BOT_SPECS`` is the help text. A bot is
given only a player's view and the legal actions: ``bot.choose(view, legal, variant)``.
Every kind of bot is one row of ``engine.bots.kinds.KINDS``, which every list of them reads.
"""

from __future__ import annotations

from engine import botspecs
from engine.bots.base import Analysis, Bot, BotError
from engine.bots.greedy import GreedyBot
from engine.bots.kinds import KINDS, BotKind, parse, specs_help
from engine.bots.mcts import MctsBot
from engine.bots.random_bot import RandomBot
from engine.bots.styles import FIELD, STYLES, StyleBot, describe
from engine.chance import seat_seed

BOT_SPECS = specs_help()
"""Help text: every bot spec ``make_bot`` accepts."""

NAMES = tuple(kind.name for kind in KINDS)
"""Every kind of bot by name."""

ACCEPTED = ", ".join(kind.accepted for kind in KINDS)
"""Every accepted bot spec on one line, for error messages (``BOT_SPECS`` explains them)."""

COMPLETIONS = tuple((spec, kind.short) for kind in KINDS for spec in kind.offered)
"""The specs the shell offers on Tab, each with a few words on it."""


def check_spec(spec: object) -> str | None:
    """None if ``make_bot`` accepts ``spec``; else why not, in one line ending with the
    accepted specs. Builds no bot (cheap enough to check every seat of a record)."""
    try:
        parse(spec)
    except BotError as err:
        return f"{err}; accepted: {ACCEPTED}"
    return None


def make_bot(spec: str, seed: int | None = None) -> Bot:
    """A bot from its spec (see ``BOT_SPECS``), seeded: the same seed gives the same moves.

    Raises BotError, saying what is accepted, for an unknown spec.
    """
    try:
        kind, label, budget = parse(spec)
    except BotError as err:
        raise BotError(f"{err}; bots are:\n{BOT_SPECS}") from None
    return kind.build(label, seed, budget)


# The records check the specs they hold through this seam (they import no bot).
botspecs.register(check_spec)

__all__ = [
    "ACCEPTED", "BOT_SPECS", "COMPLETIONS", "FIELD", "KINDS", "NAMES", "STYLES", "Analysis",
    "Bot", "BotError", "BotKind", "GreedyBot", "MctsBot", "RandomBot", "StyleBot",
    "check_spec", "describe", "make_bot", "seat_seed",
]
