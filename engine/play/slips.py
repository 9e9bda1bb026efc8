"""Slips caught before they cost: a bid or price out of all proportion is asked about once.

A mistyped ``price 1000`` (meant 10) cannot be taken back once the offer has ended (undo
never goes past the end of a sale the player saw), so the shell asks first when an amount
is out of proportion with what the lot is worth to the player, by the bots' valuation:

- more than ``RATIO`` times that worth and more than ``JUMP`` above the lowest amount legal
  now (the high bid + 1, or the lowest price), or
- it takes a loan (more than the player's cash, where the rules lend) and is more than the
  worth.

Only at a terminal (a script never asks) and unless ``set confirm off``.
"""

from __future__ import annotations

import math

from engine.actions import Span, is_legal
from engine.bots.parts import build_parts
from engine.errors import IllegalAction, MediciError
from engine.game import Game, game_from_view
from engine.registry import game_info

RATIO = 2.0
"""An amount more than this many times the lot's worth to the player is out of proportion..."""
JUMP = 10
"""...when it is also this much above the lowest amount legal now."""


def sale_worth(game: Game, seat: int) -> float | None:
    """What the lot on sale is worth to ``seat`` in money, as the bots judge it (their
    explainer's ``sale_worth``), from ``seat``'s view only; None when the game's bots cannot
    say (no model, no lot).

    The one place the shell asks the bots for a lot's worth.
    """
    try:
        explainer = build_parts(game.variant).explainer
        rebuilt = game_from_view(game.variant, game.view(seat), seed=0)
        return explainer.sale_worth(rebuilt, seat)
    except (MediciError, ValueError):
        return None


def question(game: Game, text: str) -> str | None:
    """The question to ask before the move ``text`` by the player to act, or None when it
    is in proportion (or not an amount, or not legal: the engine says why then)."""
    seat = game.current_player
    if seat is None:
        return None
    try:
        action = game.logic.grammar.parse(text)
    except (IllegalAction, ValueError):
        return None
    span = next((s for s in game.legal_actions() if isinstance(s, Span)
                 and s.kind == action.kind), None)
    if span is None or not is_legal(action, [span]):
        return None
    amount = action.args[0] if action.args else None
    if not isinstance(amount, int):
        return None
    worth = sale_worth(game, seat)
    if worth is None:
        return None
    player = game.view(seat)["players"][seat]
    cash = player.get("coins", player.get("money", 0))
    loan = amount - max(0, cash) if amount > cash else 0
    big = amount > RATIO * worth and amount - span.lo > JUMP
    borrowed = loan > 0 and amount > worth
    if not (big or borrowed):
        return None
    move = f"{action.kind} {amount}"
    sold = game_info(game.variant.game).vocabulary.on_sale
    if big and worth >= 1:
        said = f"{move} is {_times(amount / worth)} what {sold} is worth to you"
    elif big:
        said = f"{move} is far above what {sold} is worth to you (next to nothing)"
    else:
        said = f"{move} is more than {sold} is worth to you (about {max(0.0, worth):.0f})"
    if loan > 0:
        said += f" and takes a loan of {loan}"
    return f"{said}. {move.capitalize()}? [y/N]"


def _times(ratio: float) -> str:
    """``55 times``, ``2.5 times``."""
    if ratio >= 10:
        return f"{math.floor(ratio + 0.5)} times"
    return f"{ratio:.1f}".rstrip("0").rstrip(".") + " times"
