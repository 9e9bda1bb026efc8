"""The base of every game's rules logic: what the core needs from a game, and the shared checks."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar, Self

from engine.actions import Action, Grammar, Legal, describe
from engine.chance import Chance
from engine.errors import ChanceExhausted, IllegalAction, quote
from engine.phases import PhaseMachine, PhaseSpec

Event = dict[str, Any]


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

    def clone(self) -> State:
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


class Logic:
    """One game's rules, bound to one resolved variant; shared by every game of that variant.

    Subclasses set ``grammar`` and ``phases`` and implement the game-specific methods. The
    phase machine is built once here; handlers fire their triggers through ``self.pm``.
    """

    grammar: ClassVar[Grammar]
    phases: ClassVar[PhaseSpec]
    game: ClassVar[str]
    phase_words: ClassVar[dict[str, str]] = {}
    """How messages name a phase where its name is no gerund ("while the offer is open")."""

    def __init__(self, rules: dict[str, Any], strict: bool | None = None) -> None:
        self.rules = rules
        self.pm = PhaseMachine(self.phases, self, strict=strict)

    # What each game provides.
    def player_counts(self) -> Sequence[int]:
        """The player counts this variant can be played with."""
        raise NotImplementedError

    def default_names(self, count: int) -> tuple[str, ...]:
        """The players' names when a game is started with a count: ``Player 1``, ..."""
        return tuple(f"Player {i + 1}" for i in range(count))

    def new_state(self, names: tuple[str, ...], chance: Chance) -> State:
        """A state before the first trigger; ``start`` then sets the game going."""
        raise NotImplementedError

    def current_player(self, st: Any) -> int | None:
        """Whose move it is, or None when the game is over."""
        raise NotImplementedError

    def legal(self, st: Any) -> list[Legal]:
        """What is legal now."""
        raise NotImplementedError

    def check(self, st: Any, action: Action) -> None:
        """Raise IllegalAction if ``action`` is not legal; the phase is already checked."""
        raise NotImplementedError

    def perform(self, st: Any, action: Action) -> None:
        """Carry out a checked action: log it, change the state, fire its triggers."""
        raise NotImplementedError

    def view(self, st: Any, player: int | None) -> dict[str, Any]:
        """The JSON-serialisable view; ``player`` None is the full state (G-3)."""
        raise NotImplementedError

    def state_from_view(self, view: dict[str, Any], chance: Chance) -> State:
        """A state consistent with a view, its hidden parts drawn from ``chance``.

        This is determinization for bots: whatever the view hides (pile order, removed
        cards) is sampled from what the viewer cannot see, so a bot never cheats.
        """
        raise NotImplementedError

    def winners(self, st: Any) -> list[int]:
        """Indexes of the winners once the game is over (G-4), else []."""
        raise NotImplementedError

    def summary(self, st: Any) -> dict[str, Any]:
        """Figures of a finished game for simulations: final money and any game-specific tallies."""
        raise NotImplementedError

    # Shared by every game.
    def start(self, st: Any) -> None:
        """Set a new state going: fire the machine's ``begin`` trigger."""
        self.pm.fire(st, "begin")

    def validate(self, st: Any, action: Action) -> None:
        """Refuse an action with the reason and what is legal (G-2), changing nothing."""
        problem = self.grammar.shape_problem(action)
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
        self, st: Any, what: str, items: Sequence[str], count: int
    ) -> tuple[list[str], int]:
        """Ask the chance source to order ``count`` of ``items`` and log the outcome (G-1).

        Returns the known order, top first, and how many unknown items follow it.
        """
        order, unknown = st.chance.order(what, items, count)
        st.log.append({"type": "order", "what": what, "order": order, "unknown": unknown})
        return order, unknown

    def continue_order(
        self, st: Any, what: str, unseen: Sequence[str], unknown: int
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
        st.log.append({"type": "order", "what": name, "order": order, "unknown": left})
        return order, left

    def refuse(self, st: Any, reason: str) -> IllegalAction:
        """An IllegalAction for ``reason`` that lists what is legal instead."""
        return IllegalAction(reason, describe(self.legal(st)))

    def action_of(self, event: Event) -> Action | None:
        """The action an event records, or None for chance and derived events."""
        kind = event.get("type")
        if kind not in self.grammar.kinds:
            return None
        return Action(kind, event.get("amount"), event.get("ship"), event.get("harbour"))


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
    rest = list(items)
    for group in groups:
        for item in group:
            rest.remove(item)
    return rest
