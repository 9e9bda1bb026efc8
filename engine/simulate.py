"""Simulating many games: play them with a policy and summarise the outcome per seat."""

from __future__ import annotations

import math
import time
from dataclasses import dataclass, field
from typing import Any, Callable

from engine.actions import Action, Span, amount_action
from engine.chance import Rng
from engine.game import Game, new_game
from engine.rules import Variant, load_variant

Policy = Callable[[Game, Rng], Action]


def random_action(game: Game, rng: Rng) -> Action:
    """A random legal action: a uniform pick among the legal entries, then a uniform amount.

    Picking the entry first keeps auctions from being flooded by the many possible bids.
    Open-ended ranges (prices with loans) are capped at their lower end plus 50.
    """
    legal = game.legal_actions()
    entry = legal[rng.below(len(legal))] if len(legal) > 1 else legal[0]
    if entry.__class__ is Span:
        top = entry.lo + 50 if entry.hi is None else entry.hi  # type: ignore[union-attr]
        return amount_action(entry.kind, entry.lo + rng.below(top - entry.lo + 1))  # type: ignore[union-attr]
    return entry  # type: ignore[return-value]


def play_random(variant: Variant | str, players: int, seed: int) -> Game:
    """One game played to the end by random legal actions (deterministic for a seed)."""
    game = new_game(variant, players, seed=seed)
    rng = Rng(seed ^ 0x5DEECE66D)
    apply = game.apply
    while not game.is_over:
        apply(random_action(game, rng))
    return game


@dataclass
class Summary:
    """Per-seat results of many games."""

    variant: str
    players: int
    games: int = 0
    seconds: float = 0.0
    money: list[list[int]] = field(default_factory=list)
    wins: list[float] = field(default_factory=list)

    def add(self, game: Game) -> None:
        """Count one finished game; a shared victory counts as a fraction to each winner."""
        if not self.money:
            self.money = [[] for _ in range(self.players)]
            self.wins = [0.0] * self.players
        final = game.summary()["money"]
        for seat, amount in enumerate(final):
            self.money[seat].append(amount)
        winners = game.winners
        for seat in winners:
            self.wins[seat] += 1 / len(winners)
        self.games += 1

    def as_dict(self) -> dict[str, Any]:
        """JSON-ready figures: per seat mean money (with a 95% interval) and win share."""
        seats = []
        for seat in range(self.players):
            mean, half = mean_ci(self.money[seat])
            share = self.wins[seat] / self.games if self.games else 0.0
            seats.append(
                {
                    "seat": seat + 1,
                    "mean_money": round(mean, 2),
                    "mean_money_ci95": round(half, 2),
                    "win_share": round(share, 4),
                    "win_share_ci95": round(1.96 * math.sqrt(share * (1 - share) / self.games), 4)
                    if self.games
                    else 0.0,
                }
            )
        return {
            "variant": self.variant,
            "players": self.players,
            "games": self.games,
            "seconds": round(self.seconds, 3),
            "seats": seats,
        }


def mean_ci(values: list[int] | list[float]) -> tuple[float, float]:
    """Mean and the half-width of its 95% normal confidence interval."""
    n = len(values)
    if n == 0:
        return 0.0, 0.0
    mean = sum(values) / n
    if n < 2:
        return mean, 0.0
    var = sum((v - mean) ** 2 for v in values) / (n - 1)
    return mean, 1.96 * math.sqrt(var / n)


def simulate_random(variant: str, players: int, games: int, seed: int) -> Summary:
    """Play ``games`` random games, game i with seed ``seed + i``."""
    var = load_variant(variant)
    summary = Summary(var.name, players)
    start = time.perf_counter()
    for i in range(games):
        summary.add(play_random(var, players, seed + i))
    summary.seconds = time.perf_counter() - start
    return summary
