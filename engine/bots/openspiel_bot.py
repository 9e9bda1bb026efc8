"""OpenSpiel's search bots at our table: ``openspiel-ismcts[:N]`` and ``openspiel-mcts[:N]``.

The bot is given a player's view only (G-3), as every bot is; it rebuilds an OpenSpiel
state from it (``engine.spiel.game.state_from_view``: the pile stays an
unknown order, drawn card by card at chance nodes) and lets OpenSpiel's Python search
choose: ``ISMCTSBot`` (information-set MCTS, which resamples the state from the
information state each simulation) or ``MCTSBot``. Both use random rollouts to the end of
the game and the win/loss utility (G-4: winners share 1), N simulations a move, and play the
most visited move; ``analyse`` gives each searched move's mean win share and visits. Needs
the extra ``openspiel``.
"""

from __future__ import annotations

import importlib.util
from typing import TYPE_CHECKING, Any

from engine.actions import Action
from engine.bots.base import Analysis, Bot, BotError, Turn

if TYPE_CHECKING:  # the OpenSpiel games import OpenSpiel, an extra: only when the bot searches
    from engine.spiel.game import MediciSpielGame

DEFAULT_SIMULATIONS = 100
"""Simulations a move when the spec gives no N."""
MAX_SIMULATIONS = 10**6
"""The most simulations a move a spec may ask for."""
UCT_C = 2.0
"""The exploration constant (OpenSpiel's examples use 2 for rewards in 0..1)."""
KINDS = {"openspiel-ismcts": "ismcts", "openspiel-mcts": "mcts"}
"""Spec names and the OpenSpiel search each seats."""
HELP = {
    "openspiel-ismcts": f"OpenSpiel's ISMCTS, N simulations a move (default {DEFAULT_SIMULATIONS}, "
                        "at most 10**6); needs the extra openspiel",
    "openspiel-mcts": "OpenSpiel's MCTS on the same rebuilt state",
}
"""Help for the specs this module adds (``engine.bots.kinds`` lists them)."""


def parse_spec(spec: str, name: str, budget: str) -> tuple[str, str, int | None, None]:
    """``(label, name, simulations, None)`` for an ``openspiel-*`` spec; BotError if bad."""
    if name not in KINDS:
        raise BotError(f"unknown bot {spec!r}: OpenSpiel bots are {', '.join(KINDS)}")
    simulations = DEFAULT_SIMULATIONS
    if budget:
        if not (budget.isascii() and budget.isdigit()) or not 1 <= int(budget) <= MAX_SIMULATIONS:
            raise BotError(
                f"bot {spec!r}: N is a whole number of simulations from 1 to {MAX_SIMULATIONS}"
            )
        simulations = int(budget)
    if importlib.util.find_spec("pyspiel") is None:
        raise BotError(
            f"bot {spec!r} needs OpenSpiel: pip install 'medici[openspiel]' (open-spiel)"
        )
    label = f"{name}:{budget}" if budget else name
    return label, name, simulations, None


class OpenSpielBot(Bot):
    """OpenSpiel's ISMCTS or MCTS, deciding from a player's view."""

    def __init__(self, spec: str, seed: int | None, kind: str, simulations: int) -> None:
        super().__init__(spec, seed)
        self.kind = kind
        self.simulations = simulations
        self._games: dict[tuple[str, int], MediciSpielGame] = {}

    def _search(self, turn: Turn) -> tuple[MediciSpielGame, list[tuple[int, int, float]]]:
        """The game and, per root move searched, ``(action id, visits, mean win share)``."""
        import numpy as np
        from open_spiel.python.algorithms import ismcts, mcts

        from engine.spiel import game as spiel

        variant = turn.variant
        players = len(turn.view["players"])
        key = (variant.digest, players)
        game = self._games.get(key)
        if game is None:
            game = self._games[key] = spiel.game_for(variant, players, utility="win")
        state = spiel.state_from_view(game, turn.view, turn.rng.next64())
        rs = np.random.RandomState(turn.rng.next64() & 0xFFFFFFFF)
        evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rs)
        if self.kind == "ismcts":
            bot: Any = ismcts.ISMCTSBot(game, evaluator, UCT_C, self.simulations, random_state=rs)
            bot.run_search(state)
            stats = [
                (a, c.visits, c.return_sum / c.visits if c.visits else 0.0)
                for a, c in bot._root_node.child_info.items()
            ]
        else:
            bot = mcts.MCTSBot(game, UCT_C, self.simulations, evaluator, random_state=rs,
                               solve=False)
            root = bot.mcts_search(state)
            stats = [
                (c.action, c.explore_count,
                 c.total_reward / c.explore_count if c.explore_count else 0.0)
                for c in root.children
            ]
        # Most visited first, then the better mean; ties to the lowest id (reproducible).
        stats.sort(key=lambda row: (-row[1], -row[2], row[0]))
        return game, stats

    def _choose(self, turn: Turn) -> Action:
        legal = turn.legal
        if len(legal) == 1 and isinstance(legal[0], Action):
            return legal[0]
        game, stats = self._search(turn)
        return game.actions.action(int(stats[0][0]))

    def _analyse(self, turn: Turn, also: list[Action]) -> list[Analysis]:
        game, stats = self._search(turn)
        rows = [
            Analysis(game.actions.action(int(a)), round(win, 4),
                     f"{self.kind}: win ~{win:.0%} ({visits} visits)")
            for a, visits, win in stats
        ]
        seen = {r.action for r in rows}
        rows += [Analysis(a, 0.0, f"{self.kind}: not searched") for a in also if a not in seen]
        return rows


def make(label: str, name: str, simulations: int | None, seed: int | None) -> Bot:
    """The bot for a parsed ``openspiel-*`` spec."""
    return OpenSpielBot(label, seed, KINDS[name], simulations or DEFAULT_SIMULATIONS)
