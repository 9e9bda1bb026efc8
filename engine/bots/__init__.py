"""Bots: ``random``, ``greedy``, ``mcts``, the field's styles and OpenSpiel's searches, all
behind one interface (``Bot``).

``make_bot(spec, seed)`` builds one from its spec; ``BOT_SPECS`` is the help text. A bot is
given only a player's view and the legal actions: ``bot.choose(view, legal, variant)``.
"""

from __future__ import annotations

from engine.bots import openspiel_bot
from engine.bots.base import Analysis, Bot, BotError
from engine.bots.greedy import GreedyBot
from engine.bots.mcts import DEFAULT_ITERATIONS, DEFAULT_SECONDS, MctsBot, parse_budget
from engine.bots.random_bot import RandomBot
from engine.bots.styles import FIELD, STYLES, StyleBot, describe
from engine.chance import seat_seed

BOT_SPECS = (
    "random        a uniformly random legal move\n"
    "greedy        values each lot with its game's model (every scoring it feeds) and bids or\n"
    "              prices a thrifty share of it, learning what each opponent pays; ~1 ms\n"
    "mcts          search over sampled hidden cards and opponents' styles learnt from their\n"
    f"              bids: {DEFAULT_ITERATIONS} iterations, at most {DEFAULT_SECONDS:g} s a move "
    "(the strongest;\n              the shell's default)\n"
    "mcts:N        search with N iterations a move (same seed, same moves)\n"
    "mcts:Ts       search for T seconds a move (mcts:1s, mcts:0.5s, mcts:250ms)\n"
    "The field (styles to test against, see `medici league`):\n"
    + "".join(f"{s:<14}{describe(s)}\n" for s in STYLES)
    + openspiel_bot.SPECS
)
"""Help text: every bot spec ``make_bot`` accepts."""

NAMES = ("random", "greedy", "mcts", *STYLES)

ACCEPTED = (
    "random, greedy, mcts, mcts:N (N iterations a move), mcts:Ts (T seconds a move, mcts:1s), "
    + ", ".join(STYLES) + ", " + openspiel_bot.ACCEPTED
)
"""Every accepted bot spec on one line, for error messages (``BOT_SPECS`` explains them)."""


def _parse(spec: object) -> tuple[str, str, int | None, float | None]:
    """A spec as (label, name, iterations, seconds); BotError, in one line, if it is not one."""
    if not isinstance(spec, str):
        raise BotError(f"a bot spec is text such as 'greedy', got {spec!r}")
    text = spec.strip().lower()
    name, _, budget = text.partition(":")
    if name in ("random", "greedy", *STYLES):
        if budget:
            raise BotError(
                f"bot {spec!r}: {name} takes no budget; only mcts does (mcts:2000, mcts:1s)"
            )
        return name, name, None, None
    if name == "mcts":
        if not budget:
            return name, name, None, None
        try:
            iterations, seconds = parse_budget(budget)
        except ValueError as err:
            raise BotError(str(err)) from None
        return f"mcts:{budget}", name, iterations, seconds
    if name.startswith("openspiel-"):  # OpenSpiel's search (engine/bots/openspiel_bot.py)
        return openspiel_bot.parse_spec(spec, name, budget)
    raise BotError(f"unknown bot {spec!r}")


def check_spec(spec: object) -> str | None:
    """None if ``make_bot`` accepts ``spec``; else why not, in one line ending with the
    accepted specs. Builds no bot (cheap enough to check every seat of a record)."""
    try:
        _parse(spec)
    except BotError as err:
        return f"{err}; accepted: {ACCEPTED}"
    return None


def make_bot(spec: str, seed: int | None = None) -> Bot:
    """A bot from its spec (see ``BOT_SPECS``), seeded: the same seed gives the same moves.

    Raises BotError, saying what is accepted, for an unknown spec.
    """
    try:
        label, name, iterations, seconds = _parse(spec)
    except BotError as err:
        raise BotError(f"{err}; bots are:\n{BOT_SPECS}") from None
    if name.startswith("openspiel-"):
        return openspiel_bot.make(label, name, iterations, seed)
    if name == "random":
        return RandomBot(label, seed)
    if name == "greedy":
        return GreedyBot(label, seed)
    if name in STYLES:
        return StyleBot(label, seed, name)
    return MctsBot(label, seed, iterations, seconds)


__all__ = [
    "ACCEPTED", "BOT_SPECS", "FIELD", "STYLES", "Analysis", "Bot", "BotError", "GreedyBot",
    "MctsBot", "RandomBot", "StyleBot", "check_spec", "make_bot", "seat_seed",
]
