"""What a Medici vs Strozzi opponent pays at most for a lot, learnt from the prices it asks
(S-8: they are public, G-3) and checked against its answers to ours (S-9): ``LimitFit``;
and the price that gains most against a limit known within a spread (``price_against``).

A player who values lots its own way (by face value, by the harbour prize, by the rows, by
our whole estimate, or a mix of them) asks a price that is, near enough, a sum of those
parts of the lot's worth to itself and to the other side, each times a number of its own;
and it buys at up to the same sum of the parts' worth to itself alone. So the prices it
asks tell what it will pay. Fitted by least squares over its asks (seven numbers: each
part's worth to the asker, to the other side, and the face value, which is the same to
both), the limit is the asker's numbers and the other side's added, on the lot's worth to
the opponent. A player who asks otherwise than it buys (one who spoils, say) shows it in
its answers: a fit its answers contradict is not used.
"""

from __future__ import annotations

import math
from typing import Final

from engine.strozzi.logic import StrozziState
from engine.strozzi.value import ALL, PRIZE, ROWS, Position

PARTS: Final = (ALL, PRIZE, ROWS)
"""The parts of a lot's worth a limit is fitted on, besides its face value."""
SIZE: Final = 2 * len(PARTS) + 1
"""The numbers a fit finds: each of ``PARTS`` to the asker, to the other side, and the face."""
MIN_ASKS: Final = 8
"""Prices the opponent must have asked (above the least price) before a fit is used."""
MIN_ANSWERS: Final = 4
"""Answers to our prices the opponent must have given before a fit is used."""
MISFIT: Final = 1.0
"""Coins an answer may fall beyond the fitted limit (bought above it, declined below it)
before it counts against the fit."""
MISFITS: Final = 2
"""Answers against the fit that make it unused (until a later fit explains them)."""
TOLERANCE: Final = 1.0
"""The largest root-mean-square miss, in coins, of a usable fit on the asks it was fitted
on (prices are whole coins: a player who floors its prices misses by 0.29 on average)."""
SPREAD: Final = 0.5
"""The least spread, in coins, a fitted limit is taken to have (``price_against``)."""
RIDGE: Final = 1e-4
"""A ridge on the fit, as a share of its largest diagonal: the parts' worths move together
(the whole worth is most often the prize's and the rows' added), so the least-squares
system is near singular; a larger ridge pulls the limit low (0.01 missed it by a quarter
of a coin at the median, measured against the tuner's buyers)."""
CHOICES: Final = 4.0
"""Spreads either side of the limit over which ``price_against`` weighs each price."""

Worths = tuple[float, float, float]
"""A lot's worth to one player by each of ``PARTS``, unscaled (``Position.worth``)."""


def part_worths(pos: Position, p: int, lot: list[str]) -> Worths:
    """``lot``'s worth to ``p`` by each of ``PARTS``."""
    whole, prize, rows = (pos.worth(p, lot, part) for part in PARTS)
    return whole, prize, rows


def solve(matrix: list[list[float]], rhs: list[float]) -> list[float] | None:
    """The solution of a small linear system by Gaussian elimination with partial pivots,
    or None where it is singular."""
    n = len(rhs)
    rows = [matrix[i][:] + [rhs[i]] for i in range(n)]
    for c in range(n):
        pivot = max(range(c, n), key=lambda r: abs(rows[r][c]))
        if abs(rows[pivot][c]) < 1e-12:
            return None
        rows[c], rows[pivot] = rows[pivot], rows[c]
        lead = rows[c]
        for r in range(n):
            if r != c and rows[r][c]:
                row = rows[r]
                f = row[c] / lead[c]
                for k in range(c, n + 1):
                    row[k] -= f * lead[k]
    return [rows[i][n] / rows[i][i] for i in range(n)]


class LimitFit:
    """The opponent's limit for a lot, as the prices it asked tell it: kept by a reading
    greedy player (``engine.strozzi.policy.Reading``) from move to move."""

    __slots__ = ("answers", "asks", "_beta", "_miss")

    def __init__(self) -> None:
        self.asks: list[tuple[list[float], float]] = []
        """The opponent's asked prices: the seven numbers fitted on, and the price (plus
        half a coin: a price floored to whole coins lies half a coin under its worth on
        average)."""
        self.answers: list[tuple[Worths, float, int, bool]] = []
        """Its answers to our prices: the lot's worth to it by part, the face value, our
        price, and whether it bought."""
        self._beta: list[float] | None = None
        self._miss = 0.0

    def copy(self) -> LimitFit:
        """An independent copy."""
        other = LimitFit()
        other.asks = self.asks[:]
        other.answers = self.answers[:]
        other._beta = self._beta
        other._miss = self._miss
        return other

    def add_ask(self, numbers: list[float], price: int) -> None:
        """Note an asked price by its ``SIZE`` numbers (``saw_ask`` works them out)."""
        self.asks.append((numbers, price + 0.5))
        self._beta = None

    def saw_ask(self, pos: Position, st: StrozziState, min_price: int) -> None:
        """Note the price the opponent asks now (``st`` in its offer, S-8); a price at the
        least one says only that its sum fell there or under, and is left out."""
        price = st.price
        if price is None or price <= min_price:
            return
        asker = st.active
        own = part_worths(pos, asker, st.lot)
        other = part_worths(pos, 1 - asker, st.lot)
        self.add_ask([*own, *other, float(pos.face(st.lot))], price)

    def saw_answer(self, worths: Worths, face: float, price: int, bought: bool) -> None:
        """Note the opponent's answer to a price we asked (S-9)."""
        self.answers.append((worths, face, price, bought))

    def _fit(self) -> list[float] | None:
        """The fitted numbers (None: too few asks, or none that fit)."""
        if self._beta is not None or len(self.asks) < MIN_ASKS:
            return self._beta
        gram = [[0.0] * SIZE for _ in range(SIZE)]
        rhs = [0.0] * SIZE
        for x, y in self.asks:
            for i in range(SIZE):
                xi = x[i]
                rhs[i] += xi * y
                row = gram[i]
                for j in range(SIZE):
                    row[j] += xi * x[j]
        ridge = RIDGE * (max(gram[i][i] for i in range(SIZE)) or 1.0)
        for i in range(SIZE):
            gram[i][i] += ridge
        beta = solve(gram, rhs)
        if beta is None:
            return None
        misses = [y - sum(b * xi for b, xi in zip(beta, x, strict=True)) for x, y in self.asks]
        self._miss = math.sqrt(sum(m * m for m in misses) / len(misses))
        self._beta = beta
        return beta

    def limit(self, worths: Worths, face: float) -> float | None:
        """The most the opponent pays, by the fit, for a lot worth ``worths`` to it (None
        while there is no fit, or the asks stray from it by more than ``TOLERANCE``)."""
        beta = self._fit()
        if beta is None or self._miss > TOLERANCE:
            return None
        # The asker's number and the other side's for each part: a limit is the whole sum
        # on the buyer's own side (its ask weighs both sides, its limit its own alone).
        n = len(PARTS)
        return sum((beta[i] + beta[i + n]) * worths[i] for i in range(n)) + beta[2 * n] * face

    def estimate(self, worths: Worths, face: float) -> tuple[float, float] | None:
        """The opponent's limit for a lot and its spread, where the fit is to be used:
        enough asks and answers, the asks close to it, its answers not against it (fewer
        than ``MISFITS`` of them fall ``MISFIT`` beyond the limit the fit now gives)."""
        if len(self.answers) < MIN_ANSWERS:
            return None
        limit = self.limit(worths, face)
        if limit is None:
            return None
        misfits = 0
        for their, lot_face, price, bought in self.answers:
            was = self.limit(their, lot_face)
            if was is not None and (price > was + MISFIT if bought else price < was - MISFIT):
                misfits += 1
        if misfits >= MISFITS:
            return None
        return limit, max(SPREAD, self._miss)


def price_against(limit: float, spread: float, mine: float, theirs: float,
                  min_price: int) -> int:
    """The price that gains most against an opponent who buys at up to ``limit`` (known
    within ``spread``, a normal error), for a lot worth ``mine`` to us and ``theirs`` to
    it, in coins (S-9, S-10: bought, the opponent pays the price to the bank for the lot;
    declined, we do; each gain is ours less the opponent's). Just under the limit where
    selling gains more, just over it where buying it ourselves cheaply does. ``spread``
    must be above 0."""
    if spread <= 0:
        raise ValueError(f"a limit's spread must be above 0, not {spread}")
    low = max(min_price, int(limit - CHOICES * spread))
    high = max(low, int(limit + CHOICES * spread) + 1)
    root = spread * math.sqrt(2.0)
    best, gain = low, -math.inf
    for price in range(low, high + 1):
        bought = 0.5 * math.erfc((price - limit) / root)
        got = bought * (price - theirs) + (1.0 - bought) * (mine - price)
        if got > gain:
            best, gain = price, got
    return best
