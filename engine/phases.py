"""The phase-machine builder: one ``transitions`` Machine per rules variant, shared by all games.

A game describes its phases as one table of ``Phase`` rows (``phase_table``): who acts in
each, which move kinds it allows and where each leads (``dest`` None for a move that stays
in its phase), the automatic steps the logic fires, the method run on entering it, and
whether it scores or has a lot on sale. The machine's states and transitions are built
from that table; ``Logic.current_player`` and ``Logic.legal`` read it, so a move added to
a phase is offered to the shell and the bots as soon as it is accepted.

``PhaseMachine`` builds the ``transitions.Machine`` from that (model=None,
auto_transitions=False), then compiles the machine's own transition table into a dict, so
firing a trigger costs a dict lookup instead of the ~7 µs of ``Event.trigger``. The table is
read off the built machine, never written separately, so the machine stays the one place
that says which action may happen in which phase. ``strict=True`` fires every trigger
through ``transitions`` itself; tests play the same games both ways and compare.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from operator import attrgetter
from typing import Any, Generic, Protocol, TypeVar, cast

from transitions import EventData, Machine

from engine.errors import IllegalAction


class Model(Protocol):
    """What the machine moves: anything with a ``phase`` (a game's state)."""

    phase: str


M = TypeVar("M", bound=Model)
"""The model type of a machine: a game's state type."""

Callback = Callable[[M], None]


@dataclass(frozen=True)
class Phase:
    """One row of a game's phase table."""

    name: str
    actor: str = ""
    """Who acts: a state attribute (``selector``) or, written ``name()``, a logic method
    taking the state (``bidder()``); '' for a phase no player acts in."""
    moves: Mapping[str, str | None] = field(default_factory=dict)
    """Move kind -> the phase it leads to (None: stays in this phase)."""
    auto: Mapping[str, str] = field(default_factory=dict)
    """Automatic step (a trigger the logic fires) -> the phase it leads to."""
    on_enter: str | Sequence[str] = ()
    """The logic method(s) run on entering the phase."""
    final: bool = False
    scoring: bool = False
    """Whether this phase is a scoring step (the end of a day, a round...)."""
    sale: str = ""
    """What the players call the sale of a lot on offer in this phase (``auction``,
    ``offer``), whose answers end it; '' when no lot is on sale. Undo never takes back a
    bot's move that ended one a person saw end."""
    text: str = ""
    """One line on what happens (the diagram's note)."""
    words: str = ""
    """How messages name the phase where its name is no gerund (``the offer is open``)."""


def phase_table(phases: Sequence[Phase], initial: str | None = None) -> PhaseSpec:
    """The machine's states and transitions built from a game's phase table (first row:
    the initial phase unless ``initial`` says otherwise)."""
    states: list[dict[str, Any]] = []  # as transitions takes them: values of several types
    transitions: list[dict[str, str | None]] = []
    moves: set[str] = set()
    for row in phases:
        state: dict[str, Any] = {"name": row.name}
        if row.on_enter:
            state["on_enter"] = row.on_enter
        if row.final:
            state["final"] = True
        states.append(state)
        for trigger, dest in row.moves.items():
            transitions.append({"trigger": trigger, "source": row.name, "dest": dest})
            moves.add(trigger)
        for trigger, dest in row.auto.items():
            transitions.append({"trigger": trigger, "source": row.name, "dest": dest})
    return PhaseSpec(
        states=states,
        transitions=transitions,
        initial=initial or phases[0].name,
        moves=frozenset(moves),
        descriptions={row.name: row.text for row in phases if row.text},
        rows=tuple(phases),
    )


@dataclass(frozen=True)
class PhaseSpec:
    """A game's phases as data.

    ``states`` are dicts as ``transitions`` takes them, with ``on_enter`` naming a method of
    the game logic. ``moves`` are the triggers that players fire (the others are fired by
    the logic itself). ``transitions`` are dicts with trigger/source/dest.
    """

    states: list[dict[str, Any]]
    transitions: list[dict[str, str | None]]
    initial: str
    moves: frozenset[str]
    descriptions: dict[str, str] = field(default_factory=dict)
    rows: tuple[Phase, ...] = ()
    """The phase table the spec was built from (``phase_table``)."""


class PhaseMachine(Generic[M]):
    """A built machine plus its compiled transition table, moving models of type ``M``."""

    def __init__(self, spec: PhaseSpec, logic: object, strict: bool | None = None) -> None:
        self.spec = spec
        self.strict = os.environ.get("MEDICI_STRICT_MACHINE") == "1" if strict is None else strict
        self._callbacks: dict[str, list[Callback[M]]] = {}
        states = []
        for raw in spec.states:
            entered = raw.get("on_enter", [])
            names = [entered] if isinstance(entered, str) else list(entered)
            # The table names the logic's methods; each takes the state.
            funcs: list[Callback[M]] = [getattr(logic, n) for n in names]
            self._callbacks[raw["name"]] = funcs
            state = dict(raw)
            # transitions passes EventData (send_event=True); our callbacks take the model.
            state["on_enter"] = [_on_model(f) for f in funcs]
            states.append(state)
        self.machine = Machine(
            model=None,
            states=states,
            transitions=[dict(t) for t in spec.transitions],
            initial=spec.initial,
            auto_transitions=False,
            send_event=True,
            model_attribute="phase",
        )
        self.table: dict[tuple[str, str], tuple[str | None, list[Callback[M]]]] = {}
        self.moves_in: dict[str, tuple[str, ...]] = {}
        for trigger, event in self.machine.events.items():
            for source, trans in event.transitions.items():
                if len(trans) != 1 or trans[0].conditions:
                    raise ValueError(f"{trigger} from {source}: expected one plain transition")
                dest = trans[0].dest
                self.table[(source, trigger)] = (dest, self._callbacks[dest] if dest else [])
        self._fired: dict[str, dict[str, tuple[str | None, list[Callback[M]]]]] = {}
        """The same table by trigger, then phase: ``fire`` looks up two strings, building
        no tuple key."""
        for (source, trigger), entry in self.table.items():
            self._fired.setdefault(trigger, {})[source] = entry
        self.stays = frozenset(
            trigger
            for trigger in {t for _, t in self.table}
            if all(dest is None for (_, t), (dest, _) in self.table.items() if t == trigger)
        )
        """The triggers that never leave their phase: in the compiled table firing one
        does nothing, so a move of that kind need not fire it (unless ``strict``)."""
        self.final_states = frozenset(s["name"] for s in spec.states if s.get("final"))
        for name in self.machine.states:
            self.moves_in[name] = tuple(
                t for t in self.machine.get_triggers(name) if t in spec.moves
            )
        self.rows: dict[str, Phase] = {row.name: row for row in spec.rows}
        self.actors: dict[str, Callable[[M], int | None]] = {}
        for row in spec.rows:
            if row.actor.endswith("()"):
                self.actors[row.name] = getattr(logic, row.actor[:-2])
            elif row.actor:
                self.actors[row.name] = attrgetter(row.actor)

    @property
    def states(self) -> list[str]:
        """The phase names, in declaration order."""
        return list(self.machine.states)

    def allows(self, phase: str, trigger: str) -> bool:
        """Whether ``trigger`` may be fired in ``phase``."""
        return (phase, trigger) in self.table

    def fire(self, model: M, trigger: str) -> None:
        """Fire ``trigger`` on ``model`` (which has a ``phase`` attribute), running on_enter."""
        if self.strict:
            self.machine.events[trigger].trigger(model)
            return
        try:
            dest, callbacks = self._fired[trigger][model.phase]
        except KeyError:
            raise IllegalAction(f"{trigger} is not possible while {model.phase}") from None
        if dest is not None:
            model.phase = dest
            for callback in callbacks:
                callback(model)

    def mermaid(self) -> str:
        """The built machine as a Mermaid state diagram (moves plain, automatic steps marked)."""
        lines = ["stateDiagram-v2", f"    [*] --> {self.machine.initial}"]
        for trigger, event in self.machine.events.items():
            kind = "" if trigger in self.spec.moves else " (auto)"
            for source, trans in event.transitions.items():
                for t in trans:
                    lines.append(f"    {source} --> {t.dest or source}: {trigger}{kind}")
        for name in sorted(self.final_states):
            lines.append(f"    {name} --> [*]")
        for name, text in self.spec.descriptions.items():
            lines.append(f"    note right of {name}: {text}")
        return "\n".join(lines) + "\n"


def _on_model(func: Callback[M]) -> Callable[[EventData], None]:
    def call(event_data: EventData) -> None:
        func(cast(M, event_data.model))  # the model the trigger was fired on

    call.__name__ = getattr(func, "__name__", "callback")
    return call
