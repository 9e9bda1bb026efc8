"""Chance as data (G-1): every random outcome comes from a source and is logged as an event.

A game asks its chance source for two kinds of outcome: an *order* (a shuffled pile or bag,
possibly only partly known, as when a real table's cards are entered as they are drawn) and
a *choice* (a random start player, a tie-break). Each outcome becomes an event in the log, so
a log replays without the seed. The seeded source uses its own generator (SplitMix64) rather
than ``random``, whose shuffle is not stable across Python versions.
"""

from __future__ import annotations

import os
import struct
import sys
from collections.abc import Sequence
from typing import TYPE_CHECKING, TypedDict, TypeVar, cast

from engine.errors import ChanceExhausted

if TYPE_CHECKING:
    from engine.views import ChooseEvent, Event, OrderEvent

T = TypeVar("T")

_MASK = (1 << 64) - 1
_TWO64 = 1 << 64
_GAMMA = 0x9E3779B97F4A7C15
_MIX1 = 0xBF58476D1CE4E5B9
_MIX2 = 0x94D049BB133111EB
BELOW_LIMITS = [0] + [_TWO64 - _TWO64 % n for n in range(1, 257)]
"""For ``n`` up to 256, the rejection limit of ``below(n)``: outputs from it up are redrawn
(``below_limit`` for any ``n``)."""
_NEVER_REJECTED = _TWO64 - 256
"""An output below this is below the rejection limit of every ``n`` up to 256."""
_LITTLE = sys.byteorder == "little"

_LANES: dict[int, tuple[int, int, int]] = {}
"""A count of outputs -> the constants that compute them at once (``_lanes``)."""
AHEAD = 16
"""How many outputs ``Rng.below`` computes at a time, ahead of its draws."""


def below_limit(n: int) -> int:
    """The rejection limit of ``Rng.below(n)``: an output from it up is redrawn (no bias)."""
    return BELOW_LIMITS[n] if n <= 256 else _TWO64 - _TWO64 % n


def _lanes(count: int) -> tuple[int, int, int]:
    """For ``Rng.outputs(count)``: ``count`` 128-bit lanes of one Python integer, as
    (one in every lane, 2**64 - 1 in every lane, lane ``k`` holding ``(k + 1) * gamma``)."""
    found = _LANES.get(count)
    if found is None:
        ones = sum(1 << (128 * k) for k in range(count))
        steps = sum((((k + 1) * _GAMMA) & _MASK) << (128 * k) for k in range(count))
        found = (ones, _MASK * ones, steps)
        if len(_LANES) < 1024:
            _LANES[count] = found
    return found


class ChanceScript(TypedDict, total=False):
    """Chance outcomes given ahead, as ``new_game(chance=...)`` and records take them."""

    orders: list[list[str]]
    """The draw orders, top first, one a pile or bag (a day's, a round's; or the rest of
    one whose order was unknown)."""
    choices: list[int]
    """The random choices (start players, tie-breaks), in the order they are made."""


class Rng:
    """SplitMix64: tiny, fast, and the same sequence on every Python version and machine.

    Outputs are computed many at a time (``outputs``): SplitMix64's ``k``-th output
    depends only on ``seed + k * gamma``, so one Python integer holding one 128-bit lane
    an output does the arithmetic of them all in a dozen big-integer operations, where
    each output alone costs a dozen (a 64-bit product fits its lane, and a lane is masked
    back to 64 bits before anything could spill into the next). ``below`` draws from
    outputs computed ahead (``AHEAD`` at a time); ``state`` is always the state after the
    outputs drawn so far, so the sequence is the one-at-a-time one.
    """

    __slots__ = ("_end", "_ahead")

    def __init__(self, seed: int) -> None:
        self._end = seed & _MASK  # the state after the last output computed
        self._ahead: list[int] | tuple[()] = ()  # outputs computed ahead, the next last

    @property
    def state(self) -> int:
        """The generator's state: ``next64`` adds gamma to it and mixes the sum."""
        return (self._end - len(self._ahead) * _GAMMA) & _MASK

    @state.setter
    def state(self, value: int) -> None:
        self._end = value & _MASK
        self._ahead = ()

    def outputs(self, count: int) -> list[int]:
        """The next ``count`` 64-bit outputs, exactly as ``count`` calls of ``next64``."""
        if count <= 0:
            return []
        start = self.state
        self._end = (start + count * _GAMMA) & _MASK
        self._ahead = ()
        return _mixed(start, count)

    def next64(self) -> int:
        """The next 64-bit output."""
        ahead = self._ahead
        if ahead:
            return ahead.pop()
        return self.outputs(1)[0]

    def below(self, n: int) -> int:
        """A uniform integer in ``0 <= x < n`` (rejection sampling: no modulo bias)."""
        if n <= 0:
            raise ValueError("below() needs n >= 1")
        limit = BELOW_LIMITS[n] if n <= 256 else _TWO64 - _TWO64 % n
        while True:
            # On every simulated move's path: outputs computed ahead, a pop a draw.
            ahead = self._ahead
            if not ahead:
                start = self._end
                self._end = (start + AHEAD * _GAMMA) & _MASK
                self._ahead = ahead = _mixed(start, AHEAD)[::-1]
            z = ahead.pop()
            if z < limit:
                return z % n

    def shuffled(self, items: Sequence[T]) -> list[T]:
        """A Fisher-Yates shuffle of a copy of ``items`` (the same outputs as ``below``)."""
        out = list(items)
        size = len(out)
        if size < 2:
            return out
        # One output a swap, computed at once (every new day or round and every
        # determinization shuffles).
        zs = self.outputs(size - 1)
        if size <= 257 and max(zs) < _NEVER_REJECTED:
            for i, z in zip(range(size - 1, 0, -1), zs, strict=True):
                j = z % (i + 1)
                out[i], out[j] = out[j], out[i]
            return out
        # A rejected output (odds 2**-56 a swap) is followed by the next one.
        used = 0
        last = size - 1
        for i in range(size - 1, 0, -1):
            n = i + 1
            limit = BELOW_LIMITS[n] if n <= 256 else _TWO64 - _TWO64 % n
            z = zs[used] if used < last else self.next64()
            used += 1
            while z >= limit:
                z = zs[used] if used < last else self.next64()
                used += 1
            j = z % n
            out[i], out[j] = out[j], out[i]
        return out

    def clone(self) -> Rng:
        """An independent generator in the same state."""
        return Rng(self.state)


def _mixed(start: int, count: int) -> list[int]:
    """SplitMix64's ``count`` outputs after state ``start``, in lanes (see ``Rng``)."""
    if count == 1:  # one alone costs less without lanes (a start player, a search's seed)
        z = (start + _GAMMA) & _MASK
        z = ((z ^ (z >> 30)) * _MIX1) & _MASK
        z = ((z ^ (z >> 27)) * _MIX2) & _MASK
        return [z ^ (z >> 31)]
    ones, lane, steps = _lanes(count)
    z = (start * ones + steps) & lane
    z = (((z ^ (z >> 30)) & lane) * _MIX1) & lane
    z = (((z ^ (z >> 27)) & lane) * _MIX2) & lane
    z = (z ^ (z >> 31)) & lane
    data = z.to_bytes(16 * count, "little")
    if _LITTLE:
        return memoryview(data).cast("Q")[::2].tolist()
    return list(struct.unpack(f"<{2 * count}Q", data)[::2])


def fresh_seed() -> int:
    """A seed from the operating system, for games started without one."""
    return int.from_bytes(os.urandom(8), "big") >> 1


class Chance:
    """Where a game's random outcomes come from. Subclasses decide; the game logs the result."""

    __slots__ = ()

    def order(self, what: str, items: Sequence[str], count: int) -> tuple[list[str], int]:
        """Order ``count`` of ``items`` for drawing, top first.

        Returns the known part of the order and how many unknown items follow it (0 when
        the whole order is known). Items not in the order are set aside unseen.
        """
        raise NotImplementedError

    def choose(self, what: str, options: Sequence[int]) -> int:
        """Pick one of ``options`` at random (a start player, a tie-break)."""
        raise NotImplementedError

    def clone(self) -> Chance:
        """An independent copy, for ``Game.clone()``."""
        raise NotImplementedError


class SeededChance(Rng, Chance):
    """Outcomes drawn from a seeded generator: the source is its own generator (``Rng``),
    one object where there were two, so a game's ``clone()`` is that much smaller."""

    __slots__ = ()

    @property
    def rng(self) -> Rng:
        """The generator the outcomes are drawn from: the source itself."""
        return self

    def order(self, what: str, items: Sequence[str], count: int) -> tuple[list[str], int]:
        """Shuffle all items; the first ``count`` form the pile (M-3)."""
        return self.shuffled(items)[:count], 0

    def choose(self, what: str, options: Sequence[int]) -> int:
        """Uniform over ``options`` (``below``'s draw, its outputs taken one at a time: a
        game chooses seldom, and shuffles next from where the choice left off)."""
        n = len(options)
        if n == 0:
            raise ValueError("choose() needs at least one option")
        limit = below_limit(n)
        while True:
            z = self.next64()
            if z < limit:
                return options[z % n]

    def clone(self) -> SeededChance:
        """Same generator state, independent from here on."""
        return SeededChance(self.state)


class InOrderChance(SeededChance):
    """A seeded source that orders hidden pieces as it is given them, unshuffled.

    For a determinization read by a decision that no hidden piece's place changes
    (``game_from_view(..., sample=False)``: ``greedy`` and the field's styles read how
    many pieces are hidden, never which lie where): the same game but for the hidden
    order, without the cost of shuffling it. Its choices are the seeded ones."""

    __slots__ = ()

    def order(self, what: str, items: Sequence[str], count: int) -> tuple[list[str], int]:
        """The first ``count`` of ``items`` as given."""
        return list(items[:count]), 0

    def clone(self) -> InOrderChance:
        """Same generator state, independent from here on."""
        return InOrderChance(self.state)


class GivenChance(Chance):
    """Outcomes supplied in advance, in the order the game asks for them.

    ``orders`` lists the draw orders, one per day or round. An order may be shorter than
    the pile: the rest stays unknown until the game needs it, and then asks for the next
    given order to continue it (a table game's cards, entered as they are drawn).
    ``choices`` lists the random choices (start players, tie-breaks) in the order they
    are made. When the script runs out, ``fallback`` (a seeded source) decides, or
    ``ChanceExhausted`` is raised if there is none. The fallback is advanced in step with
    the script, so a seeded game rebuilt from its log goes on as the original would have.
    """

    __slots__ = ("orders", "choices", "fallback")

    def __init__(
        self,
        orders: Sequence[Sequence[str]] = (),
        choices: Sequence[int] = (),
        fallback: Chance | None = None,
    ) -> None:
        self.orders = [list(o) for o in orders]
        self.choices = list(choices)
        self.fallback = fallback

    def order(self, what: str, items: Sequence[str], count: int) -> tuple[list[str], int]:
        """The next given order, checked against the items it must come from."""
        if not self.orders:
            if self.fallback is None:
                raise ChanceExhausted(
                    f"no draw order given for {what} (give it with supply_chance(order=...))"
                )
            return self.fallback.order(what, items, count)
        # Check before taking: a refused outcome leaves the script as it was.
        given = self.orders[0]
        if len(given) > count:
            raise ChanceExhausted(
                f"{what}: {len(given)} items given, but only {count} are in play"
            )
        pool: dict[str, int] = {}
        for item in items:
            pool[item] = pool.get(item, 0) + 1
        for item in given:
            if pool.get(item, 0) <= 0:
                raise ChanceExhausted(f"{what}: {item!r} is not available (or given too often)")
            pool[item] -= 1
        self.orders.pop(0)
        if self.fallback is not None:
            self.fallback.order(what, items, count)
        return list(given), count - len(given)

    def choose(self, what: str, options: Sequence[int]) -> int:
        """The next given choice, which must be one of ``options``."""
        if not self.choices:
            if self.fallback is None:
                raise ChanceExhausted(
                    f"no choice given for {what} (give it with supply_chance(choice=...))"
                )
            return self.fallback.choose(what, options)
        pick = self.choices[0]
        if pick not in options:
            raise ChanceExhausted(f"{what}: given {pick}, but the choice is among {list(options)}")
        self.choices.pop(0)
        if self.fallback is not None:
            self.fallback.choose(what, options)
        return pick

    def clone(self) -> GivenChance:
        """An independent copy of what is left of the script."""
        return GivenChance(
            self.orders, self.choices, None if self.fallback is None else self.fallback.clone()
        )


CHANCE_EVENTS = frozenset({"order", "choose"})
"""Event types that record chance outcomes; everything else is derived or an action."""


def chance_from_events(events: Sequence[Event], seed: int | None = None) -> GivenChance:
    """Replays the chance outcomes recorded in ``events``, then goes on from ``seed``."""
    orders = [cast("OrderEvent", e)["order"] for e in events if e.get("type") == "order"]
    choices = [cast("ChooseEvent", e)["result"] for e in events if e.get("type") == "choose"]
    return GivenChance(orders, choices, None if seed is None else SeededChance(seed))


def seat_seed(game_seed: int | None, seat: int) -> int:
    """The seed of the bot in ``seat`` of the game dealt from ``game_seed``.

    The one rule every client uses (the shell, the tournament runner, ``medici league``), so
    the same seeded game with the same bots plays the same moves wherever it is played.
    """
    return Rng(((game_seed or 0) << 4) ^ (seat + 1) ^ 0xB07B07).next64()
