"""Which moves a Medici bot plays, searches and rolls out (the ``Policy``, docs/rules.md
M-8..M-10): the greedy bid, the selector's draw-or-stop, the search's candidate bids."""

from __future__ import annotations

from typing import Any

from engine.actions import Action, Legal, Span, amount_action
from engine.bots.opponents import Beliefs
from engine.chance import Rng
from engine.game import Game
from engine.medici.value import DRAW, PASS, STOP, MediciValuation, Position, lot_totals

RIVAL_WEIGHT = 0.8
"""How much a rival's gain counts against the selector (spread over all rivals)."""
DRAW_SAMPLES = 6
"""Cards a rollout's selector looks at to decide whether to draw (all of them otherwise)."""
SHADE_RIVALS = 1.0
SHADE = 0.4
"""Share of a lot's estimated worth a bid may spend: the estimate is rough, and money not
spent is score (M-2, G-4), so an even trade is a loss against the field."""
CANDIDATE_SHADES = (0.3, SHADE, 0.55, 0.7)
"""Shares of a lot's worth the search tries bids for (``MediciPolicy.candidates``)."""
PRIOR = Beliefs(6)
"""What a bot believes of opponents it has not seen bid (the field's styles, spread).
Read only: beliefs are built fresh for each decision (``engine.bots.opponents.learn``)."""


def best_bid(
    value: float, lo: int, hi: int | None, rivals: list[tuple[int, int]],
    beliefs: Beliefs | None = None,
) -> int | None:
    """The bid that maximises the chance no later bidder outbids it times the profit.

    ``rivals`` are the later bidders with their ceilings (the most the lot is worth to them,
    capped by their money); ``beliefs`` say what share of it each will pay (the prior if
    None). The last bidder needs only the minimum bid (M-9). None: pass, as no bid gains.
    """
    top = int(value) if hi is None else min(int(value), hi)
    if top < lo:
        return None
    if not rivals:
        return lo
    know = PRIOR if beliefs is None else beliefs
    best, best_gain = None, 0.0
    for bid in range(lo, top + 1):
        keep = 1.0
        for q, c in rivals:
            if c > bid:
                keep *= 1.0 - know.outbid_chance(q, c, bid)
        gain = keep * (value - bid)
        if gain > best_gain:
            best, best_gain = bid, gain
    return best


def _selector_gain(
    pos: Position, selector: int, worths: list[float | None], beliefs: Beliefs | None
) -> float:
    """The selector's gain from a lot worth ``worths`` to each player (None: cannot take it).

    Every worth is shaded as bids are (``SHADE``), and each rival pays the share of it the
    beliefs expect (``Beliefs.mean_share``). The selector, bidding last, buys just above the
    best rival when the lot is worth more to them; otherwise the rival's bargain counts
    against them, shared among all rivals.
    """
    money = pos.money
    know = beliefs or PRIOR
    loans = pos.val.loans
    first = second = -1
    mine = -1
    shaded = -1.0
    for q, w in enumerate(worths):
        if w is None:
            continue
        if q == selector:
            shaded = w * SHADE
            c = int(shaded)
            mine = c if loans else min(money[q], c)
            continue
        c = int(w * SHADE_RIVALS * know.mean_share(q))
        c = c if loans else min(money[q], c)
        if c > first:
            first, second = c, first
        elif c > second:
            second = c
    if first < 1:
        return shaded - 1 if mine >= 1 else 0.0
    if mine >= first + 1:
        return shaded - (first + 1)
    return -RIVAL_WEIGHT * (first - max(mine, second, 0)) / max(1, pos.n - 1)




class MediciPolicy:
    """The greedy Medici player: bids a shaded share of a lot's worth against what it
    believes of the later bidders, and draws while another card gains on average."""

    def __init__(self, val: MediciValuation) -> None:
        self.val = val

    def move(self, game: Game, beliefs: Beliefs | None,
             rng: Rng | None = None, noise: float = 0.0) -> Action:
        """The greedy move of the player to act; ``noise`` > 0 jitters bids (for rollouts)."""
        st = game.state
        if st.phase == "bidding":
            return self.bid(st, game.legal_actions(), beliefs, rng, noise)
        legal = game.legal_actions()
        if len(legal) == 1:
            return legal[0]  # type: ignore[return-value]
        samples = DRAW_SAMPLES if noise else 0
        return DRAW if self.draw_gain(st, beliefs, rng, samples) > 0 else STOP

    def bid(self, st: Any, legal: list[Legal], beliefs: Beliefs | None,
            rng: Rng | None = None, noise: float = 0.0) -> Action:
        """The greedy bid (or pass) of the bidder to act."""
        span = legal[0]
        if span.__class__ is not Span:
            return PASS
        pos = self.val.position(st)
        me = st.order[st.turn]
        worth = pos.lot_value(me, st.lot)
        if worth is None:
            return PASS
        if noise and rng is not None and rng.below(1000) < noise * 1000:
            worth += rng.below(7) - 3
        later = [(q, pos.ceiling(q, st.lot)) for q in st.order[st.turn + 1 :]]
        bid = best_bid(
            worth * SHADE, span.lo, span.hi, later, beliefs  # type: ignore[union-attr]
        )
        return PASS if bid is None else amount_action("bid", bid)

    def rollout_move(self, game: Game, beliefs: Beliefs | None, rng: Rng) -> Action:
        """A rollout move of the searching player: its shaded best bid, cheap draws."""
        if game.state.phase == "bidding":
            return self.bid(game.state, game.legal_actions(), beliefs)
        return self.quick_move(game, rng)

    def quick_move(self, game: Game, rng: Rng) -> Action:
        """A cheap selector for rollouts: a lot grows while it is small and light (M-8)."""
        st = game.state
        legal = game.legal_actions()
        if len(legal) == 1 or st.phase == "bidding":
            return legal[0]  # type: ignore[return-value]
        lot = st.lot
        if not lot:
            return DRAW
        value = self.val.value
        if DRAW in legal and sum(value[c] for c in lot) < 6 and rng.below(3):
            return DRAW
        return STOP if STOP in legal else DRAW

    def bid_plan(self, st: Any) -> tuple[int, int, list[tuple[int, int]]]:
        """The bidder, their ceiling, and each later bidder's estimated ceiling."""
        pos = self.val.position(st)
        me = st.order[st.turn]
        later = st.order[st.turn + 1 :]
        return me, pos.ceiling(me, st.lot), [(q, pos.ceiling(q, st.lot)) for q in later]

    def selector_gain(self, pos: Position, selector: int, lot: list[str],
                      beliefs: Beliefs | None) -> float:
        """What presenting ``lot`` is worth to the selector, who bids last (M-9)."""
        return _selector_gain(
            pos, selector, [pos.lot_value(q, lot) for q in range(pos.n)], beliefs
        )

    def draw_gain(self, st: Any, beliefs: Beliefs | None,
                  rng: Rng | None = None, samples: int = 0) -> float:
        """Expected gain of drawing one more card over stopping now (M-8).

        The expectation runs over every card the selector cannot see; with ``samples``
        (and ``rng``) over that many of them drawn at random, which is cheaper.
        """
        val = self.val
        pos = val.position(st)
        selector = st.selector
        lot = st.lot
        stop = self.selector_gain(pos, selector, lot, beliefs) if lot else 0.0
        counts = dict(val.card_counts)
        for group in (st.discards, lot, *st.ships):
            for c in group:
                counts[c] -= 1
        cards = [(c, k) for c, k in counts.items() if k > 0]
        if not cards:
            return -1.0
        if samples and rng is not None and len(cards) > samples:
            cards = [cards[rng.below(len(cards))] for _ in range(samples)]
        value = val.value
        kind = val.kind
        size = len(lot) + 1
        total_value, held = lot_totals(val, lot)
        n = pos.n
        free = pos.free
        players = [q for q in range(n) if free[q] >= size]
        base = {q: sum(pos.track_gain(q, k, a) for k, a in held.items()) for q in players}
        ship_gain = pos.ship_gain
        track_gain = pos.track_gain
        acc = 0.0
        weight = 0
        for card, count in cards:
            v = total_value + value[card]
            k = kind[card]
            a = held.get(k, 0)
            worths: list[float | None] = [None] * n
            for q in players:
                w = ship_gain(q, v, size) + base[q]
                if k >= 0:
                    w += track_gain(q, k, a + 1) - track_gain(q, k, a)
                worths[q] = w
            acc += count * _selector_gain(pos, selector, worths, beliefs)
            weight += count
        return acc / weight - stop

    def candidates(self, game: Game, beliefs: Beliefs | None) -> list[Action]:
        """The moves a search considers now: all of them, or a handful of telling bids.

        The bids are the lowest one and the best bids (``best_bid``, against the beliefs)
        for a few shares of the lot's worth (``CANDIDATE_SHADES``): a search offered the
        full worth or rivals' whole ceilings overpays, as its evaluation of lots is as rough
        as the bids' (measured: 36% against thrifty bidders with those, 79% without).
        """
        st = game.state
        legal = game.legal_actions()
        if st.phase != "bidding":
            return [a for a in legal if a.__class__ is Action]  # type: ignore[misc]
        span = legal[0]
        if span.__class__ is not Span:
            return [PASS]
        lo = span.lo  # type: ignore[union-attr]
        hi = span.hi  # type: ignore[union-attr]
        pos = self.val.position(st)
        worth = pos.lot_value(st.order[st.turn], st.lot)
        if worth is None:
            return [PASS]
        later = [(q, pos.ceiling(q, st.lot)) for q in st.order[st.turn + 1 :]]
        amounts = {lo}
        for shade in CANDIDATE_SHADES:
            bid = best_bid(worth * shade, lo, hi, later, beliefs)
            if bid is not None:
                amounts.add(bid)
        return [PASS] + [amount_action("bid", a) for a in sorted(amounts)]
