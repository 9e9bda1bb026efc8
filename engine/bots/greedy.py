"""The ``greedy`` bot: values what is on offer and bids, prices or draws by that value."""

from __future__ import annotations

from engine.actions import Action
from engine.bots.base import Analysis, Bot, Turn
from engine.bots.models import learn, model_for
from engine.game import game_from_view


class GreedyBot(Bot):
    """One-step judgement, no search: fast (about a millisecond a move) and thrifty.

    It rebuilds a game from the view (the hidden cards sampled, which it never uses) and
    asks the game's model for the greedy move. In an auction it bids what maximises the
    chance that no later bidder outbids it times its profit, with what it has seen each
    opponent pay so far (``engine.bots.opponents``).
    """

    random_per_view = False  # the greedy move does not depend on the sampled cards

    def _choose(self, turn: Turn) -> Action:
        legal = turn.legal
        if len(legal) == 1 and isinstance(legal[0], Action):
            return legal[0]
        game = game_from_view(turn.variant, turn.view, turn.rng.next64())
        model = model_for(turn.variant)
        model.beliefs = learn(model, game, self.memory, turn.view["viewer"])
        return model.policy(game)

    def _analyse(self, turn: Turn, also: list[Action]) -> list[Analysis]:
        game = game_from_view(turn.variant, turn.view, turn.rng.next64())
        model = model_for(turn.variant)
        model.beliefs = learn(model, game, self.memory, turn.view["viewer"])
        choice = model.policy(game)
        rows = []
        seen = set()
        for action, value in model.greedy_values(game, also):
            if action in seen:
                continue
            seen.add(action)
            note = model.explain(game, action)
            if action == choice:
                note = "greedy's choice; " + note
            rows.append(Analysis(action, round(value, 2), note))
        rows.sort(key=lambda r: (r.action != choice, -r.value))
        return rows
