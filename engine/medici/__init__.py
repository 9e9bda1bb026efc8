"""Medici for 2-6 players (docs/rules.md M-1..M-19): its descriptor ``GAME`` and its parts."""

from engine.medici.logic import MediciLogic as Logic
from engine.medici.logic import MediciState
from engine.medici.schema import SCHEMA, check
from engine.medici.views import EVENTS, MediciView
from engine.registry import GameInfo, MoveHelp, Vocabulary

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
    narrator="engine.medici.narrative:MediciNarrator",
    table="engine.medici.render:table",
    rules_text="engine.medici.rules_text:summary",
    model="engine.medici.bots:parts",
    styles="engine.medici.styles:style_move",
    encoding="engine.medici.encoding:ENCODING",
    extra={"levels": "engine.medici.levels:LEVELS"},
    example="medici-4-players.json",
)
"""The descriptor the registry finds (entry point ``medici.games``)."""

__all__ = ["GAME", "MOVES", "Logic", "MediciState", "SCHEMA", "check"]
