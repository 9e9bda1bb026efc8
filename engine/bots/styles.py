"""The field: bot styles as people and simple programs play, to measure our bots against.

Each style is a few lines on the game's shared valuation, written in the game's folder
(``styles.py``, named by its descriptor). The first four differ only in how they turn a
lot's worth into a bid, a price or a buy. They all draw by one plain rule (another piece
while the lot's face value is small: ``engine.lots.draw_or_stop``) and load where the model
says a lot gains most (the last three: where their own valuation does). None of them
uses what our own bots tune (their shading, beliefs or search), so the field stays put
while our bots change. They are opponents to test against, not our best play.

- ``thrifty``: the smallest raise, up to a margin below its valuation; prices low, buys cheap.
- ``valuer``: bids its whole valuation at once; prices at its own worth.
- ``spoiler``: bids to deny the leader the lot; prices high to the leader.
- ``hoarder``: keeps its money early and spends it late (a share of the worth by stage).

Three more value lots their own way, as people play, not by our model's whole estimate:

- ``face``: a lot is worth the sum of its face values; raises by the minimum up to a
  little below that (and prices at it, buys below it).
- ``racer``: cares only for the race of load values (Medici's ship race, the harbour
  prizes of Medici vs Strozzi); raises by the minimum up to that worth.
- ``collector``: only the majorities and bonuses (the tracks; the monopoly rows).
"""

from __future__ import annotations

from engine.actions import Action
from engine.bots.base import Analysis, Turn
from engine.bots.parts import AnyParts, ModelBot
from engine.game import Game, game_from_view
from engine.registry import game_info

THRIFTY_MARGIN = 0.3
"""``thrifty`` bids only while the price is at most this share below its valuation."""
SPOIL_EXTRA = 8
"""``spoiler`` pays up to this much above its own valuation to keep a lot from the leader."""
FACE_MARGIN = 0.1
"""``face`` pays up to this share below a lot's face value."""
HOARD_FIRST = 0.4
"""``hoarder``'s share of its valuation on the first day or round (all of it on the last)."""


def stage_share(stage: int, stages: int) -> float:
    """``hoarder``: the share of its valuation it spends on this stage (a scoring period)."""
    if stages <= 1:
        return 1.0
    return HOARD_FIRST + (1 - HOARD_FIRST) * (stage - 1) / (stages - 1)


STYLES = ("thrifty", "valuer", "spoiler", "hoarder", "face", "racer", "collector")
"""The styles of the field besides ``random``."""

FIELD = (*STYLES, "random")
"""Every style ``medici league`` plays against, in table order."""


def style_move(game: Game, style: str, parts: AnyParts) -> Action:
    """The move of ``style`` for the player to act in ``game``, judged with ``parts``."""
    load = game_info(game.variant.game).styles
    act = load()(game, style, parts) if load is not None else None
    return act if act is not None else parts.policy.move(game, None)


class StyleBot(ModelBot):
    """A bot of one field style; deterministic, about as fast as ``greedy``."""

    random_per_view = False

    def __init__(self, spec: str, seed: int | None = None, style: str = "thrifty") -> None:
        super().__init__(spec, seed)
        self.style = style

    def _game(self, turn: Turn) -> Game:
        return game_from_view(turn.variant, turn.view, turn.rng.next64())

    def _choose(self, turn: Turn) -> Action:
        legal = turn.legal
        if len(legal) == 1 and isinstance(legal[0], Action):
            return legal[0]
        return style_move(self._game(turn), self.style, self.parts(turn.variant))

    def _analyse(self, turn: Turn, also: list[Action]) -> list[Analysis]:
        game = self._game(turn)
        pick = style_move(game, self.style, self.parts(turn.variant))
        rows = [Analysis(pick, 1.0, f"{self.style}: the move this style makes here")]
        rows += [Analysis(a, 0.0, f"{self.style}: not its move") for a in also if a != pick]
        return rows


def describe(style: str) -> str:
    """One line on a style, for help texts."""
    return {
        "thrifty": "raises by the minimum while the price is well below its valuation",
        "valuer": "bids (or prices at) its full valuation at once",
        "spoiler": "bids to keep what is on sale from the leader; prices high to the other side",
        "hoarder": "spends a small share of what it values a sale at early, all of it late",
        "face": "values what is on sale at the sum of its face values; raises by the minimum "
                "up to a little below that",
        "racer": "values what is on sale only by the prizes for the most valuable loads it "
                 "feeds",
        "collector": "values what is on sale only by the majorities and bonuses of its goods",
    }[style]

