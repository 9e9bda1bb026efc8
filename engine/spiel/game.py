"""The Medici-family games as OpenSpiel games: ``MediciSpielGame`` and ``MediciSpielState``
(the ``pyspiel`` API over a ``Table``), ``game_for`` a loaded variant and ``state_from_view``
for a bot's decision (needs the extra ``openspiel``).

Below both of their users: the OpenSpiel bot (``engine.bots.openspiel_bot``) searches these
games, and the adapter (``engine.integrations.openspiel``) registers every game with an
encoding with ``pyspiel`` at import, for ``pyspiel.load_game("python_medici")``, and
re-exports these names. A game type is registered on first use here too (``spiel_type``),
so a bot needs no adapter. How chance, strings and tensors are shaped: the adapter's
documentation (docs/integrations.md).
"""


from __future__ import annotations

import copy
from typing import Any

try:
    import numpy as np
    import pyspiel
except ImportError as err:  # pragma: no cover  (the tests skip without the extra)
    # A ModuleNotFoundError naming the missing module, so callers can tell which extra.
    raise ModuleNotFoundError(
        "the OpenSpiel games need the extra: pip install 'medici[openspiel]' "
        f"(missing: {err.name})", name=err.name
    ) from None

from engine.errors import IllegalAction
from engine.game import Game, game_from_view
from engine.registry import PROGRAM, GameInfo, game_info, games
from engine.rules import Variant, load_variant
from engine.spiel.encoding import (
    DEFAULT_MAX_AMOUNT,
    ActionMap,
    Vector,
    check_max_amount,
    encoding_of,
    layout_for,
    observation,
    pieces_of,
)
from engine.spiel.table import Table
from engine.views import View

UTILITIES = ("money", "win")
"""The values of the ``utility`` parameter."""
MONEY_BOUND = 10_000.0
"""What the games declare as the bounds of final money (OpenSpiel asks for finite ones)."""

_CHANCE = pyspiel.PlayerId.CHANCE
_TERMINAL = pyspiel.PlayerId.TERMINAL


class MediciSpielGame(pyspiel.Game):
    """A Medici-family game for OpenSpiel; one class serves both registered games."""

    def __init__(
        self, game_type: Any, params: dict[str, Any] | None = None, variant: Variant | None = None
    ) -> None:
        params = dict(params or {})
        defaults = game_type.parameter_specification
        merged = {**defaults, **params}
        unknown = set(params) - set(defaults)
        if unknown:
            raise ValueError(f"unknown parameters {sorted(unknown)}: accepted {sorted(defaults)}")
        self.variant: Variant = variant or load_variant(str(merged["variant"]))
        expected = _GAME_OF[game_type.short_name]
        if self.variant.game != expected:
            raise ValueError(
                f"variant {merged['variant']!r} is a {self.variant.game} game; "
                f"{game_type.short_name} plays {expected} variants"
            )
        counts = list(self.variant.logic.player_counts())
        self.players = int(merged.get("players", counts[0]))
        if self.players not in counts:
            raise ValueError(
                f"players={self.players}: {self.variant.name} plays with "
                + ", ".join(map(str, counts))
            )
        self.utility = str(merged["utility"])
        if self.utility not in UTILITIES:
            raise ValueError(f"utility {self.utility!r}: accepted {', '.join(UTILITIES)}")
        self.actions = ActionMap(self.variant, check_max_amount(merged["max_amount"]))
        self.pieces = pieces_of(self.variant)
        """Every piece chance can turn up, by its outcome id."""
        self.piece_index = {c: i for i, c in enumerate(self.pieces)}
        self.piece_word = game_info(self.variant.game).vocabulary.piece
        """How chance outcomes are written: ``card fur:3``."""
        self._private: dict[str, int | None] = {}
        self.layout = layout_for(self.variant, self.players)
        win = self.utility == "win"
        info = pyspiel.GameInfo(
            num_distinct_actions=self.actions.size,
            max_chance_outcomes=max(len(self.pieces), self.players),
            num_players=self.players,
            min_utility=0.0 if win else -MONEY_BOUND,
            max_utility=1.0 if win else MONEY_BOUND,
            max_game_length=_max_length(self.variant, self.players),
        )
        super().__init__(game_type, info, params)
        self.initial = Table.initial(self)

    def private_to(self, what: str) -> int | None:
        """The seat that alone sees the outcome of ``what`` (``Logic.private_to``, asked
        once per order)."""
        seat = self._private.get(what, -1)
        if seat == -1:
            seat = self._private[what] = self.variant.logic.private_to(what)
        return seat

    @property
    def cards(self) -> list[str]:
        """``pieces`` by its name of release 0.1 (kept for scripts written against it)."""
        return self.pieces

    def new_initial_state(self) -> MediciSpielState:
        """The state before the first move (a chance node when the start player is random)."""
        return MediciSpielState(self)

    def make_py_observer(
        self, iig_obs_type: Any = None, params: dict[str, Any] | None = None
    ) -> Observer:
        """The observer behind the information state and observation strings and tensors."""
        if params:
            raise ValueError(f"observation parameters are not supported, got {params}")
        perfect_recall = bool(iig_obs_type is not None and iig_obs_type.perfect_recall)
        return Observer(self, perfect_recall)


def _max_length(variant: Variant, players: int) -> int:
    """An upper bound on moves plus chance outcomes in one game, for ``GameInfo``."""
    return encoding_of(variant).max_length(variant.logic, players)


class MediciSpielState(pyspiel.State):
    """An OpenSpiel state: the pyspiel API over a ``Table``."""

    def __init__(self, game: MediciSpielGame) -> None:
        super().__init__(game)
        self._t = copy.deepcopy(game.initial)

    def current_player(self) -> int:
        """The seat to act, CHANCE while an outcome is wanted, TERMINAL at the end."""
        # OpenSpiel asks this four times a step: Game.current_player inlined.
        t = self._t
        if t.pending is not None:
            return _CHANCE  # type: ignore[no-any-return]
        game = t.game
        assert game is not None  # set up: no chance node is pending
        st = game.state
        actor = t.actors.get(st.phase)
        player = None if actor is None else actor(st)
        return _TERMINAL if player is None else player

    def is_terminal(self) -> bool:
        """Whether the game is over."""
        t = self._t
        game = t.game
        # Game.is_over inlined (asked every step): compiled, the logic's attributes are
        # native reads, where the property is an interpreted call.
        return t.pending is None and game is not None and (
            game.state.phase in game.logic.pm.final_states)

    # ``is_chance_node`` and ``legal_actions`` are answered here in Python as well as by
    # the C++ ``State`` through the hooks (``current_player``, ``_legal_actions``,
    # ``chance_outcomes``): a Python caller (the bench, OpenSpiel's Python algorithms) then
    # skips the bridge, which costs more than the answer (``legal_actions`` through C++
    # asks ``current_player`` twice and copies the list into C++ and back). C++ callers
    # still go through the hooks; ``tests/test_openspiel_adapter.py`` checks both agree.
    def is_chance_node(self) -> bool:
        """Whether a chance outcome is wanted (the C++ answer, without the bridge)."""
        return self._t.pending is not None

    def legal_actions(self, player: int | None = None) -> list[int]:
        """Legal action ids of ``player`` (default: the one to act), ascending.

        As OpenSpiel's C++ ``State.legal_actions`` answers: at a chance node the possible
        outcomes, whoever is asked about; ``[]`` for a seat not to act and at the end;
        SpielError for a pseudo-player (chance, terminal) while a seat acts.
        """
        t = self._t
        if t.pending is not None:
            return [outcome for outcome, _ in t.chance_outcomes()]
        game = t.game
        assert game is not None  # set up: no chance node is pending
        st = game.state
        actor = t.actors.get(st.phase)
        mover = None if actor is None else actor(st)
        if mover is None or player is None or player == mover:
            # Game.legal_actions inlined (the phase's offer): compiled, a native call.
            return [] if mover is None else t.spiel.actions.legal_ids(
                game.logic.offers[st.phase](st))
        if player < 0:
            raise pyspiel.SpielError(f"Called LegalActions for pseudo-player {player}")
        return []

    def _legal_actions(self, player: int) -> list[int]:
        """Legal action ids of the player to act, ascending."""
        t = self._t
        game = t.game
        assert game is not None  # asked only where a player acts
        st = game.state
        return t.spiel.actions.legal_ids(game.logic.offers[st.phase](st))  # as legal_actions

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """``(outcome, probability)``: a card by its share of the unseen, or a uniform seat."""
        return self._t.chance_outcomes()

    def _apply_action(self, action: int) -> None:
        """Apply a move, or the outcome of the chance node."""
        self._t.apply(action)

    def _action_to_string(self, player: int, action: int) -> str:
        """The engine's text form of a move; ``card fur:3`` or ``seat 2`` for chance."""
        t = self._t
        if player == pyspiel.PlayerId.CHANCE:
            request = t.chance.request
            if request is not None and request[2]:
                return f"seat {action}"
            return f"{t.spiel.piece_word} {t.spiel.pieces[action]}"
        return str(t.spiel.actions.action(action))

    def string_to_action(self, *args: object) -> int:
        """The id of a text form (``bid 12``; at a chance node ``card fur:3`` or ``seat 2``).

        Accepts ``(text)`` or ``(player, text)`` as OpenSpiel does; ValueError if unknown.
        """
        t = self._t
        text = str(args[-1]).strip()
        if t.pending is not None:
            kind, _, value = text.partition(" ")
            if kind == "seat" and value.isdigit():
                return int(value)
            word = t.spiel.piece_word
            if kind == word and value in t.spiel.piece_index:
                return t.spiel.piece_index[value]
            example = f"{word} {t.spiel.pieces[0]}" if t.spiel.pieces else word
            raise ValueError(f"chance outcome {text!r}: write '{example}' or 'seat 2'")
        try:
            act = t.current().logic.grammar.parse(text)
        except IllegalAction as err:
            raise ValueError(str(err)) from None
        return t.spiel.actions.id_of(act)

    def returns(self) -> list[float]:
        """Final money (``utility=money``) or win shares (``utility=win``); 0s until the end."""
        t = self._t
        n = t.spiel.players
        if not self.is_terminal():
            return [0.0] * n
        game = t.current()
        if t.spiel.utility == "win":
            winners = game.winners
            return [1.0 / len(winners) if p in winners else 0.0 for p in range(n)]
        return [float(m) for m in game.summary()["money"]]

    def view(self, player: int | None = None) -> View:
        """The engine's ``Game.view(player)`` of the position (before a pending move)."""
        return self._t.view(player)

    def engine_game(self) -> Game | None:
        """The engine game inside (None before setup); at a chance node, before the move."""
        return self._t.game

    def resample_from_infostate(self, player_id: int,
                                probability_sampler: object = None) -> MediciSpielState:
        """A state the player cannot tell from this one, rebuilt from their view alone.

        Built on ``game_from_view``; the order it samples is forgotten again (the game's
        ``Logic.forget_order``: an unknown drawn piece by piece), so the result continues
        with chance nodes.
        """
        t = self._t
        out: MediciSpielState = self.clone()
        if t.pending is not None or t.game is None:
            return out
        # The order game_from_view samples is forgotten below, so its seed changes nothing.
        game = game_from_view(t.spiel.variant, t.game.view(player_id), 0)
        game.logic.forget_order(game.state)
        game.state.chance = out._t.chance
        game.state.log = t.game.events[:]
        out._t.game = game
        return out

    def __str__(self) -> str:
        """The full view as JSON (every card the table has seen; the pile is unknown)."""
        return self._t.view_text(None)


class Observer:
    """OpenSpiel's observer protocol: ``tensor``, ``dict``, ``set_from`` and ``string_from``."""

    def __init__(self, game: MediciSpielGame, perfect_recall: bool) -> None:
        self.layout = game.layout
        self.perfect_recall = perfect_recall
        self.tensor = np.zeros(self.layout.size, np.float32)
        self.dict: dict[str, Vector] = {}
        at = 0
        for name, size in self.layout.pieces:
            self.dict[name] = self.tensor[at : at + size]
            at += size

    def set_from(self, state: MediciSpielState, player: int) -> None:
        """Fill ``tensor`` with the observation of ``player`` (the layout of ``layout_for``)."""
        t = state._t
        if t.game is None:
            self.tensor.fill(0)
            return
        self.tensor[:] = observation(t.game.view(player), self.layout)

    def string_from(self, state: MediciSpielState, player: int) -> str:
        """The information state (perfect recall: every move so far) or the view as JSON."""
        t = state._t
        if self.perfect_recall:
            return "\n".join([f"viewer {player}", *t.history(player)])
        return t.view_text(player)


def _game_type(short_name: str, long_name: str, params: dict[str, Any], most: int) -> Any:
    return pyspiel.GameType(
        short_name=short_name,
        long_name=long_name,
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=most,
        min_num_players=2,
        provides_information_state_string=True,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=params,
    )


def _spiel_name(game_id: str) -> str:
    """The OpenSpiel name of a game: ``python_`` and its id (``python_medici``)."""
    return "python_" + game_id.replace("-", "_")


def _type_of(info: GameInfo) -> Any:
    """The OpenSpiel game type of a registered game: its default variant's parameters
    (``players`` where it can be played by more than one count)."""
    logic = load_variant(info.variant).logic
    params: dict[str, Any] = {}
    if len(logic.player_counts()) > 1:
        params["players"] = logic.default_player_count()
    params.update(variant=info.variant, utility="money", max_amount=DEFAULT_MAX_AMOUNT)
    return _game_type(_spiel_name(info.id), f"{info.title} ({PROGRAM} engine)", params,
                      max(logic.player_counts()))


TYPES: dict[str, Any] = {}
"""Each game registered with OpenSpiel so far, by id: its OpenSpiel game type."""
_GAME_OF: dict[str, str] = {}


def spiel_type(info: GameInfo) -> Any:
    """The OpenSpiel game type of a game with an encoding (``python_`` and its id), made
    and registered with ``pyspiel.register_game`` on first use: the shipped games' at
    import, a game registered later (a plugin's) when it is first asked for."""
    found = TYPES.get(info.id)
    if found is None:
        if not info.encoding:
            raise ValueError(f"{info.id} has no integer encoding for the adapters")
        found = TYPES[info.id] = _type_of(info)
        _GAME_OF[found.short_name] = info.id
        pyspiel.register_game(found, _game_class(found))
    return found


def _game_class(game_type: Any) -> type[MediciSpielGame]:
    """The class ``pyspiel.load_game`` builds for one game type."""

    class Registered(MediciSpielGame):
        def __init__(self, params: dict[str, Any] | None = None) -> None:
            super().__init__(game_type, params)

    Registered.__name__ = Registered.__qualname__ = f"SpielGame_{game_type.short_name}"
    Registered.__doc__ = f"``{game_type.short_name}``: {game_type.long_name}."
    return Registered


def game_for(
    variant: Variant, players: int, utility: str = "money", max_amount: int = DEFAULT_MAX_AMOUNT
) -> MediciSpielGame:
    """The OpenSpiel game of an already loaded variant (a rules file included)."""
    game_type = spiel_type(game_info(variant.game))
    params: dict[str, Any] = {"variant": variant.name, "utility": utility, "max_amount": max_amount}
    if "players" in game_type.parameter_specification:
        params["players"] = players
    return MediciSpielGame(game_type, params, variant)


def state_from_view(game: MediciSpielGame, view: View, seed: int) -> MediciSpielState:
    """An OpenSpiel state of ``game`` consistent with a player's view (for bots, G-3).

    Its history is empty (the view does not hold one); hidden orders stay unknown.
    """
    state = game.new_initial_state()
    table = Table(game)
    engine_game = game_from_view(game.variant, view, seed)
    engine_game.logic.forget_order(engine_game.state)
    engine_game.state.chance = table.chance
    table.game = engine_game
    state._t = table
    return state


def register_all() -> None:
    """Register every game with an encoding with ``pyspiel`` (``python_<id>``), as the
    adapter does at import: ``pyspiel.load_game`` then finds them (a pickled table is
    rebuilt through it)."""
    for info in games().values():
        if info.encoding:
            spiel_type(info)
