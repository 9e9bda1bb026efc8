"""What a Medici position is worth to each player: their expected final money (the
``Evaluator`` a search judges positions by, docs/rules.md M-13..M-17)."""

from __future__ import annotations

from typing import Final

from engine.game import Game
from engine.medici.logic import MediciState
from engine.medici.value import MediciValuation

EQUITY_KEEP: Final = 0.8
"""Share of today's majority income a position is expected to earn again on each later day."""
SHIP_SURE: Final = 2.0
"""How much today's expected ship race payout counts when the search weighs positions
(``outlook``): the estimate spreads each ship's final value widely, so it makes the race
look more even than it is (as ``engine.medici.policy.SHIP_WEIGHT`` does for lots).
Measured with ``mcts:300`` against three ``face`` / three ``racer`` at 3 players, 30 games
each: 80% / 63% at 1, 93% / 80% at 2, 93% / 70% at 3."""


class MediciEvaluator:
    """Equity: money, today's ship race and majorities as they stand, later days' income."""

    spread = 12.0
    """Money that makes a clear difference in a game's outcome (for win chances)."""

    def __init__(self, val: MediciValuation) -> None:
        self.val = val

    def equity(self, game: Game[MediciState]) -> list[float]:
        """Each player's expected final money: money, today's ship race and majorities as
        they stand (the rest of the day filled in on average), and later days' track income."""
        return self.outlook(game)[1]

    def outlook(self, game: Game[MediciState]) -> tuple[list[float], list[float]]:
        """Each player's position as the search weighs it (the ship race counted
        ``SHIP_SURE`` times), and their expected final money (``equity``)."""
        st = game.state
        money = [float(m) for m in st.money]
        if game.is_over:
            return money, money
        val = self.val
        pos = val.position(st)
        later = pos.later_days
        table = pos.track_table
        bonus = val.bonus
        for k in range(len(val.commodities)):
            levels = [row[k] for row in pos.eff]
            for q, amount in enumerate(val.majority_payouts(levels, table)):
                money[q] += (
                    pos.majority_standing(q, k)
                    + amount * EQUITY_KEEP * later
                    + bonus[levels[q]] * (1 + later)
                )
        judged = list(money)
        for q in range(pos.n):
            ship = pos.ship_standing(q)
            money[q] += ship
            judged[q] += SHIP_SURE * ship
        return judged, money

    def horizon(self, game: Game[MediciState]) -> int:
        """Rollouts stop where the day changes."""
        day: int = game.state.day
        return day

    def scorings_left(self, game: Game[MediciState]) -> int:
        """Days still to be scored, today's included."""
        return 0 if game.is_over else self.val.days - game.state.day + 1
