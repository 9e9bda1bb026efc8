"""How a Medici bot values lots, bids, draws and positions (docs/rules.md M-8..M-17).

The numbers of the game (payout tables, bonuses, capacities, card values) all come from the
variant's logic and config; this module only holds judgement: what a lot is worth to a
player, what a rival would pay, when to stop drawing, how good a position is.

It reads the (determinized) game state directly: rollouts make millions of decisions and
cannot afford building a view for each. Bots only ever hand it states built from a player's
view (``game_from_view``), so what it reads is public or sampled, never the real hidden pile.
"""

from __future__ import annotations

import math
from typing import Any

from engine.actions import Action, Legal, Span, amount_action
from engine.bots.models import ModelBase
from engine.bots.opponents import Beliefs
from engine.chance import Rng
from engine.game import Game
from engine.rules import Variant
from engine.scoring import ranked_payouts

DRAW = Action("draw")
STOP = Action("stop")
PASS = Action("pass")

FILL = 0.85
"""Share of the cards still to come that end up on ships (the rest are discarded or removed)."""
CARD_SD = 2.7
"""Spread of one card's value, for the uncertainty of a ship's final value."""
MAJORITY_KEEP = 0.6
"""How much of today's majority standing a later day is expected to keep."""
LEVEL_POTENTIAL = 1.2
"""Worth of one track level below the top for each later day (towards bonuses, M-17)."""
RIVAL_WEIGHT = 0.8
"""How much a rival's gain counts against the selector (spread over all rivals)."""
EQUITY_KEEP = 0.8
"""Share of today's majority income a position is expected to earn again on each later day."""
DRAW_SAMPLES = 6
"""Cards a rollout's selector looks at to decide whether to draw (all of them otherwise)."""
SHADE_RIVALS = 1.0
SHADE = 0.4
"""Share of a lot's estimated worth a bid may spend: the estimate is rough, and money not
spent is score (M-2, G-4), so an even trade is a loss against the field."""
CANDIDATE_SHADES = (0.3, SHADE, 0.55, 0.7)
"""Shares of a lot's worth the search tries bids for (``MediciModel.candidates``)."""
PRIOR = Beliefs(6)
"""What a bot believes of opponents it has not seen bid (the field's styles, spread)."""


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


def expected_rank_payout(
    est: float, var: float, rivals: list[tuple[float, float]], table: list[int]
) -> float:
    """Expected payout by rank (``table``, best first) of a score ~ N(est, var) among rivals.

    Each rival beats the player with a normal chance; the number who do follows from those
    chances (a Poisson-binomial). Ties count half each way, which is how M-14 shares them.
    ``table`` may leave out the trailing zero payouts: only the places it lists are tracked.
    """
    places = len(table)
    dist = [1.0] + [0.0] * (places - 1)
    erf = math.erf
    sqrt = math.sqrt
    for r_est, r_var in rivals:
        beat = 0.5 + 0.5 * erf((r_est - est) / sqrt(2.0 * (var + r_var + 0.25)))
        keep = 1.0 - beat
        for j in range(places - 1, 0, -1):
            dist[j] = dist[j] * keep + dist[j - 1] * beat
        dist[0] *= keep
    total = 0.0
    for j in range(places):
        total += dist[j] * table[j]
    return total


def _paying(table: list[int]) -> list[int]:
    """A payout table without its trailing zeros (at least one place)."""
    end = len(table)
    while end > 1 and table[end - 1] == 0:
        end -= 1
    return list(table[:end])


def lot_totals(model: MediciModel, lot: list[str]) -> tuple[int, dict[int, int]]:
    """A lot's total value and its cards per commodity (gold has none, M-15)."""
    total = 0
    counts: dict[int, int] = {}
    value = model.value
    kind = model.kind
    for c in lot:
        total += value[c]
        k = kind[c]
        if k >= 0:
            counts[k] = counts.get(k, 0) + 1
    return total, counts


class Position:
    """One moment of a game from the bots' side: per-player ship and track standing.

    Lot values are cached per player, lot value and size, so evaluating many lots (every
    card the selector might draw) costs a few dictionary lookups each.
    """

    __slots__ = (
        "model", "st", "n", "ship_val", "free", "eff", "money", "later_days", "mean",
        "fill", "share", "ship_table", "track_table", "_ship", "_track", "_ship_base",
        "_track_base", "_levels",
    )

    def __init__(self, model: MediciModel, st: Any) -> None:
        self.model = model
        self.st = st
        n = self.n = len(st.names)
        pc = st.pc
        cap = pc["ship_capacity"]
        value = model.value
        kind = model.kind
        ships = st.ships
        self.ship_val = [sum(value[c] for c in ship) for ship in ships]
        self.free = [cap - len(ship) for ship in ships]
        self.money = st.money
        top = model.top
        if model.on_purchase:
            self.eff = [row[:] for row in st.tracks]
        else:
            # M-15: the cards on a ship move its owner's tracks at day end.
            self.eff = []
            for q in range(n):
                row = st.tracks[q][:]
                for c in ships[q]:
                    k = kind[c]
                    if k >= 0 and row[k] < top:
                        row[k] += 1
                self.eff.append(row)
        self.later_days = max(0, model.days - st.day)
        # What is still to come: every card not on a ship and not discarded (G-3: the
        # pile order and the removed cards are unknown, so they count alike).
        seen = [c for ship in ships for c in ship]
        seen += st.discards
        unseen = model.deck_count - len(seen)
        self.mean = (model.deck_sum - sum(value[c] for c in seen)) / unseen if unseen else 0.0
        per_kind = list(model.kind_counts)
        for c in seen:
            k = kind[c]
            if k >= 0:
                per_kind[k] -= 1
        self.share = [c / unseen if unseen else 0.0 for c in per_kind]
        holds = sum(self.free)
        coming = (len(st.pile) + st.pile_unknown) * FILL
        self.fill = min(1.0, coming / holds) if holds else 0.0
        self.ship_table = _paying(pc["ship_payouts"])
        self.track_table = _paying(pc["track_payouts"])
        self._ship: dict[tuple[int, int, int], float] = {}
        self._track: dict[tuple[int, int, int], float] = {}
        self._ship_base: list[float | None] = [None] * n
        self._track_base: dict[tuple[int, int], float] = {}
        self._levels: dict[int, list[tuple[float, float]]] = {}

    # -- the ship race (M-13) ---------------------------------------------------------------
    def _ship_pay(self, q: int, value: int, size: int) -> float:
        free = self.free
        fill = self.fill
        mean = self.mean
        var1 = CARD_SD * CARD_SD * fill
        rivals = [
            (self.ship_val[r] + free[r] * mean * fill, free[r] * var1)
            for r in range(self.n) if r != q
        ]
        left = free[q] - size
        est = self.ship_val[q] + value + left * mean * fill
        return expected_rank_payout(est, left * var1, rivals, self.ship_table)

    def ship_standing(self, q: int) -> float:
        """Expected ship payout of ``q`` today as things stand, the ship filled on average."""
        base = self._ship_base[q]
        if base is None:
            base = self._ship_base[q] = self._ship_pay(q, 0, 0)
        return base

    def ship_gain(self, q: int, value: int, size: int) -> float:
        """Expected ship payout gained by loading ``size`` cards worth ``value`` (vs. not)."""
        key = (q, value, size)
        got = self._ship.get(key)
        if got is None:
            got = self._ship[key] = self._ship_pay(q, value, size) - self.ship_standing(q)
        return got

    # -- the tracks (M-15..M-17) ------------------------------------------------------------
    def _expected_levels(self, k: int) -> list[tuple[float, float]]:
        """Each player's expected level on ``k`` at day end, and its variance."""
        got = self._levels.get(k)
        if got is None:
            share = self.share[k]
            spread = share * (1.0 - share) * self.fill
            gain = share * self.fill
            top = self.model.top
            got = self._levels[k] = [
                (min(top, row[k] + f * gain), f * spread)
                for row, f in zip(self.eff, self.free, strict=True)
            ]
        return got

    def _majority_pay(self, q: int, k: int, add: int) -> float:
        """Expected majority payout on ``k`` today if ``q`` gets ``add`` more such cards."""
        levels = self._expected_levels(k)
        rivals = levels[:q] + levels[q + 1 :]
        share = self.share[k]
        left = max(0, self.free[q] - add)
        top = self.model.top
        level = min(top, self.eff[q][k] + add)
        return expected_rank_payout(
            min(top, level + left * share * self.fill),
            left * share * (1.0 - share) * self.fill,
            rivals,
            self.track_table,
        )

    def majority_standing(self, q: int, k: int) -> float:
        """Expected majority payout of ``q`` on ``k`` today as things stand."""
        base = self._track_base.get((q, k))
        if base is None:
            base = self._track_base[(q, k)] = self._majority_pay(q, k, 0)
        return base

    def track_gain(self, q: int, k: int, add: int) -> float:
        """Worth of ``add`` more cards of commodity ``k`` to ``q``: today and later days."""
        key = (q, k, add)
        got = self._track.get(key)
        if got is None:
            base = self.majority_standing(q, k)
            before = self.eff[q][k]
            after = min(self.model.top, before + add)
            bonus = self.model.bonus
            later = self.later_days
            got = (
                (self._majority_pay(q, k, add) - base) * (1.0 + MAJORITY_KEEP * later)
                + (bonus[after] - bonus[before]) * (1 + later)
                + LEVEL_POTENTIAL * (after - before) * later
            )
            self._track[key] = got
        return got

    # -- lots ---------------------------------------------------------------------------------
    def lot_value(self, q: int, lot: list[str]) -> float | None:
        """What ``lot`` is worth to ``q`` in money, or None if it does not fit their ship."""
        size = len(lot)
        if self.free[q] < size:
            return None  # M-9: too few free holds to bid
        total, counts = lot_totals(self.model, lot)
        worth = self.ship_gain(q, total, size)
        for k, add in counts.items():
            worth += self.track_gain(q, k, add)
        return worth

    def ceiling(self, q: int, lot: list[str]) -> int:
        """The most ``q`` would pay for ``lot`` (-1: nothing, not even the minimum bid)."""
        worth = self.lot_value(q, lot)
        if worth is None:
            return -1
        ceiling = int(math.floor(worth))
        return ceiling if self.model.loans else min(self.money[q], ceiling)

    def lot_parts(self, q: int, lot: list[str]) -> str:
        """Where a lot's worth to ``q`` comes from, in words."""
        model = self.model
        total, counts = lot_totals(model, lot)
        parts = [f"ship {self.ship_gain(q, total, len(lot)):+.0f}"]
        for k, add in sorted(counts.items()):
            gain = self.track_gain(q, k, add)
            if abs(gain) >= 0.5:
                parts.append(f"{model.commodities[k]} {gain:+.0f}")
        return ", ".join(parts)


def _selector_gain(pos: Position, selector: int, worths: list[float | None]) -> float:
    """The selector's gain from a lot worth ``worths`` to each player (None: cannot take it).

    Every worth is shaded as bids are (``SHADE``), and each rival pays the share of it the
    beliefs expect (``Beliefs.mean_share``). The selector, bidding last, buys just above the
    best rival when the lot is worth more to them; otherwise the rival's bargain counts
    against them, shared among all rivals.
    """
    money = pos.money
    know = pos.model.beliefs or PRIOR
    loans = pos.model.loans
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


Sighting = tuple[int, int, int, "int | None"]
"""One bid or pass seen: (player, their ceiling for the lot, the lowest bid then, the bid)."""


class MediciModel(ModelBase):
    """The Medici judgement bots share: a fast greedy policy, candidate moves, evaluation."""

    game = "medici"
    spread = 12.0
    """Money that makes a clear difference in a game's outcome (for win chances)."""

    stage = "day"

    def __init__(self, variant: Variant) -> None:
        super().__init__()
        logic = variant.logic
        self.variant = variant
        self.logic = logic
        self.commodities: list[str] = logic.commodities
        self.kind: dict[str, int] = logic.kind
        self.value: dict[str, int] = logic.value
        self.deck: list[str] = logic.deck
        self.deck_count = len(logic.deck)
        self.deck_sum = sum(logic.value[c] for c in logic.deck)
        self.card_counts: dict[str, int] = {}
        for c in logic.deck:
            self.card_counts[c] = self.card_counts.get(c, 0) + 1
        self.kind_counts = [0] * len(self.commodities)
        for c in logic.deck:
            if logic.kind[c] >= 0:
                self.kind_counts[logic.kind[c]] += 1
        self.days: int = logic.days
        self.stages = logic.days
        self.top: int = logic.top
        self.bonus = [logic.bonuses.get(level, 0) for level in range(logic.top + 1)]
        self.on_purchase: bool = logic.on_purchase
        # M-2 switch: with loans a bid is not limited by the bidder's money.
        self.loans: bool = bool(getattr(logic, "loans", False))

    # -- positions ------------------------------------------------------------------------------
    def new_position(self, st: Any) -> Position:
        """A fresh Position of ``st``."""
        return Position(self, st)

    def position_key(self, st: Any) -> tuple[Any, ...]:
        """A Position holds while one lot is drawn and auctioned."""
        return (id(st), st.day, sum(len(s) for s in st.ships), len(st.discards))

    def equity(self, game: Game) -> list[float]:
        """Each player's expected final money: money, today's ship race and majorities as
        they stand (the rest of the day filled in on average), and later days' track income."""
        st = game.state
        money = [float(m) for m in st.money]
        if game.is_over:
            return money
        pos = self.position(st)
        later = pos.later_days
        table = pos.track_table
        bonus = self.bonus
        for k in range(len(self.commodities)):
            levels = [row[k] for row in pos.eff]
            for q, (amount, _, _) in enumerate(ranked_payouts(levels, table)):
                money[q] += (
                    pos.majority_standing(q, k)
                    + amount * EQUITY_KEEP * later
                    + bonus[levels[q]] * (1 + later)
                )
        for q in range(pos.n):
            money[q] += pos.ship_standing(q)
        return money

    # -- the greedy policy ------------------------------------------------------------------
    def policy(self, game: Game, rng: Rng | None = None, noise: float = 0.0) -> Action:
        """The greedy move of the player to act; ``noise`` > 0 jitters bids (for rollouts)."""
        st = game.state
        if st.phase == "bidding":
            return self._bid(st, game.legal_actions(), rng, noise)
        legal = game.legal_actions()
        if len(legal) == 1:
            return legal[0]  # type: ignore[return-value]
        samples = DRAW_SAMPLES if noise else 0
        return DRAW if self.draw_gain(st, rng, samples) > 0 else STOP

    def _bid(self, st: Any, legal: list[Legal], rng: Rng | None, noise: float) -> Action:
        span = legal[0]
        if span.__class__ is not Span:
            return PASS
        pos = self.position(st)
        me = st.order[st.turn]
        worth = pos.lot_value(me, st.lot)
        if worth is None:
            return PASS
        if noise and rng is not None and rng.below(1000) < noise * 1000:
            worth += rng.below(7) - 3
        later = [(q, pos.ceiling(q, st.lot)) for q in st.order[st.turn + 1 :]]
        bid = best_bid(
            worth * SHADE, span.lo, span.hi, later, self.beliefs  # type: ignore[union-attr]
        )
        return PASS if bid is None else amount_action("bid", bid)

    def typed_bid(self, game: Game, share: float, min_raise: bool) -> Action:
        """An opponent's bid in a rollout, by its sampled type: it pays at most ``share`` of
        the lot's worth to it, raising by the minimum or bidding that limit at once."""
        st = game.state
        span = game.legal_actions()[0]
        if span.__class__ is not Span:
            return PASS
        pos = self.position(st)
        limit = int(share * pos.ceiling(st.order[st.turn], st.lot))
        lo = span.lo  # type: ignore[union-attr]
        if limit < lo:
            return PASS
        hi = span.hi  # type: ignore[union-attr]
        return amount_action("bid", lo if min_raise else limit if hi is None else min(limit, hi))

    def opponent_move(self, game: Game, kind: tuple[float, bool] | None, rng: Rng) -> Action:
        """A rollout move of an opponent: bids by its sampled type, draws cheaply."""
        if game.state.phase == "bidding" and kind is not None:
            return self.typed_bid(game, *kind)
        return self.quick_policy(game, rng)

    def rollout_move(self, game: Game, rng: Rng) -> Action:
        """A rollout move of the searching player: its shaded best bid, cheap draws."""
        if game.state.phase == "bidding":
            return self._bid(game.state, game.legal_actions(), rng, 0.0)
        return self.quick_policy(game, rng)

    def quick_policy(self, game: Game, rng: Rng) -> Action:
        """A cheap selector for rollouts: a lot grows while it is small and light (M-8)."""
        st = game.state
        legal = game.legal_actions()
        if len(legal) == 1 or st.phase == "bidding":
            return legal[0]  # type: ignore[return-value]
        lot = st.lot
        if not lot:
            return DRAW
        value = self.value
        if DRAW in legal and sum(value[c] for c in lot) < 6 and rng.below(3):
            return DRAW
        return STOP if STOP in legal else DRAW

    def evidence(self, game: Game) -> tuple[tuple[object, ...], list[Sighting]] | None:
        """The bids and passes seen so far in this auction, each with the bidder's ceiling
        and lowest possible bid then, keyed by the auction (None: no auction under way)."""
        st = game.state
        if st.phase != "bidding" or not st.bids:
            return None
        pos = self.position(st)
        lot = st.lot
        low = self.logic.min_bid
        high = 0
        seen: list[Sighting] = []
        for q, bid in st.bids:
            lo = high + 1 if high >= low else low
            seen.append((q, pos.ceiling(q, lot), lo, bid))
            if bid is not None:
                high = bid
        return (st.day, st.selector, tuple(lot), len(st.discards)), seen

    def bid_plan(self, st: Any) -> tuple[int, int, list[tuple[int, int]]]:
        """The bidder, their ceiling, and each later bidder's estimated ceiling."""
        pos = self.position(st)
        me = st.order[st.turn]
        later = st.order[st.turn + 1 :]
        return me, pos.ceiling(me, st.lot), [(q, pos.ceiling(q, st.lot)) for q in later]

    def selector_gain(self, pos: Position, selector: int, lot: list[str]) -> float:
        """What presenting ``lot`` is worth to the selector, who bids last (M-9)."""
        return _selector_gain(
            pos, selector, [pos.lot_value(q, lot) for q in range(pos.n)]
        )

    def draw_gain(self, st: Any, rng: Rng | None = None, samples: int = 0) -> float:
        """Expected gain of drawing one more card over stopping now (M-8).

        The expectation runs over every card the selector cannot see; with ``samples``
        (and ``rng``) over that many of them drawn at random, which is cheaper.
        """
        pos = self.position(st)
        selector = st.selector
        lot = st.lot
        stop = self.selector_gain(pos, selector, lot) if lot else 0.0
        counts = dict(self.card_counts)
        for group in (st.discards, lot, *st.ships):
            for c in group:
                counts[c] -= 1
        cards = [(c, k) for c, k in counts.items() if k > 0]
        if not cards:
            return -1.0
        if samples and rng is not None and len(cards) > samples:
            cards = [cards[rng.below(len(cards))] for _ in range(samples)]
        value = self.value
        kind = self.kind
        size = len(lot) + 1
        total_value, held = lot_totals(self, lot)
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
            acc += count * _selector_gain(pos, selector, worths)
            weight += count
        return acc / weight - stop

    # -- search support -----------------------------------------------------------------------
    def candidates(self, game: Game) -> list[Action]:
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
        pos = self.position(st)
        worth = pos.lot_value(st.order[st.turn], st.lot)
        if worth is None:
            return [PASS]
        later = [(q, pos.ceiling(q, st.lot)) for q in st.order[st.turn + 1 :]]
        amounts = {lo}
        for shade in CANDIDATE_SHADES:
            bid = best_bid(worth * shade, lo, hi, later, self.beliefs)
            if bid is not None:
                amounts.add(bid)
        return [PASS] + [amount_action("bid", a) for a in sorted(amounts)]

    def explain(self, game: Game, action: Action) -> str:
        """One line on what a move means for the player making it."""
        st = game.state
        pos = self.position(st)
        names = st.names
        if st.phase == "bidding":
            me, mine, later = self.bid_plan(st)
            worth = pos.lot_value(me, st.lot)
            text = (
                f"lot worth ~{worth:.0f} to you ({pos.lot_parts(me, st.lot)})"
                if worth is not None else "the lot does not fit your ship"
            )
            if later:
                q, c = max(later, key=lambda x: x[1])
                text += f"; {names[q]} would pay up to ~{max(c, 0)}"
            return text
        gain = self.draw_gain(st) if DRAW in game.legal_actions() else None
        if action == STOP:
            worth = pos.lot_value(st.selector, st.lot)
            shown = "does not fit your ship" if worth is None else f"worth ~{worth:.0f} to you"
            return f"the lot is {shown}" + (
                f"; another card would change that by {gain:+.1f}" if gain is not None else ""
            )
        if gain is None:
            return "drawing is the only move"
        return f"another card changes the lot's worth to you by {gain:+.1f} on average"

    def greedy_values(self, game: Game, also: list[Action]) -> list[tuple[Action, float]]:
        """The greedy bot's view of its options: money gained by each, against passing."""
        st = game.state
        pos = self.position(st)
        if st.phase == "bidding":
            me, mine, later = self.bid_plan(st)
            worth = pos.lot_value(me, st.lot) or 0.0
            rival = max((c for _, c in later), default=-1)
            legal = game.legal_actions()
            lo = legal[0].lo if isinstance(legal[0], Span) else 0
            out = [(PASS, 0.0)]
            for act in self.candidates(game)[1:] + [a for a in also if a.kind == "bid"]:
                amount = act.amount or 0
                if amount > rival:  # it wins: the lot's worth less the price
                    out.append((act, worth - amount))
                else:  # a rival outbids it and pays more than it would have
                    out.append((act, RIVAL_WEIGHT * (amount + 1 - lo) / max(1, pos.n - 1)))
            return out
        stop = self.selector_gain(pos, st.selector, st.lot) if st.lot else 0.0
        rows = []
        for act in game.legal_actions():
            if act == STOP:
                rows.append((STOP, stop))
            elif act == DRAW:
                rows.append((DRAW, stop + (self.draw_gain(st) if st.lot else 0.0)))
        return rows
