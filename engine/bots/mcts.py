"""The ``mcts`` bot: information-set Monte Carlo tree search over determinizations.

Each iteration samples the hidden cards from what the player cannot see
(``engine.game.game_from_view``), so the search never knows the real pile. The tree holds
the player's own decisions, keyed by what the player would have observed on the way
(moves and drawn cards, never the hidden order); the other players move by the game
model's greedy policy with a little noise. A rollout plays on with that policy through the
engine's fast path (``Game.apply`` on the sampled game) until the day or round ends, and
the model's equity estimate turns the position into a chance of winning.
"""

from __future__ import annotations

import json
import math
import time
from typing import Any

from engine.actions import Action, is_legal
from engine.bots.base import Analysis, Bot, Turn
from engine.bots.models import Model, model_for
from engine.chance import Rng
from engine.errors import quote
from engine.game import Game, game_from_view

DEFAULT_ITERATIONS = 250
"""Iterations of plain ``mcts`` (the shell's default strength)."""
DEFAULT_SECONDS = 1.0
"""Plain ``mcts`` also stops at this many seconds, so a move takes about a second at most."""
ROLLOUT_MOVES = 30
"""Moves a rollout plays at most before the model's equity judges the position."""
EXPLORE = 0.35
"""UCB exploration constant (rewards are chances of winning, 0..1)."""
NOISE = 0.1
"""Share of the policy's bids that rollouts jitter, so the search does not trust them blindly."""


class Node:
    """A decision of the searching player: statistics per candidate move, then children."""

    __slots__ = ("actions", "visits", "wins", "money", "children", "total")

    def __init__(self, actions: list[Action]) -> None:
        self.actions = actions
        self.visits = [0] * len(actions)
        self.wins = [0.0] * len(actions)
        self.money = [0.0] * len(actions)
        self.children: dict[tuple[int, str], Node] = {}
        self.total = 0

    def select(self) -> int:
        """UCB1: untried moves first (in order), then the best upper bound."""
        visits = self.visits
        for i, v in enumerate(visits):
            if v == 0:
                return i
        log_total = math.log(self.total)
        best, best_i = -1.0, 0
        wins = self.wins
        for i, v in enumerate(visits):
            score = wins[i] / v + EXPLORE * math.sqrt(log_total / v)
            if score > best:
                best, best_i = score, i
        return best_i

    def update(self, i: int, win: float, money: float) -> None:
        """Count one iteration through move ``i``."""
        self.visits[i] += 1
        self.wins[i] += win
        self.money[i] += money
        self.total += 1

    def best(self) -> int:
        """The most visited move (the most robust), ties to the higher win rate."""
        return max(
            range(len(self.actions)),
            key=lambda i: (self.visits[i], self.wins[i] / self.visits[i] if self.visits[i] else 0),
        )


MAX_ITERATIONS = 10**6
"""The most iterations a move may search (at a few thousand a second: minutes a move)."""

MAX_SECONDS = 60.0
"""The longest a move may search; a record or a command line may ask for no more."""


def parse_budget(text: str) -> tuple[int | None, float | None]:
    """``2000``: 2000 iterations; ``1s``, ``0.5s``, ``250ms``: seconds. ValueError if neither,
    or if the budget is above ``MAX_ITERATIONS`` iterations or ``MAX_SECONDS`` seconds."""
    word = text.strip().lower()
    shown = quote(text, 40)
    try:
        if len(word) > 20:
            raise ValueError(word)
        if word.endswith("ms"):
            seconds = float(word[:-2]) / 1000
        elif word.endswith("s"):
            seconds = float(word[:-1])
        else:
            iterations = int(word)
            if iterations < 1:
                raise ValueError(word)
            if iterations > MAX_ITERATIONS:
                raise OverflowError(f"at most {MAX_ITERATIONS} iterations")
            return iterations, None
    except OverflowError as err:
        raise ValueError(f"mcts budget {shown}: {err}") from None
    except ValueError:
        raise ValueError(
            f"mcts budget {shown}: give iterations (mcts:2000) or time (mcts:1s, mcts:250ms)"
        ) from None
    if not 0 < seconds <= MAX_SECONDS or math.isnan(seconds):
        raise ValueError(
            f"mcts budget {shown}: time must be above 0 and at most {MAX_SECONDS:g} seconds"
        )
    return None, seconds


class MctsBot(Bot):
    """Search with a budget of iterations (reproducible) or of time (as fast as the machine).

    ``mcts`` alone runs ``DEFAULT_ITERATIONS`` iterations but stops at ``DEFAULT_SECONDS``:
    reproducible on any machine fast enough to finish them in time.
    """

    def __init__(
        self,
        spec: str,
        seed: int | None = None,
        iterations: int | None = None,
        seconds: float | None = None,
    ) -> None:
        super().__init__(spec, seed)
        if iterations is None and seconds is None:
            iterations, seconds = DEFAULT_ITERATIONS, DEFAULT_SECONDS
        self.iterations = iterations
        self.seconds = seconds

    def _choose(self, turn: Turn) -> Action:
        legal = turn.legal
        if len(legal) == 1 and isinstance(legal[0], Action):
            return legal[0]
        root, _ = self._search(turn, [], values=False)
        if len(root.actions) == 1:
            return root.actions[0]
        return root.actions[root.best()]

    def _analyse(self, turn: Turn, also: list[Action]) -> list[Analysis]:
        root, game = self._search(turn, also)
        model = model_for(turn.variant)
        chosen = root.best()
        rows = []
        for i, action in enumerate(root.actions):
            v = root.visits[i]
            if v == 0:  # the time ran out before every move was tried
                rows.append(Analysis(action, 0.0, "not searched: " + model.explain(game, action)))
                continue
            win = root.wins[i] / v
            note = (
                f"win ~{win:.0%}, final money ~{root.money[i] / v:.0f} ({v} samples); "
                + model.explain(game, action)
            )
            rows.append(Analysis(action, round(win, 4), note))
        rows.sort(key=lambda r: (r.action != root.actions[chosen], -r.value))
        return rows

    # -- the search -----------------------------------------------------------------------------
    def _search(
        self, turn: Turn, also: list[Action], values: bool = True
    ) -> tuple[Node, Game]:
        """Search from ``turn``; without ``values`` a single candidate is not searched."""
        view, variant, rng = turn.view, turn.variant, turn.rng
        model = model_for(variant)
        me = view["viewer"]
        first = game_from_view(variant, view, rng.next64())
        actions = model.candidates(first)
        legal = first.legal_actions()
        actions += [a for a in also if a not in actions and is_legal(a, legal)]
        root = Node(actions)
        if len(actions) == 1 and not values:
            return root, first
        budget = self.iterations if self.iterations is not None else 1 << 60
        deadline = None if self.seconds is None else time.perf_counter() + self.seconds
        clock = time.perf_counter
        for it in range(budget):
            if deadline is not None and it & 3 == 0 and clock() > deadline and it:
                break
            game = first.clone() if it == 0 else game_from_view(variant, view, rng.next64())
            self._iterate(root, game, model, me, rng)
        return root, first

    def _iterate(self, root: Node, game: Game, model: Model, me: int, rng: Rng) -> None:
        mark = model.horizon(game)
        path: list[tuple[Node, int]] = []
        node = root
        apply = game.apply
        policy = model.policy
        while True:
            i = node.select()
            path.append((node, i))
            start = len(game.events)
            apply(node.actions[i])
            # The others move by the policy until it is our turn again or the day is out.
            while not game.is_over and game.current_player != me and model.horizon(game) == mark:
                apply(policy(game, rng, NOISE))
            if game.is_over or model.horizon(game) != mark:
                break
            key = (i, _observed(game.events[start:]))
            child = node.children.get(key)
            if child is None:
                node.children[key] = Node(model.candidates(game))
                for _ in range(ROLLOUT_MOVES):
                    if game.is_over or model.horizon(game) != mark:
                        break
                    apply(policy(game, rng, NOISE))
                break
            node = child
        win, money = _outcome(game, model, me)
        for n, i in path:
            n.update(i, win, money)


def _observed(events: list[dict[str, Any]]) -> str:
    """What a player sees of these events: all but hidden draw orders (G-3)."""
    return json.dumps([e for e in events if e.get("type") != "order"], sort_keys=True)


def _outcome(game: Game, model: Model, me: int) -> tuple[float, float]:
    """The searching player's chance of winning from here, and their expected final money."""
    equity = model.equity(game)
    if game.is_over:
        winners = game.winners
        return (1.0 / len(winners) if me in winners else 0.0), equity[me]
    spread = model.spread * math.sqrt(max(1, model.scorings_left(game)))
    top = max(equity)
    weights = [math.exp((e - top) / spread) for e in equity]
    return weights[me] / sum(weights), equity[me]

