"""What a Medici vs Strozzi position is worth to each player (the ``Evaluator``): money and
half the relative harbour and marker standing each way (docs/rules.md S-14..S-17)."""

from __future__ import annotations

from engine.game import Game
from engine.strozzi.logic import StrozziState
from engine.strozzi.value import StrozziValuation


class StrozziEvaluator:
    """Equity: money plus half the relative standing each way (G-4: only the gap decides)."""

    spread = 25.0
    """Money that makes a clear difference in a game's outcome (for win chances)."""

    def __init__(self, val: StrozziValuation) -> None:
        self.val = val

    def equity(self, game: Game[StrozziState]) -> list[float]:
        """Each player's expected final money: money plus half the relative standing each way."""
        st = game.state
        val = self.val
        money = [float(m) for m in val.logic.money(st)]
        if game.is_over:
            return money
        edge = val.position(st).standing(0)
        return [money[0] + edge / 2, money[1] - edge / 2]

    def outlook(self, game: Game[StrozziState]) -> tuple[list[float], list[float]]:
        """The position as the search weighs it, and the expected final money: the same."""
        equity = self.equity(game)
        return equity, equity

    def horizon(self, game: Game[StrozziState]) -> int:
        """Rollouts stop where the round changes."""
        number: int = game.state.round
        return number

    def scorings_left(self, game: Game[StrozziState]) -> int:
        """Rounds still to be scored, the one under way included."""
        return 0 if game.is_over else self.val.rounds - game.state.round + 1
