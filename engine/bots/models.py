"""The per-game judgement bots use (valuation, greedy policy, search moves), by game id."""

from __future__ import annotations

from typing import Any, Protocol

from engine.actions import Action
from engine.bots.opponents import Beliefs
from engine.chance import Rng
from engine.game import Game
from engine.registry import find, games
from engine.rules import Variant


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

    beliefs: Beliefs | None
    """What the deciding bot believes of its opponents (None: the prior)."""

    def evidence(self, game: Game) -> tuple[Any, list[Any]] | None:
        """Opponents' actions seen in the sale under way, keyed by the sale."""

    def prior(self, players: int) -> Beliefs:
        """Beliefs about opponents before any evidence."""

    def observe(self, beliefs: Beliefs, sighting: Any) -> None:
        """Update ``beliefs`` with one sighting from ``evidence``."""

    def opponent_move(self, game: Game, kind: tuple[float, bool] | None, rng: Rng) -> Action:
        """A rollout move of an opponent of sampled ``kind``."""

    def rollout_move(self, game: Game, rng: Rng) -> Action:
        """A rollout move of the searching player."""


class ModelBase:
    """What the game models share: stages (days or rounds) and a cached ``Position``.

    A subclass names its stage slot (``stage``: the state's day or round counter) and how
    many there are (``stages``), and builds a position with ``new_position``;
    ``position_key`` says when a cached one is out of date.
    """

    stage: str
    stages: int

    def __init__(self) -> None:
        self.beliefs: Beliefs | None = None
        """What the deciding bot believes of its opponents (set by the bot; None: prior)."""
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

    def evidence(self, game: Game) -> tuple[Any, list[Any]] | None:
        """Opponents' actions seen in the sale under way, keyed by the sale (None: none the
        model learns from). Each is a tuple whose first item is the player."""
        return None

    def prior(self, players: int) -> Beliefs:
        """Beliefs about opponents before any evidence."""
        return Beliefs(players)

    def observe(self, beliefs: Beliefs, sighting: Any) -> None:
        """Update ``beliefs`` with one sighting from ``evidence``."""
        beliefs.observe(*sighting)

    def opponent_move(self, game: Game, kind: tuple[float, bool] | None, rng: Rng) -> Action:
        """A rollout move of an opponent of sampled ``kind`` (None: no model of them)."""
        return self.policy(game, rng, ROLLOUT_NOISE)  # type: ignore[attr-defined]

    def rollout_move(self, game: Game, rng: Rng) -> Action:
        """A rollout move of the searching player (beyond the tree)."""
        return self.policy(game, rng, ROLLOUT_NOISE)  # type: ignore[attr-defined]

    def scorings_left(self, game: Game) -> int:
        """Days or rounds still to be scored, the one under way included."""
        return 0 if game.is_over else self.stages - getattr(game.state, self.stage) + 1


ROLLOUT_NOISE = 0.1
"""Share of the policy's bids or prices that rollouts jitter, so a search does not trust
them blindly."""


def learn(model: Model, game: Game, memory: dict[Any, list[Any]], me: int) -> Beliefs | None:
    """Beliefs about the opponents of ``me`` from what was seen: ``memory`` (one entry per
    sale, kept by the bot across its decisions) and the sale under way, which is added to it.
    None while nothing has been seen (the model's prior then applies)."""
    got = model.evidence(game)
    if got is not None:
        memory[got[0]] = got[1]
    if not memory:
        return None
    beliefs = model.prior(len(game.state.names))
    for seen in memory.values():
        for sighting in seen:
            if sighting[0] != me:
                model.observe(beliefs, sighting)
    return beliefs


_MODELS: dict[int, tuple[Variant, Model]] = {}


def forget_beliefs(variant: Variant) -> None:
    """Clear the beliefs of the variant's model, if one was built (a new decision starts)."""
    hit = _MODELS.get(id(variant))
    if hit is not None and hit[0] is variant:
        hit[1].beliefs = None


def model_for(variant: Variant) -> Model:
    """The model of a variant's game, built once per variant."""
    hit = _MODELS.get(id(variant))
    if hit is not None and hit[0] is variant:
        return hit[1]
    info = find(variant.game)
    cls = info.load("model") if info is not None else None
    if cls is None:
        from engine.bots.base import BotError

        known = ", ".join(g.id for g in games().values() if g.model)
        raise BotError(f"no bot but random knows the game {variant.game!r} (known: {known})")
    model = cls(variant)
    _MODELS[id(variant)] = (variant, model)
    return model
