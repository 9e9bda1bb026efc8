"""Medici and Medici vs Strozzi as PettingZoo AEC environments (extra ``pettingzoo``).

Following PettingZoo's conventions::

    from engine.integrations.pettingzoo import env
    e = env(game="medici", players=4, render_mode="ansi")
    e.reset(seed=7)
    for agent in e.agent_iter():
        obs, reward, terminated, truncated, info = e.last()
        action = None if terminated else e.action_space(agent).sample(obs["action_mask"])
        e.step(action)

``env(...)`` is ``raw_env(...)`` in PettingZoo's standard wrappers (actions out of the space
and calls out of order are refused). Agents are ``player_0``..``player_{n-1}``, the seats.
The action space is ``Discrete`` over ``encoding.ActionMap`` (the ids OpenSpiel uses too);
an observation is ``{"observation": float32 vector, "action_mask": int8 vector}``, the
vector ``encoding.observation`` of ``Game.view(agent's seat)`` (it never shows the pile
order, G-3) and the mask 1 on the legal ids of the agent to act (all 0 for the others).
Rewards come at the end: the final money (``utility="money"``, the default) or 1 shared by
the winners (``utility="win"``, G-4). Chance is the engine's own: ``reset(seed=...)``
deals the same game for the same seed. ``render_mode="ansi"``: ``render()`` returns the
shell's table of the position (``engine.play.render.table``) as plain text.
"""

from __future__ import annotations

from typing import Any

try:
    import numpy as np
    from gymnasium import spaces
    from pettingzoo import AECEnv
    from pettingzoo.utils import AgentSelector, wrappers
except ImportError as err:  # pragma: no cover  (the tests skip without the extra)
    # A ModuleNotFoundError naming the missing module, so callers can tell which extra.
    raise ModuleNotFoundError(
        "the PettingZoo adapter needs the extra: pip install 'medici[pettingzoo]' "
        f"(missing: {err.name})", name=err.name
    ) from None

from engine.chance import Rng, fresh_seed
from engine.game import Game, new_game
from engine.registry import default_variant
from engine.rules import load_variant
from engine.spiel.encoding import (
    DEFAULT_MAX_AMOUNT,
    ActionMap,
    layout_for,
    observation,
)

UTILITIES = ("money", "win")
"""The values of ``utility``."""
RENDER_MODES = ("ansi",)
"""The render modes besides None."""
BOUND = 1e6
"""The observation space's bounds (amounts, counts and markers stay far inside them)."""


def env(**kwargs: Any) -> Any:
    """The environment in PettingZoo's standard wrappers (see ``raw_env`` for arguments)."""
    out: Any = raw_env(**kwargs)
    out = wrappers.AssertOutOfBoundsWrapper(out)
    return wrappers.OrderEnforcingWrapper(out)


class raw_env(AECEnv):  # noqa: N801  (PettingZoo's name for the unwrapped environment)
    """An AEC environment of one game: ``game`` (a rules name or file), ``players``,
    ``utility`` (``money`` or ``win``), ``max_amount`` (highest bid or price offered) and
    ``render_mode`` (None or ``"ansi"``)."""

    metadata = {"render_modes": list(RENDER_MODES), "name": "medici_v0",
                "is_parallelizable": False}

    def __init__(
        self,
        game: str | None = None,
        players: int | None = None,
        utility: str = "money",
        max_amount: int = DEFAULT_MAX_AMOUNT,
        render_mode: str | None = None,
    ) -> None:
        super().__init__()
        self.variant = load_variant(game or default_variant())
        counts = list(self.variant.logic.player_counts())
        if players is None:
            players = self.variant.logic.default_player_count()
        if players not in counts:
            raise ValueError(
                f"players={players}: {self.variant.name} plays with "
                + ", ".join(map(str, counts))
            )
        if utility not in UTILITIES:
            raise ValueError(f"utility {utility!r}: accepted {', '.join(UTILITIES)}")
        if render_mode not in (None, *RENDER_MODES):
            raise ValueError(f"render_mode {render_mode!r}: accepted None, 'ansi'")
        self.players = players
        self.utility = utility
        self.render_mode = render_mode
        self.actions = ActionMap(self.variant, max_amount)
        self.layout = layout_for(self.variant, players)
        self.possible_agents = [f"player_{p}" for p in range(players)]
        self.agents = self.possible_agents[:]
        self.seat = {agent: p for p, agent in enumerate(self.possible_agents)}
        obs_space = spaces.Dict(
            {
                "observation": spaces.Box(-BOUND, BOUND, (self.layout.size,), np.float32),
                "action_mask": spaces.Box(0, 1, (self.actions.size,), np.int8),
            }
        )
        self.observation_spaces = dict.fromkeys(self.possible_agents, obs_space)
        self.action_spaces = {a: spaces.Discrete(self.actions.size) for a in self.possible_agents}
        self._seeds = Rng(fresh_seed())
        self.game: Game | None = None
        self._selector = AgentSelector(self.agents)

    def observation_space(self, agent: str) -> Any:
        """The same ``Dict`` space for every agent."""
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> Any:
        """``Discrete(ActionMap.size)``."""
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Deal a new game: from ``seed``, or the next seed of the last one given."""
        if seed is not None:
            self._seeds = Rng(seed)
        self.game = new_game(self.variant, self.players, seed=self._seeds.next64() >> 1)
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self._select()

    def _select(self) -> None:
        game = self.game
        assert game is not None
        player = game.current_player
        if player is not None:
            self.agent_selection = self.possible_agents[player]

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        """The agent's view as a vector, and the mask of its legal ids."""
        game = self.game
        assert game is not None
        seat = self.seat[agent]
        vector = observation(game.view(seat), self.layout)
        if game.current_player == seat:
            mask = self.actions.mask(game.legal_actions())
        else:
            mask = np.zeros(self.actions.size, dtype=np.int8)
        return {"observation": vector, "action_mask": mask}

    def step(self, action: int | None) -> None:
        """Apply the selected agent's action id (None once it is terminated)."""
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        game = self.game
        assert game is not None
        assert action is not None, f"{agent} is still in the game: give an action id"
        act = self.actions.action(int(action))
        if not game.is_legal(act):
            raise ValueError(
                f"{agent} cannot {act} now: use the action_mask of the observation"
            )
        self._cumulative_rewards[agent] = 0.0
        game.push(act)  # checked just above: the fast path, not a second check
        self.rewards = dict.fromkeys(self.agents, 0.0)
        if game.is_over:
            if self.utility == "win":
                winners = game.winners
                values = [1.0 / len(winners) if p in winners else 0.0
                          for p in range(self.players)]
            else:
                values = [float(m) for m in game.summary()["money"]]
            self.rewards = {a: values[self.seat[a]] for a in self.agents}
            self.terminations = dict.fromkeys(self.agents, True)
            self._selector.reinit(self.agents)
            self.agent_selection = self._selector.reset()
        else:
            self._select()
        self._accumulate_rewards()

    def render(self) -> str | None:
        """The shell's table as plain text (``render_mode="ansi"``); None without a mode."""
        if self.render_mode is None or self.game is None:
            return None
        from engine.play.render import table

        player = self.game.current_player
        return table(self.game.view(0 if player is None else player)).plain()

    def close(self) -> None:
        """Nothing to release."""
