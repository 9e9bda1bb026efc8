"""What the OpenSpiel and PettingZoo adapters share: integer actions and observation tensors.

**Actions.** Each game has a fixed integer action space (``ActionMap``): its actions
without an amount, in the order its ``encoding.py`` lists them, then ``base + N`` for the
amount action with N in 0..``max_amount``. (A game with a second kind of amount lists that
kind's few actions among the first: a range of them is offered action by action.) Each
game's ``encoding.py`` (in its folder, named by its descriptor's ``encoding``) writes out its
own space and observation parts.

Amounts above ``max_amount`` are legal in the engine (a rich bidder, a price on loans) but
not offered by the adapters: the action space must be finite. The default, 200, is above
every final money we have seen in simulation.

**Observations.** ``observation(view, layout)`` turns ``Game.view(player)`` into a flat
float32 vector; ``Layout.pieces`` names its parts in order (``Layout.describe()``). It is
built from the player's view alone, so it never holds the pile order or removed cards (G-3).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Generic, NamedTuple, Protocol

import numpy as np
import numpy.typing as npt
from typing_extensions import TypeVar

from engine.actions import Action, Legal, Span, amount_action
from engine.logic import Logic
from engine.registry import game_info
from engine.rules import Variant
from engine.views import View

DEFAULT_MAX_AMOUNT = 200
"""The highest bid or price the integer action space holds, unless a game says otherwise."""
MAX_AMOUNT_LIMIT = 100_000
"""The most ``max_amount`` may be (the action space has ``max_amount + 1`` amount actions)."""


Vector = npt.NDArray[np.float32]
"""An observation, or a slice of one (a part)."""
Slots = dict[str, Vector]
"""Each part of an observation by name: a view of the vector to fill."""


class OneHot(Protocol):
    """``one_hot(part, index, offset=0)``: a 1 at ``offset + index`` of the part (None: none)."""

    def __call__(self, name: str, index: int | None, offset: int = 0) -> None:
        """Set the one."""


class Counts(Protocol):
    """``counts(part, pieces, offset=0)``: one more at each piece's place after ``offset``."""

    def __call__(self, name: str, items: Sequence[str], offset: int = 0) -> None:
        """Count the pieces."""


L = TypeVar("L", bound=Logic[Any], default=Logic)
"""The logic type a game's encoding reads (``Encoding[MediciLogic]``)."""


@dataclass(frozen=True)
class Encoding(Generic[L]):
    """One game's integer actions and observation parts (its folder's ``encoding.py``)."""

    pieces: Callable[[L], list[str]]
    """The game's distinct pieces (cards, tiles) from its logic, in the rules' order."""
    actions: Callable[[L], tuple[list[Action], str]]
    """The actions without an amount, in id order, and the kind of the amount action."""
    parts: Callable[[L, int, int], list[tuple[str, int]]]
    """``(logic, players, pieces)`` -> the observation's parts after ``viewer`` and ``current``."""
    fill: Callable[[View, Slots, OneHot, Counts, int], None]
    """Fill the parts from a view (of the game): ``(view, slots, one_hot, counts, pieces)``."""
    max_length: Callable[[L, int], int]
    """An upper bound on moves plus chance outcomes in one game (for OpenSpiel)."""


def encoding_of(variant: Variant) -> Encoding:
    """The encoding of a variant's game; ValueError if the game has none."""
    return encoding_of_game(variant.game)


def encoding_of_game(game: str) -> Encoding:
    """The encoding of the game of id ``game``; ValueError if it has none."""
    load = game_info(game).encoding
    if load is None:
        raise ValueError(f"{game} has no integer encoding for the adapters")
    return load()


def check_max_amount(value: object) -> int:
    """``value`` as a ``max_amount``, or ValueError saying what is accepted."""
    if not isinstance(value, int) or value.__class__ is not int or not (
            1 <= value <= MAX_AMOUNT_LIMIT):
        raise ValueError(
            f"max_amount is a whole number from 1 to {MAX_AMOUNT_LIMIT}, got {value!r}"
        )
    return value


class ActionMap:
    """A game's actions as integers 0..``size - 1`` (the layout is in the module docstring)."""

    def __init__(self, variant: Variant, max_amount: int = DEFAULT_MAX_AMOUNT) -> None:
        self.max_amount = check_max_amount(max_amount)
        fixed, self.amount_kind = encoding_of(variant).actions(variant.logic)
        self.fixed = fixed
        self.index = {action: i for i, action in enumerate(fixed)}
        self.base = len(fixed)
        self.size = self.base + max_amount + 1

    def action(self, action_id: int) -> Action:
        """The engine action of an id; ValueError for an id outside the space."""
        if not 0 <= action_id < self.size:
            raise ValueError(f"action id {action_id} is outside 0..{self.size - 1}")
        if action_id < self.base:
            return self.fixed[action_id]
        return amount_action(self.amount_kind, action_id - self.base)

    def id_of(self, action: Action) -> int:
        """The id of an engine action; ValueError if the space does not hold it."""
        i = self.index.get(action)
        if i is not None:
            return i
        if (
            action.kind == self.amount_kind
            and action.amount is not None
            and 0 <= action.amount <= self.max_amount
        ):
            return self.base + action.amount
        raise ValueError(
            f"{action} has no action id (amounts go up to max_amount={self.max_amount})"
        )

    def legal_ids(self, legal: Sequence[Legal]) -> list[int]:
        """The ids of ``Game.legal_actions()``, ascending; ranges cut at ``max_amount``."""
        out: list[int] = []
        for entry in legal:
            if entry.__class__ is Span:  # the fast test (isinstance costs more)
                if entry.kind != self.amount_kind:  # a range of another kind: listed actions
                    out.extend(self.index[action] for action in entry.actions())
                    continue
                top = self.max_amount if entry.hi is None else min(entry.hi, self.max_amount)
                out.extend(range(self.base + entry.lo, self.base + top + 1))
            else:
                out.append(self.index[entry])  # type: ignore[index]  # not a Span: an Action
        out.sort()
        return out

    def mask(self, legal: Sequence[Legal]) -> npt.NDArray[np.int8]:
        """A 0/1 int8 vector over the whole space: 1 for every legal id."""
        out = np.zeros(self.size, dtype=np.int8)
        out[self.legal_ids(legal)] = 1
        return out


def pieces_of(variant: Variant) -> list[str]:
    """The distinct pieces of a variant (its cards, its tiles), in the rules' order
    (``fur:3``, ``gold:10``)."""
    return encoding_of(variant).pieces(variant.logic)


class Layout(NamedTuple):
    """The parts of an observation vector, in order: ``(name, size)`` each."""

    game: str
    players: int
    pieces: tuple[tuple[str, int], ...]
    deck: tuple[str, ...]
    """The game's distinct pieces (``pieces_of``): the order of every count part."""

    @property
    def size(self) -> int:
        """The length of the vector."""
        return sum(size for _, size in self.pieces)

    def describe(self) -> str:
        """One line per part: offset, size and name."""
        lines, at = [], 0
        for name, size in self.pieces:
            lines.append(f"{at:5d} {size:4d}  {name}")
            at += size
        return "\n".join(lines)


def layout_for(variant: Variant, players: int) -> Layout:
    """The observation layout of a variant at a player count: ``viewer`` and ``current``
    (one-hot over the seats), then the game's own parts (its ``encoding.py`` lists them).
    Amounts are raw money, counts raw counts; one-hots are 0/1.
    """
    deck = tuple(pieces_of(variant))
    own = encoding_of(variant).parts(variant.logic, players, len(deck))
    parts = [("viewer", players), ("current", players), *own]
    return Layout(variant.game, players, tuple(parts), deck)


def observation(view: View, layout: Layout) -> Vector:
    """The float32 vector of a view (see ``layout_for`` for what each part holds)."""
    out: Vector = np.zeros(layout.size, dtype=np.float32)
    slots: Slots = {}
    at = 0
    for name, size in layout.pieces:
        slots[name] = out[at : at + size]
        at += size
    place = {name: i for i, name in enumerate(layout.deck)}
    c = len(layout.deck)

    def one_hot(name: str, index: int | None, offset: int = 0) -> None:
        if index is not None:
            slots[name][offset + index] = 1.0

    def counts(name: str, items: Sequence[str], offset: int = 0) -> None:
        part = slots[name]
        for item in items:
            part[offset + place[item]] += 1.0

    one_hot("viewer", view["viewer"])
    one_hot("current", view["current_player"])
    encoding = encoding_of_game(layout.game)
    encoding.fill(view, slots, one_hot, counts, c)
    return out
