"""The field: bot styles as people and simple programs play, to measure our bots against.

Each style is a few lines on the game's shared valuation model (``Position.lot_value`` in
Medici, ``Position.worth`` in Medici vs Strozzi): they differ only in how they turn a lot's
worth into a bid, a price or a buy. They all draw by one plain rule (another card while the
lot's face value is small) and load where the model says a lot gains most. None of them
uses what our own bots tune (their shading, beliefs or search), so the field stays put
while our bots change. They are opponents to test against, not our best play.

- ``thrifty``: the smallest raise, up to a margin below its valuation; prices low, buys cheap.
- ``valuer``: bids its whole valuation at once; prices at its own worth.
- ``spoiler``: bids to deny the leader the lot; prices high to the leader.
- ``hoarder``: keeps its money early and spends it late (a share of the worth by stage).
"""

from __future__ import annotations

import math
from collections.abc import Callable

from engine.actions import Action, Span, amount_action
from engine.bots.base import Analysis, Bot, Turn
from engine.bots.medici_value import DRAW, PASS, STOP
from engine.bots.models import model_for
from engine.bots.strozzi_value import BUY, DECLINE
from engine.game import Game, game_from_view

THRIFTY_MARGIN = 0.3
"""``thrifty`` bids only while the price is at most this share below its valuation."""
SPOIL_EXTRA = 8
"""``spoiler`` pays up to this much above its own valuation to keep a lot from the leader."""
DRAW_BELOW = {"medici": 7, "medici-vs-strozzi": 5}
"""The field draws another card or tile while the lot's face value is below this."""
HOARD_FIRST = 0.4
"""``hoarder``'s share of its valuation on the first day or round (all of it on the last)."""


# -- Medici: one bid in a once-around auction (M-9) ----------------------------------------------
def _medici_bid(game: Game, style: str) -> Action:
    st = game.state
    span = game.legal_actions()[0]
    if span.__class__ is not Span:
        return PASS
    model = model_for(game.variant)
    pos = model.position(st)
    me = st.order[st.turn]
    worth = pos.lot_value(me, st.lot)
    if worth is None:
        return PASS
    lo, cap = span.lo, span.hi if span.hi is not None else math.inf
    if style == "thrifty":
        bid = lo if lo <= worth * (1 - THRIFTY_MARGIN) else -1
    elif style == "valuer":
        bid = int(worth)
    elif style == "hoarder":
        bid = int(worth * _stage_share(st.day, model.stages))
    else:  # spoiler: the leader is the richest in equity; keep lots away from them
        equity = model.equity(game)
        leader = max(range(len(equity)), key=lambda q: (equity[q], -q))
        rivals_to_come = st.order[st.turn + 1 :]
        threat = leader != me and (leader in rivals_to_come or st.high_bidder == leader)
        if threat:
            their = pos.ceiling(leader, st.lot)
            bid = min(their + 1, int(worth) + SPOIL_EXTRA) if their >= lo else lo
        else:
            bid = lo if lo <= worth * 0.8 else -1
    bid = min(bid, cap)
    return amount_action("bid", bid) if bid >= lo else PASS


# -- Medici vs Strozzi: a price (S-8) and a buy or decline (S-9) ------------------------------
def _strozzi_move(game: Game, style: str) -> Action | None:
    st = game.state
    if st.phase not in ("pricing", "offer"):
        return None
    model = model_for(game.variant)
    pos = model.position(st)
    if st.phase == "pricing":
        mine = pos.worth(st.active, st.lot)
        theirs = pos.worth(1 - st.active, st.lot)
        if style == "thrifty":
            price = mine * (1 - THRIFTY_MARGIN)
        elif style == "valuer":
            price = mine
        elif style == "hoarder":
            price = mine * _stage_share(st.round, model.stages)
        else:  # spoiler: make the other side pay what the lot is worth to them
            price = max(mine, theirs)
        return amount_action("price", max(model.min_price, int(price)))
    me = 1 - st.active
    worth = pos.worth(me, st.lot)
    if style == "thrifty":
        keep = worth * (1 - THRIFTY_MARGIN) >= st.price
    elif style == "valuer":
        keep = worth >= st.price
    elif style == "hoarder":
        keep = worth * _stage_share(st.round, model.stages) >= st.price
    else:  # spoiler: buy whenever the lot is worth more to the other side than its price
        keep = worth >= st.price or pos.worth(st.active, st.lot) > st.price
    return BUY if keep else DECLINE


def _draw_or_stop(game: Game) -> Action | None:
    """The field's drawing rule: a lot grows while its face value is under ``DRAW_BELOW``."""
    legal = game.legal_actions()
    if DRAW not in legal or STOP not in legal:
        return None
    values = game.variant.logic.value
    lot = game.state.lot
    return DRAW if len(lot) < 3 and sum(values[c] for c in lot) < DRAW_BELOW[
        game.variant.game] else STOP


def _stage_share(stage: int, stages: int) -> float:
    """``hoarder``: the share of its valuation it spends on this day or round."""
    if stages <= 1:
        return 1.0
    return HOARD_FIRST + (1 - HOARD_FIRST) * (stage - 1) / (stages - 1)


MOVES: dict[str, Callable[[Game, str], Action | None]] = {
    "medici": lambda game, style: (
        _medici_bid(game, style) if game.state.phase == "bidding" else _draw_or_stop(game)
    ),
    "medici-vs-strozzi": lambda game, style: (
        _draw_or_stop(game) if game.state.phase == "drawing" else _strozzi_move(game, style)
    ),
}
"""Game id -> the style's move where styles differ (None: the model's greedy move)."""

STYLES = ("thrifty", "valuer", "spoiler", "hoarder")
"""The styles of the field besides ``random``."""

FIELD = (*STYLES, "random")
"""Every style ``medici league`` plays against, in table order."""


def style_move(game: Game, style: str) -> Action:
    """The move of ``style`` for the player to act in ``game``."""
    act = MOVES[game.variant.game](game, style)
    return act if act is not None else model_for(game.variant).policy(game)


class StyleBot(Bot):
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
        return style_move(self._game(turn), self.style)

    def _analyse(self, turn: Turn, also: list[Action]) -> list[Analysis]:
        game = self._game(turn)
        pick = style_move(game, self.style)
        rows = [Analysis(pick, 1.0, f"{self.style}: the move this style makes here")]
        rows += [Analysis(a, 0.0, f"{self.style}: not its move") for a in also if a != pick]
        return rows


def describe(style: str) -> str:
    """One line on a style, for help texts."""
    return {
        "thrifty": "raises by the minimum while the price is well below its valuation",
        "valuer": "bids (or prices at) its full valuation at once",
        "spoiler": "bids to keep lots from the leader; prices high to the other side",
        "hoarder": "spends a small share of a lot's worth early, all of it late",
    }[style]

