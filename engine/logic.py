"""The base of every game's rules logic: what the core needs from a game, and the shared checks."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from itertools import compress
from typing import Any, ClassVar, Generic, Self

from typing_extensions import TypeVar  # with a default (PEP 696; in typing from 3.13)

from engine.actions import Action, Grammar, Legal, describe
from engine.chance import Chance
from engine.errors import ChanceExhausted, IllegalAction, quote
from engine.mypyc_attrs import mypyc_attr
from engine.phases import PhaseMachine, PhaseSpec
from engine.views import Event, OrderEvent, Summary, View

Rules = Mapping[str, Any]
"""A resolved rules document: YAML read in and checked against its game's schema (the
values' types are the schema's, which the type checker cannot follow)."""


# Compiled (mypyc), a native class that interpreted code subclasses (the games' own,
# the tests' toy game, a user's game) must say so.
@mypyc_attr(allow_interpreted_subclasses=True)
class State:
    """Base of the plain ``__slots__`` game states. Every state has these slots.

    ``phase`` is the phase machine's model attribute; ``log`` is the event list (G-1);
    ``chance`` the source of random outcomes; ``names`` the players' names.
    """

    __slots__ = ("phase", "log", "chance", "names")

    phase: str
    log: list[Event]
    chance: Chance
    names: tuple[str, ...]

    def clone(self) -> Self:
        """An independent copy (each game writes its own, copying only what can change)."""
        raise NotImplementedError

    def copy_base(self) -> Self:
        """A new state of the same class with this base's slots copied, for ``clone()``.

        The log list is copied (events themselves are never changed once logged) and the
        chance source cloned; the game's own slots are left for its ``clone()`` to fill.
        """
        c = self.__class__.__new__(self.__class__)
        c.phase = self.phase
        c.log = self.log[:]
        c.chance = self.chance.clone()
        c.names = self.names
        return c


S = TypeVar("S", bound=State, default=State)
"""A game's state type: ``Logic[MediciState]`` takes and returns ``MediciState``; plain
``Logic`` is ``Logic[State]``, as a client holds a game's logic (``Game.logic``)."""

Offer = Callable[[S], list[Legal]]
"""What offers a phase's moves: the state in, the legal entries out."""


# Compiled (mypyc), a native class that interpreted code subclasses (the games' own,
# the tests' toy game, a user's game) must say so.
@mypyc_attr(allow_interpreted_subclasses=True)
class Logic(Generic[S]):
    """One game's rules, bound to one resolved variant; shared by every game of that variant.

    Subclasses set ``grammar`` and ``phases`` (a ``phase_table``) and implement the
    game-specific methods. The phase machine is built once here; handlers fire their
    triggers through ``self.pm``. Who acts and what is legal are read off the phase table:
    each move kind a phase allows is offered by the logic's ``legal_<kind>(state)`` (a kind
    without arguments needs none: it is always offered where the table allows it), or all
    of a phase's kinds at once by ``legal_<kind1>_<kind2>...`` (``legal_draw_stop``).
    """

    grammar: ClassVar[Grammar]
    phases: ClassVar[PhaseSpec]
    game: ClassVar[str]

    def __init__(self, rules: Rules, strict: bool | None = None) -> None:
        self.rules = rules
        self.pm: PhaseMachine[S] = PhaseMachine(self.phases, self, strict=strict)
        self.strict = self.pm.strict
        """Whether every trigger goes through ``transitions`` (a move that stays in its
        phase then fires its trigger too; the compiled table needs no step for it)."""
        self.phase_words = {r.name: r.words for r in self.phases.rows if r.words}
        """How messages name a phase where its name is no gerund ("while the offer is open")."""
        self.actors = self.pm.actors
        """Phase -> who acts in it (read by ``Game.current_player`` directly: hot path)."""
        self.offers: dict[str, Offer[S]] = {
            phase: self._phase_offer(kinds) for phase, kinds in self.pm.moves_in.items()
        }

    def _phase_offer(self, kinds: tuple[str, ...]) -> Offer[S]:
        """What offers a phase's move ``kinds``: ``legal_<kind1>_<kind2>...`` where the
        logic offers them together (one call before every move), else each kind's own."""
        together: Offer[S] | None = (
            getattr(self, "legal_" + "_".join(kinds), None) if len(kinds) > 1 else None)
        if together is not None:
            return together
        return _joined([self._offer(kind) for kind in kinds])

    def _offer(self, kind: str) -> Offer[S] | Action:
        """What offers ``kind`` where the phase table allows it: ``legal_<kind>``, or, for
        a kind without arguments, the bare action (always legal there)."""
        own: Offer[S] | None = getattr(self, f"legal_{kind}", None)
        if own is not None:
            return own
        if self.grammar.kinds.get(kind):
            raise TypeError(f"{type(self).__name__} allows {kind!r} (it takes arguments) "
                            f"but has no legal_{kind}(state) to offer it")
        return Action(kind)

    # What each game provides.
    def player_counts(self) -> Sequence[int]:
        """The player counts this variant can be played with."""
        raise NotImplementedError

    def default_names(self, count: int) -> tuple[str, ...]:
        """The players' names when a game is started with a count: ``Player 1``, ..."""
        return tuple(f"Player {i + 1}" for i in range(count))

    def new_state(self, names: tuple[str, ...], chance: Chance) -> S:
        """A state before the first trigger; ``start`` then sets the game going."""
        raise NotImplementedError

    def current_player(self, st: S) -> int | None:
        """Whose move it is (the phase's ``actor``), or None in a phase no player acts in."""
        actor = self.actors.get(st.phase)
        return None if actor is None else actor(st)

    def legal(self, st: S) -> list[Legal]:
        """What is legal now: each move kind the phase allows, as its ``legal_<kind>`` offers.

        Not to be overridden: the phase table decides (``Game.legal_actions`` reads
        ``offers`` itself, one call less before every move)."""
        return self.offers[st.phase](st)

    def check(self, st: S, action: Action) -> None:
        """Raise IllegalAction if ``action`` is not legal; the phase is already checked."""
        raise NotImplementedError

    def perform(self, st: S, action: Action) -> None:
        """Carry out a checked action: log it, change the state, fire its triggers."""
        raise NotImplementedError

    def checked_perform(self, st: S, action: Action) -> None:
        """``validate``, then ``perform``: ``Game.apply``'s two steps in one call (compiled,
        one call less from interpreted code a move)."""
        self.validate(st, action)
        self.perform(st, action)

    def view(self, st: S, player: int | None) -> View:
        """The JSON-serialisable view; ``player`` None is the full state (G-3)."""
        raise NotImplementedError

    def changes_before_chance(self, st: S, action: Action) -> bool:
        """Whether carrying out ``action`` (legal in ``st``) may change ``st`` before it
        asks for a chance outcome. False promises that a move that runs out of chance
        (``ChanceExhausted``) leaves ``st`` exactly as it was, so a caller that tries moves
        against a chance source that can run out (the OpenSpiel adapter, whose chance
        nodes are such) needs no copy to go back to. True, the default, is always safe."""
        return True

    def state_from_view(self, view: View, chance: Chance) -> S:
        """A state consistent with a view, its hidden parts drawn from ``chance``.

        This is determinization for bots: whatever the view hides (pile order, removed
        cards) is sampled from what the viewer cannot see, so a bot never cheats.
        """
        raise NotImplementedError

    def state_for(self, st: S, player: int, chance: Chance) -> S:
        """``state_from_view(view(st, player), chance)``: the state a player's view gives,
        for a caller that holds the state itself (a runner handing its bots their seat's
        game, ``engine.game.seat_game``). A game may build it without the view, the same
        state to the last field (``tests/test_seat_game.py``); this one goes through it."""
        return self.state_from_view(self.view(st, player), chance)

    def winners(self, st: S) -> list[int]:
        """Indexes of the winners once the game is over (G-4), else []."""
        raise NotImplementedError

    def summary(self, st: S) -> Summary:
        """Figures of a finished game for simulations: final money and any game-specific tallies."""
        raise NotImplementedError

    # What a game may add to (the base covers the core's chance events).
    def revealed(self, event: Event) -> str | None:
        """What ``event`` showed of chance, as a reason undo cannot take it back, or None
        when it showed nothing (G-1, G-3: a drawn card stays drawn, a shuffle stays made).

        The base knows the core's chance events; a game adds the events of its own that
        turn up hidden pieces (a draw, a free fill), calling this for the rest."""
        kind = event.get("type")
        if kind == "order":
            return f"chance has set out {event.get('what', 'an order')}"
        if kind == "choose":
            return f"a random choice has been made ({event.get('what', 'chance')})"
        return None

    def forget_order(self, st: S) -> None:
        """Make what a state knows of chance's hidden order unknown again (a pile a
        ``state_from_view`` sampled), so that the rest comes as chance decides, a piece at
        a time: the OpenSpiel adapter's chance nodes. A game with hidden order says how."""
        raise NotImplementedError(f"{type(self).__name__} does not say how to forget its "
                                  "hidden order (Logic.forget_order)")

    def private_to(self, what: str) -> int | None:
        """The one seat that sees the chance outcome asked for as ``what`` (an ``order``
        event's ``what``: a stone dealt face down), or None: everyone sees it (a card turned
        up on the table). The OpenSpiel adapter's information states follow it."""
        return None

    # Shared by every game.
    def start(self, st: S) -> None:
        """Set a new state going: fire the machine's ``begin`` trigger."""
        self.pm.fire(st, "begin")

    def validate(self, st: S, action: Action) -> None:
        """Refuse an action with the reason and what is legal (G-2), changing nothing."""
        grammar = self.grammar
        # An action checked before passes by its identity, without a call (``apply`` runs
        # this before every move: a call was a twentieth of a compiled random move).
        if grammar.checked.get(id(action)) is not action:
            problem = grammar.shape_problem(action)
            if problem is not None:
                raise IllegalAction(problem, describe(self.legal(st)))
        if (st.phase, action.kind) not in self.pm.table:
            if action.kind not in self.grammar.kinds:
                reason = f"unknown action {quote(action.kind)}"
            elif st.phase in self.pm.final_states:
                reason = "the game is over"
            else:
                words = self.phase_words.get(st.phase) or st.phase.replace("_", " ")
                reason = f"{action.kind} is not possible while {words}"
            raise IllegalAction(reason, describe(self.legal(st)))
        self.check(st, action)

    def chance_order(
        self, st: S, what: str, items: Sequence[str], count: int
    ) -> tuple[list[str], int]:
        """Ask the chance source to order ``count`` of ``items`` and log the outcome (G-1).

        Returns the known order, top first, and how many unknown items follow it.
        """
        order, unknown = st.chance.order(what, items, count)
        event: OrderEvent = {"type": "order", "what": what, "order": order, "unknown": unknown}
        st.log.append(event)
        return order, unknown

    def continue_order(
        self, st: S, what: str, unseen: Sequence[str], unknown: int
    ) -> tuple[list[str], int]:
        """More of an order whose rest was unknown: a table game's next card (G-1).

        Asks the chance source to continue ``what`` from the ``unseen`` pieces and logs the
        outcome as another ``order`` event. ChanceExhausted, with nothing changed, when the
        source cannot say (supply it with ``Game.supply_chance(order=[...])``).
        """
        name = f"{what}, continued"
        order, left = st.chance.order(name, unseen, unknown)
        if not order:
            raise ChanceExhausted(
                f"{what}: the next piece is unknown; supply it with "
                "Game.supply_chance(order=[...])"
            )
        event: OrderEvent = {"type": "order", "what": name, "order": order, "unknown": left}
        st.log.append(event)
        return order, left

    def refuse(self, st: S, reason: str) -> IllegalAction:
        """An IllegalAction for ``reason`` that lists what is legal instead."""
        return IllegalAction(reason, describe(self.legal(st)))

    def action_of(self, event: Event) -> Action | None:
        """The action an event records, or None for chance and derived events."""
        kind = event.get("type")
        if kind not in self.grammar.kinds:
            return None
        # The grammar's argument names are the event's keys (an optional one may be absent).
        fields: Mapping[str, Any] = event  # an action's arguments, as its grammar names them
        names = (part.rstrip("?") for part in self.grammar.kinds[kind])
        return Action(kind, *(fields[name] for name in names if fields.get(name) is not None))


def _joined(offers: list[Offer[S] | Action]) -> Offer[S]:
    """One offer for a phase: its kinds' offers (a function, or an action always legal
    there), in the table's order. The common shapes are written out, since ``legal`` runs
    before every random or search move."""
    fixed: list[Legal] = [o for o in offers if isinstance(o, Action)]
    asked = [o for o in offers if not isinstance(o, Action)]
    if not asked:
        return lambda st: fixed[:]
    if len(asked) == 1 and offers[0] is asked[0]:
        only = asked[0]
        if not fixed:
            return only
        return lambda st: only(st) + fixed  # e.g. bid amounts, then pass (a new list)
    if len(offers) == 2 and not fixed:
        first, second = asked
        return lambda st: first(st) + second(st)

    def offer(st: S) -> list[Legal]:
        out: list[Legal] = []
        for one in offers:
            if isinstance(one, Action):
                out.append(one)
            else:
                out += one(st)
        return out

    return offer


def deck_of(
    kinds: Sequence[str], values: Sequence[int], gold: Sequence[int]
) -> tuple[list[str], dict[str, int], dict[str, int]]:
    """A game's cards or tiles (M-1, S-1): one ``kind:value`` per kind and value, then gold.

    Returns the pieces, each piece's kind (an index into ``kinds``; -1 for gold) and value.
    """
    deck = [f"{k}:{v}" for k in kinds for v in values] + [f"gold:{v}" for v in gold]
    kind: dict[str, int] = {}
    value: dict[str, int] = {}
    for piece in deck:
        name, number = piece.split(":")
        kind[piece] = kinds.index(name) if name in kinds else -1
        value[piece] = int(number)
    return deck, kind, value


def multiset_without(items: Sequence[str], *groups: Sequence[str]) -> list[str]:
    """``items`` less one occurrence of every entry of ``groups`` (ValueError if one is missing)."""
    return Multiset(items).without(*groups)


class Multiset:
    """A fixed collection of pieces, with repeats (a deck, a bag), that says fast what is
    left of it once some are gone: asked at every card drawn in a table game and every
    day's shuffle, so where each piece lies is worked out once.

    >>> Multiset(["fur:5", "fur:5", "gold:10"]).without(["fur:5"], ["gold:10"])
    ['fur:5']
    """

    __slots__ = ("items", "_first", "_next", "_all")

    def __init__(self, items: Sequence[str]) -> None:
        self.items = list(items)
        """The pieces, in order (what is left keeps this order)."""
        first: dict[str, int] = {}
        after = [-1] * len(self.items)
        last: dict[str, int] = {}
        for i, item in enumerate(self.items):
            if item in last:
                after[last[item]] = i
            else:
                first[item] = i
            last[item] = i
        self._first = first  # where each piece first lies
        self._next = after  # where the same piece lies next (-1: nowhere)
        self._all = [True] * len(self.items)

    def without(self, *groups: Sequence[str]) -> list[str]:
        """The pieces less one occurrence of every entry of ``groups``, in order (as
        ``list.remove`` of each would leave them); ValueError if one is not left."""
        keep = self._all[:]
        first = self._first
        after = self._next
        for group in groups:
            for item in group:
                i = first.get(item, -1)
                while i >= 0 and not keep[i]:
                    i = after[i]
                if i < 0:
                    raise ValueError(f"{item!r} is not among the pieces left")
                keep[i] = False
        return list(compress(self.items, keep))
