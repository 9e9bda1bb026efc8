"""The ``mcts`` bot: information-set Monte Carlo tree search over determinizations.

Each iteration samples the hidden cards from what the player cannot see
(``engine.game.game_from_view``), so the search never knows the real pile, and a type for
each opponent from what the bot believes of them (``engine.bots.opponents``: learnt from
their public bids and prices, a prior over the field's styles before that). The tree holds
the player's own decisions, keyed by what the player would have observed on the way
(moves and drawn cards, never the hidden order); the opponents move by their sampled
types. A short rollout (``ROLLOUT_MOVES``, cheap rules for drawing) plays on through the
engine's fast path (``Game.push`` on the sampled game), never past the day's or round's
end, and the model's equity estimate judges the position: the objective is the chance of
winning with the expected rank and money as tie-breaks (``_outcome``).
"""

from __future__ import annotations

import math
import time
from typing import Any, Final

from engine.actions import Action, is_legal
from engine.bots.base import Analysis, Turn
from engine.bots.measure import shown_order, spread_now, win_chance
from engine.bots.opponents import Beliefs, Kind, learn
from engine.bots.parts import AnyParts, Evaluator, ModelBot
from engine.chance import Rng
from engine.errors import quote
from engine.game import Game, game_from_view
from engine.views import Event

DEFAULT_ITERATIONS: Final = 1000
"""Iterations of plain ``mcts`` (the shell's default strength)."""
DEFAULT_SECONDS: Final = 0.9
"""Plain ``mcts`` also stops at this many seconds, counted from the start of the search
(setting up included), so a move takes under a second with room for the rest."""
ROLLOUT_MOVES: Final = 10
"""Moves a rollout plays at most before the model's equity judges the position."""
EXPLORE: Final = 0.35
"""UCB exploration constant (the objective is mostly a chance of winning, 0..1)."""


class Node:
    """A decision of the searching player: statistics per candidate move, then children.

    ``score`` sums the search's objective (``_outcome``): the chance of winning, with the
    expected rank and money as small tie-breaks; ``wins`` and ``money`` are kept apart to
    show a person.
    """

    __slots__ = ("actions", "visits", "score", "wins", "money", "children", "total")

    def __init__(self, actions: list[Action]) -> None:
        self.actions = actions
        self.visits = [0] * len(actions)
        self.score = [0.0] * len(actions)
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
        score = self.score
        for i, v in enumerate(visits):
            bound = score[i] / v + EXPLORE * math.sqrt(log_total / v)
            if bound > best:
                best, best_i = bound, i
        return best_i

    def update(self, i: int, outcome: tuple[float, float, float]) -> None:
        """Count one iteration through move ``i``: (objective, win chance, money)."""
        self.visits[i] += 1
        self.score[i] += outcome[0]
        self.wins[i] += outcome[1]
        self.money[i] += outcome[2]
        self.total += 1

    def mean(self, i: int) -> float:
        """The mean objective of move ``i`` (-1 if never tried)."""
        v = self.visits[i]
        return self.score[i] / v if v else -1.0

    def chosen(self) -> int:
        """The move to play: among the well tried ones (at least half the visits of the most
        visited), the best by the measures a person is shown (win chance, then money, as
        rounded in a hint), then by the objective; so a hint's first move is the best shown."""
        most = max(self.visits)
        tried = [i for i, v in enumerate(self.visits) if v and 2 * v >= most]

        def shown(i: int) -> tuple[int, int, float, int]:
            v = self.visits[i]
            return (round(100 * self.wins[i] / v), round(self.money[i] / v), self.mean(i), v)

        return max(tried, key=shown)


MAX_ITERATIONS: Final = 10**6
"""The most iterations a move may search (at a few thousand a second: minutes a move)."""

MAX_SECONDS: Final = 60.0
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


class MctsBot(ModelBot):
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
        root, first, beliefs = self._search(turn, [], values=False)
        chosen = root.actions[0] if len(root.actions) == 1 else root.actions[root.chosen()]
        self._note(self.parts(turn.variant), first, turn.seat, chosen, beliefs)
        return chosen

    def _analyse(self, turn: Turn, also: list[Action]) -> list[Analysis]:
        root, game, beliefs = self._search(turn, also)
        explain = self.parts(turn.variant).explainer.explain
        chosen = root.actions[root.chosen()]
        rows = []
        for i, action in enumerate(root.actions):
            v = root.visits[i]
            if v == 0:  # the time ran out before every move was tried
                note = "not searched: " + explain(game, action, beliefs, turn.reader)
                rows.append(Analysis(action, 0.0, note))
                continue
            note = f"{explain(game, action, beliefs, turn.reader)} ({v} samples)"
            rows.append(Analysis(action, round(root.mean(i), 4), note,
                                 root.wins[i] / v, root.money[i] / v))
        # The move it makes first, then the others by the measures shown.
        rows.sort(key=lambda r: (r.action != chosen, [-x for x in shown_order(r)]))
        return rows

    # -- the search -----------------------------------------------------------------------------
    def _search(
        self, turn: Turn, also: list[Action], values: bool = True
    ) -> tuple[Node, Game, Beliefs | None]:
        """Search from ``turn``; without ``values`` a single candidate is not searched."""
        clock = time.perf_counter
        deadline = None if self.seconds is None else clock() + self.seconds
        view, variant, rng = turn.view, turn.variant, turn.rng
        parts = self.parts(variant)
        me = turn.seat
        first = game_from_view(variant, view, rng.next64())
        if not values:  # a move, not an analysis: what its last bid told, first
            self._settle(parts, first, me)
        beliefs = learn(parts.opponents, first, self.memory, me, self.learnt)
        actions = parts.policy.candidates(first, beliefs)
        legal = first.legal_actions()
        actions += [a for a in also if a not in actions and is_legal(a, legal)]
        root = Node(actions)
        if len(actions) == 1 and not values:
            return root, first, beliefs
        players = len(first.state.names)
        know = beliefs if beliefs is not None else parts.opponents.prior(players)
        budget = self.iterations if self.iterations is not None else 1 << 60
        for it in range(budget):
            if deadline is not None and it & 3 == 0 and clock() > deadline and it:
                break
            game = first.clone() if it == 0 else game_from_view(variant, view, rng.next64())
            # Each opponent's type is drawn for the whole iteration, as the cards are.
            kinds = [None if q == me else know.sample(q, rng) for q in range(players)]
            self._iterate(root, game, parts, beliefs, me, rng, kinds)
        return root, first, beliefs

    def _iterate(
        self, root: Node, game: Game, parts: AnyParts, beliefs: Beliefs | None, me: int,
        rng: Rng, kinds: list[Kind | None],
    ) -> None:
        evaluator = parts.evaluator
        policy = parts.policy
        horizon = evaluator.horizon
        mark = horizon(game)
        path: list[tuple[Node, int]] = []
        node = root
        apply = game.push  # every move below is chosen from the sample's legal moves
        opponent = parts.opponents.move
        while True:
            i = node.select()
            path.append((node, i))
            start = len(game.events)
            apply(node.actions[i])
            # The others move by their sampled types until it is our turn or the day is out.
            while not game.is_over:
                seat = game.current_player
                if seat == me or horizon(game) != mark:
                    break
                apply(opponent(game, kinds[seat], rng))  # type: ignore[index]
            if game.is_over or horizon(game) != mark:
                break
            key = (i, _observed(game.events, start))
            child = node.children.get(key)
            if child is None:
                node.children[key] = Node(policy.candidates(game, beliefs))
                mine = policy.rollout_move
                for _ in range(ROLLOUT_MOVES):
                    if game.is_over or horizon(game) != mark:
                        break
                    seat = game.current_player
                    apply(mine(game, beliefs, rng) if seat == me
                          else opponent(game, kinds[seat], rng))  # type: ignore[index]
                break
            node = child
        outcome = _outcome(game, evaluator, me)
        for n, i in path:
            n.update(i, outcome)


def _observed(events: list[Event], start: int) -> str:
    """What a player sees of the events from ``start``: all but hidden draw orders (G-3)."""
    return repr([e for e in events[start:] if e.get("type") != "order"])


RANK_WEIGHT: Final = 0.05
"""Weight of the expected rank in the search's objective: it breaks near-ties of the win
chance, so a player far behind still prefers the move that gains places."""
MONEY_WEIGHT: Final = 0.02
"""Weight of the expected money (against the others' mean) in the objective: it breaks the
ties that remain, so a clearly profitable move never ranks below a pass."""
MONEY_SCALE: Final = 10.0
"""Money differences are measured in this many of the model's spreads (120 florins in
Medici): a lead of that much adds ``MONEY_WEIGHT`` to the objective."""
RANK_SPREAD: Final = 3.0
"""The expected rank uses a spread this many times the win chance's."""


def _outcome(game: Game, evaluator: Evaluator[Any], me: int) -> tuple[float, float, float]:
    """The searching player's objective from here, their chance of winning and their
    expected final money.

    The objective is the chance of winning, plus small terms for the expected share of
    rivals beaten and for money above the rivals' mean, so no position values every move
    at zero (a player who cannot win still plays for places and money).
    """
    equity, money = evaluator.outlook(game)
    n = len(equity)
    mine = equity[me]
    spread = spread_now(evaluator, game)
    if game.is_over:
        winners = game.winners
        win = 1.0 / len(winners) if me in winners else 0.0
    else:
        win = win_chance(equity, me, spread)
    beaten = 0.0
    rest = 0.0
    wide = RANK_SPREAD * spread  # wide, so a player far behind still sees places to gain
    for q, e in enumerate(equity):
        if q != me:
            beaten += 1.0 / (1.0 + math.exp(min(50.0, (e - mine) / wide)))
            rest += e
    rivals = max(1, n - 1)
    # Linear, never saturating: every florin counts, however far ahead or behind.
    ahead = (mine - rest / rivals) / (MONEY_SCALE * evaluator.spread)
    return (
        win + RANK_WEIGHT * beaten / rivals + MONEY_WEIGHT * ahead,
        win,
        money[me],
    )
