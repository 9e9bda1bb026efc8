"""The public face of a game: ``new_game``, ``Game`` and ``replay``, the same for every game."""

from __future__ import annotations

import os
from collections.abc import Sequence
from typing import Generic, cast

from typing_extensions import TypeVar  # with a default (PEP 696; in typing from 3.13)

from engine.actions import Action, Legal, describe
from engine.chance import (
    CHANCE_EVENTS,
    Chance,
    ChanceScript,
    GivenChance,
    InOrderChance,
    SeededChance,
    chance_from_events,
    fresh_seed,
)
from engine.errors import UNSAFE_TEXT, ChanceExhausted, IllegalAction, MisusedMove, quote
from engine.logic import Logic, State
from engine.names import player_name_problem
from engine.registry import default_variant
from engine.rules import Variant, default_player_count, load_variant
from engine.views import Event, SetupEvent, Summary, View

CHECK_PUSH = os.environ.get("MEDICI_CHECK_PUSH") == "1"
"""Whether ``Game.push`` checks its move as ``apply`` does (``MEDICI_CHECK_PUSH=1``)."""


S_co = TypeVar("S_co", bound=State, covariant=True, default=State)
"""A game's state type. ``Game`` is covariant in it: a ``Game[MediciState]`` is a
``Game[State]`` (plain ``Game``), which is how every client holds a game and what
``new_game`` returns: the core's slots only (phase, log, chance, names), so a client that
reads a game's own state is a type error. Only the game's own code names its state type
(``Game[MediciState]``); a game's state is only ever replaced by one of its own kind (a
clone, a rebuild)."""


class Game(Generic[S_co]):
    """One game in progress: a variant's shared logic plus this game's own plain state."""

    __slots__ = ("variant", "logic", "state", "seed", "_offers", "_final", "_kinds")

    def __init__(self, variant: Variant, state: S_co, seed: int | None) -> None:
        self.variant = variant
        self.logic: Logic[S_co] = variant.logic
        logic = self.logic
        self.state: S_co = state
        self.seed = seed
        # What every move of the public API reads of the variant's logic, at hand: the
        # phase's offer, the final phases, the move kinds (a loop of legal_actions, apply
        # and is_over reads them a few million times a second).
        self._offers = logic.offers
        self._final = logic.pm.final_states
        self._kinds = logic.grammar.kinds

    @property
    def phase(self) -> str:
        """The current phase: a state of the variant's phase machine."""
        return self.state.phase

    @property
    def players(self) -> tuple[str, ...]:
        """The players' names, in seat order."""
        return self.state.names

    @property
    def current_player(self) -> int | None:
        """The seat index of the player to act, or None when the game is over."""
        st = self.state
        actor = self.logic.actors.get(st.phase)  # Logic.current_player, inlined
        return None if actor is None else actor(st)

    @property
    def is_over(self) -> bool:
        """Whether the game has ended."""
        return self.state.phase in self._final

    @property
    def winners(self) -> list[int]:
        """Seat indexes of the winners (G-4: equal money shares the victory); [] until the end."""
        return self.logic.winners(self.state)

    @property
    def events(self) -> list[Event]:
        """The ordered log of everything that happened, chance outcomes included (G-1)."""
        return self.state.log

    def legal_actions(self) -> list[Legal]:
        """What is legal now: concrete actions, and ``Span`` ranges for bids and prices."""
        st = self.state
        return self._offers[st.phase](st)  # Logic.legal, inlined: the phase table decides

    def is_legal(self, action: object) -> bool:
        """Whether ``apply(action)`` would accept ``action`` now; never raises.

        Any object may be asked about: what ``apply`` refuses (a plain tuple, a list, an
        Action with a non-text kind or non-integer arguments) is simply not legal.
        """
        try:
            # The very checks apply makes (G-2), so the answers cannot drift apart.
            self.logic.validate(self.state, self._action(action))
        except IllegalAction:
            return False
        return True

    def _action(self, action: object) -> Action:
        """``action`` as an Action, exactly as ``apply`` takes it, or IllegalAction.

        The one gate for ``apply`` and ``is_legal``, so the two always agree: text is
        parsed; an Action must be a real Action (not an equal plain tuple) whose kind is
        text and whose arguments are whole numbers or None (``shape_problem`` checks them).
        """
        if isinstance(action, str):
            try:
                return self.logic.grammar.parse(action)
            except MisusedMove as err:
                # The game knows better than the grammar what fits here: the moves legal
                # now (``bid`` alone, ``bid 99999999999``: "legal now: bid 1..40, pass").
                offered = self.logic.legal(self.state)
                if all(move.kind != err.kind for move in offered):
                    # Not this move's time at all: the phase's refusal says so first.
                    pattern = self.logic.grammar.kinds[err.kind]
                    shaped = Action(err.kind, *(0 for part in pattern if not part.endswith("?")))
                    self.logic.validate(self.state, shaped)
                raise IllegalAction(err.problem, describe(offered)) from None
            except IllegalAction as err:
                if not err.legal:
                    raise
                # The grammar knows every word of the game; the message lists only the moves
                # legal now (``drwa`` while only ``draw`` is: "legal now: draw").
                raise IllegalAction(err.reason, describe(self.logic.legal(self.state))) from None
        if isinstance(action, Action) and isinstance(action.kind, str):
            kind = action.kind
            if kind in self.logic.grammar.kinds or (
                len(kind) <= 40 and not UNSAFE_TEXT.search(kind)
            ):
                return action
            # No action is named so; messages would echo the name (ESC, surrogates) raw.
            raise IllegalAction(
                f"unknown action {quote(action.kind)}", describe(self.logic.legal(self.state))
            )
        legal = describe(self.logic.legal(self.state))
        if isinstance(action, Action):
            raise IllegalAction(f"an action's kind is a word, got {action.kind!r}", legal)
        raise IllegalAction(
            f"expected an action or its text form, got {quote(action)}", legal
        )

    def apply(self, action: Action | str) -> Game[S_co]:
        """Apply an action (or its text form) for the current player; returns the game.

        An illegal action raises IllegalAction and leaves the game exactly as it was (G-2).
        The checked door: for people, records and any caller that is not sure of its move.
        """
        logic = self.logic
        # ``_action``'s answer for a real Action of a known kind, without its calls: the
        # common case (a move from ``legal_actions()``, or an amount in one of its spans).
        if action.__class__ is Action and action[0].__class__ is str \
                and action[0] in self._kinds:
            act: Action = action
        else:
            act = self._action(action)
        st = self.state
        if st.chance.__class__ is SeededChance:
            logic.checked_perform(st, act)
        else:
            logic.validate(st, act)
            self._perform(act)
        return self

    def push(self, action: Action) -> Game[S_co]:
        """Apply a trusted move fast, unchecked: python-chess's ``push`` beside ``apply``.

        ``action`` must be an ``Action`` legal in this very state: an entry of
        ``legal_actions()`` or an amount inside one of its ``Span`` entries, as a policy,
        a search or a bot that chose from them has (``Bot.choose`` checks its move against
        the legal list it was given). ``push`` skips everything ``apply`` checks first: the
        text form and the action's shape and types, the phase table (is the move allowed
        in this phase?) and the rules' checks (M-8, M-9, S-7..S-11...). So an illegal move
        is not refused: it may leave the game in a state no legal play reaches, or fail
        with any error. What it keeps: the move is carried out by the same rules code as
        ``apply`` (the same events, the same chance, the same automatic steps), and a move
        that runs out of given chance (``ChanceExhausted``) leaves the game as it was.

        ``MEDICI_CHECK_PUSH=1`` in the environment (read at import; or
        ``engine.game.CHECK_PUSH = True``) makes ``push`` check like ``apply``: for
        debugging a bot or a policy.
        """
        st = self.state
        if CHECK_PUSH:
            return self.apply(action)
        if st.chance.__class__ is SeededChance:
            self.logic.perform(st, action)
        else:
            self._perform(action)
        return self

    def _perform(self, act: Action) -> None:
        """Carry out a move with a chance source that can run out (not a seeded one).

        Such a source can run out, or give a bad outcome, half-way through an automatic
        step (a free fill, a new day). It refuses before it changes itself, so the game as
        it was is the log so far, rebuilt, with the same chance source.
        """
        st = self.state
        backup = None if st.log and st.log[0].get("type") == "setup" else st.clone()
        before = len(st.log)
        try:
            self.logic.perform(st, act)
        except ChanceExhausted:
            self.state = backup if backup is not None else self._rebuilt(before, st.chance)
            raise

    def _rebuilt(self, events: int, chance: Chance) -> S_co:
        """The state after the first ``events`` events, continuing with ``chance``."""
        log = self.state.log[:events]
        # The same variant rebuilds a state of this game's own type.
        state = cast(S_co, replay(log, self.variant).state)
        state.chance = chance
        return state

    def supply_chance(self, order: Sequence[str] | None = None, choice: int | None = None) -> None:
        """Give the next chance outcome by hand: a table game's cards as they are drawn.

        ``order`` is the next draw order the game will ask for (a day's pile or the
        continuation of one whose rest is unknown, top first); ``choice`` the next random
        choice (a start player, a tie-break). Works for games started with given chance.
        Each outcome is checked when the game uses it (ChanceExhausted if it does not fit).
        """
        chance = self.state.chance
        if not isinstance(chance, GivenChance):
            raise ValueError("this game draws its own chance (it was started with a seed)")
        if order is not None:
            chance.orders.append([str(x) for x in order])
        if choice is not None:
            if choice.__class__ is not int:
                raise ValueError(f"a choice is a seat number, got {choice!r}")
            chance.choices.append(choice)

    def clone(self) -> Game[S_co]:
        """An independent copy: applying actions to one never changes the other."""
        return Game(self.variant, self.state.clone(), self.seed)

    def view(self, player: int | None = None) -> View:
        """A JSON-serialisable view of the state; a player's view hides what they cannot see."""
        seats = len(self.state.names)
        # Exactly an int or None: a bool, a float or a digit string is a caller's mistake.
        if player is not None and (player.__class__ is not int or not 0 <= player < seats):
            raise ValueError(
                f"no player {quote(player)}: a seat is a whole number 0..{seats - 1} "
                "(or None for the full view)"
            )
        return self.logic.view(self.state, player)

    def summary(self) -> Summary:
        """Figures of a finished game (final money, winners, game-specific tallies)."""
        return self.logic.summary(self.state)

    def __repr__(self) -> str:
        return f"<Game {self.variant.name} {', '.join(self.players)} {self.phase}>"


def _names(players: int | Sequence[str], logic: Logic) -> tuple[str, ...]:
    counts = logic.player_counts()
    if isinstance(players, str) or players.__class__ is bool:
        raise ValueError(f"players is a count or a list of names, got the string {players!r}")
    if isinstance(players, int):
        if players not in counts:
            raise ValueError(f"{players} players: this variant plays with {_counts(counts)}")
        return logic.default_names(players)
    names = tuple(str(n) for n in players)
    if len(names) not in counts:
        raise ValueError(f"{len(names)} players: this variant plays with {_counts(counts)}")
    for name in names:
        # The rule a record's loader checks too (engine.names): ESC would drive the terminal
        # of whoever sees the name, an unpaired surrogate cannot be written anywhere, and a
        # name over 40 characters could be saved but never loaded back.
        problem = player_name_problem(name)
        if problem is not None:
            raise ValueError(f"player name {quote(name)}: {problem}")
    if len(set(names)) != len(names):
        raise ValueError(f"player names must be distinct, got {list(names)}")
    return names


def _counts(counts: Sequence[int]) -> str:
    return ", ".join(str(c) for c in counts) + " players"


def new_game(
    variant: str | Variant | None = None,
    players: int | Sequence[str] | None = None,
    seed: int | None = None,
    chance: Chance | ChanceScript | None = None,
    strict: bool | None = None,
) -> Game:
    """Start a game of a variant (a name from ``config/``, a file path, or a Variant;
    default: the first registered game's variant).

    ``players`` is a count or a list of names (default: the variant's smallest count for a
    two-player game, else 4). ``seed`` seeds the chance; ``chance`` supplies the outcomes
    instead: a Chance or a dict ``{"orders": [[cards of day 1 in draw order], ...],
    "choices": [start player, tie-breaks...]}``.
    """
    if variant is None:
        variant = default_variant()
    var = variant if isinstance(variant, Variant) else load_variant(variant, strict=strict)
    if players is None:
        players = default_player_count(var)
    names = _names(players, var.logic)
    if seed is not None and (seed.__class__ is not int or not 0 <= seed < 2**64):
        raise ValueError(f"a seed is a whole number from 0 to 2**64 - 1, got {seed!r}")
    if seed is None and chance is None:
        seed = fresh_seed()
    if isinstance(chance, dict):
        unknown = set(chance) - {"orders", "choices"}
        if unknown:
            raise ValueError(f"unknown chance keys {sorted(unknown)}: expected orders, choices")
        source: Chance = GivenChance(chance.get("orders", ()), chance.get("choices", ()))
    elif chance is not None:
        source = chance
    else:
        assert seed is not None
        source = SeededChance(seed)
    st = var.logic.new_state(names, source)
    setup: SetupEvent = {
        "type": "setup",
        "game": var.game,
        "variant": var.name,
        "players": list(names),
        "seed": seed,
    }
    st.log.append(setup)
    var.logic.start(st)
    return Game(var, st, seed)


def game_from_view(
    variant: str | Variant, view: View, seed: int, strict: bool | None = None,
    sample: bool = True,
) -> Game:
    """A game consistent with ``view`` (a player's ``Game.view``), hidden parts sampled.

    The sample and everything random after it come from ``seed``. Used by bots, which see
    only a view: two games that differ only in what the view hides give the same result.
    ``sample=False`` leaves the hidden pieces in the order the game lists them instead of
    shuffling them (``engine.chance.InOrderChance``): for a caller whose decision reads how
    many are hidden, never where each lies (``greedy``), the same decision for less work.
    """
    var = variant if isinstance(variant, Variant) else load_variant(variant, strict=strict)
    chance = SeededChance(seed) if sample else InOrderChance(seed)
    return Game(var, var.logic.state_from_view(view, chance), seed)


def seat_game(game: Game, player: int, seed: int, sample: bool = True) -> Game:
    """``game_from_view(game.variant, game.view(player), seed, sample=sample)`` for a caller
    that holds the game itself: the same game, to the last field (``Logic.state_for``),
    without making the view and reading it back. For runners handing their bots their
    seat's game (``Bot.choose_in``); what the seat cannot see is drawn or left in order
    exactly as from the view, so it never reaches the bot (G-3)."""
    chance = SeededChance(seed) if sample else InOrderChance(seed)
    return Game(game.variant, game.logic.state_for(game.state, player, chance), seed)


def replay(
    events: Sequence[Event], variant: str | Variant | None = None, upto: int | None = None
) -> Game:
    """Rebuild a game from its events alone: chance from the chance events, moves from the rest.

    ``upto`` rebuilds the first ``upto`` events (and any that follow automatically from
    the last move rebuilt). Raises IllegalAction if a move is illegal, and
    ValueError if the rebuilt log differs from the given one.
    """
    if not events or events[0].get("type") != "setup":
        raise ValueError("a game log starts with its setup event")
    setup = cast(SetupEvent, events[0])
    var = variant if variant is not None else setup["variant"]
    todo = list(events if upto is None else events[:upto])
    seed = setup.get("seed")
    game = new_game(var, setup["players"], seed=seed, chance=chance_from_events(todo, seed))
    logic = game.logic
    checked = 0
    while True:
        while checked < min(len(game.events), len(todo)):
            if game.events[checked] != todo[checked]:
                raise ValueError(
                    f"event {checked}: expected {game.events[checked]}, got {todo[checked]}"
                )
            checked += 1
        if checked >= len(todo):
            break
        # The next move is the next action event; chance events before it (the rest of a
        # pile revealed on a draw) are what that move will ask for.
        nxt = checked
        move = None
        while nxt < len(todo) and (move := logic.action_of(todo[nxt])) is None:
            if todo[nxt].get("type") not in CHANCE_EVENTS:
                raise ValueError(
                    f"event {nxt}: {todo[nxt]} does not follow from the moves before it"
                )
            nxt += 1
        if move is None:
            if upto is not None:
                break
            raise ValueError(f"event {checked}: {todo[checked]} is not followed by a move")
        game.apply(move)
    if upto is None and len(game.events) != len(todo):
        raise ValueError(f"the log stops at event {len(todo)} but the game goes on")
    return game
