"""The per-game judgement bots use (valuation, greedy policy, search moves), by game id."""

from __future__ import annotations

from importlib import import_module
from typing import Any, Protocol

from engine.actions import Action
from engine.chance import Rng
from engine.game import Game
from engine.rules import Variant

MODELS = {
    "medici": ("engine.bots.medici_value", "MediciModel"),
    "medici-vs-strozzi": ("engine.bots.strozzi_value", "StrozziModel"),
}
"""Game id -> (module, class) of its model."""


class Model(Protocol):
    """What the greedy and search bots need from a game's model."""

    spread: float
    """Money that makes a clear difference in a game's outcome (turns equity into win chances)."""

    def policy(self, game: Game, rng: Rng | None = None, noise: float = 0.0) -> Action:
        """The greedy move of the player to act (``noise`` > 0: jittered, for rollouts)."""

    def candidates(self, game: Game) -> list[Action]:
        """The moves a search considers for the player to act."""

    def horizon(self, game: Game) -> Any:
        """A mark that changes where a rollout stops to evaluate (a day, a round)."""

    def equity(self, game: Game) -> list[float]:
        """Each player's expected final money from here."""

    def scorings_left(self, game: Game) -> int:
        """Scorings still to come (days or rounds), today's included."""

    def explain(self, game: Game, action: Action) -> str:
        """One line on what ``action`` means for the player to act."""

    def greedy_values(self, game: Game, also: list[Action]) -> list[tuple[Action, float]]:
        """Moves with the greedy estimate of the money each gains."""


class ModelBase:
    """What the game models share: stages (days or rounds) and a cached ``Position``.

    A subclass names its stage slot (``stage``: the state's day or round counter) and how
    many there are (``stages``), and builds a position with ``new_position``;
    ``position_key`` says when a cached one is out of date.
    """

    stage: str
    stages: int

    def __init__(self) -> None:
        self._pos: Any = None
        self._pos_key: tuple[Any, ...] | None = None

    def new_position(self, st: Any) -> Any:
        """A fresh Position of ``st``."""
        raise NotImplementedError

    def position_key(self, st: Any) -> tuple[Any, ...]:
        """What a cached Position of ``st`` depends on."""
        raise NotImplementedError

    def position(self, st: Any) -> Any:
        """The Position of a state, reused while nothing it depends on changes."""
        key = self.position_key(st)
        pos = self._pos
        if pos is not None and pos.st is st and self._pos_key == key:
            return pos
        pos = self.new_position(st)
        self._pos, self._pos_key = pos, key
        return pos

    def horizon(self, game: Game) -> Any:
        """Rollouts stop where the day or round changes."""
        return getattr(game.state, self.stage)

    def scorings_left(self, game: Game) -> int:
        """Days or rounds still to be scored, the one under way included."""
        return 0 if game.is_over else self.stages - getattr(game.state, self.stage) + 1


_MODELS: dict[int, tuple[Variant, Model]] = {}


def model_for(variant: Variant) -> Model:
    """The model of a variant's game, built once per variant."""
    hit = _MODELS.get(id(variant))
    if hit is not None and hit[0] is variant:
        return hit[1]
    where = MODELS.get(variant.game)
    if where is None:
        from engine.bots.base import BotError

        raise BotError(f"no bot knows the game {variant.game!r} (known: {', '.join(MODELS)})")
    model = getattr(import_module(where[0]), where[1])(variant)
    _MODELS[id(variant)] = (variant, model)
    return model
