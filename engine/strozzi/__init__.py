"""Medici vs Strozzi for 2 players (docs/rules.md S-1..S-17): its descriptor ``GAME`` and parts."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine.registry import GameInfo, MoveHelp, Vocabulary
from engine.strozzi.logic import StrozziLogic as Logic
from engine.strozzi.logic import StrozziState
from engine.strozzi.schema import SCHEMA, check
from engine.strozzi.views import EVENTS, StrozziView

if TYPE_CHECKING:
    from engine.narrative import Narrator
    from engine.registry import (
        BoardDrawer,
        Levels,
        ModelBuilder,
        MoveLabel,
        RulesSummary,
        StyleMove,
        TableDrawer,
    )
    from engine.spiel.encoding import Encoding

MOVES = {
    "draw": MoveHelp("draw", "draw a tile for the lot",
                     "The active player draws 1 to 3 tiles, never more than fit on their "
                     "emptiest ship (S-7).\nExample: draw"),
    "stop": MoveHelp("stop", "stop drawing: the lot gets a price",
                     "After at least one draw; you set a price next (S-8).\nExample: stop"),
    "price": MoveHelp("price AMOUNT", "set the price of your lot (0 or more)",
                      "The opponent then buys at that price or declines, and if they decline "
                      "you must buy at it yourself (S-8, S-9).\nExamples: price 0 · price 14"),
    "buy": MoveHelp("buy", "buy the lot at the asked price",
                    "You pay the bank (borrowing if you must, S-5) and load the lot (S-10).\n"
                    "Example: buy"),
    "decline": MoveHelp("decline", "refuse the lot: its owner must buy it at their price",
                        "S-9.\nExample: decline"),
    "load": MoveHelp("load SHIP [harbour N]", "load the lot onto your ship of SHIP holds",
                     "A ship's first load of a round names its harbour, one where you have no "
                     "ship yet (S-11); it stays there for the round.\nExamples: load 4 harbour 2"
                     " · load 5\n(A saved game is opened with `open NAME`.)"),
    "discard": MoveHelp("discard", "throw the bought lot away",
                        "Needed when the lot fits none of your ships (S-10).\nExample: discard"),
}
"""What ``help`` says of each move word."""


# The parts, each imported when first wanted (typed: mypy checks each against its field).
def _narrator() -> type[Narrator]:
    from engine.strozzi.narrative import StrozziNarrator
    return StrozziNarrator


def _table() -> TableDrawer:
    from engine.strozzi.render import table
    return table


def _rules_text() -> RulesSummary:
    from engine.strozzi.rules_text import summary
    return summary


def _model() -> ModelBuilder:
    from engine.strozzi.bots import parts
    return parts


def _styles() -> StyleMove:
    from engine.strozzi.styles import style_move
    return style_move


def _levels() -> Levels:
    from engine.strozzi.levels import LEVELS
    return LEVELS


def _page() -> BoardDrawer:
    from engine.strozzi.page import board
    return board


def _encoding() -> Encoding[Any]:
    from engine.strozzi.encoding import ENCODING
    return ENCODING


def _move_label() -> MoveLabel:
    from engine.strozzi.render import move_label
    return move_label


GAME = GameInfo(
    id="medici-vs-strozzi",
    title="Medici vs Strozzi",
    check=check,
    logic=Logic,
    schema=SCHEMA,
    vocabulary=Vocabulary(period="round", periods="rounds", money="coins", piece="tile",
                          on_sale="the lot"),
    moves=MOVES,
    scoring_events=frozenset({"round_end"}),
    rule_example="S-7",
    view_type=StrozziView,
    event_types=EVENTS,
    narrator=_narrator,
    table=_table,
    page=_page,
    rules_text=_rules_text,
    model=_model,
    styles=_styles,
    levels=_levels,
    encoding=_encoding,
    move_label=_move_label,
    example="medici-vs-strozzi.json",
)
"""The descriptor the registry finds (entry point ``medici.games``)."""

__all__ = ["GAME", "MOVES", "Logic", "SCHEMA", "StrozziState", "check"]
