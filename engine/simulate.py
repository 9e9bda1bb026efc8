"""Simulating games with random play, and the small statistics the tournament runner shares."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from engine.actions import Action, Legal, Span, amount_action
from engine.chance import Rng
from engine.game import Game, new_game
from engine.rules import Variant

Policy = Callable[[Game, Rng], Action]

OPEN_RANGE = 50
"""How far above its lower end an open-ended range (a price with loans) is sampled."""


def random_choice(legal: Sequence[Legal], rng: Rng) -> Action:
    """A random pick from ``legal``: a uniform entry, then a uniform amount within a range.

    Picking the entry first keeps auctions from being flooded by the many possible bids.
    Open-ended ranges (prices with loans) are capped at their lower end plus ``OPEN_RANGE``.
    """
    entry = legal[rng.below(len(legal))] if len(legal) > 1 else legal[0]
    if entry.__class__ is Span:
        top = entry.lo + OPEN_RANGE if entry.hi is None else entry.hi
        return amount_action(entry.kind, entry.lo + rng.below(top - entry.lo + 1))
    return entry  # type: ignore[return-value]  # not a Span: an Action (mypy narrows no __class__ test)


def random_action(game: Game, rng: Rng) -> Action:
    """A random legal action of ``game`` (see ``random_choice``)."""
    return random_choice(game.legal_actions(), rng)


def play_random(variant: Variant | str, players: int, seed: int) -> Game:
    """One game played to the end by random legal actions (deterministic for a seed).

    Every move comes from ``legal_actions()`` of the state it is played in, so it goes
    through the fast path, ``Game.push``; the games are the same as through ``apply``.
    """
    game = new_game(variant, players, seed=seed)
    rng = Rng(seed ^ 0x5DEECE66D)
    push = game.push
    legal = game.legal_actions
    final = game.logic.pm.final_states
    while game.state.phase not in final:
        push(random_choice(legal(), rng))
    return game


