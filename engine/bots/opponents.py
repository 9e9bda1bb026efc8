"""What a bot believes about how each opponent bids, learnt from what it saw them do.

Every bid and pass is public (G-3), and the worth of a lot to each player is computable from
the view, so a bot can watch how much of its worth each opponent is willing to pay. An
opponent is described by two things: the share of a lot's worth it pays at most (a grid,
``WILLING``), and whether it raises by the minimum (``thrifty`` players) or bids its
limit at once. Before any evidence the beliefs are a prior spread over the field's styles;
each observed bid or pass reweighs them (Bayes, with a floor so a surprise never rules a
type out for good). Medici vs Strozzi uses the same beliefs over another grid: how many
times the fair price (by our estimate) an opponent asks and pays.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import TYPE_CHECKING, Any, NamedTuple

from engine.chance import Rng

if TYPE_CHECKING:
    from engine.bots.parts import OpponentModel
    from engine.game import Game

WILLING = (0.35, 0.5, 0.65, 0.8, 0.95, 1.1)
"""Shares of a lot's worth an opponent may pay at most: from thrifty bidders near half to
valuers at all of it and spoilers above."""
PRIOR_MIN_RAISE = 0.4
"""Prior chance that an opponent raises by the minimum rather than bidding its limit."""
SURPRISE = 0.08
"""Likelihood of an action a type would not take (noise: valuations differ between bots)."""


class Kind(NamedTuple):
    """One opponent's type, as a search samples it: the share of a lot's worth it pays at
    most, and whether it raises by the minimum."""

    share: float
    min_raise: bool


class Beliefs:
    """Per opponent: weights over a grid of shares (``WILLING`` unless given) and the chance
    they raise by the minimum."""

    __slots__ = ("grid", "weights", "min_raise", "seen")

    def __init__(self, players: int, grid: tuple[float, ...] = WILLING) -> None:
        self.grid = grid
        self.weights = [[1.0] * len(grid) for _ in range(players)]
        self.min_raise = [PRIOR_MIN_RAISE] * players
        self.seen = [0] * players

    def observe_fit(self, player: int, fits: Callable[[float], bool]) -> None:
        """Reweigh ``player``'s shares by whether each explains what they were seen doing."""
        weights = self.weights[player]
        for i, f in enumerate(self.grid):
            weights[i] *= 1.0 if fits(f) else SURPRISE
        top = max(weights)
        self.weights[player] = [w / top for w in weights]
        self.seen[player] += 1

    def observe(self, player: int, ceiling: int, lo: int, bid: int | None) -> None:
        """``player``, whose ceiling for the lot was ``ceiling``, could bid from ``lo`` and
        bid ``bid`` (None: passed)."""
        if ceiling < 1:
            return  # the lot was worth nothing to them: their action tells nothing
        if bid is None:
            self.observe_fit(player, lambda f: f * ceiling < lo + 0.5)
            return
        self.observe_fit(player, lambda f: f * ceiling >= bid - 0.5)
        p = self.min_raise[player]
        like_min, like_jump = (0.95, 0.3) if bid == lo else (0.05, 0.7)
        self.min_raise[player] = p * like_min / (p * like_min + (1 - p) * like_jump)

    def outbid_chance(self, player: int, ceiling: int, bid: int) -> float:
        """The chance ``player``, with ``ceiling`` for the lot, would pay more than ``bid``."""
        weights = self.weights[player]
        over = sum(w for f, w in zip(self.grid, weights, strict=True) if f * ceiling >= bid + 1)
        return over / sum(weights)

    def sample(self, player: int, rng: Rng) -> Kind:
        """A type for ``player`` drawn from the beliefs."""
        weights = self.weights[player]
        pick = rng.below(1 << 30) / (1 << 30) * sum(weights)
        share = self.grid[-1]
        for f, w in zip(self.grid, weights, strict=True):
            pick -= w
            if pick < 0:
                share = f
                break
        return Kind(share, rng.below(1000) < self.min_raise[player] * 1000)

    def mean_share(self, player: int) -> float:
        """The expected share of worth ``player`` pays at most."""
        weights = self.weights[player]
        return sum(f * w for f, w in zip(self.grid, weights, strict=True)) / sum(weights)


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
