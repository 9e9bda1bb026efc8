"""The cache a game's valuation keeps of its positions (``PositionCache``), on every move of a
search and its rollouts.

Its own module, apart from the parts' protocols and ``Parts`` (``engine/bots/parts.py``,
which re-exports it under its old name): this one compiles with mypyc in the optional
compiled build (``scripts/compile.py``), so the valuations built on it, compiled too, reach
its cache natively; ``Parts``, a frozen generic dataclass, and ``ModelBot``, which bots
subclass, stay interpreted there.
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import Any, ClassVar, Generic

from typing_extensions import TypeVar  # with a default (PEP 696; in typing from 3.13)

from engine.logic import State

S = TypeVar("S", bound=State, default=State)
"""A game's state type (``MediciState``): what its valuation reads."""
Pos = TypeVar("Pos", default=object)
"""A game's position type (what its valuation works out of one state)."""


class PositionCache(Generic[S, Pos]):
    """What a game's valuation shares: one cached position (``position``), rebuilt when
    the state, or what the position depends on (``position_key``), changes. Each bot's
    valuation has its own, so no bot ever reads another's.

    It also numbers ``standings``: the exact numbers a position works its worths out of
    (its game's ``Position`` says which), so that a position equal in them to one seen
    before (the same history in another determinization of a search, or a rollout that
    came back to it) reuses its worths instead of working them out again. Worths are pure
    functions of those numbers, so a decision is the same, to the last bit, with or
    without them. The worths live in flat dictionaries (``memos``) keyed by a standing's
    number: their keys and values are tuples of numbers, which the collector stops
    tracking, where a dictionary per standing would be scanned at every full collection.
    At most ``STANDINGS`` are kept; all are dropped when full.
    """

    STANDINGS: ClassVar[int] = 4096
    """How many standings a valuation keeps at most."""
    SHARE: ClassVar[bool] = True
    """Whether positions share what they work out (``standing``, ``other_position``);
    without, each works out its own (the tests compare the two)."""

    def __init__(self) -> None:
        self._pos: Pos | None = None
        self._pos_of: S | None = None
        self._pos_key: Hashable = None
        self.standings: dict[Hashable, int] = {}
        self._numbered = 0
        self.asked = 0
        """How many standings were asked for, kept or new (over a search, ``standings``
        against it is how much positions share; the tests read it)."""
        self.memos: tuple[dict[Any, Any], ...] = ()
        """The game's flat worth caches, emptied with the standings."""

    def standing(self, key: Hashable) -> int:
        """The number of the standing ``key``: the same while it is kept, never reused."""
        standings = self.standings
        self.asked += 1
        got = standings.get(key) if self.SHARE else None
        if got is None:
            if len(standings) >= self.STANDINGS or not self.SHARE:
                standings.clear()
                for memo in self.memos:
                    memo.clear()
            got = standings[key] = self._numbered
            self._numbered += 1
        return got

    def position_key(self, st: S) -> Hashable:
        """What a position of ``st`` depends on besides the state itself."""
        raise NotImplementedError

    def new_position(self, st: S) -> Pos:
        """A fresh position of ``st``."""
        raise NotImplementedError

    def other_position(self, st: S) -> Pos:
        """A position of a state other than the last one asked about (a search's next
        determinization, most often): fresh, unless the game keeps positions by their
        contents."""
        return self.new_position(st)

    def position(self, st: S) -> Pos:
        """The position of a state, reused while nothing it depends on changes."""
        key = self.position_key(st)
        pos = self._pos
        if pos is not None and self._pos_of is st and self._pos_key == key:
            return pos
        if self._pos_of is st or not self.SHARE:
            pos = self._pos = self.new_position(st)
        else:
            pos = self._pos = self.other_position(st)
        self._pos_of = st
        self._pos_key = key
        return pos


