"""The one table of bot kinds: each kind's name, the specs it accepts, their help, what the
shell offers on Tab, and how to build one. Every list of bots (``BOT_SPECS``, the accepted
specs of an error message, the shell's completion and help) is read from ``KINDS``."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from engine.bots import openspiel_bot
from engine.bots.base import Bot, BotError
from engine.bots.greedy import GreedyBot
from engine.bots.levels import LEVELS, LevelBot
from engine.bots.mcts import DEFAULT_ITERATIONS, DEFAULT_SECONDS, MctsBot, parse_budget
from engine.bots.random_bot import RandomBot
from engine.bots.styles import STYLES, StyleBot, describe, parse_traits


@dataclass(frozen=True)
class BotKind:
    """One kind of bot: ``name`` or ``name:BUDGET`` specs, if it takes a budget."""

    name: str
    forms: tuple[tuple[str, str], ...]
    """Each spec form with its help (the first is the bare name), for ``BOT_SPECS``."""
    accepted: str
    """How the kind is listed on one line among the accepted specs."""
    offered: tuple[str, ...]
    """The specs the shell offers on Tab."""
    short: str
    """A few words on it, beside the Tab choices."""
    label: Callable[[str, str], str]
    """``(spec, budget)``: the bot's label; BotError, in one line, if the spec is bad."""
    build: Callable[[str, int | None, str], Bot]
    """``(label, seed, budget)``: the bot."""
    field: bool = False
    """A style of the field (``medici league`` plays against it)."""
    level: bool = False
    """A level (``engine.bots.levels``), weakest first in ``KINDS``."""


def _no_budget(name: str) -> Callable[[str, str], str]:
    def label(spec: str, budget: str) -> str:
        if budget:
            raise BotError(
                f"bot {spec!r}: {name} takes no budget; only mcts does (mcts:2000, mcts:1s)"
            )
        return name

    return label


def _mcts_label(spec: str, budget: str) -> str:
    if not budget:
        return "mcts"
    try:
        parse_budget(budget)
    except ValueError as err:
        raise BotError(str(err)) from None
    return f"mcts:{budget}"


def _mcts(label: str, seed: int | None, budget: str) -> Bot:
    iterations, seconds = parse_budget(budget) if budget else (None, None)
    return MctsBot(label, seed, iterations, seconds)


def _openspiel(name: str) -> BotKind:
    def label(spec: str, budget: str) -> str:
        return openspiel_bot.parse_spec(spec, name, budget)[0]

    def build(label: str, seed: int | None, budget: str) -> Bot:
        _, _, simulations, _ = openspiel_bot.parse_spec(label, name, budget)
        return openspiel_bot.make(label, name, simulations, seed)

    search = openspiel_bot.KINDS[name]
    return BotKind(
        name, ((f"{name}[:N]", openspiel_bot.HELP[name]),),
        f"{name}[:N] (N simulations a move)", (), f"OpenSpiel's {search}", label, build,
    )


def _style(name: str) -> BotKind:
    return BotKind(
        name, ((name, describe(name)),), name, (name,), "field: " + describe(name),
        _no_budget(name), lambda label, seed, _: StyleBot(label, seed, name), field=True,
    )


def _traits_label(spec: str, budget: str) -> str:
    if not budget:
        raise BotError(f"bot {spec!r}: give a style's traits, as style:face1/pay0.9")
    return parse_traits(budget).spec()


def _traits_bot(label: str, seed: int | None, budget: str) -> Bot:
    return StyleBot(label, seed, parse_traits(budget))


def _level(name: str, person: str, note: str) -> BotKind:
    return BotKind(
        name, ((name, f"plays like {person}: {note}"),), name, (name,),
        f"level: {person}", _no_budget(name),
        lambda label, seed, _: LevelBot(label, seed, name), level=True,
    )


KINDS: tuple[BotKind, ...] = (
    BotKind("random", (("random", "a uniformly random legal move"),), "random", ("random",),
            "a random legal move", _no_budget("random"),
            lambda label, seed, _: RandomBot(label, seed)),
    BotKind("greedy", (("greedy", "values what is on sale with its game's model (every scoring "
                                  "it feeds) and bids or prices a thrifty share of it, learning "
                                  "how each opponent values and pays; ~1 ms"),),
            "greedy", ("greedy",), "fast, about 1 ms a move", _no_budget("greedy"),
            lambda label, seed, _: GreedyBot(label, seed)),
    BotKind("mcts", (
        ("mcts", "search over samples of what is hidden and opponents' styles learnt from "
                 f"their bids: {DEFAULT_ITERATIONS} iterations, at most {DEFAULT_SECONDS:g} s a "
                 "move (the strongest; the shell's default)"),
        ("mcts:N", "search with N iterations a move (same seed, same moves)"),
        ("mcts:Ts", "search for T seconds a move (mcts:1s, mcts:0.5s, mcts:250ms)"),
    ), "mcts, mcts:N (N iterations a move), mcts:Ts (T seconds a move, mcts:1s)",
        ("mcts", "mcts:2000", "mcts:1s"), "the strongest, up to a second a move",
        _mcts_label, _mcts),
    *(_level(level.name, level.person, level.note) for level in LEVELS),
    *(_style(s) for s in STYLES),
    BotKind("style", (("style:TRAITS", "a style of stated numbers, TRAITS a /-separated list "
                       "of: weights ours, face, race, majorities (what it values a sale by, "
                       "mixed); pay (the share of that it pays), raise (0: by the minimum, 1: "
                       "its limit at once), draw (draws while the face value on sale is below "
                       "it), misjudge, excite (how it errs): style:face1/pay0.9/draw8, as "
                       "`medici exploit` reports them"),),
            "style:TRAITS (style:face1/pay0.9)", (), "a style of stated numbers",
            _traits_label, _traits_bot, field=True),
    *(_openspiel(name) for name in openspiel_bot.KINDS),
)
"""Every kind of bot, in the order help texts list them."""

BY_NAME = {kind.name: kind for kind in KINDS}


def parse(spec: object) -> tuple[BotKind, str, str]:
    """A spec as (kind, label, budget); BotError, in one line, if it is not one."""
    if not isinstance(spec, str):
        raise BotError(f"a bot spec is text such as 'greedy', got {spec!r}")
    text = spec.strip().lower()
    name, _, budget = text.partition(":")
    kind = BY_NAME.get(name)
    if kind is None:
        if name.startswith("openspiel-"):
            raise BotError(
                f"unknown bot {spec!r}: OpenSpiel bots are {', '.join(openspiel_bot.KINDS)}"
            )
        raise BotError(f"unknown bot {spec!r}")
    return kind, kind.label(spec, budget), budget


def _wrap(spec: str, text: str, width: int = 79, indent: int = 14) -> str:
    """One help entry: the spec in a column of ``indent``, its text wrapped beside it."""
    import textwrap

    lead = spec.ljust(indent) if len(spec) < indent else spec + "\n" + " " * indent
    body = textwrap.wrap(text, width - indent)
    return lead + ("\n" + " " * indent).join(body) + "\n"


def specs_help() -> str:
    """Help text: every spec form of every kind, the levels and the field's styles under
    their headings."""
    ours = [k for k in KINDS
            if not k.field and not k.level and not k.name.startswith("openspiel-")]
    levels = [k for k in KINDS if k.level]
    field = [k for k in KINDS if k.field]
    outside = [k for k in KINDS if k.name.startswith("openspiel-")]
    text = "".join(_wrap(s, h) for k in ours for s, h in k.forms)
    text += "Levels, weakest first (on one scale: `medici ratings`):\n"
    text += "".join(_wrap(s, h) for k in levels for s, h in k.forms)
    text += "The field (styles to test against, see `medici league`):\n"
    text += "".join(_wrap(s, h) for k in field for s, h in k.forms)
    return text + "".join(_wrap(s, h) for k in outside for s, h in k.forms)
