"""The field's styles in Medici (``engine.bots.styles``): how each bids."""

from __future__ import annotations

import math

from engine.actions import Action, Span, amount_action
from engine.bots.models import model_for
from engine.bots.styles import SPOIL_EXTRA, THRIFTY_MARGIN, draw_or_stop, stage_share
from engine.game import Game
from engine.medici.value import PASS

DRAW_BELOW = 7
"""The field draws another card while the lot's face value is below this."""


def style_move(game: Game, style: str) -> Action | None:
    """The move of ``style`` where styles differ (None: the model's greedy move)."""
    return _bid(game, style) if game.state.phase == "bidding" else draw_or_stop(game, DRAW_BELOW)


# -- Medici: one bid in a once-around auction (M-9) ----------------------------------------------
def _bid(game: Game, style: str) -> Action:
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
        bid = int(worth * stage_share(st.day, model.stages))
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
