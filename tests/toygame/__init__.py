"""Oracle, the toy third game of the tests: registered through ``engine.registry`` alone."""

from pathlib import Path

from engine.registry import GameInfo, MoveHelp, Vocabulary
from toygame.logic import SCHEMA, OracleLogic, check
from toygame.views import EVENTS, OracleView

RULES = str(Path(__file__).resolve().parent / "oracle.yaml")
"""Oracle's rules file (it ships no ``config/`` file: its default variant is this path)."""

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
    narrator="toygame.parts:OracleNarrator",
    table="toygame.parts:table",
    rules_text="toygame.parts:rules_text",
    encoding="toygame.encoding:ENCODING",
    model="toygame.bots:parts",
    styles="toygame.bots:style_move",
    default_variant=RULES,
)
"""Oracle's descriptor."""
