"""The ``greedy`` bot: values what is on offer and bids, prices or draws by that value."""

from __future__ import annotations

from typing import Any

from engine.actions import Action
from engine.bots.base import Analysis, Turn
from engine.bots.measure import shown_order, spread_now, win_chance
from engine.bots.opponents import learn
from engine.bots.parts import ModelBot, Policy, Reader, reader_of, reads_beliefs
from engine.game import Game, game_from_view


class GreedyBot(ModelBot):
    """One-step judgement, no search: fast (about a millisecond a move) and thrifty.

    It rebuilds a game from the view (the hidden cards left in the order the game lists
    them, unshuffled: it never reads them, ``game_from_view(..., sample=False)``) and asks
    its policy for the greedy move. In an auction it bids what maximises the
    chance that no later bidder outbids it times its profit, with what it has seen each
    opponent pay so far (``engine.bots.opponents``); where the game's policy reads no
    beliefs (``reads_beliefs``: Medici vs Strozzi's prices are fair by its own worths), it
    learns nothing for the move, but a policy that reads (``engine.bots.parts.Reader``)
    updates the bot's ``reading`` with each move, at no cost beyond the move's own worths
    (Medici vs Strozzi's reads prices asked off the fair one,
    ``engine.strozzi.policy.Reading``).
    """

    random_per_view = False  # the greedy move does not depend on the hidden cards
    reads_prices = True
    """Whether it reads what its opponent asks, where its game's policy reads
    (``engine.bots.parts.Reader``); the levels' greedy does not (``engine.bots.levels``)."""

    def __init__(self, spec: str, seed: int | None = None) -> None:
        super().__init__(spec, seed)
        self.reading: Any = None
        """What its policy read of the opponent so far, where the policy reads
        (``engine.bots.parts.Reader``; None until its first move)."""

    def _choose(self, turn: Turn) -> Action:
        legal = turn.legal
        if len(legal) == 1 and isinstance(legal[0], Action):
            return legal[0]
        return self._move(game_from_view(turn.variant, turn.view, self.seed, sample=False),
                          turn.seat)

    def choose_in(self, game: Game, seat: int) -> Action:
        """``choose`` for a runner that holds the game: the same move, the seat's game
        built from the game (``seat_game``) instead of from its view."""
        if type(self)._choose is not GreedyBot._choose:
            return super().choose_in(game, seat)  # a subclass moves otherwise: by the view
        return self._choose_in_own(game, seat, lambda own: self._move(own, seat))

    def _move(self, game: Game, seat: int) -> Action:
        """The greedy move of ``seat`` in its own game (rebuilt from what it sees)."""
        parts = self.parts(game.variant)
        policy = parts.policy
        reader = self._reader(policy)
        if reader is not None:
            if self.reading is None:
                self.reading = reader.new_reading()
            return reader.read_move(game, self.reading)
        if not reads_beliefs(policy):
            return policy.move(game, None)  # nothing learnt would change the move
        self._settle(parts, game, seat)
        beliefs = learn(parts.opponents, game, self.memory, seat, self.learnt)
        move = policy.move(game, beliefs)
        self._note(parts, game, seat, move, beliefs)
        return move

    def _reader(self, policy: Policy[Any]) -> Reader[Any] | None:
        """``policy`` as a ``Reader`` where its moves read what this bot saw of the
        opponent (a policy that reads no beliefs, and a bot that reads prices), else None."""
        if reads_beliefs(policy) or not self.reads_prices:
            return None
        return reader_of(policy)

    def _analyse(self, turn: Turn, also: list[Action]) -> list[Analysis]:
        parts = self.parts(turn.variant)
        me = turn.seat
        game = game_from_view(turn.variant, turn.view, self.seed, sample=False)
        beliefs = learn(parts.opponents, game, self.memory, me, self.learnt)
        reader = self._reader(parts.policy)
        if reader is not None:
            # The move ``_choose`` would make, on a copy: an analysis changes no reading.
            reading = reader.new_reading() if self.reading is None else self.reading.copy()
            choice = reader.read_move(game, reading)
        else:
            choice = parts.policy.move(game, beliefs)
        explainer = parts.explainer
        judged, equity = parts.evaluator.outlook(game)
        spread = spread_now(parts.evaluator, game)
        rows = []
        seen = set()
        for action, value in explainer.greedy_values(game, beliefs, also):
            if action in seen:
                continue
            seen.add(action)
            # The money a move gains on its own, added to what the position is worth to
            # the player, read as a chance of winning against the others' as they stand.
            odds = explainer.shift(judged, me, value)
            note = explainer.explain(game, action, beliefs, turn.reader)
            rows.append(Analysis(action, round(value, 2), note,
                                 win_chance(odds, me, spread),
                                 explainer.shift(equity, me, value)[me]))
        # The move it makes first, then the others by the measures shown.
        rows.sort(key=lambda r: (r.action != choice, [-x for x in shown_order(r)]))
        return rows
