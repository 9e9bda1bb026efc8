"""Oracle, the toy third game of the tests: registered through ``engine.registry`` alone."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

from engine.registry import GameInfo, MoveHelp, Vocabulary
from toygame.logic import SCHEMA, OracleLogic, check
from toygame.views import EVENTS, OracleView

if TYPE_CHECKING:
    from engine.narrative import Narrator
    from engine.registry import ModelBuilder, RulesSummary, StyleMove, TableDrawer
    from engine.spiel.encoding import Encoding

RULES = str(Path(__file__).resolve().parent / "oracle.yaml")
"""Oracle's rules file (it ships no ``config/`` file: its default variant is this path)."""


# Its parts, each imported when first wanted (typed: mypy checks each against its field).
def _narrator() -> type[Narrator]:
    from toygame.parts import OracleNarrator
    return OracleNarrator


def _table() -> TableDrawer:
    from toygame.parts import table
    return table


def _rules_text() -> RulesSummary:
    from toygame.parts import rules_text
    return rules_text


def _encoding() -> Encoding[Any]:
    from toygame.encoding import ENCODING
    return ENCODING


def _model() -> ModelBuilder:
    from toygame.bots import parts
    return parts


def _styles() -> StyleMove:
    from toygame.bots import style_move
    return style_move


GAME = GameInfo(
    id="oracle",
    title="Oracle",
    check=check,
    logic=OracleLogic,
    schema=SCHEMA,
    vocabulary=Vocabulary(period="season", periods="seasons", money="shells",
                          piece="stone"),
    moves={
        "stake": MoveHelp("stake AMOUNT", "stake shells on your guess",
                          "0 up to your shells.\nExample: stake 3"),
        "guess": MoveHelp("guess AMOUNT", "guess the sum of all stones",
                          "The closest guesses share the pot.\nExample: guess 9"),
        "fold": MoveHelp("fold", "do not guess this season", "Example: fold"),
    },
    scoring_events=frozenset({"reveal"}),
    view_type=OracleView,
    event_types=EVENTS,
    narrator=_narrator,
    table=_table,
    rules_text=_rules_text,
    encoding=_encoding,
    model=_model,
    styles=_styles,
    default_variant=RULES,
)
"""Oracle's descriptor."""
