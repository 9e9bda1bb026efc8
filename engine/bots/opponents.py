"""What a bot believes about how each opponent values lots and how much of it they pay,
learnt from what it saw them do.

Every bid, pass and asked price is public (G-3), and what a lot is worth to each player by
several valuations is computable from the view, so a bot can watch which valuation explains
an opponent's moves and how much of it they pay. A game's opponent model names its
valuations (``ours``: our own model's estimate; ``face``: the face values; a race, the
majorities, a mix...) and a grid of shares (``WILLING``: from misers at a tenth and
thrifty bidders near half to spoilers above the whole); an opponent's *type* is one
valuation and one share, and whether they raise by the minimum or bid their limit at
once. Before any evidence the weights are a prior over the field (the game's, by
valuation; over ``WILLING``'s shares, misers less likely: ``SHARE_LEAN``); each observed
bid or pass reweighs every type by whether it explains it (Bayes, with a floor,
``SURPRISE``, so a surprise never rules a type out for good).
"""

from __future__ import annotations

import math
from bisect import bisect_left
from collections.abc import Callable, Hashable, Sequence
from typing import TYPE_CHECKING, Any, Final, NamedTuple

from engine.chance import Rng

if TYPE_CHECKING:
    from engine.bots.parts import OpponentModel
    from engine.game import Game

WILLING = (0.1, 0.2, 0.35, 0.5, 0.65, 0.8, 0.95, 1.1)
"""Shares of a lot's worth an opponent may pay at most: from misers who keep their money
(a tenth or a fifth of it) and thrifty bidders near half to valuers at all of it and
spoilers above. The misers' shares came from ``medici exploit greedy``: its best exploiter
pays a fifth of its worth, which a grid from 0.35 could not explain, so greedy overbid
against it (32.8% of 160 games as the single seat against three of it; with them 40.0% as
likely as the rest before evidence, 39.4% half as likely, 35.3% 0.3 times as likely, 33.1%
a tenth as likely: ``SHARE_LEAN``)."""
SHARE_LEAN = (0.3, 0.3, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0)
"""Before any evidence, how likely each of ``WILLING``'s shares is: misers 0.3 times as
likely as the rest. As likely, they explain a ``collector``'s bids as well as its own
valuation does (55.7% of the weight on it after two games, against over 80% with 0.3)."""
PRIOR_MIN_RAISE: Final = 0.4
"""Prior chance that an opponent raises by the minimum rather than bidding its limit."""
SURPRISE: Final = 0.08
"""Likelihood of an action a type would not take (noise: valuations differ between bots)."""
NEAR_MISS: Final = 0.5
"""Money by which an action may miss what a type would do and still look much like it: the
likelihood falls from 1 by a factor e for each ``NEAR_MISS`` off, down to ``SURPRISE``
(a player a little above or below a type's limit is that type more likely than one far off;
measured on whole games of the field's styles: 0.5 tells face bidders from ours better than
a hard cut or 1.5)."""


class Kind(NamedTuple):
    """One opponent's type, as a search samples it: the valuation it judges lots by (an
    index into the game's valuations), the share of that worth it pays at most, and whether
    it raises by the minimum."""

    valuation: int
    share: float
    min_raise: bool


class OutbidTable(NamedTuple):
    """One opponent's limits for one lot, ascending, and the share of belief at or above
    each (``tail[i]``; ``tail[len(limits)]`` is 0)."""

    limits: list[float]
    tail: list[float]

    def over(self, amount: int) -> float:
        """The chance the opponent would pay more than ``amount`` (``Beliefs.outbid_chance``)."""
        return self.tail[bisect_left(self.limits, amount + 1)]


class Beliefs:
    """Per opponent: weights over every (valuation, share) type and the chance they raise by
    the minimum.

    ``weights[player]`` is flat, valuation-major: type ``v * len(grid) + i`` is valuation
    ``v`` with share ``grid[i]``. ``prior`` weighs the valuations before any evidence
    (equal if not given).
    """

    __slots__ = ("valuations", "grid", "weights", "min_raise", "seen", "_types")

    def __init__(
        self,
        players: int,
        grid: tuple[float, ...] = WILLING,
        valuations: Sequence[str] = ("ours",),
        prior: Sequence[float] | None = None,
        shares: Sequence[float] | None = None,
    ) -> None:
        self.valuations = tuple(valuations)
        self.grid = grid
        lean = list(prior) if prior is not None else [1.0] * len(self.valuations)
        if len(lean) != len(self.valuations):
            raise ValueError("one prior weight per valuation")
        per = list(shares) if shares is not None else (
            list(SHARE_LEAN) if grid == WILLING else [1.0] * len(grid))
        if len(per) != len(grid):
            raise ValueError("one prior weight per share")
        top = max(lean) * max(per)
        row = [w * f / top for w in lean for f in per]
        self.weights = [row[:] for _ in range(players)]
        self.min_raise = [PRIOR_MIN_RAISE] * players
        self.seen = [0] * players
        self._types = [(v, f) for v in range(len(self.valuations)) for f in grid]

    def observe_fit(self, player: int, miss: Callable[[int, float], float]) -> None:
        """Reweigh ``player``'s types by how far each (valuation, share) misses what they were
        seen doing (``miss``: 0 where the type explains it, else how much money off)."""
        weights = self.weights[player]
        for i, (v, f) in enumerate(self._types):
            off = miss(v, f)
            if off > 0:
                weights[i] *= max(SURPRISE, math.exp(-off / NEAR_MISS))
        top = max(weights)
        self.weights[player] = [w / top for w in weights]
        self.seen[player] += 1

    def observe(self, player: int, ceilings: Sequence[float], lo: int, bid: int | None) -> None:
        """``player``, for whom the lot was worth ``ceilings`` (one per valuation, capped by
        what they can pay), could bid from ``lo`` and bid ``bid`` (None: passed)."""
        if max(ceilings) < 1:
            return  # the lot was worth nothing to them by any measure: it tells nothing
        if bid is None:  # a type whose limit reaches ``lo`` would have bid
            self.observe_fit(player, lambda v, f: max(0.0, f * ceilings[v] - lo + 0.5))
            return
        self.observe_fit(player, lambda v, f: max(0.0, bid - 0.5 - f * ceilings[v]))
        p = self.min_raise[player]
        like_min, like_jump = (0.95, 0.3) if bid == lo else (0.05, 0.7)
        self.min_raise[player] = p * like_min / (p * like_min + (1 - p) * like_jump)

    def outbid_chance(self, player: int, ceilings: Sequence[float], bid: int) -> float:
        """The chance ``player``, with ``ceilings`` (one per valuation), would pay more
        than ``bid``."""
        weights = self.weights[player]
        over = 0.0
        for w, (v, f) in zip(weights, self._types, strict=True):
            if f * ceilings[v] >= bid + 1:
                over += w
        return over / sum(weights)

    def outbid_table(self, player: int, ceilings: Sequence[float]) -> OutbidTable:
        """``outbid_chance`` for every amount at once: the limits of ``player``'s types for
        a lot worth ``ceilings`` to them, ascending, with the share of weight at or above
        each (``OutbidTable.over``)."""
        weights = self.weights[player]
        pairs = sorted(
            (f * ceilings[v], w) for w, (v, f) in zip(weights, self._types, strict=True)
        )
        limits = [limit for limit, _ in pairs]
        tail = [0.0] * (len(pairs) + 1)
        acc = 0.0
        for i in range(len(pairs) - 1, -1, -1):
            acc += pairs[i][1]
            tail[i] = acc
        # Divided by the sum as accumulated, so the whole is exactly 1 (summed in another
        # order, weights of a tenth leave 1 - 1e-16, a chance that is not there).
        for i in range(len(pairs)):
            tail[i] /= acc
        return OutbidTable(limits, tail)

    def sample(self, player: int, rng: Rng) -> Kind:
        """A type for ``player`` drawn from the beliefs."""
        weights = self.weights[player]
        pick = rng.below(1 << 30) / (1 << 30) * sum(weights)
        chosen = self._types[-1]
        for w, t in zip(weights, self._types, strict=True):
            pick -= w
            if pick < 0:
                chosen = t
                break
        return Kind(chosen[0], chosen[1], rng.below(1000) < self.min_raise[player] * 1000)

    def valuation_weights(self, player: int) -> list[float]:
        """How much each valuation explains ``player``'s moves: weights summing to 1."""
        weights = self.weights[player]
        n = len(self.grid)
        per = [sum(weights[v * n : (v + 1) * n]) for v in range(len(self.valuations))]
        total = sum(per)
        return [w / total for w in per]

    def paid_shares(self, player: int) -> list[float]:
        """Per valuation, the share of that worth ``player`` is expected to pay at most, times
        the valuation's weight: ``sum(paid_shares[v] * worth[v])`` is the expected limit."""
        weights = self.weights[player]
        total = sum(weights)
        n = len(self.grid)
        grid = self.grid
        return [
            sum(weights[v * n + i] * grid[i] for i in range(n)) / total
            for v in range(len(self.valuations))
        ]

    def mean_share(self, player: int) -> float:
        """The expected share of its own valuation's worth ``player`` pays at most."""
        weights = self.weights[player]
        # The float start: compiled by mypyc, one sum() divided by another fails at run time
        # ("int object expected"), each being typed float-or-int 0; the value is the same.
        return sum(f * w for w, (_, f) in zip(weights, self._types, strict=True)) / sum(
            weights, 0.0)

    def likeliest(self, player: int) -> tuple[str, float]:
        """The valuation that best explains ``player``'s moves, and its weight (0..1)."""
        per = self.valuation_weights(player)
        best = max(range(len(per)), key=lambda v: per[v])
        return self.valuations[best], per[best]


def learn(
    opponents: OpponentModel, game: Game, memory: dict[Hashable, list[Any]], me: int
) -> Beliefs | None:
    """Beliefs about the opponents of ``me`` from what was seen: ``memory`` (one entry per
    sale, kept by the bot across its decisions) and the sale under way, which is added to it.
    None while nothing has been seen (the model's prior then applies)."""
    got = opponents.evidence(game)
    if got is not None:
        memory[got[0]] = got[1]
    if not memory:
        return None
    beliefs = opponents.prior(len(game.state.names))
    for seen in memory.values():
        for sighting in seen:
            if sighting[0] != me:
                opponents.observe(beliefs, sighting)
    return beliefs
