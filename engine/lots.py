"""Drawing a lot within a limit, then stopping: the lot mechanics games share (M-8, S-7).

A game whose players draw pieces one at a time into a lot, up to ``max_lot`` and while
someone has room, then stop, mixes ``LotDrawing`` into its logic and says only what differs:
its words (``LotWords``), whether pieces are left, where the next one comes from, and why
the lot may not grow for lack of room. Offering, checking and carrying out ``draw`` and
``stop`` are written here once.
"""

from __future__ import annotations

from dataclasses import dataclass
from operator import attrgetter
from typing import Any, ClassVar

from engine.actions import Action, Legal

DRAW = Action("draw")
STOP = Action("stop")


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


class LotDrawing:
    """Mixin for a ``Logic`` whose state has ``lot`` (a list of pieces), ``log``, and the
    source and unknown count its ``lot_words`` name."""

    lot_words: ClassVar[LotWords]
    max_lot: int

    def __init__(self, rules: dict[str, Any], strict: bool | None = None) -> None:
        super().__init__(rules, strict)  # type: ignore[call-arg]  # Logic comes next
        # C-level getters: asked before every move, so no Python call for them.
        self._source = attrgetter(self.lot_words.source)
        self._left = attrgetter(self.lot_words.source, self.lot_words.unknown)
        self._piece_key = self.lot_words.piece
        pm = self.pm  # type: ignore[attr-defined]  # a Logic
        # A draw that stays in its phase fires nothing in the compiled table.
        self._fire_draw = pm.strict or "draw" not in pm.stays

    # What each game says.
    def continue_source(self, st: Any) -> None:
        """Ask chance for the source's next pieces when they are not known yet (G-1)."""
        raise NotImplementedError

    def lot_room(self, st: Any) -> int:
        """The most pieces a lot may have for the players' room now."""
        raise NotImplementedError

    def has_room(self, st: Any, size: int) -> bool:
        """Whether a lot of ``size`` pieces fits the players' room now (``lot_room(st) >=
        size``; a game may answer sooner, as soon as it finds the room)."""
        return self.lot_room(st) >= size

    def room_message(self, st: Any, room: int, size: int) -> str:
        """Why a lot of ``size`` pieces is too big for ``room``."""
        raise NotImplementedError

    # Written once.
    def draw_problem(self, st: Any) -> str | None:
        """Why the player may not draw another piece now, or None."""
        words = self.lot_words
        size = len(st.lot) + 1
        if size > self.max_lot:
            return (f"the lot already has {self.max_lot} {words.pieces}, the most a lot may "
                    f"have ({words.rule})")
        known, unknown = self._left(st)
        if not known and not unknown:
            return f"the {words.source} is empty ({words.rule})"
        room = self.lot_room(st)
        return self.room_message(st, room, size) if room < size else None

    def stop_problem(self, st: Any) -> str | None:
        """Why the player may not stop now (an empty lot), or None."""
        if st.lot:
            return None
        return f"draw at least one {self.lot_words.piece} before stopping ({self.lot_words.rule})"

    def legal_draw(self, st: Any) -> list[Legal]:
        """``draw`` while the lot may grow (``draw_problem`` without its messages)."""
        return [DRAW] if self.may_draw(st) else []

    def may_draw(self, st: Any) -> bool:
        """Whether the lot may grow by one piece now (``draw_problem`` is None)."""
        size = len(st.lot) + 1
        if size > self.max_lot:
            return False
        known, unknown = self._left(st)
        return bool(known or unknown) and self.has_room(st, size)

    def legal_draw_stop(self, st: Any) -> list[Legal]:
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

    def legal_stop(self, st: Any) -> list[Legal]:
        """``stop`` once the lot has a piece."""
        return [STOP] if st.lot else []

    def perform_draw(self, st: Any, player: int) -> None:
        """``player`` draws the next piece into the lot, logged as a ``draw`` event."""
        source = self._source(st)
        if not source:
            self.continue_source(st)
            source = self._source(st)
        if self._fire_draw:
            self.pm.fire(st, "draw")  # type: ignore[attr-defined]  # a Logic
        piece = source.pop()
        st.lot.append(piece)
        st.log.append({"type": "draw", "player": player, self._piece_key: piece})

    def perform_stop(self, st: Any, player: int) -> None:
        """``player`` stops drawing; the phase table says what follows."""
        st.log.append({"type": "stop", "player": player})
        self.pm.fire(st, "stop")  # type: ignore[attr-defined]  # a Logic


__all__ = ["DRAW", "STOP", "LotDrawing", "LotWords"]
