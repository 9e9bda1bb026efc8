"""The field's styles in Medici (``engine.bots.styles``): how each bids."""

from __future__ import annotations

from engine.actions import Action, Span, amount_action
from engine.bots.parts import Parts
from engine.bots.styles import FACE_MARGIN, SPOIL_EXTRA, THRIFTY_MARGIN, Traits, stage_share
from engine.game import Game
from engine.lots import draw_or_stop
from engine.medici.logic import PASS, MediciState
from engine.medici.value import FACE, MAJORITIES, RACE, MediciValuation

DRAW_BELOW = 7
"""The field draws another card while the lot's face value is below this."""
RACER_DRAW_BELOW = 10
"""``racer`` grows its lots further: a ship's value is all it plays for (M-13)."""


def style_move(
    game: Game[MediciState], style: str | Traits, parts: MediciParts
) -> Action | None:
    """The move of ``style`` (named, or of stated ``Traits``) where styles differ (None: the
    model's greedy move)."""
    if isinstance(style, Traits):
        return traits_move(game, style, parts)
    if game.state.phase == "bidding":
        return _bid(game, style, parts)
    below = RACER_DRAW_BELOW if style == "racer" else DRAW_BELOW
    return draw_or_stop(game.legal_actions(), game.state.lot, parts.valuation.value, below)


MediciParts = Parts[MediciState, MediciValuation]
"""A Medici bot's parts (``engine.medici.bots.parts``)."""

OWN_WORTH = {"face": FACE, "racer": RACE, "collector": MAJORITIES}
"""The valuation of each style that values lots its own way (``engine.medici.value``): the
face value (paid up to a little below it), what the lot adds to the ship race (M-13), what
it adds to majorities and bonuses (M-16, M-17)."""


# -- Medici: one bid in a once-around auction (M-9) ----------------------------------------------
def _bid(game: Game[MediciState], style: str, parts: MediciParts) -> Action:
    st = game.state
    span = game.legal_actions()[0]
    if span.__class__ is not Span:
        return PASS
    val = parts.valuation
    pos = val.position(st)
    me = st.order[st.turn]
    worth = pos.lot_value(me, st.lot)
    if worth is None:
        return PASS
    lo = span.lo
    if style in OWN_WORTH:
        # They value the lot their own way and raise by the minimum up to that worth.
        worths = pos.worths(me, st.lot)
        assert worths is not None  # the lot fits: ``worth`` is not None
        limit = worths[OWN_WORTH[style]] * (1 - FACE_MARGIN if style == "face" else 1)
        bid = lo if lo <= pos.capped(me, limit) else -1
    elif style == "thrifty":
        bid = lo if lo <= worth * (1 - THRIFTY_MARGIN) else -1
    elif style == "valuer":
        bid = int(worth)
    elif style == "hoarder":
        bid = int(worth * stage_share(st.day, val.days))
    else:  # spoiler: the leader is the richest in equity; keep lots away from them
        equity = parts.evaluator.equity(game)
        leader = max(range(len(equity)), key=lambda q: (equity[q], -q))
        rivals_to_come = st.order[st.turn + 1 :]
        threat = leader != me and (leader in rivals_to_come or st.high_bidder == leader)
        if threat:
            their = pos.ceiling(leader, st.lot)
            bid = min(their + 1, int(worth) + SPOIL_EXTRA) if their >= lo else lo
        else:
            bid = lo if lo <= worth * 0.8 else -1
    if span.hi is not None:
        bid = min(bid, span.hi)
    return amount_action("bid", bid) if bid >= lo else PASS


# -- a style of stated numbers (``engine.bots.styles.Traits``) ----------------------------------
def traits_move(game: Game[MediciState], traits: Traits, parts: MediciParts) -> Action | None:
    """The move of a player of ``traits``: it draws while the lot's face value is below
    ``traits.draw`` (M-8) and bids up to its share of its own mix of worths (M-9)."""
    st = game.state
    if st.phase == "bidding":
        return _traits_bid(game, traits, parts)
    below = DRAW_BELOW if traits.draw is None else traits.draw
    return draw_or_stop(game.legal_actions(), st.lot, parts.valuation.value, below)


def _traits_bid(game: Game[MediciState], traits: Traits, parts: MediciParts) -> Action:
    st = game.state
    span = game.legal_actions()[0]
    if span.__class__ is not Span:
        return PASS
    pos = parts.valuation.position(st)
    me = st.order[st.turn]
    worths = pos.worths(me, st.lot)
    if worths is None:
        return PASS
    worth = sum(w * worths[i] for i, w in enumerate(traits.weights) if w)
    # Misjudged once for the lot as it stands in this sale (the same at every look).
    sale = ("medici", st.day, len(st.discards), tuple(map(len, st.ships)), tuple(st.lot))
    limit = worth * traits.misjudged(sale) * traits.pay
    if st.high_bidder is not None:  # excited: a rival wants it too
        limit *= 1 + traits.excite
    top = pos.capped(me, limit)
    lo = span.lo
    if top < lo:
        return PASS
    bid = lo + int(traits.raise_ * (top - lo) + 0.5)
    if span.hi is not None:
        bid = min(bid, span.hi)
    return amount_action("bid", bid)
