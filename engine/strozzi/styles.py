"""The field's styles in Medici vs Strozzi (``engine.bots.styles``): prices, buys, declines."""

from __future__ import annotations

from engine.actions import Action, amount_action
from engine.bots.models import model_for
from engine.bots.styles import THRIFTY_MARGIN, draw_or_stop, stage_share
from engine.game import Game
from engine.strozzi.value import BUY, DECLINE

DRAW_BELOW = 5
"""The field draws another tile while the lot's face value is below this."""


def style_move(game: Game, style: str) -> Action | None:
    """The move of ``style`` where styles differ (None: the model's greedy move)."""
    if game.state.phase == "drawing":
        return draw_or_stop(game, DRAW_BELOW)
    return _offer(game, style)


# -- Medici vs Strozzi: a price (S-8) and a buy or decline (S-9) ------------------------------
def _offer(game: Game, style: str) -> Action | None:
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
            price = mine * stage_share(st.round, model.stages)
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
        keep = worth * stage_share(st.round, model.stages) >= st.price
    else:  # spoiler: buy whenever the lot is worth more to the other side than its price
        keep = worth >= st.price or pos.worth(st.active, st.lot) > st.price
    return BUY if keep else DECLINE
