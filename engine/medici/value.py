"""What lots and positions are worth to a Medici player (docs/rules.md M-8..M-17).

The numbers of the game (payout tables, bonuses, capacities, card values) all come from the
variant's logic and config; this module only holds judgement: the expected ship race and
majority payouts of each player, and what a lot adds to them. The bots' parts (the
evaluator, policy, opponent model and explainer, in the modules beside this one) all judge
through one ``MediciValuation``, which each bot builds for itself.

It reads the (determinized) game state directly: rollouts make millions of decisions and
cannot afford building a view for each. Bots only ever hand it states built from a player's
view (``game_from_view``), so what it reads is public or sampled, never the real hidden pile.
"""

from __future__ import annotations

import math
from math import sqrt  # by its name: compiled, a native call (math.erf has none)
from typing import Final, cast

from engine.bots.explain import signed
from engine.bots.positions import PositionCache
from engine.medici.logic import MediciLogic, MediciState, PlayerCount
from engine.rules import Variant
from engine.scoring import ranked_payouts

FILL: Final = 0.85
"""Share of the cards still to come that end up on ships (the rest are discarded or removed)."""
CARD_SD: Final = 2.7
"""Spread of one card's value, for the uncertainty of a ship's final value."""
MAJORITY_KEEP: Final = 0.6
"""How much of today's majority standing a later day is expected to keep."""
LEVEL_POTENTIAL: Final = 1.2
"""Worth of one track level below the top for each later day (towards bonuses, M-17)."""

VALUATIONS = ("ours", "face", "race", "majorities", "mix")
"""The ways players value a lot that bots tell apart (``Position.worths``): our model's
whole estimate, the face value, the ship race alone, the majorities and bonuses alone, and
halfway between face value and ours."""
# Their indices, one a line (``Final`` names one constant: compiled code inlines it).
OURS: Final = 0
FACE: Final = 1
RACE: Final = 2
MAJORITIES: Final = 3
MIX: Final = 4
NO_CEILINGS = (-1,) * len(VALUATIONS)
"""The ceilings of a player the lot does not fit."""
RECENT: Final = 2
"""How many positions of other states a valuation keeps (``other_position``): a search's
root, met again by every iteration, and the selector's last draw, met again by its bid.
More kept positions cost the collector's passes more than they save (64 did, at 833k
instructions a greedy decision against 804k)."""


def expected_rank_payout(
    est: float, var: float, rivals: list[tuple[float, float]], table: list[int]
) -> float:
    """Expected payout by rank (``table``, best first) of a score ~ N(est, var) among rivals.

    Each rival beats the player with a normal chance; the number who do follows from those
    chances (a Poisson-binomial). Ties count half each way, which is how M-14 shares them.
    ``table`` may leave out the trailing zero payouts: only the places it lists are tracked.
    """
    places = len(table)
    erf = math.erf
    # The chances of 0, 1, 2... rivals beating the player, rival by rival. The usual
    # tables have 1-3 paying places (M-13, M-16): those are written out in locals, the same
    # arithmetic in the same order as the general loop (so the same floats), at half the
    # cost (a search asks this some hundred times an iteration).
    if places == 2:
        d0, d1 = 1.0, 0.0
        for r_est, r_var in rivals:
            beat = 0.5 + 0.5 * erf((r_est - est) / sqrt(2.0 * (var + r_var + 0.25)))
            keep = 1.0 - beat
            d1 = d1 * keep + d0 * beat
            d0 *= keep
        return d0 * table[0] + d1 * table[1]
    if places == 3:
        d0, d1, d2 = 1.0, 0.0, 0.0
        for r_est, r_var in rivals:
            beat = 0.5 + 0.5 * erf((r_est - est) / sqrt(2.0 * (var + r_var + 0.25)))
            keep = 1.0 - beat
            d2 = d2 * keep + d1 * beat
            d1 = d1 * keep + d0 * beat
            d0 *= keep
        return d0 * table[0] + d1 * table[1] + d2 * table[2]
    if places == 1:
        d0 = 1.0
        for r_est, r_var in rivals:
            d0 *= 1.0 - (0.5 + 0.5 * erf((r_est - est) / sqrt(2.0 * (var + r_var + 0.25))))
        return d0 * table[0]
    dist = [1.0] + [0.0] * (places - 1)
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


def expected_rank_payouts(
    ests: list[float], var: float, rivals: list[tuple[float, float]], table: list[int]
) -> list[float]:
    """``expected_rank_payout`` of each of ``ests`` against the same rivals and spread: the
    same floats, with each rival's divisor (its spread and ``var``'s) worked out once for all
    (a draw weighs every card's value against the same ship race)."""
    places = len(table)
    if places not in (2, 3):
        return [expected_rank_payout(est, var, rivals, table) for est in ests]
    erf = math.erf
    others = [(r_est, sqrt(2.0 * (var + r_var + 0.25))) for r_est, r_var in rivals]
    out = []
    if places == 2:
        for est in ests:
            d0, d1 = 1.0, 0.0
            for r_est, den in others:
                beat = 0.5 + 0.5 * erf((r_est - est) / den)
                keep = 1.0 - beat
                d1 = d1 * keep + d0 * beat
                d0 *= keep
            out.append(d0 * table[0] + d1 * table[1])
        return out
    for est in ests:
        d0, d1, d2 = 1.0, 0.0, 0.0
        for r_est, den in others:
            beat = 0.5 + 0.5 * erf((r_est - est) / den)
            keep = 1.0 - beat
            d2 = d2 * keep + d1 * beat
            d1 = d1 * keep + d0 * beat
            d0 *= keep
        out.append(d0 * table[0] + d1 * table[1] + d2 * table[2])
    return out


def expected_rank_payout_pair(
    est0: float, var0: float, est1: float, var1: float, rivals: list[tuple[float, float]],
    table: list[int],
) -> tuple[float, float]:
    """``expected_rank_payout`` of two scores against the same rivals (a player's standing
    and what a lot makes of it): the same floats, both worked out in one pass over them."""
    places = len(table)
    erf = math.erf
    if places == 2:
        a0, a1, b0, b1 = 1.0, 0.0, 1.0, 0.0
        for r_est, r_var in rivals:
            beat = 0.5 + 0.5 * erf((r_est - est0) / sqrt(2.0 * (var0 + r_var + 0.25)))
            keep = 1.0 - beat
            a1 = a1 * keep + a0 * beat
            a0 *= keep
            beat = 0.5 + 0.5 * erf((r_est - est1) / sqrt(2.0 * (var1 + r_var + 0.25)))
            keep = 1.0 - beat
            b1 = b1 * keep + b0 * beat
            b0 *= keep
        return a0 * table[0] + a1 * table[1], b0 * table[0] + b1 * table[1]
    if places == 3:
        a0, a1, a2, b0, b1, b2 = 1.0, 0.0, 0.0, 1.0, 0.0, 0.0
        for r_est, r_var in rivals:
            beat = 0.5 + 0.5 * erf((r_est - est0) / sqrt(2.0 * (var0 + r_var + 0.25)))
            keep = 1.0 - beat
            a2 = a2 * keep + a1 * beat
            a1 = a1 * keep + a0 * beat
            a0 *= keep
            beat = 0.5 + 0.5 * erf((r_est - est1) / sqrt(2.0 * (var1 + r_var + 0.25)))
            keep = 1.0 - beat
            b2 = b2 * keep + b1 * beat
            b1 = b1 * keep + b0 * beat
            b0 *= keep
        return (a0 * table[0] + a1 * table[1] + a2 * table[2],
                b0 * table[0] + b1 * table[1] + b2 * table[2])
    return (expected_rank_payout(est0, var0, rivals, table),
            expected_rank_payout(est1, var1, rivals, table))


def _paying(table: list[int]) -> list[int]:
    """A payout table without its trailing zeros (at least one place)."""
    end = len(table)
    while end > 1 and table[end - 1] == 0:
        end -= 1
    return list(table[:end])


def _key(q: int, small: int, number: int) -> int:
    """One whole number for a player ``q`` (0..63), a small count (0..63: a lot's size, a
    commodity) and any whole ``number``: distinct triples give distinct numbers."""
    return (number * 64 + small) * 64 + q


def lot_totals(val: MediciNumbers, lot: list[str]) -> tuple[int, dict[int, int]]:
    """A lot's total value and its cards per commodity (gold has none, M-15)."""
    total = 0
    counts: dict[int, int] = {}
    value = val.value
    kind = val.kind
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
        "val", "st", "n", "ship_val", "free", "eff", "money", "later_days", "mean",
        "fill", "share", "ship_table", "track_table", "_ship", "_track", "_ship_base",
        "_track_base", "_levels", "_worths", "_sides",
    )

    def __init__(self, valuation: MediciValuation, st: MediciState) -> None:
        # The variant's numbers, not the valuation: the valuation keeps its positions, and a
        # position kept by what it keeps would make a cycle, which only the collector's
        # full passes free (a quarter of a greedy game's time went on them).
        val = self.val = valuation.numbers
        self.st = st
        n = self.n = len(st.names)
        pc = st.pc
        cap = pc["ship_capacity"]
        value = val.value
        kind = val.kind
        ships = st.ships
        self.money = st.money
        top = val.top
        # One pass over the cards on the ships (a new position every lot of a rollout):
        # their values, their commodities among the cards still to come, and, unless
        # tracks move on purchase, M-15: they move their owner's tracks at day end.
        per_kind = list(val.kind_counts)
        ship_val = []
        free = []
        eff = []
        seen_value = 0
        seen = 0
        moves = not val.on_purchase
        q = 0
        for ship in ships:
            row = st.tracks[q][:]
            total = 0
            for c in ship:
                total += value[c]
                k = kind[c]
                if k >= 0:
                    per_kind[k] -= 1
                    if moves and row[k] < top:
                        row[k] += 1
            ship_val.append(total)
            free.append(cap - len(ship))
            eff.append(row)
            seen_value += total
            seen += len(ship)
            q += 1
        for c in st.discards:
            seen_value += value[c]
            k = kind[c]
            if k >= 0:
                per_kind[k] -= 1
        seen += len(st.discards)
        self.ship_val = ship_val
        self.free = free
        self.eff = eff
        self.later_days = max(0, val.days - st.day)
        # What is still to come: every card not on a ship and not discarded (G-3: the
        # pile order and the removed cards are unknown, so they count alike).
        unseen = val.deck_count - seen
        self.mean = (val.deck_sum - seen_value) / unseen if unseen else 0.0
        self.share = [c / unseen if unseen else 0.0 for c in per_kind]
        holds = sum(self.free)
        coming = (len(st.pile) + st.pile_unknown) * FILL
        self.fill = min(1.0, coming / holds) if holds else 0.0
        self.ship_table, self.track_table = val.paying(n, pc)
        # Memos keyed by whole numbers (``_key``), not tuples: a tuple is tracked by the
        # collector until its next pass, and thousands a game made its passes a tenth of
        # greedy's time; an int key also hashes for nothing.
        self._ship: dict[int, float] = {}
        self._track: dict[int, float] = {}
        self._ship_base: list[float | None] = [None] * n
        self._track_base: dict[int, float] = {}
        self._levels: dict[int, list[tuple[float, float]]] = {}
        self._worths: dict[tuple[int, tuple[str, ...]], tuple[float, ...] | None] = {}
        self._sides: list[tuple[float, float]] | None = None

    # -- the ship race (M-13) ---------------------------------------------------------------
    def _race(self) -> list[tuple[float, float]]:
        """Each player's expected ship value and its variance, worked out once."""
        sides = self._sides
        if sides is None:
            free = self.free
            fill = self.fill
            mean = self.mean
            var1 = CARD_SD * CARD_SD * fill
            sides = self._sides = [
                (self.ship_val[r] + free[r] * mean * fill, free[r] * var1) for r in range(self.n)
            ]
        return sides

    def _ship_pay(self, q: int, value: int, size: int) -> float:
        sides = self._sides or self._race()
        rivals = sides[:q] + sides[q + 1 :]
        left = self.free[q] - size
        fill = self.fill
        est = self.ship_val[q] + value + left * self.mean * fill
        return expected_rank_payout(est, left * (CARD_SD * CARD_SD * fill), rivals,
                                    self.ship_table)

    def _ship_new(self, q: int, value: int, size: int) -> float:
        """``ship_gain`` worked out and kept: ``_ship_pay`` less ``ship_standing``, both
        worked out together when the standing is new."""
        sides = self._sides or self._race()
        rivals = sides[:q] + sides[q + 1 :]
        free = self.free[q]
        left = free - size
        fill = self.fill
        mean = self.mean
        var1 = CARD_SD * CARD_SD * fill
        own = self.ship_val[q]
        est = own + value + left * mean * fill
        base = self._ship_base[q]
        if base is None:
            base, pay = expected_rank_payout_pair(
                own + free * mean * fill, free * var1, est, left * var1, rivals, self.ship_table)
            self._ship_base[q] = base
        else:
            pay = expected_rank_payout(est, left * var1, rivals, self.ship_table)
        got = self._ship[(value * 64 + size) * 64 + q] = pay - base
        return got

    def ship_standing(self, q: int) -> float:
        """Expected ship payout of ``q`` today as things stand, the ship filled on average."""
        base = self._ship_base[q]
        if base is None:
            base = self._ship_base[q] = self._ship_pay(q, 0, 0)
        return base

    def ship_gains(self, q: int, values: set[int] | list[int], size: int) -> dict[int, float]:
        """``ship_gain(q, v, size)`` for each of ``values``, those not known yet worked out
        together (``expected_rank_payouts``: the same floats)."""
        memo = self._ship
        low = size * 64 + q  # _key(q, size, v) is v * 4096 + low
        missing = [v for v in values if v * 4096 + low not in memo]
        if missing:
            free = self.free
            fill = self.fill
            mean = self.mean
            var1 = CARD_SD * CARD_SD * fill
            sides = self._sides or self._race()
            left = free[q] - size
            own = self.ship_val[q]
            ests = [own + v + left * mean * fill for v in missing]
            base = self.ship_standing(q)
            pays = expected_rank_payouts(ests, left * var1, sides[:q] + sides[q + 1 :],
                                         self.ship_table)
            for v, pay in zip(missing, pays, strict=True):
                memo[v * 4096 + low] = pay - base
        return {v: memo[v * 4096 + low] for v in values}

    def ship_gain(self, q: int, value: int, size: int) -> float:
        """Expected ship payout gained by loading ``size`` cards worth ``value`` (vs. not)."""
        got = self._ship.get((value * 64 + size) * 64 + q)  # _key(q, size, value)
        return self._ship_new(q, value, size) if got is None else got

    # -- the tracks (M-15..M-17) ------------------------------------------------------------
    def _expected_levels(self, k: int) -> list[tuple[float, float]]:
        """Each player's expected level on ``k`` at day end, and its variance."""
        got = self._levels.get(k)
        if got is None:
            share = self.share[k]
            spread = share * (1.0 - share) * self.fill
            gain = share * self.fill
            top = self.val.top
            got = []
            free = self.free
            q = 0
            for row in self.eff:  # a plain loop, min() written out: asked all the time
                f = free[q]
                level = row[k] + f * gain
                got.append((level if level < top else top, f * spread))
                q += 1
            self._levels[k] = got
        return got

    def _majority_pay(self, q: int, k: int, add: int) -> float:
        """Expected majority payout on ``k`` today if ``q`` gets ``add`` more such cards."""
        levels = self._levels.get(k)
        if levels is None:
            levels = self._expected_levels(k)
        rivals = levels[:q] + levels[q + 1 :]
        share = self.share[k]
        left = self.free[q] - add
        if left < 0:
            left = 0
        top = self.val.top
        level = self.eff[q][k] + add
        if level > top:
            level = top
        expected = level + left * share * self.fill
        return expected_rank_payout(
            expected if expected < top else top,
            left * share * (1.0 - share) * self.fill,
            rivals,
            self.track_table,
        )

    def majority_standing(self, q: int, k: int) -> float:
        """Expected majority payout of ``q`` on ``k`` today as things stand."""
        key = k * 64 + q  # _key(q, k, 0)
        base = self._track_base.get(key)
        if base is None:
            base = self._track_base[key] = self._majority_pay(q, k, 0)
        return base

    def track_gain(self, q: int, k: int, add: int) -> float:
        """Worth of ``add`` more cards of commodity ``k`` to ``q``: today and later days."""
        if add == 0:
            # No card more: each term below is exactly 0.0 (the standing less itself), so
            # the payout need not be worked out again.
            return 0.0
        got = self._track.get((add * 64 + k) * 64 + q)  # _key(q, k, add)
        return self._track_new(q, k, add) if got is None else got

    def _track_new(self, q: int, k: int, add: int) -> float:
        """``track_gain`` (``add`` > 0) worked out and kept: the payout with ``add`` more
        (``_majority_pay``) less ``majority_standing``, both worked out together when the
        standing is new, and the bonuses and levels gained."""
        levels = self._levels.get(k)
        if levels is None:
            levels = self._expected_levels(k)
        rivals = levels[:q] + levels[q + 1 :]
        share = self.share[k]
        fill = self.fill
        top = self.val.top
        table = self.track_table
        before = self.eff[q][k]
        free = self.free[q]
        left = free - add
        if left < 0:
            left = 0
        after = before + add
        if after > top:
            after = top
        expected = after + left * share * fill
        est = expected if expected < top else top
        var = left * share * (1.0 - share) * fill
        base = self._track_base.get(k * 64 + q)
        if base is None:  # ``majority_standing``: no card more
            left = free if free > 0 else 0
            level = before if before < top else top
            expected = level + left * share * fill
            base, pay = expected_rank_payout_pair(
                expected if expected < top else top, left * share * (1.0 - share) * fill,
                est, var, rivals, table)
            self._track_base[k * 64 + q] = base
        else:
            pay = expected_rank_payout(est, var, rivals, table)
        bonus = self.val.bonus
        later = self.later_days
        got = self._track[(add * 64 + k) * 64 + q] = (
            (pay - base) * (1.0 + MAJORITY_KEEP * later)
            + (bonus[after] - bonus[before]) * (1 + later)
            + LEVEL_POTENTIAL * (after - before) * later
        )
        return got

    def track_steps(self, q: int, held: dict[int, int], kinds: set[int]) -> dict[int, float]:
        """What one card more of each commodity of ``kinds`` adds to ``q``'s tracks over a lot
        holding ``held`` of each: ``track_gain(q, k, h + 1) - track_gain(q, k, h)``, the
        same floats, for a draw that weighs every card (a card of no commodity, -1, is left
        out: it adds nothing)."""
        memo = self._track
        out: dict[int, float] = {}
        for k in kinds:
            if k < 0:
                continue
            h = held.get(k, 0)
            step = memo.get((h * 64 + 64 + k) * 64 + q)  # _key(q, k, h + 1)
            if step is None:
                step = self._track_new(q, k, h + 1)
            out[k] = step - self.track_gain(q, k, h) if h else step
        return out

    # -- lots ---------------------------------------------------------------------------------
    def lot_value(self, q: int, lot: list[str]) -> float | None:
        """What ``lot`` is worth to ``q`` in money, or None if it does not fit their ship."""
        size = len(lot)
        if self.free[q] < size:
            return None  # M-9: too few free holds to bid
        total, counts = lot_totals(self.val, lot)
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
        return ceiling if self.val.loans else min(self.money[q], ceiling)

    def worths(self, q: int, lot: list[str]) -> tuple[float, ...] | None:
        """What ``lot`` is worth to ``q`` by each of ``VALUATIONS`` (None: it does not fit
        their ship): our whole estimate, its face value, its ship race part (M-13), its
        majorities and bonuses part (M-16, M-17), and halfway between face and ours."""
        key = (q, tuple(lot))
        got = self._worths.get(key, False)
        if got is not False:
            return got  # type: ignore[return-value]
        size = len(lot)
        if self.free[q] < size:
            self._worths[key] = None
            return None
        total, counts = lot_totals(self.val, lot)
        # ``ship_gain`` and ``track_gain``, their memos read here
        ship = self._ship.get((total * 64 + size) * 64 + q)
        if ship is None:
            ship = self._ship_new(q, total, size)
        worth = ship
        tracks = 0.0
        memo = self._track
        for k, add in counts.items():
            gain = memo.get((add * 64 + k) * 64 + q)
            if gain is None:
                gain = self._track_new(q, k, add)
            worth += gain
            tracks += gain
        got = self._worths[key] = (worth, float(total), ship, tracks, (total + worth) / 2)
        return got

    def ceilings(self, q: int, lot: list[str]) -> tuple[int, ...]:
        """The most ``q`` would pay for ``lot`` by each valuation (-1: nothing)."""
        worths = self.worths(q, lot)
        if worths is None:
            return NO_CEILINGS
        floor = math.floor
        if self.val.loans:
            return tuple([floor(w) for w in worths])
        money = self.money[q]
        out = []
        for w in worths:  # capped, written out: asked for every bid of a search
            c = floor(w)
            out.append(money if money <= c else c)
        return tuple(out)

    def ceiling_by(self, q: int, lot: list[str], valuation: int) -> int:
        """``ceilings(q, lot)[valuation]``, only what that valuation needs worked out
        (an opponent's rollout bid: the face value needs neither race nor majorities)."""
        got = self._worths.get((q, tuple(lot)), False)
        if got is None:
            return NO_CEILINGS[valuation]
        if got is not False:
            return self.capped(q, got[valuation])  # type: ignore[index]
        size = len(lot)
        if self.free[q] < size:
            return NO_CEILINGS[valuation]
        if valuation == FACE or valuation == RACE or valuation == MAJORITIES:
            total, counts = lot_totals(self.val, lot)
            if valuation == FACE:
                return self.capped(q, float(total))
            if valuation == RACE:
                return self.capped(q, self.ship_gain(q, total, size))
            tracks = 0.0  # summed as ``worths`` sums them
            for k, add in counts.items():
                tracks += self.track_gain(q, k, add)
            return self.capped(q, tracks)
        return self.capped(q, self.worths(q, lot)[valuation])  # type: ignore[index]

    def face(self, lot: list[str]) -> int:
        """A lot's face value: the sum of its cards' values."""
        value = self.val.value
        return sum(value[c] for c in lot)

    def capped(self, q: int, worth: float) -> int:
        """The most ``q`` can pay of ``worth`` (their money, unless loans are allowed)."""
        ceiling = int(math.floor(worth))
        return ceiling if self.val.loans else min(self.money[q], ceiling)

    def lot_parts(self, q: int, lot: list[str]) -> str:
        """Where a lot's worth to ``q`` comes from, in words."""
        val = self.val
        total, counts = lot_totals(val, lot)
        parts = [f"ship {signed(self.ship_gain(q, total, len(lot)))}"]
        for k, add in sorted(counts.items()):
            gain = self.track_gain(q, k, add)
            if abs(gain) >= 0.5:
                parts.append(f"{val.commodities[k]} {signed(gain)}")
        return ", ".join(parts)


class MediciNumbers:
    """The numbers of a Medici variant that a bot judges by: the cards, the tracks, the
    payouts (worked out once a player count). What a ``Position`` reads; it holds no
    position, so positions and their valuation make no reference cycle."""

    def __init__(self, variant: Variant) -> None:
        logic = cast("MediciLogic", variant.logic)  # a Medici variant: its descriptor's parts
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
        self.top: int = logic.top
        self.bonus = [logic.bonuses.get(level, 0) for level in range(logic.top + 1)]
        self.on_purchase: bool = logic.on_purchase
        self.min_bid: int = logic.min_bid
        # M-2 switch: with loans a bid is not limited by the bidder's money.
        self.loans: bool = logic.loans
        self._paying: dict[int, tuple[list[int], list[int]]] = {}
        self._majorities: dict[tuple[int, ...], list[int]] = {}

    def paying(self, players: int, pc: PlayerCount) -> tuple[list[int], list[int]]:
        """The ship and track payout tables of ``players`` without their trailing zeros
        (``pc``: that count's table of the variant), worked out once."""
        got = self._paying.get(players)
        if got is None:
            got = self._paying[players] = (
                _paying(pc["ship_payouts"]), _paying(pc["track_payouts"])
            )
        return got

    def majority_payouts(self, levels: list[int], table: list[int]) -> list[int]:
        """What each player's track ``levels`` pay by ``table`` (M-16, ties as M-14;
        ``ranked_payouts``), kept for the few columns of levels there are (``table`` is
        the one of ``len(levels)`` players)."""
        key = tuple(levels)
        got = self._majorities.get(key)
        if got is None:
            got = [amount for amount, _, _ in ranked_payouts(levels, table)]
            if len(self._majorities) < 100_000:
                self._majorities[key] = got
        return got


class MediciValuation(PositionCache[MediciState, "Position"]):
    """The numbers of a Medici variant a bot judges by (``numbers``, also read here by
    their names), and its cache of ``Position``s.

    The bots of one thread share one (``engine.bots.parts.thread_parts``): what it keeps is
    a pure function of what it is asked, the same for every bot.
    """

    def __init__(self, variant: Variant) -> None:
        super().__init__()
        logic = cast("MediciLogic", variant.logic)  # a Medici variant: its descriptor's parts
        self.variant = variant
        self.logic = logic
        numbers = self.numbers = MediciNumbers(variant)
        self.commodities: list[str] = numbers.commodities
        self.kind: dict[str, int] = numbers.kind
        self.value: dict[str, int] = numbers.value
        self.deck: list[str] = numbers.deck
        self.deck_count = numbers.deck_count
        self.deck_sum = numbers.deck_sum
        self.card_counts: dict[str, int] = numbers.card_counts
        self.kind_counts = numbers.kind_counts
        self.days: int = numbers.days
        self.top: int = numbers.top
        self.bonus = numbers.bonus
        self.on_purchase: bool = numbers.on_purchase
        self.min_bid: int = numbers.min_bid
        self.loans: bool = numbers.loans
        self._recent: dict[tuple[object, ...], Position] = {}

    def paying(self, players: int, pc: PlayerCount) -> tuple[list[int], list[int]]:
        """``MediciNumbers.paying``."""
        return self.numbers.paying(players, pc)

    def majority_payouts(self, levels: list[int], table: list[int]) -> list[int]:
        """``MediciNumbers.majority_payouts``."""
        return self.numbers.majority_payouts(levels, table)

    def position_key(self, st: MediciState) -> tuple[int, ...]:
        """A Position holds while one lot is drawn and auctioned."""
        return (id(st), st.day, sum(map(len, st.ships)), len(st.discards))

    def new_position(self, st: MediciState) -> Position:
        """A fresh Position of ``st``."""
        return Position(self, st)

    def other_position(self, st: MediciState) -> Position:
        """A Position of another state: a kept one of a state with the same contents, else
        fresh (and kept).

        Each iteration of a search starts from a new determinization of the same view,
        which hides a different pile (a Position reads only its size); a Position is a
        pure function of what it reads, so a kept one gives the same worths to the last
        bit, already worked out. Money is a list a Position reads live: it reads this
        state's. At most ``RECENT`` are kept.
        """
        key = (st.day, len(st.pile) + st.pile_unknown, *st.money, *map(tuple, st.ships),
               *map(tuple, st.tracks), *st.discards)
        recent = self._recent
        pos = recent.get(key)
        if pos is None:
            if len(recent) >= RECENT:
                recent.clear()
            pos = recent[key] = Position(self, st)
        else:
            pos.money = st.money
            pos.st = st
        return pos

