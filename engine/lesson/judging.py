"""Judging a learner's move by the bots' own valuation (the explainer ``hint`` uses).

The default bot's parts say what each legal move gains in money (``greedy_values``), what
the lot is worth to the learner (``sale_worth``) and, in a few words, what a move does
(``explain``) and what the decision is about (``situation``). A move that gives up
``poor`` money or more against the best of them is poor, one within ``fair`` of it good,
and fair in between. Everything is read from the learner's own view (G-3).
"""

from __future__ import annotations

from typing import Any, NamedTuple

from engine.actions import Action
from engine.bots.parts import AnyParts, Explainer
from engine.errors import MediciError
from engine.game import Game, game_from_view
from engine.lesson.model import Judging
from engine.registry import game_info

GOOD, FAIR, POOR = "good", "fair", "poor"

NOTHING_GAINED = 0.5
"""A move gaining less than this (in money) gains nothing: its praise says only that no
other move gains more."""


class Verdict(NamedTuple):
    """What the coach thinks of a move: ``kind`` (``good``, ``fair``, ``poor``, or '' when
    it has nothing to say: a forced move, a game its bots cannot judge), the words, the
    money given up against the best move (the bots' estimate) and that move."""

    kind: str
    text: str
    loss: float = 0.0
    better: Action | None = None

    @property
    def poor(self) -> bool:
        """Whether the move gave up enough to be offered back."""
        return self.kind == POOR


NOTHING = Verdict("", "")


def judge(game: Game, seat: int, action: Action, judging: Judging,
          parts: AnyParts) -> Verdict:
    """The verdict on ``action`` by ``seat`` in ``game`` (the game before the move)."""
    legal = game.legal_actions()
    if len(legal) == 1 and isinstance(legal[0], Action):
        return NOTHING  # the only move: nothing to judge
    try:
        rebuilt = game_from_view(game.variant, game.view(seat), seed=0)
        explainer = parts.explainer
        rows = explainer.greedy_values(rebuilt, None, [action])
        worth = explainer.sale_worth(rebuilt, seat)
        situation = explainer.situation(rebuilt, None)
        said = explainer.explain(rebuilt, action, None)
    except (MediciError, ValueError, KeyError, IndexError):
        return NOTHING
    values: dict[Action, float] = {}
    for act, value in rows:
        values.setdefault(act, value)
    played = values.get(action)
    if played is None or not values:
        return NOTHING
    best, top = max(values.items(), key=lambda item: item[1])
    loss = max(0.0, top - played)
    words = game_info(game.variant.game).vocabulary
    money, on_sale = words.money, words.on_sale
    if loss < judging.fair or best == action:
        if action.amount is None and abs(played) < NOTHING_GAINED:
            # A pass or a decline that gains nothing is good only because nothing else
            # gains more: the lot's worth beside it would read as a missed chance.
            text = (f"Good: {action}" + (f" ({said})" if said else "")
                    + ": no other move gains you more here, by the bots' estimate.")
            return Verdict(GOOD, text, loss, None)
        text = f"Good: {action}" + (f": {said}" if said else "") + "."
        if situation:
            text += f" {_sentence(situation)}"
        return Verdict(GOOD, text, loss, None)
    better = f"{best}" + (f" ({why})" if (why := _said(explainer, rebuilt, best)) else "")
    if loss < judging.poor:
        return Verdict(FAIR, f"{action} is fair, but {better} gains ~{loss:.0f} {money} "
                             "more, by the bots' estimate.", loss, best)
    text = f"{action} gives up ~{loss:.0f} {money}, by the bots' estimate"
    amount = action.amount
    if amount is not None and worth is not None and amount > worth:
        text += (f": it is {amount - max(0.0, worth):.0f} above what {on_sale} is worth "
                 f"to you (~{max(0.0, worth):.0f})")
    if said:
        text += f"; {said}"
    return Verdict(POOR, f"{text}. Better: {better}.", loss, best)


def _said(explainer: Explainer[Any], game: Game, action: Action) -> str:
    try:
        return explainer.explain(game, action, None)
    except (MediciError, ValueError, KeyError, IndexError):
        return ""


def _sentence(text: str) -> str:
    """``text`` as a sentence: capitalised, ending with a full stop."""
    text = text.strip()
    if not text:
        return ""
    return text[0].upper() + text[1:] + ("" if text.endswith((".", "!", "?")) else ".")
