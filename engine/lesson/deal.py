"""A lesson's game: dealt from the lesson's prepared chance, and known again when reopened.

The deal is chance given ahead (``engine.chance.GivenChance``), as a table game's cards
entered by hand: every outcome is logged as it is used (G-1), so the lesson's game is a
record like any other (saved after every move, replayed, reviewed). What the deal leaves
open (a tie-break) comes from the lesson's seed, advanced in step with the deal, so a
reopened lesson goes on as the original would have.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import cast

from engine.chance import GivenChance, SeededChance
from engine.game import Game, new_game
from engine.lesson.model import Lesson
from engine.rules import load_variant
from engine.views import Event, OrderEvent, SetupEvent


def deal_chance(orders: Sequence[Sequence[str]], choices: Sequence[int], seed: int) -> GivenChance:
    """The chance of a lesson's game: the prepared orders and choices, then the seed's."""
    return GivenChance(orders, choices, SeededChance(seed))


def start(lesson: Lesson) -> Game:
    """A new game of ``lesson``: its table, dealt from its prepared chance."""
    chance = deal_chance(lesson.orders, lesson.choices, lesson.seed)
    return new_game(lesson.variant, lesson.names, seed=lesson.seed, chance=chance)


def is_lesson_game(lesson: Lesson, variant: str, players: Sequence[str],
                   events: Sequence[Event]) -> bool:
    """Whether a game (its variant's name, players and events) is a game of ``lesson``:
    the same table, seed and first order of the deal. A game started otherwise cannot
    match by chance: the seed and the whole first order would have to agree."""
    if not events or tuple(players) != lesson.names:
        return False
    if variant != load_variant(lesson.variant).name:
        return False
    setup = cast(SetupEvent, events[0])
    if setup.get("type") != "setup" or setup.get("seed") != lesson.seed:
        return False
    first = next((cast(OrderEvent, e) for e in events if e.get("type") == "order"), None)
    if not lesson.orders:
        return True
    return first is not None and tuple(first["order"]) == lesson.orders[0]
