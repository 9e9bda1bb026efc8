"""Drawing a lot within a limit, then stopping: the lot mechanics games share (M-8, S-7).

A game whose players draw pieces one at a time into a lot, up to ``max_lot`` and while
someone has room, then stop, mixes ``LotDrawing`` into its logic and says only what differs:
its words (``LotWords``), whether pieces are left, where the next one comes from, and why
the lot may not grow for lack of room. Offering, checking and carrying out ``draw`` and
``stop`` are written here once.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from operator import attrgetter
from typing import ClassVar, TypeVar

from engine.actions import Action, Legal
from engine.logic import Logic, Rules, State
from engine.mypyc_attrs import mypyc_attr
from engine.narrative import Narrator, Role, Sentence, pieces
from engine.views import Event, MoveEvent

DRAW = Action("draw")
STOP = Action("stop")

FIELD_MOST = 3
"""The field's styles draw at most this many pieces into a lot (``draw_or_stop``)."""


def draw_or_stop(legal: Sequence[Legal], lot: Sequence[str], value: Mapping[str, int],
                 below: int) -> Action | None:
    """The drawing rule of the bots' field (``engine.bots.styles``): a lot grows while it
    has fewer than ``FIELD_MOST`` pieces and their face values (``value``) add up to less
    than ``below``; None when drawing is not the question now (``legal`` offers no choice
    between draw and stop)."""
    if DRAW not in legal or STOP not in legal:
        return None
    return DRAW if len(lot) < FIELD_MOST and sum(value[c] for c in lot) < below else STOP


@dataclass(frozen=True)
class LotWords:
    """How a game names the pieces of a lot, where they come from, and its rule id."""

    piece: str
    """One piece (``card``); also the key of the piece in a ``draw`` event."""
    pieces: str
    source: str
    """Where pieces are drawn from (``pile``): the state's list of known pieces, top last."""
    unknown: str
    """The state's count of pieces still in the source but not known yet (a table game)."""
    rule: str
    """The rule that says how a lot is drawn (``M-8``)."""


# Compiled (mypyc), a native class that interpreted code subclasses (the games' own,
# the tests' toy game, a user's game) must say so.
@mypyc_attr(allow_interpreted_subclasses=True)
class LotState(State):
    """The state of a game with lots: ``lot``, the pieces drawn for the sale under way.

    The game's state adds the source and the unknown count its ``lot_words`` name."""

    __slots__ = ("lot",)

    lot: list[str]


L = TypeVar("L", bound=LotState)
"""The state type of a game with lots."""


# Compiled (mypyc), a native class that interpreted code subclasses (the games' own,
# the tests' toy game, a user's game) must say so.
@mypyc_attr(allow_interpreted_subclasses=True)
class LotDrawing(Logic[L]):
    """The ``Logic`` of a game whose state is a ``LotState`` with the source and unknown
    count its ``lot_words`` name."""

    lot_words: ClassVar[LotWords]
    max_lot: int

    def __init__(self, rules: Rules, strict: bool | None = None) -> None:
        super().__init__(rules, strict)
        # C-level getters: asked before every move, so no Python call for them.
        self._source: Callable[[L], list[str]] = attrgetter(self.lot_words.source)
        self._left: Callable[[L], tuple[list[str], int]] = attrgetter(
            self.lot_words.source, self.lot_words.unknown)
        self._piece_key = self.lot_words.piece
        pm = self.pm
        # A draw that stays in its phase fires nothing in the compiled table.
        self._fire_draw = pm.strict or "draw" not in pm.stays

    # What each game says.
    def continue_source(self, st: L) -> None:
        """Ask chance for the source's next pieces when they are not known yet (G-1)."""
        raise NotImplementedError

    def lot_room(self, st: L) -> int:
        """The most pieces a lot may have for the players' room now."""
        raise NotImplementedError

    def has_room(self, st: L, size: int) -> bool:
        """Whether a lot of ``size`` pieces fits the players' room now (``lot_room(st) >=
        size``; a game may answer sooner, as soon as it finds the room)."""
        return self.lot_room(st) >= size

    def room_message(self, st: L, room: int, size: int) -> str:
        """Why a lot of ``size`` pieces is too big for ``room``."""
        raise NotImplementedError

    # Written once.
    def revealed(self, event: Event) -> str | None:
        """A drawn piece has been seen (G-3); the rest as ``Logic.revealed``."""
        if event.get("type") == "draw":
            piece = event.get(self._piece_key)
            return (f"{piece} has been drawn and seen" if piece
                    else f"a drawn {self.lot_words.piece} has been seen")
        return super().revealed(event)

    def forget_order(self, st: L) -> None:
        """The source's known pieces become unknown ones again (``Logic.forget_order``)."""
        words = self.lot_words
        known = self._source(st)
        setattr(st, words.unknown, getattr(st, words.unknown) + len(known))
        setattr(st, words.source, [])

    def draw_problem(self, st: L) -> str | None:
        """Why the player may not draw another piece now, or None."""
        words = self.lot_words
        size = len(st.lot) + 1
        if size > self.max_lot:
            return (f"the lot already has {self.max_lot} {words.pieces}, the most a lot may "
                    f"have ({words.rule})")
        known, unknown = self._left(st)
        if not known and not unknown:
            return f"the {words.source} is empty ({words.rule})"
        if self.has_room(st, size):  # ``lot_room(st) >= size``, as soon as room is found
            return None
        return self.room_message(st, self.lot_room(st), size)

    def stop_problem(self, st: L) -> str | None:
        """Why the player may not stop now (an empty lot), or None."""
        if st.lot:
            return None
        return f"draw at least one {self.lot_words.piece} before stopping ({self.lot_words.rule})"

    def legal_draw(self, st: L) -> list[Legal]:
        """``draw`` while the lot may grow (``draw_problem`` without its messages)."""
        return [DRAW] if self.may_draw(st) else []

    def may_draw(self, st: L) -> bool:
        """Whether the lot may grow by one piece now (``draw_problem`` is None)."""
        size = len(st.lot) + 1
        if size > self.max_lot:
            return False
        known, unknown = self._left(st)
        return bool(known or unknown) and self.has_room(st, size)

    def legal_draw_stop(self, st: L) -> list[Legal]:
        """``draw`` and ``stop`` together, for a phase that allows both (the usual case)."""
        lot = st.lot
        # may_draw inlined: this runs before nearly every other move of a game.
        size = len(lot) + 1
        if size > self.max_lot:
            return [STOP] if lot else []
        known, unknown = self._left(st)
        if (known or unknown) and self.has_room(st, size):
            return [DRAW, STOP] if lot else [DRAW]
        return [STOP] if lot else []

    def legal_stop(self, st: L) -> list[Legal]:
        """``stop`` once the lot has a piece."""
        return [STOP] if st.lot else []

    def perform_draw(self, st: L, player: int) -> None:
        """``player`` draws the next piece into the lot, logged as a ``draw`` event."""
        source = self._source(st)
        if not source:
            self.continue_source(st)
            source = self._source(st)
        if self._fire_draw:
            self.pm.fire(st, "draw")
        piece = source.pop()
        st.lot.append(piece)
        # The game's DrawEvent: the piece under the game's own key (``card``, ``tile``), a
        # key only known at run time, which a TypedDict literal cannot take.
        event: Event = {"type": "draw", "player": player, self._piece_key: piece}  # type: ignore[misc]
        st.log.append(event)

    def perform_stop(self, st: L, player: int) -> None:
        """``player`` stops drawing; the phase table says what follows."""
        event: MoveEvent = {"type": "stop", "player": player}
        st.log.append(event)
        self.pm.fire(st, "stop")


LOT_ROLES: dict[str, Role] = {"draw": Role.MOVE, "stop": Role.MOVE}
"""The roles of the events of drawing a lot (a game's narrator adds them to its ``roles``)."""


# Compiled (mypyc), a native class that interpreted code subclasses (the games' own,
# the tests' toy game, a user's game) must say so.
@mypyc_attr(allow_interpreted_subclasses=True)
class LotNarration(Narrator):
    """How drawing a lot is told: the narrator of a game of lots builds on this."""

    def lot_before(self, events: Sequence[Event], index: int) -> list[object]:
        """The pieces drawn by the draw events just before ``events[index]``: the lot."""
        start = index
        while start > 0 and events[start - 1].get("type") == "draw":
            start -= 1
        return [events[j].get(self.piece, "?") for j in range(start, index)]

    def say_draw(self, events: Sequence[Event], index: int) -> Sentence:
        """``Ann draws fur:3.``"""
        e = events[index]
        return self.does(e.get("player"), "draws").add(" ").add(
            pieces([e.get(self.piece, "?")])).add(".")

    def say_stop(self, events: Sequence[Event], index: int) -> Sentence:
        """``Ann stops and offers the lot fur:3, gold:10.``"""
        lot = pieces(self.lot_before(events, index))
        seat = events[index].get("player")
        return self.does(seat, "stops").add(f" and {self.verb_for(seat, 'offers')} the lot ").add(
            lot).add(".")


__all__ = ["DRAW", "LOT_ROLES", "STOP", "LotDrawing", "LotNarration", "LotState", "LotWords"]
