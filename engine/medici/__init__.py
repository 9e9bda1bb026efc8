"""Medici for 2-6 players (docs/rules.md M-1..M-19): its descriptor ``GAME`` and its parts."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine.medici.logic import MediciLogic as Logic
from engine.medici.logic import MediciState
from engine.medici.schema import SCHEMA, check
from engine.medici.views import EVENTS, MediciView
from engine.registry import GameInfo, MoveHelp, Vocabulary

if TYPE_CHECKING:
    from engine.narrative import Narrator
    from engine.registry import (
        BoardDrawer,
        Levels,
        ModelBuilder,
        RulesSummary,
        StyleMove,
        TableDrawer,
    )
    from engine.spiel.encoding import Encoding

MOVES = {
    "draw": MoveHelp("draw", "draw a card for the lot",
                     "The selector draws 1 to 3 cards, one at a time; a lot may only grow while "
                     "some player still in the day has room for it (M-8).\nExample: draw"),
    "stop": MoveHelp("stop", "stop drawing: the lot goes to auction",
                     "After at least one draw. The auction starts to the selector's left (M-9)."
                     "\nExample: stop"),
    "bid": MoveHelp("bid AMOUNT", "bid for the lot",
                    "Each player bids once or passes, the selector last (M-9). A bid is higher "
                    "than the high bid and no more than your money. Tab after `bid ` shows the "
                    "legal amounts.\nExamples: bid 7 · bid 12"),
    "pass": MoveHelp("pass", "do not bid for this lot",
                     "If everyone passes, the lot is out for the rest of the day (M-10).\n"
                     "Example: pass"),
}
"""What ``help`` says of each move word."""


# The parts, each imported when first wanted (typed: mypy checks each against its field).
def _narrator() -> type[Narrator]:
    from engine.medici.narrative import MediciNarrator
    return MediciNarrator


def _table() -> TableDrawer:
    from engine.medici.render import table
    return table


def _rules_text() -> RulesSummary:
    from engine.medici.rules_text import summary
    return summary


def _model() -> ModelBuilder:
    from engine.medici.bots import parts
    return parts


def _styles() -> StyleMove:
    from engine.medici.styles import style_move
    return style_move


def _levels() -> Levels:
    from engine.medici.levels import LEVELS
    return LEVELS


def _page() -> BoardDrawer:
    from engine.medici.page import board
    return board


def _encoding() -> Encoding[Any]:
    from engine.medici.encoding import ENCODING
    return ENCODING


GAME = GameInfo(
    id="medici",
    title="Medici",
    check=check,
    logic=Logic,
    schema=SCHEMA,
    vocabulary=Vocabulary(period="day", periods="days", money="florins", piece="card",
                          on_sale="the lot"),
    moves=MOVES,
    scoring_events=frozenset({"day_end"}),
    rule_example="M-8",
    view_type=MediciView,
    event_types=EVENTS,
    narrator=_narrator,
    table=_table,
    page=_page,
    rules_text=_rules_text,
    model=_model,
    styles=_styles,
    levels=_levels,
    encoding=_encoding,
    example="medici-4-players.json",
)
"""The descriptor the registry finds (entry point ``medici.games``)."""

__all__ = ["GAME", "MOVES", "Logic", "MediciState", "SCHEMA", "check"]
