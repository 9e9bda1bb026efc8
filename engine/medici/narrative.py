"""How each Medici event reads: the moves, the purchases, a day's end and its scoring."""

from __future__ import annotations

from collections.abc import Sequence
from itertools import groupby
from typing import ClassVar

from engine.narrative.narrator import COMMON_ROLES, Event, Narrator
from engine.narrative.sentence import Role, Sentence, join, ordinal, pieces

DAY_END = {
    "full_ships": "all ships but one are full (M-12)",
    "empty_pile": "the pile is empty (M-12)",
}
"""Why a day ended, by the ``by`` of a ``day_end`` event."""


class MediciNarrator(Narrator):
    """Medici's sentences."""

    roles: ClassVar[dict[str, Role]] = {
        **COMMON_ROLES,
        "bid": Role.MOVE,
        "pass": Role.MOVE,
        "buy": Role.RESULT,
        "discard": Role.RESULT,
        "free_fill": Role.RESULT,
        "day_end": Role.SCORING,
    }
    gathered: ClassVar[str] = "track"
    endings: ClassVar[dict[str, str]] = DAY_END
    unit: ClassVar[str] = "florins"
    period: ClassVar[str] = "day"

    def say_start_player(self, events: Sequence[Event], index: int) -> Sentence:
        """``Bo starts (least money).``"""
        e = events[index]
        reason = f" ({e['reason']})" if e.get("reason") else ""
        return self.does(e.get("player"), "starts").add(f"{reason}.")

    def say_bid(self, events: Sequence[Event], index: int) -> Sentence:
        """``Bo bids 12.``"""
        e = events[index]
        return self.does(e.get("player"), "bids").add(" ").add(e.get("amount"), "money").add(".")

    def say_pass(self, events: Sequence[Event], index: int) -> Sentence:
        """``Bo passes.``"""
        return self.does(events[index].get("player"), "passes").add(".")

    say_buy = Narrator.bought

    def say_discard(self, events: Sequence[Event], index: int) -> Sentence:
        """``Nobody bids: the lot fur:3 is out for the day (M-10).``"""
        lot = pieces(events[index].get(self.noun, []))
        return Sentence("Nobody bids: the lot ").add(lot).add(" is out for the day (M-10).")

    def say_free_fill(self, events: Sequence[Event], index: int) -> Sentence:
        """``Cy fills up for free: dye:2, fur:0 (M-12).``"""
        e = events[index]
        if not e.get("cards"):
            return self.who(e.get("player")).add(
                " would fill up for free, but the pile is empty (M-12).")
        return self.does(e.get("player"), "fills").add(" up for free: ").add(
            pieces(e["cards"])).add(" (M-12).")

    say_day_end = Narrator.period_end

    def parts(self, events: Sequence[Event], indices: list[int]) -> Sentence:
        """``Tracks: Ann fur 0→1, spice 0→2; Bo grain 1→3`` (M-15)."""
        by_player = groupby((events[i] for i in indices), key=lambda e: e.get("player"))
        return Sentence("Tracks: ").add(join(
            (self.who(player).add(" ").add(", ".join(
                f"{e.get('commodity')} {e.get('from')}→{e.get('to')}" for e in moves))
             for player, moves in by_player),
            "; ",
        ))

    def payout(self, event: Event) -> Sentence:
        """``30 ship (1st, value 20)``, ``10 fur majority (1st, tied)``, ``5 fur bonus (level 3)``.

        M-13 ships by place, M-16 majorities by level, M-17 bonuses (M-14: ties share).
        """
        amount = event.get("amount")
        tie = ", tied" if len(event.get("tied") or []) > 1 else ""
        place = ordinal(event.get("place")) + tie
        reason = event.get("reason")
        if reason == "ship":
            return Sentence(f"{amount} ship ({place}, value {event.get('value')})")
        if reason == "majority":
            return Sentence(f"{amount} {event.get('commodity')} majority ({place})")
        if reason == "bonus":
            return Sentence(f"{amount} {event.get('commodity')} bonus (level {event.get('level')})")
        return super().payout(event)
