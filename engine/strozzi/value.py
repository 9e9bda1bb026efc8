"""What lots and positions are worth to a Medici vs Strozzi player (docs/rules.md S-7..S-16).

Two players: everything is valued *relatively*, as the player's gain minus the opponent's,
because only the difference decides the winner (G-4). The numbers of the game (holds,
harbours and their rows, pushes, payments, bonuses, prizes) all come from the variant's
logic and config; this module only holds judgement. The bots' parts (the evaluator, policy,
opponent model and explainer, in the modules beside this one) all judge through one
``StrozziValuation``, which each bot builds for itself.

It reads the (determinized) game state directly, for speed; bots only hand it states built
from a player's view, so it never sees the real bag order (which it does not use: only the
bag's contents, which are public, G-3).
"""

from __future__ import annotations

import math
from typing import Any, cast

from engine.actions import Action
from engine.bots.parts import PositionCache
from engine.rules import Variant
from engine.strozzi.logic import StrozziLogic, StrozziState

DRAW = Action("draw")
STOP = Action("stop")
BUY = Action("buy")
DECLINE = Action("decline")
DISCARD = Action("discard")

FILL = 0.8
"""Share of the tiles still in the bag that end up on ships before the round ends."""
ROW_KEEP = 0.6
"""How much of a marker's standing a later round is expected to keep (markers carry over)."""
SCALE = 1.3
"""How much more a lot is worth than the one-round estimate says (markers carry over and pay
again; measured against the field: 1.25-1.5 does best, 1.75 already overpays)."""
SQRT2 = math.sqrt(2.0)
ALL, PRIZE, ROWS = 0, 1, 2
"""Which part of a harbour's worth: all of it, the prize for the higher ship value (S-14),
or the monopoly rows' markers (S-15, S-16)."""


def asked(st: StrozziState) -> int:
    """The price on offer (S-8): bots read it while an offer is open, when there is one."""
    price = st.price
    if price is None:
        raise ValueError(f"no price is asked while {st.phase}")
    return price


def buyer_of(st: StrozziState) -> int:
    """Who bought the lot on sale, to load it (S-9): while it is being loaded."""
    buyer = st.buyer
    if buyer is None:
        raise ValueError(f"no lot is bought while {st.phase}")
    return buyer


Side = tuple[float, float, tuple[float, ...], tuple[float, ...]]
"""One player's expected standing in one harbour at round end: ship value and its
variance, and the pushes of each good and their variances. A plain tuple of numbers, so
the collector stops tracking it: a search keeps thousands (``Position``'s caches, shared
through ``val.standings``)."""


class Position:
    """One moment of a game from the bots' side, valued from seat 0's point of view.

    A lot's worth to a player is the best change, over the ways of loading it, of that
    player's relative standing; results are cached per load and lot.
    """

    __slots__ = (
        "val", "st", "fill", "mean", "var", "share", "push_mean", "push_sq", "later",
        "sid", "_harbour", "_without", "_side", "_pool", "_worth", "_gain", "_standing",
    )

    def __init__(self, val: StrozziValuation, st: StrozziState) -> None:
        self.val = val
        self.st = st
        value = val.value
        kind = val.kind
        push = val.push
        goods = len(val.goods)
        bag = val.bag_counts(st)
        count = sum(bag.values())
        total = sum(value[t] * c for t, c in bag.items())
        self.mean = total / count if count else 0.0
        self.var = (
            sum((value[t] - self.mean) ** 2 * c for t, c in bag.items()) / count if count else 0.0
        )
        per_good = [0] * goods
        push_sum = [0.0] * goods
        push_sq = [0.0] * goods
        for t, c in bag.items():
            g = kind[t]
            if g >= 0:
                per_good[g] += c
                push_sum[g] += push[t] * c
                push_sq[g] += push[t] * push[t] * c
        self.share = [c / count if count else 0.0 for c in per_good]
        self.push_mean = [push_sum[g] / per_good[g] if per_good[g] else 0.0 for g in range(goods)]
        self.push_sq = [push_sq[g] / per_good[g] if per_good[g] else 0.0 for g in range(goods)]
        holds = val.holds
        free = sum(h - len(t) for fleet in st.ships for h, t in zip(holds, fleet, strict=True))
        self.fill = min(1.0, FILL * count / free) if free else 0.0
        self.later = max(0, val.rounds - st.round)
        self._harbour: dict[tuple[int, int, tuple[int, tuple[str, ...], int] | None],
                            tuple[float, float]] = {}
        self._without: dict[tuple[int, int, int], tuple[float, float]] = {}
        self._side: dict[tuple[int, int], Side | None] = {}
        # Every worth below is a pure function of these numbers and of the ships, their
        # harbours and the markers: a search meets the same standing again and again (the
        # bag's order, all a determinization changes, is not among them), so what the
        # bots ask (lots' worths, loads' gains, standings) is kept by standing, for every
        # position with the same ones; the harbours and sides they come from are kept
        # for this position only (fewer objects kept: the collector's work).
        self.sid = val.standing((
            self.later, self.mean, self.var, self.fill, *self.share, *self.push_mean,
            *self.push_sq, *st.markers, *[h for placed in st.harbour for h in placed],
            *[tuple(ship) for fleet in st.ships for ship in fleet]))
        self._pool, self._worth, self._gain, self._standing = val.memos

    # -- one side of a harbour ------------------------------------------------------------
    def side(self, p: int, h: int, extra: tuple[int, list[str], int] | None) -> Side | None:
        """Player ``p``'s expected ship in harbour ``h``; ``extra`` = (ship, tiles, harbour) added.

        None when the player will have no ship there this round.

        An unassigned ship will go to one of the player's free harbours (S-11): each free
        harbour expects the average of the unassigned ships, filled on average.
        """
        if extra is None:
            key = (p, h)
            sides = self._side
            if key in sides:
                return sides[key]
            got = sides[key] = self._side_of(p, h, -1, [], -1)
            return got
        return self._side_of(p, h, *extra)

    def _side_of(self, p: int, h: int, i: int, tiles: list[str], where: int) -> Side | None:
        """``side`` with ship ``i`` (none: -1) holding ``tiles`` more, sent to ``where``.

        Written out for speed, the same arithmetic as adding the tiles one by one: a
        search asks this for every harbour it values."""
        val = self.val
        holds = val.holds
        placed = self.st.harbour[p]
        if i >= 0 and placed[i] != where:
            placed = placed[:]
            placed[i] = where
        goods = len(val.goods)
        fill = self.fill
        if h in placed:
            j = placed.index(h)
            cards = self.st.ships[p][j]
            if j == i:
                cards = cards + tiles
            free = holds[j] - len(cards)
            worth = val.value
            kind = val.kind
            pushes = val.push
            value = 0
            push = [0.0] * goods
            for t in cards:
                value += worth[t]
                g = kind[t]
                if g >= 0:
                    push[g] += pushes[t]
            expect = free * fill
        else:
            empty = [holds[k] for k in range(len(holds)) if placed[k] < 0]
            if not empty:
                return None
            expect = sum(empty) / len(empty) * fill
            value = 0
            push = [0.0] * goods
        share = self.share
        push_mean = self.push_mean
        push_sq = self.push_sq
        push_var = [0.0] * goods
        for g in range(goods):
            n = expect * share[g]
            push[g] += n * push_mean[g]
            push_var[g] = n * (push_sq[g] - push_mean[g] * push_mean[g] * share[g])
        return (value + expect * self.mean, expect * self.var, tuple(push), tuple(push_var))

    def harbour(self, p: int, h: int, extra: tuple[int, list[str], int] | None = None,
                part: int = ALL) -> float:
        """Harbour ``h``'s expected worth to ``p`` relative to the opponent (S-14..S-16):
        all of it, or only its ``PRIZE`` or its ``ROWS``."""
        key = (p, h, None if extra is None else (extra[0], tuple(extra[1]), extra[2]))
        got = self._harbour.get(key)
        if got is None:
            got = self._harbour[key] = self._harbour_parts(p, h, extra)
        if part == ALL:
            return got[0]
        return got[1] if part == PRIZE else got[0] - got[1]

    def without(self, p: int, x: int, ship: int, h: int, part: int = ALL) -> float:
        """``harbour(p, x, (ship, [], h), part)`` for a free harbour ``x`` other than ``h``.

        Harbour ``x`` only loses ``ship`` from the ships ``p`` may still send there (S-11),
        so this is the same for every other harbour ``ship`` goes to, and for every ship of
        as many holds: worked out once for them all.
        """
        key = (p, x, self.val.holds[ship])
        got = self._without.get(key)
        if got is None:
            got = self._without[key] = self._harbour_parts(p, x, (ship, [], h))
        if part == ALL:
            return got[0]
        return got[1] if part == PRIZE else got[0] - got[1]

    def _harbour_parts(
        self, p: int, h: int, extra: tuple[int, list[str], int] | None
    ) -> tuple[float, float]:
        """(all, prize) of ``harbour``."""
        val = self.val
        # No ship there counts as nothing (each number 0.0, as ``val.no_side`` holds).
        a, a_var, a_push, a_spread = self.side(p, h, extra) or val.no_side
        b, b_var, b_push, b_spread = self.side(1 - p, h, None) or val.no_side
        erf = math.erf
        got = 0.0
        var = a_var + b_var + 0.25
        got += val.prize * erf((a - b) / math.sqrt(2.0 * var))  # P(win) - P(lose)
        prize = got
        weight = 1.0 + ROW_KEEP * self.later
        markers = self.st.markers
        sqrt = math.sqrt
        steps = val.half_steps
        for r, g in val.harbour_goods[h]:
            marker = markers[r]
            at = -marker if p == 0 else marker  # S-4: negative is towards seat 0
            shift = a_push[g] - b_push[g]
            spread = a_spread[g] + b_spread[g]
            mid = at + shift
            scale = SQRT2 * sqrt(spread + 0.2)
            row = 0.0
            for edge, half in steps:  # half = step * 0.5, as ``step * 0.5 * x`` groups
                row += half * (erf((mid - edge) / scale) - erf((-mid - edge) / scale))
            got += row * weight
        return got, prize

    def standing(self, p: int) -> float:
        """``p``'s expected harbour and row income this round, relative to the opponent."""
        key = (self.sid, p)
        got = self._standing.get(key)
        if got is None:
            got = self._standing[key] = sum(
                self.harbour(p, h) for h in range(len(self.val.harbours)))
        return got

    # -- lots -------------------------------------------------------------------------------
    def loads(self, p: int, size: int) -> list[tuple[int, int, bool]]:
        """Ways ``p`` could load a lot of ``size``: (ship index, harbour, newly assigned)."""
        holds = self.val.holds
        placed = self.st.harbour[p]
        fleet = self.st.ships[p]
        out = []
        for i, h in enumerate(placed):
            if holds[i] - len(fleet[i]) < size:
                continue
            if h >= 0:
                out.append((i, h, False))
            else:
                out += [
                    (i, free, True)
                    for free in range(len(self.val.harbours)) if free not in placed
                ]
        return out

    def load_gain(self, p: int, ship: int, h: int, fresh: bool, lot: list[str],
                  part: int = ALL) -> float:
        """The change in ``p``'s relative standing (or its ``part``) from loading ``lot``
        onto ``ship`` in ``h``."""
        key = (self.sid, p, ship, h, fresh, tuple(lot), part)
        gain = self._gain.get(key)
        if gain is None:
            gain = self.harbour(p, h, (ship, lot, h), part) - self.harbour(p, h, None, part)
            if fresh:
                gain += self.pool_shift(p, ship, h, part)
            self._gain[key] = gain
        return gain

    def pool_shift(self, p: int, ship: int, h: int, part: int = ALL) -> float:
        """The change in ``p``'s other free harbours once ``ship`` is assigned to ``h`` (S-11).

        They can no longer expect that ship; this does not depend on the lot, so it is
        worked out once per ship and harbour.
        """
        key = (self.sid, p, ship, h, part)
        got = self._pool.get(key)
        if got is None:
            placed = self.st.harbour[p]
            got = 0.0
            for x in range(len(self.val.harbours)):
                if x != h and x not in placed:
                    got += self.without(p, x, ship, h, part) - self.harbour(p, x, None, part)
            self._pool[key] = got
        return got

    def worth(self, p: int, lot: list[str], part: int = ALL) -> float:
        """What ``lot`` is worth to ``p`` (or to its ``part``): the best load, or 0 if
        discarding is better (S-10)."""
        key = (self.sid, p, tuple(lot), part)
        got = self._worth.get(key)
        if got is None:
            got = 0.0
            for ship, h, fresh in self.loads(p, len(lot)):
                got = max(got, self.load_gain(p, ship, h, fresh, lot, part))
            self._worth[key] = got
        return got

    def face(self, lot: list[str]) -> int:
        """A lot's face value: the sum of its tiles' values."""
        value = self.val.value
        return sum(value[t] for t in lot)


class StrozziValuation(PositionCache[StrozziState, "Position"]):
    """The numbers of a Medici vs Strozzi variant a bot judges by, and its cache of one
    ``Position``. Each bot builds its own (``engine.strozzi.bots.parts``)."""

    def __init__(self, variant: Variant) -> None:
        super().__init__()
        logic = cast("StrozziLogic", variant.logic)  # a Strozzi variant: its descriptor's parts
        self.variant = variant
        self.logic = logic
        self.goods: list[str] = logic.goods
        self.kind: dict[str, int] = logic.kind
        self.value: dict[str, int] = logic.value
        self.push: dict[str, int] = logic.push
        self.holds: tuple[int, ...] = logic.holds
        self.harbours: list[list[str]] = logic.harbours
        self.rows: list[tuple[int, int]] = logic.rows
        self.harbour_rows: list[list[int]] = logic.harbour_rows
        self.rounds: int = logic.rounds
        self.prize: int = logic.prize
        self.min_price: int = logic.min_price
        none = (0.0,) * len(self.goods)
        self.no_side: Side = (0.0, 0.0, none, none)
        """The standing of a player with no ship in a harbour."""
        # Positions' worths by standing (``PositionCache.standing``): pool shifts, lots'
        # worths, loads' gains, standings.
        self.memos: tuple[dict[Any, Any], ...] = ({}, {}, {}, {})
        self.tile_counts: dict[str, int] = {}
        for t in logic.tiles:
            self.tile_counts[t] = self.tile_counts.get(t, 0) + 1
        # S-16: a marker ``s`` spaces out pays the payment plus the bonus of its space;
        # ``steps`` lists where that income steps up (half a space short) and by how much.
        self.steps: list[tuple[float, float]] = []
        before = 0
        for space in range(1, logic.spaces + 1):
            pay = logic.payment + logic.bonuses.get(space, 0)
            if pay != before:
                self.steps.append((space - 0.5, float(pay - before)))
            before = pay
        self.half_steps = [(edge, step * 0.5) for edge, step in self.steps]
        """``steps`` with each step halved (the row's chances are P(win) - P(lose))."""
        self.harbour_goods: list[list[tuple[int, int]]] = [
            [(r, self.rows[r][1]) for r in rows] for rows in self.harbour_rows]
        """Each harbour's monopoly rows with their goods."""

    def bag_counts(self, st: StrozziState) -> dict[str, int]:
        """The tiles in the bag, counted: public, as every tile out of it is shown (G-3)."""
        counts = dict(self.tile_counts)
        for group in (st.lot, st.discards, *(s for fleet in st.ships for s in fleet)):
            for t in group:
                counts[t] -= 1
        return {t: c for t, c in counts.items() if c > 0}

    def position_key(self, st: StrozziState) -> tuple[int, ...]:
        """A Position holds while one lot is priced and placed."""
        return (id(st), st.round, len(st.discards), sum(len(s) for f in st.ships for s in f),
               len(st.lot))

    def new_position(self, st: StrozziState) -> Position:
        """A fresh Position of ``st``."""
        return Position(self, st)

    def fair_price(self, pos: Position, st: StrozziState) -> int:
        """The price that leaves the opponent no better off buying than declining (S-8, S-9),
        by the lot's worths scaled by ``SCALE``."""
        mine = pos.worth(st.active, st.lot)
        theirs = pos.worth(1 - st.active, st.lot)
        return max(self.min_price, int(round(SCALE * (mine + theirs) / 2)))
