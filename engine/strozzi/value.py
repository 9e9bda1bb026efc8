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
from collections.abc import Sequence
from math import sqrt  # by its name: compiled, a native call (math.erf has none)
from typing import Any, Final, cast

from engine.bots.positions import PositionCache
from engine.rules import Variant
from engine.strozzi.logic import StrozziLogic, StrozziState

FILL: Final = 0.8
"""Share of the tiles still in the bag that end up on ships before the round ends."""
ROW_KEEP: Final = 0.6
"""How much of a marker's standing a later round is expected to keep (markers carry over)."""
SCALE: Final = 1.3
"""How much more a lot is worth than the one-round estimate says (markers carry over and pay
again; measured against the field: 1.25-1.5 does best, 1.75 already overpays)."""
SQRT2: Final = math.sqrt(2.0)
_ERF: Final = math.erf
"""``math.erf``, read once (compiled, a module's final name is a native static)."""
RECENT: Final = 2
"""How many positions of other states a valuation keeps (``other_position``): more cost
the collector's passes more than they save (``engine.medici.value.RECENT``)."""
KEY_BITS: Final = 32
"""The low bits of a memo's key, below the standing's number (``Position._key``)."""
ALL: Final = 0
PRIZE: Final = 1
ROWS: Final = 2
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


DrawGroups = tuple[list[str], list[int], list[tuple[int, int, list[tuple[int, int]]]],
                   list[list[int]]]
"""The tiles a draw weighs, grouped (``StrozziValuation.draw_groups``): the kinds, every
tile value, the groups (good, push, each kind's place and its value's place) and each
good's pushes (0 first)."""


class Position:
    """One moment of a game from the bots' side, valued from seat 0's point of view.

    A lot's worth to a player is the best change, over the ways of loading it, of that
    player's relative standing; results are cached per load and lot.
    """

    __slots__ = (
        "val", "st", "fill", "mean", "var", "share", "push_mean", "push_sq", "later",
        "unit", "sid", "weight", "signed", "_harbour", "_plains", "_without", "_side", "_ship",
        "_expect", "_free", "_opens",
        "_pool", "_worth", "_gain", "_standing", "_lots", "_key", "counts",
    )

    def __init__(self, val: StrozziValuation, st: StrozziState) -> None:
        self.val = val
        self.st = st
        goods = len(val.goods)
        count = 0
        total = 0
        per_good = [0] * goods
        push_sum = [0.0] * goods
        push_sq = [0.0] * goods
        kept = []
        # One pass over the bag (``val.bag_counts``, in its order) for the sums of whole
        # numbers (exact in any order), then the variance about the mean in that order,
        # as it was always summed. The bag counted by the tiles' numbers in a list
        # (``val.left_counts``) rather than by their names in a dictionary.
        counts = self.counts = val.left_counts(st)
        rows = val.tile_rows
        for i, c in enumerate(counts):
            if c > 0:
                worth, g, push, square = rows[i]
                kept.append((worth, c))
                count += c
                total += worth * c
                if g >= 0:
                    per_good[g] = per_good[g] + c
                    push_sum[g] = push_sum[g] + push * c
                    push_sq[g] = push_sq[g] + square * c
        self.mean = mean = total / count if count else 0.0
        self.var = sum([(worth - mean) ** 2 * c for worth, c in kept]) / count if count else 0.0
        share = self.share = [0.0] * goods
        push_mean = self.push_mean = [0.0] * goods
        unit = self.unit = [0.0] * goods  # each good's push variance a tile more, by share
        square_mean = self.push_sq = [0.0] * goods
        for g in range(goods):
            if count:
                share[g] = per_good[g] / count
            if per_good[g]:
                push_mean[g] = push_sum[g] / per_good[g]
                square_mean[g] = push_sq[g] / per_good[g]
            unit[g] = square_mean[g] - push_mean[g] * push_mean[g] * share[g]
        free = val.all_holds - _shipped(st)
        # ``min(1.0, x)`` and ``max(0, n)`` written out (compiled, builtins are calls).
        fill = FILL * count / free if free else 0.0
        self.fill = fill if fill < 1.0 else 1.0
        later = val.rounds - st.round
        self.later = later if later > 0 else 0
        self.weight = 1.0 + ROW_KEEP * self.later
        markers = st.markers
        # S-4: a marker's place seen from each seat (negative is towards seat 0).
        # (A list, not a pair: compiled, a pair indexed by a variable is boxed anew each time.)
        self.signed: list[list[int]] = [[-m for m in markers], markers]
        self._harbour: dict[tuple[int, int, int, tuple[str, ...], int], tuple[float, float]] = {}
        self._plains: list[list[tuple[float, float]]] | None = None
        self._without: dict[int, tuple[float, float]] = {}
        self._side: list[list[Side | None]] | None = None
        self._free: list[tuple[int, int]] = []  # each player's unassigned holds and ships
        self._opens: list[list[int]] | None = None
        self._ship: dict[tuple[int, int, tuple[str, ...]], Side] = {}
        self._expect: dict[float, Side] = {}
        # Every worth below is a pure function of these numbers and of the ships, their
        # harbours and the markers: a search meets the same standing again and again (the
        # bag's order, all a determinization changes, is not among them), so what the
        # bots ask (lots' worths, loads' gains, standings) is kept by standing, for every
        # position with the same ones; the harbours and sides they come from are kept
        # for this position only (fewer objects kept: the collector's work).
        # (Both seats' harbours and ships unpacked, not flattened by comprehensions: each
        # of those is a call of its own.)
        harbour0, harbour1 = st.harbour
        fleet0, fleet1 = st.ships
        self.sid = val.standing((
            self.later, self.mean, self.var, self.fill, *self.share, *self.push_mean,
            *self.push_sq, *markers, *harbour0, *harbour1, *map(tuple, fleet0),
            *map(tuple, fleet1)))
        memos = val.memos
        self._pool: dict[int, float] = memos[0]
        self._worth: dict[int, float] = memos[1]
        self._gain: dict[int, float] = memos[2]
        self._standing: dict[int, float] = memos[3]
        self._lots: dict[tuple[str, ...], int] = memos[4]
        # The memos' keys are whole numbers, the standing's number in the high bits: unlike
        # a tuple, a number is never tracked by the collector, whose passes over the keys
        # kept were a tenth of a rollout's time.
        self._key = self.sid << KEY_BITS

    # -- one side of a harbour ------------------------------------------------------------
    def side(self, p: int, h: int, extra: tuple[int, Sequence[str], int] | None) -> Side | None:
        """Player ``p``'s expected ship in harbour ``h``; ``extra`` = (ship, tiles, harbour) added.

        None when the player will have no ship there this round.

        An unassigned ship will go to one of the player's free harbours (S-11): each free
        harbour expects the average of the unassigned ships, filled on average.
        """
        if extra is None:
            return self._plain()[p][h]
        i, tiles, where = extra
        placed = self.st.harbour[p]
        if i >= 0 and placed[i] != where:
            placed = placed[:]
            placed[i] = where
        if h in placed:
            j = placed.index(h)
            return self._loaded(p, j, tuple(tiles) if j == i else ())
        return self._unplaced(placed)

    def _plain(self) -> list[list[Side | None]]:
        """Each player's side in each harbour as the ships stand (``side(p, h, None)``)."""
        plain = self._side
        if plain is None:
            harbours = range(len(self.val.harbours))
            plain = self._side = []
            holds = self.val.holds
            for p, placed in enumerate(self.st.harbour):
                # The unassigned ships' holds (whole numbers: the sum is exact) and which
                # ship is in each harbour (-1: none).
                total = 0
                ships = 0
                ship_in = [-1] * len(harbours)
                for k in range(len(holds)):
                    at = placed[k]
                    if at < 0:
                        total += holds[k]
                        ships += 1
                    elif ship_in[at] < 0:  # the first ship there, as ``placed.index``
                        ship_in[at] = k
                self._free.append((total, ships))
                free = self._expected(total, ships)
                sides: list[Side | None] = []
                for h in harbours:  # loops, not comprehensions (their own frames)
                    j = ship_in[h]
                    sides.append(self._loaded(p, j, ()) if j >= 0 else free)
                plain.append(sides)
        return plain

    def _unplaced(self, placed: list[int]) -> Side | None:
        """The side in a harbour with no ship yet, ``placed`` the ships' harbours: the
        average of the unassigned ships (None: none is left)."""
        holds = self.val.holds
        empty = [holds[k] for k in range(len(holds)) if placed[k] < 0]
        return self._expected(sum(empty), len(empty))

    def _expected(self, holds: int, ships: int) -> Side | None:
        """The side in a harbour with no ship yet, ``ships`` unassigned ones of ``holds``
        holds in all, each filled on average (None: none is left)."""
        if not ships:
            return None
        expect = holds / ships * self.fill
        got = self._expect.get(expect)
        if got is None:
            got = self._expect[expect] = self._filled(0, [0.0] * len(self.val.goods), expect)
        return got

    def _loaded(self, p: int, j: int, tiles: tuple[str, ...]) -> Side:
        """Player ``p``'s ship ``j`` with ``tiles`` more, filled on average: a function of
        the ship alone, whichever harbour it is in, so worked out once a position."""
        key = (p, j, tiles)
        got = self._ship.get(key)
        if got is not None:
            return got
        val = self.val
        info = val.tile_info
        ship = self.st.ships[p][j]
        value = 0
        push = [0.0] * len(val.goods)
        for t in ship:  # the ship's tiles, then the lot's (two loops, not a chain)
            worth, g, moves, _ = info[t]
            value += worth
            if g >= 0:
                push[g] = push[g] + moves
        for t in tiles:
            worth, g, moves, _ = info[t]
            value += worth
            if g >= 0:
                push[g] = push[g] + moves
        got = self._ship[key] = self._filled(
            value, push, (val.holds[j] - len(ship) - len(tiles)) * self.fill)
        return got

    def _filled(self, value: int, push: list[float], expect: float) -> Side:
        """A side: tiles worth ``value`` pushing ``push`` on board, ``expect`` more to come."""
        share = self.share
        push_mean = self.push_mean
        unit = self.unit
        spread = [0.0] * len(push)
        for g in range(len(push)):
            n = expect * share[g]
            push[g] = push[g] + n * push_mean[g]
            spread[g] = n * unit[g]
        return (value + expect * self.mean, expect * self.var, tuple(push), tuple(spread))

    # -- a harbour's worth ------------------------------------------------------------------
    def harbour(self, p: int, h: int, extra: tuple[int, Sequence[str], int] | None = None,
                part: int = ALL) -> float:
        """Harbour ``h``'s expected worth to ``p`` relative to the opponent (S-14..S-16):
        all of it, or only its ``PRIZE`` or its ``ROWS``."""
        if extra is None:
            return _part(self._plain_parts(p, h), part)
        key = (p, h, extra[0], tuple(extra[1]), extra[2])
        got = self._harbour.get(key)
        if got is None:
            got = self._harbour[key] = self._harbour_parts(p, h, extra)
        return _part(got, part)

    def _plain_parts(self, p: int, h: int) -> tuple[float, float]:
        """(all, prize) of ``harbour(p, h)`` as the ships stand."""
        return (self._plains or self._plain_all())[p][h]

    def _plain_all(self) -> list[list[tuple[float, float]]]:
        """(all, prize) of every harbour to each player as the ships stand."""
        plains = self._plains
        if plains is None:
            sides = self._side or self._plain()
            mine = []
            for h, side in enumerate(sides[0]):
                mine.append(self._parts(0, h, side))
            # The opponent's own standing is seat 0's turned around: every step of the sum
            # negates exactly (erf is odd; tests/test_shared_worths.py), and 0.0 - x keeps
            # a zero a plain zero, as the sum itself gives.
            plains = self._plains = [mine, [(0.0 - a, 0.0 - b) for a, b in mine]]
        return plains

    def without(self, p: int, x: int, ship: int, h: int, part: int = ALL) -> float:
        """``harbour(p, x, (ship, [], h), part)`` for a free harbour ``x`` other than ``h``.

        Harbour ``x`` only loses ``ship`` from the ships ``p`` may still send there (S-11),
        so this is the same for every other harbour ``ship`` goes to, and for every ship of
        as many holds: worked out once for them all.
        """
        val = self.val
        key = (p * val.harbour_count + x) * val.hold_base + val.holds[ship]
        got = self._without.get(key)
        if got is None:
            # The ships still unassigned once ``ship`` is (whole numbers: exact sums).
            if self._side is None:
                self._plain()  # which counts ``_free``
            holds, ships = self._free[p]
            got = self._without[key] = self._parts(
                p, x, self._expected(holds - self.val.holds[ship], ships - 1))
        return got[0] if part == ALL else _part(got, part)

    def _harbour_parts(
        self, p: int, h: int, extra: tuple[int, Sequence[str], int] | None
    ) -> tuple[float, float]:
        """(all, prize) of ``harbour``."""
        return self._parts(p, h, self.side(p, h, extra))

    def _parts(self, p: int, h: int, mine: Side | None) -> tuple[float, float]:
        """(all, prize) of harbour ``h`` to ``p`` with ``mine`` its side there."""
        val = self.val
        # No ship there counts as nothing (each number 0.0, as ``val.no_side`` holds).
        a, a_var, a_push, a_spread = mine or val.no_side
        b, b_var, b_push, b_spread = (self._side or self._plain())[1 - p][h] or val.no_side
        erf = _ERF
        # P(win) - P(lose) of the prize (S-14)
        got = 0.0 + val.prize * erf((a - b) / sqrt(2.0 * (a_var + b_var + 0.25)))
        prize = got
        weight = self.weight
        signed = self.signed[p]
        three = val.three_steps
        if three is None:
            steps = val.half_steps
            for r, g in val.harbour_goods[h]:
                got += _row_worth(signed[r] + (a_push[g] - b_push[g]),
                                  SQRT2 * sqrt(a_spread[g] + b_spread[g] + 0.2), weight, None,
                                  steps)
            return got, prize
        # ``_row_worth``'s three steps written out here, the same sum: every harbour of
        # every load of every decision comes through here (a call was a sixth of a row).
        e0, h0, e1, h1, e2, h2 = three
        for r, g in val.harbour_goods[h]:
            mid = signed[r] + (a_push[g] - b_push[g])
            scale = SQRT2 * sqrt(a_spread[g] + b_spread[g] + 0.2)
            neg = -mid
            got += (0.0 + h0 * (erf((mid - e0) / scale) - erf((neg - e0) / scale))
                    + h1 * (erf((mid - e1) / scale) - erf((neg - e1) / scale))
                    + h2 * (erf((mid - e2) / scale) - erf((neg - e2) / scale))) * weight
        return got, prize

    def standing(self, p: int) -> float:
        """``p``'s expected harbour and row income this round, relative to the opponent."""
        key = self._key + p
        got = self._standing.get(key)
        if got is None:
            got = self._standing[key] = sum(
                plain[0] for plain in (self._plains or self._plain_all())[p])
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
                for free in self._open()[p]:
                    out.append((i, free, True))
        return out

    def _open(self) -> list[list[int]]:
        """Each player's harbours with no ship of theirs yet (S-11), in order."""
        got = self._opens
        if got is None:
            every = range(len(self.val.harbours))
            got = self._opens = []
            for placed in self.st.harbour:
                got.append([x for x in every if x not in placed])
        return got

    def load_gain(self, p: int, ship: int, h: int, fresh: bool, lot: Sequence[str],
                  part: int = ALL) -> float:
        """The change in ``p``'s relative standing (or its ``part``) from loading ``lot``
        onto ``ship`` in ``h``."""
        tiles = tuple(lot)
        key = self._gain_key(self._lot(tiles), p, ship, h, fresh, part)
        gain: float | None = self._gain.get(key)
        if gain is None:
            self._gains(p, tiles, part, [(ship, h, fresh)])
            gain = self._gain[key]
        return gain

    def _gains(self, p: int, tiles: tuple[str, ...], part: int,
               loads: list[tuple[int, int, bool]]) -> float:
        """Work out (and keep by standing) the ``load_gain`` of each of ``loads`` of
        ``tiles`` for ``p``; the best of them, or 0.0 if none gains."""
        lot = self._lot(tiles)
        gains = self._gain
        harbours = self._harbour
        plain = (self._plains or self._plain_all())[p]
        best = 0.0
        val = self.val
        ships = val.ship_count
        harbour_count = val.harbour_count
        first = lot * 2 + p
        for ship, h, fresh in loads:
            # ``self._gain_key(lot, p, ship, h, fresh, part)`` written out
            key = self._key + (
                (((first * ships + ship) * harbour_count + h) * 2 + fresh) * 3 + part)
            kept = gains.get(key)
            if kept is None:
                # ``harbour(p, h, (ship, lot, h))``: a ship loaded in ``h`` (already there,
                # or sent to a harbour where ``p`` has none) is that ship's side.
                if part == ALL:  # ``_part`` written out for the usual part, which the
                    # gain's memo keeps: the harbour's own is for the other parts
                    gain = self._parts(p, h, self._loaded(p, ship, tiles))[0] - plain[h][0]
                else:
                    where = (p, h, ship, tiles, h)
                    got = harbours.get(where)
                    if got is None:
                        got = harbours[where] = self._parts(p, h, self._loaded(p, ship, tiles))
                    gain = _part(got, part) - _part(plain[h], part)
                if fresh:
                    gain = gain + self.pool_shift(p, ship, h, part)
                gains[key] = gain
            else:
                gain = kept
            if gain > best:  # ``max(best, gain)``: the first of equals
                best = gain
        return best

    def pool_shift(self, p: int, ship: int, h: int, part: int = ALL) -> float:
        """The change in ``p``'s other free harbours once ``ship`` is assigned to ``h`` (S-11).

        They can no longer expect that ship; this does not depend on the lot, so it is
        worked out once per ship and harbour.
        """
        val = self.val
        key = self._key + ((p * val.ship_count + ship) * val.harbour_count + h) * 3 + part
        kept = self._pool.get(key)
        if kept is not None:
            return kept
        plain = (self._plains or self._plain_all())[p]
        got = 0.0
        for x in self._open()[p]:
            if x != h:
                got = got + (self.without(p, x, ship, h, part) - (
                    plain[x][0] if part == ALL else _part(plain[x], part)))
        self._pool[key] = got
        return got

    def worth(self, p: int, lot: Sequence[str], part: int = ALL) -> float:
        """What ``lot`` is worth to ``p`` (or to its ``part``): the best load, or 0 if
        discarding is better (S-10)."""
        tiles = tuple(lot)
        key = self._key + (self._lot(tiles) * 2 + p) * 3 + part
        got = self._worth.get(key)
        if got is None:
            got = self._worth[key] = self._gains(p, tiles, part, self.loads(p, len(tiles)))
        return got

    def draw_worths(self, p: int, lot: list[str], tiles: list[str]) -> list[float]:
        """``worth(p, lot + [t])`` for each of ``tiles``, the same floats: what a draw weighs
        for every tile the bag may give (S-7).

        Written out load by load: a tile changes a load's side only by its value (the
        prize for the higher ship value, S-14) and by its good's push (that good's row,
        S-15); the rest of a harbour's worth is the same for every tile. So each load works
        out the prize once a tile value, the rows without the tile once, and a good's row
        once a push, and a tile's worth is summed from them in ``_parts``' order.
        """
        val = self.val
        st = self.st
        info = val.tile_info
        size = len(lot) + 1
        goods = len(val.goods)
        fill = self.fill
        mean = self.mean
        share = self.share
        push_mean = self.push_mean
        unit = self.unit
        weight = self.weight
        signed = self.signed[p]
        prize = val.prize
        steps = val.half_steps
        three = val.three_steps
        erf = _ERF
        others = (self._side or self._plain())[1 - p]
        plain = (self._plains or self._plain_all())[p]
        no_side = val.no_side
        kinds, values, groups, pushes = val.draw_groups(tiles)
        e0, h0, e1, h1, e2, h2 = three if three is not None else (0.0,) * 6
        best = [0.0] * len(kinds)
        # The lot's tiles (whole numbers, exact in any order), the same for every load.
        lot_value = 0
        lot_push = [0.0] * goods
        for t in lot:
            worth, g, moves, _ = info[t]
            lot_value += worth
            if g >= 0:
                lot_push[g] = lot_push[g] + moves
        for ship, h, fresh in self.loads(p, size):
            # The ship's and the lot's tiles (whole numbers, exact in any order).
            held = st.ships[p][ship]
            value = lot_value
            push = lot_push[:]
            for t in held:
                worth, g, moves, _ = info[t]
                value += worth
                if g >= 0:
                    push[g] = push[g] + moves
            expect = (val.holds[ship] - len(held) - size) * fill
            # ``_filled``'s side but for the tile: its pushes to come and their spread.
            coming = [0.0] * goods
            spread = [0.0] * goods
            for g in range(goods):
                n = expect * share[g]
                coming[g] = n * push_mean[g]
                spread[g] = n * unit[g]
            a_shift = expect * mean
            a_var = expect * self.var
            b, b_var, b_push, b_spread = others[h] or no_side
            den = sqrt(2.0 * (a_var + b_var + 0.25))
            rows = val.harbour_goods[h]
            # Each row's worth as the load leaves it (a push of 0) and with each push a
            # tile of its good may add: ``_row_worth``, its three steps written out.
            pushed: list[dict[int, float]] = []
            bare: list[float] = []
            for r, g in rows:
                scale = SQRT2 * sqrt(spread[g] + b_spread[g] + 0.2)
                at: dict[int, float] = {}
                for m in pushes[g]:
                    mid = signed[r] + (((push[g] + m) + coming[g]) - b_push[g])
                    if three is None:
                        at[m] = _row_worth(mid, scale, weight, None, steps)
                    else:
                        neg = -mid
                        at[m] = (0.0 + h0 * (erf((mid - e0) / scale) - erf((neg - e0) / scale))
                                 + h1 * (erf((mid - e1) / scale) - erf((neg - e1) / scale))
                                 + h2 * (erf((mid - e2) / scale) - erf((neg - e2) / scale))
                                 ) * weight
                pushed.append(at)
                bare.append(at[0])
            prizes = []  # (loops, not comprehensions: each of those is a call)
            for worth in values:
                prizes.append(0.0 + prize * erf(((value + worth) + a_shift - b) / den))
            # Less the harbour as it stands, plus the shift of the other free harbours
            # (0.0 if none, which adds nothing: no gain here is -0.0).
            base = plain[h][0]
            shift = self.pool_shift(p, ship, h, ALL) if fresh else 0.0
            row_of = val.row_of[h]
            for good, moves, members in groups:
                # The group's rows: its good's pushed by the tile, the others bare (all of
                # them for a good with no row here).
                places = row_of.get(good)
                if places is None:
                    terms = bare
                else:
                    terms = bare[:]
                    for j in places:
                        terms[j] = pushed[j][moves]
                # Each tile's worth summed in ``_parts``' order: the prize, then row by row.
                if len(terms) == 3:
                    t0, t1, t2 = terms
                    for i, v in members:
                        gain = prizes[v] + t0 + t1 + t2 - base + shift
                        if gain > best[i]:  # ``_gains``' best: the first of equals
                            best[i] = gain
                else:
                    for i, v in members:
                        got = prizes[v]
                        for term in terms:
                            got += term
                        gain = got - base + shift
                        if gain > best[i]:
                            best[i] = gain
        if len(kinds) == len(tiles):
            return best  # each tile once (a bag's kinds, as a draw asks): in their order
        worths = dict(zip(kinds, best, strict=True))
        return [worths[t] for t in tiles]

    def _lot(self, tiles: tuple[str, ...]) -> int:
        """The number of a lot's tiles in the memos' keys, kept with them (when there are
        too many to fit a key, every memo is emptied: all of them are worked out again)."""
        lots = self._lots
        got: int | None = lots.get(tiles)
        if got is None:
            if len(lots) >= self.val.lot_limit:
                for memo in self.val.memos:
                    memo.clear()
            got = lots[tiles] = len(lots)
        return got

    def _gain_key(self, lot: int, p: int, ship: int, h: int, fresh: bool, part: int) -> int:
        """The key of ``load_gain(p, ship, h, fresh, lot, part)`` in the gains' memo."""
        val = self.val
        return self._key + (((((lot * 2 + p) * val.ship_count + ship) * val.harbour_count + h)
                             * 2 + fresh) * 3 + part)

    def bag(self) -> list[tuple[str, int]]:
        """``val.bag_counts(st).items()`` from the count this position made of the bag:
        each tile left in it, in the tiles' order, with how many (a draw weighs them)."""
        names = self.val.tile_names
        out = []
        i = 0
        for c in self.counts:
            if c > 0:
                out.append((names[i], c))
            i += 1
        return out

    def face(self, lot: Sequence[str]) -> int:
        """A lot's face value: the sum of its tiles' values."""
        value = self.val.value
        return sum(value[t] for t in lot)


def _row_worth(mid: float, scale: float, weight: float, three: tuple[float, ...] | None,
               steps: list[tuple[float, float]]) -> float:
    """A monopoly row's part of a harbour's worth (S-15, S-16), weighed by ``weight``: the
    chance the marker ends each step's edge beyond ``mid`` on one side less the other's,
    ``scale`` its spread. ``three``: the usual three steps flat (written out: the same
    sum); else ``steps``, each (edge, half its income step)."""
    erf = _ERF
    neg = -mid
    if three is not None:
        # The usual three steps, read once (compiled, each a float unboxed per read).
        e0, h0, e1, h1, e2, h2 = three
        return (0.0 + h0 * (erf((mid - e0) / scale) - erf((neg - e0) / scale))
                + h1 * (erf((mid - e1) / scale) - erf((neg - e1) / scale))
                + h2 * (erf((mid - e2) / scale) - erf((neg - e2) / scale))) * weight
    row = 0.0
    for edge, half in steps:  # half = step * 0.5, as ``step * 0.5 * x`` groups
        row += half * (erf((mid - edge) / scale) - erf((neg - edge) / scale))
    return row * weight


def _shipped(st: StrozziState) -> int:
    """How many tiles the ships hold (asked for at every move of a search)."""
    n = 0
    for fleet in st.ships:  # loops: compiled, ``sum(map(len, ...))`` is a generic call
        for ship in fleet:
            n += len(ship)
    return n


def _part(got: tuple[float, float], part: int) -> float:
    """One part of a harbour's (all, prize): all of it, the prize, or the rows (the rest)."""
    if part == ALL:
        return got[0]
    return got[1] if part == PRIZE else got[0] - got[1]


class StrozziValuation(PositionCache[StrozziState, "Position"]):
    """The numbers of a Medici vs Strozzi variant a bot judges by, and its cache of one
    ``Position``. The bots of one thread share one (``engine.bots.parts.thread_parts``)."""

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
        # worths, loads' gains, standings, each keyed by a number (``Position._key``); and
        # the numbers of the lots in those keys.
        self.memos: tuple[dict[Any, Any], ...] = ({}, {}, {}, {}, {})
        self._recent: dict[tuple[object, ...], Position] = {}
        self._draw_groups: dict[tuple[str, ...], DrawGroups] = {}
        self.ship_count = len(self.holds)
        self.harbour_count = len(self.harbours)
        self.lot_limit = (1 << KEY_BITS) // (2 * self.ship_count * self.harbour_count * 2 * 3)
        """How many lots fit the low bits of a key (``Position._gain_key``)."""
        self.tile_info: dict[str, tuple[int, int, int, int]] = {
            t: (self.value[t], self.kind[t], self.push[t], self.push[t] * self.push[t])
            for t in logic.tiles}
        """Each tile's value, good (-1: none), push and push squared, read at once."""
        self.all_holds = sum(self.holds) * 2
        """The holds of both players' ships (S-2)."""
        self.tile_counts: dict[str, int] = {}
        for t in logic.tiles:
            self.tile_counts[t] = self.tile_counts.get(t, 0) + 1
        names = self.tile_names = list(self.tile_counts)
        """Each kind of tile once, in ``tile_counts``'s order: the tiles' numbers."""
        self.tile_number: dict[str, int] = {t: i for i, t in enumerate(names)}
        """Each kind of tile's number: its place in ``tile_counts``."""
        self.start_counts: list[int] = [self.tile_counts[t] for t in names]
        """``tile_counts`` by the tiles' numbers."""
        self.tile_rows: list[tuple[int, int, int, int]] = [self.tile_info[t] for t in names]
        """``tile_info`` by the tiles' numbers."""
        self.tile_values: list[int] = list(dict.fromkeys(self.value[t] for t in names))
        """Every tile value once, in the tiles' order (a draw's prizes, ``draw_groups``)."""
        self.group_keys: list[tuple[int, int]] = list(dict.fromkeys(
            (self.kind[t], self.push[t]) for t in names))
        """Every (good, push) of the tiles once, in their order: a draw's groups."""
        self.tile_group: dict[str, tuple[int, int]] = {
            t: (self.group_keys.index((self.kind[t], self.push[t])),
                self.tile_values.index(self.value[t])) for t in names}
        """Each kind of tile's group and value by their places in those."""
        self.hold_base = max(self.holds) + 1
        """More than any ship's holds: the last digit of ``Position.without``'s keys."""
        self.key_base = len(logic.tiles) + 1
        """More than any count of tiles: the base of ``position_key``'s digits."""
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
        self.three_steps: tuple[float, ...] | None = (
            tuple(x for step in self.half_steps for x in step) if len(self.steps) == 3 else None)
        """``half_steps`` flat when there are three (the usual rows), for the written-out sum."""
        self.harbour_goods: list[list[tuple[int, int]]] = [
            [(r, self.rows[r][1]) for r in rows] for rows in self.harbour_rows]
        """Each harbour's monopoly rows with their goods."""
        self.row_of: list[dict[int, tuple[int, ...]]] = []
        """Each harbour's rows of each good it has, by their places in its rows."""
        for rows in self.harbour_goods:
            places: dict[int, tuple[int, ...]] = {}
            for j, (_, g) in enumerate(rows):
                places[g] = (*places.get(g, ()), j)
            self.row_of.append(places)

    def draw_groups(self, tiles: list[str]) -> DrawGroups:
        """``tiles``' kinds once each, every tile value of the game, the kinds grouped by
        good and push (a group's tiles differ only by their value: the same rows), each
        kind by its place and its value's place, and each good's pushes to weigh its rows
        by (``Position.draw_worths``). Kept for the last two bags: a draw asks for each
        player, and the bag changes a tile a draw."""
        key = tuple(tiles)
        got = self._draw_groups.get(key)
        if got is None:
            kinds = list(dict.fromkeys(tiles))
            place = self.tile_group
            by: list[list[tuple[int, int]] | None] = [None] * len(self.group_keys)
            for i, t in enumerate(kinds):
                group, value = place[t]
                members = by[group]
                if members is None:
                    by[group] = [(i, value)]
                else:
                    members.append((i, value))
            groups = []
            # Each good's pushes to weigh a row by: none (0), then each its tiles give.
            pushes: list[list[int]] = [[0] for _ in self.goods]
            for (good, moves), members in zip(self.group_keys, by, strict=True):
                if members is not None:
                    groups.append((good, moves, members))
                    if good >= 0 and moves not in pushes[good]:
                        pushes[good].append(moves)
            if len(self._draw_groups) >= RECENT:
                self._draw_groups.clear()
            got = self._draw_groups[key] = (kinds, self.tile_values, groups, pushes)
        return got

    def bag_counts(self, st: StrozziState) -> dict[str, int]:
        """The tiles in the bag, counted: public, as every tile out of it is shown (G-3)."""
        return {t: c for t, c in self.left(st).items() if c > 0}

    def left(self, st: StrozziState) -> dict[str, int]:
        """Every tile of the game with how many of it are in the bag (0 or fewer: none)."""
        return dict(zip(self.tile_names, self.left_counts(st), strict=True))

    def left_counts(self, st: StrozziState) -> list[int]:
        """``left`` by the tiles' numbers (``tile_number``), as a list: what a new
        position counts the bag by."""
        counts = self.start_counts[:]
        number = self.tile_number
        # (``x[i] = x[i] + y``, not ``x[i] += y``: compiled, the first is native.)
        for t in st.lot:
            i = number[t]
            counts[i] = counts[i] - 1
        for t in st.discards:
            i = number[t]
            counts[i] = counts[i] - 1
        for fleet in st.ships:
            for ship in fleet:
                for t in ship:
                    i = number[t]
                    counts[i] = counts[i] - 1
        return counts

    def position_key(self, st: StrozziState) -> int:
        """A Position holds while one lot is priced and placed: the round and the counts
        of discards, shipped tiles and the lot's, as one number (each count is at most
        the game's tiles, so each has its own digit in base ``key_base``; the state is
        the same object besides, ``PositionCache.position``)."""
        base = self.key_base
        return ((st.round * base + len(st.discards)) * base + _shipped(st)) * base + len(st.lot)

    def new_position(self, st: StrozziState) -> Position:
        """A fresh Position of ``st``."""
        return Position(self, st)

    def other_position(self, st: StrozziState) -> Position:
        """A Position of another state: a kept one of a state with the same contents, else
        fresh (and kept).

        A Position reads the round, the markers, the ships and their harbours, and the bag
        as the lot, the discards and the ships leave it (never its order): a kept one of a
        state with the same of those (a price after the last draw, a load after the price
        or the offer, a search's next determinization) gives the same worths to the last
        bit, its harbours and sides already worked out. At most ``RECENT`` are kept.
        """
        harbour0, harbour1 = st.harbour  # two seats (S-2), unpacked as in ``Position``
        fleet0, fleet1 = st.ships
        key = (st.round, *st.markers, *harbour0, *harbour1, *map(tuple, fleet0),
               *map(tuple, fleet1), tuple(st.lot), *st.discards)
        recent = self._recent
        pos = recent.get(key)
        if pos is None:
            if len(recent) >= RECENT:
                recent.clear()
            pos = recent[key] = Position(self, st)
        else:
            pos.st = st
        return pos

    def fair_price(self, pos: Position, st: StrozziState) -> int:
        """The price that leaves the opponent no better off buying than declining (S-8, S-9),
        by the lot's worths scaled by ``SCALE``."""
        mine = pos.worth(st.active, st.lot)
        theirs = pos.worth(1 - st.active, st.lot)
        return max(self.min_price, int(round(SCALE * (mine + theirs) / 2)))
