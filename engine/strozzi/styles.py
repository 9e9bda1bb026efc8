"""The field's styles in Medici vs Strozzi (``engine.bots.styles``): prices, buys, declines."""

from __future__ import annotations

from engine.actions import Action, amount_action
from engine.bots.parts import Parts
from engine.bots.styles import EXCITING_FACE, FACE_MARGIN, THRIFTY_MARGIN, Traits, stage_share
from engine.game import Game
from engine.lots import draw_or_stop
from engine.strozzi.logic import BUY, DECLINE, DISCARD, StrozziState
from engine.strozzi.value import ALL, PRIZE, ROWS, Position, StrozziValuation, asked, buyer_of

StrozziParts = Parts[StrozziState, StrozziValuation]
"""A Medici vs Strozzi bot's parts (``engine.strozzi.bots.parts``)."""

PART = {"racer": PRIZE, "collector": ROWS}
"""The part of a lot's worth each of these styles values alone: the harbour prizes for the
higher ship value (S-14), the monopoly rows (S-15, S-16)."""

DRAW_BELOW = 5
"""The field draws another tile while the lot's face value is below this."""


def style_move(
    game: Game[StrozziState], style: str | Traits, parts: StrozziParts
) -> Action | None:
    """The move of ``style`` (named, or of stated ``Traits``) where styles differ (None: the
    model's greedy move)."""
    if isinstance(style, Traits):
        return traits_move(game, style, parts)
    phase = game.state.phase
    if phase == "drawing":
        return draw_or_stop(game.legal_actions(), game.state.lot, parts.valuation.value,
                            DRAW_BELOW)
    if phase == "loading" and style in PART:
        return _load(game, PART[style], parts)
    return _offer(game, style, parts)


def _own_worth(pos: Position, style: str, p: int, lot: list[str]) -> float:
    """What a lot is worth to ``p`` by a style that values lots its own way."""
    if style == "face":
        return float(pos.face(lot))
    return pos.worth(p, lot, PART[style])


def _load(game: Game[StrozziState], part: int, parts: StrozziParts) -> Action:
    """The load that gains the buyer most of ``part`` (S-10, S-11), or a discard."""
    st = game.state
    val = parts.valuation
    pos = val.position(st)
    p = buyer_of(st)
    best, gain = DISCARD, 0.0
    for act in game.legal_actions():
        if isinstance(act, Action) and act.kind == "load":
            i = val.holds.index(act[1])
            here = st.harbour[p][i]
            fresh = here < 0
            h = (act[2] if len(act) > 2 else 1) - 1 if fresh else here
            got = pos.load_gain(p, i, h, fresh, st.lot, part)
            if got > gain:
                best, gain = act, got
    return best


# -- Medici vs Strozzi: a price (S-8) and a buy or decline (S-9) ------------------------------
def _offer(game: Game[StrozziState], style: str, parts: StrozziParts) -> Action | None:
    st = game.state
    if st.phase not in ("pricing", "offer"):
        return None
    val = parts.valuation
    pos = val.position(st)
    if style in ("face", *PART):
        # Both sides' worths by the style's own valuation, weighed as S-9 makes everyone
        # weigh them: the price where buying and declining are alike to the other side.
        mine = _own_worth(pos, style, st.active, st.lot)
        theirs = _own_worth(pos, style, 1 - st.active, st.lot)
        if st.phase == "pricing":
            price = mine if style == "face" else (mine + theirs) / 2
            return amount_action("price", max(val.min_price, int(price)))
        if style == "face":
            return BUY if asked(st) <= theirs * (1 - FACE_MARGIN) else DECLINE
        return BUY if theirs - asked(st) >= asked(st) - mine else DECLINE
    if st.phase == "pricing":
        mine = pos.worth(st.active, st.lot)
        theirs = pos.worth(1 - st.active, st.lot)
        if style == "thrifty":
            price = mine * (1 - THRIFTY_MARGIN)
        elif style == "valuer":
            price = mine
        elif style == "hoarder":
            price = mine * stage_share(st.round, val.rounds)
        else:  # spoiler: make the other side pay what the lot is worth to them
            price = max(mine, theirs)
        return amount_action("price", max(val.min_price, int(price)))
    me = 1 - st.active
    worth = pos.worth(me, st.lot)
    if style == "thrifty":
        keep = worth * (1 - THRIFTY_MARGIN) >= asked(st)
    elif style == "valuer":
        keep = worth >= asked(st)
    elif style == "hoarder":
        keep = worth * stage_share(st.round, val.rounds) >= asked(st)
    else:  # spoiler: buy whenever the lot is worth more to the other side than its price
        keep = worth >= asked(st) or pos.worth(st.active, st.lot) > asked(st)
    return BUY if keep else DECLINE


# -- a style of stated numbers (``engine.bots.styles.Traits``) ----------------------------------
TRAIT_PARTS = (ALL, ALL, PRIZE, ROWS)
"""The part of a harbour's worth each of ``WORTHS`` loads by (face value says nothing of
where a lot goes: it loads as ours does)."""


def traits_move(game: Game[StrozziState], traits: Traits, parts: StrozziParts) -> Action | None:
    """The move of a player of ``traits``: draws while the lot's face value is below
    ``traits.draw`` (S-7); prices between its own worth and the other side's by
    ``traits.raise_``, times ``traits.pay`` (S-8); buys at up to ``pay`` times its worth
    (S-9); loads where its mix of parts gains most (S-10, S-11)."""
    st = game.state
    phase = st.phase
    val = parts.valuation
    if phase == "drawing":
        below = DRAW_BELOW if traits.draw is None else traits.draw
        return draw_or_stop(game.legal_actions(), st.lot, val.value, below)
    pos = val.position(st)
    if phase == "loading":
        return _traits_load(game, traits, pos, val)
    if phase not in ("pricing", "offer"):
        return None
    sale = ("strozzi", st.round, len(st.discards), tuple(st.lot))
    big = pos.face(st.lot) >= EXCITING_FACE
    if phase == "pricing":
        mine = _mixed_worth(pos, traits, st.active, st.lot)
        theirs = _mixed_worth(pos, traits, 1 - st.active, st.lot)
        base = mine + traits.raise_ * (theirs - mine)
        price = base * traits.misjudged(sale) * traits.pay * (1 + traits.excite * big)
        return amount_action("price", max(val.min_price, int(price)))
    mine = _mixed_worth(pos, traits, 1 - st.active, st.lot) * traits.misjudged(sale)
    limit = mine * traits.pay * (1 + traits.excite * big)
    return BUY if asked(st) <= limit else DECLINE


def _mixed_worth(pos: Position, traits: Traits, p: int, lot: list[str]) -> float:
    """What ``lot`` is worth to ``p`` by the mix of ``traits.weights``."""
    ours, face, race, rows = traits.weights
    worth = 0.0
    if ours:
        worth += ours * pos.worth(p, lot, ALL)
    if face:
        worth += face * pos.face(lot)
    if race:
        worth += race * pos.worth(p, lot, PRIZE)
    if rows:
        worth += rows * pos.worth(p, lot, ROWS)
    return worth


def _traits_load(
    game: Game[StrozziState], traits: Traits, pos: Position, val: StrozziValuation
) -> Action:
    """The load that gains the buyer most by its mix of parts, or a discard."""
    st = game.state
    p = buyer_of(st)
    mix = [0.0, 0.0, 0.0]
    for w, part in zip(traits.weights, TRAIT_PARTS, strict=True):
        mix[part] += w
    best, gain = DISCARD, 0.0
    for act in game.legal_actions():
        if isinstance(act, Action) and act.kind == "load":
            i = val.holds.index(act[1])
            here = st.harbour[p][i]
            fresh = here < 0
            h = (act[2] if len(act) > 2 else 1) - 1 if fresh else here
            got = sum(w * pos.load_gain(p, i, h, fresh, st.lot, part)
                      for part, w in enumerate(mix) if w)
            if got > gain:
                best, gain = act, got
    return best
