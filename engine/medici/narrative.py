"""How each Medici event reads: the moves, the purchases, a day's end and its scoring."""

from __future__ import annotations

from collections.abc import Sequence
from itertools import groupby
from typing import ClassVar, cast

from engine.agreement import agree, is_you
from engine.lots import LOT_ROLES, LotNarration
from engine.medici.views import MediciView
from engine.narrative.narrator import COMMON_ROLES, Narrator, items
from engine.narrative.sentence import Line, Role, Sentence, join, names_list, ordinal, pieces
from engine.views import Event

DAY_END = {
    "full_ships": "all ships but one are full (M-12)",
    "empty_pile": "the pile is empty (M-12)",
}
"""Why a day ended, by the ``by`` of a ``day_end`` event."""


class MediciNarrator(LotNarration):
    """Medici's sentences."""

    roles: ClassVar[dict[str, Role]] = {
        **COMMON_ROLES,
        **LOT_ROLES,
        "bid": Role.MOVE,
        "pass": Role.MOVE,
        "buy": Role.RESULT,
        "discard": Role.RESULT,
        "free_fill": Role.RESULT,
        "day_end": Role.SCORING,
    }
    piece: ClassVar[str] = "card"
    noun: ClassVar[str] = "cards"
    gathered: ClassVar[str] = "track"
    endings: ClassVar[dict[str, str]] = DAY_END
    unit: ClassVar[str] = "florins"
    period: ClassVar[str] = "day"

    def say_start_player(self, events: Sequence[Event], index: int) -> Sentence:
        """``Bo starts (least money).``"""
        e = events[index]
        reason = f" ({e.get('reason')})" if e.get("reason") else ""
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
        """``Nobody bids: Ann, Bo and Cy pass; the lot fur:3 is out for the day (M-10).``

        Everyone who passed is named, the selector (the last to pass) included."""
        lot = pieces(items(events[index].get(self.noun)))
        passed: list[object] = []
        for e in reversed(events[:index]):
            kind = e.get("type")
            if kind == "stop":
                break
            if kind == "pass":
                passed.insert(0, e.get("player"))
        said = Sentence("Nobody bids: ")
        if passed:
            names = [self.name(p) for p in passed]
            verb = agree(names[0], "passes") if len(names) == 1 else "pass"
            said.add(names_list(names), "name").add(f" {verb}; ")
        return said.add("the lot ").add(lot).add(" is out for the day (M-10).")

    def after_line(self, events: Sequence[Event], index: int) -> list[Line]:
        """After a ``stop``: who sits out the auction, too short of free holds (M-9); after a
        ``buy`` that fills a ship: its owner sits out the rest of the day (said once)."""
        kind = events[index].get("type")
        if kind == "buy":
            return self._filled(events, index)
        if kind != "stop":
            return []
        view = self._view(index)
        if view is None or view.get("phase") != "bidding":
            return []
        size = len(view.get("lot") or [])
        bidders = set(view.get("bidders") or [])
        # A full ship was told when it filled up: only those short of holds are named here.
        out = [(p, player.get("free_holds", 0)) for p, player in enumerate(view["players"])
               if p not in bidders and player.get("free_holds", 0) > 0]
        if not out:
            return []
        lot = f"this lot of {size}" if size != 1 else "this lot"
        if len(out) == 1:
            seat, free = out[0]
            said = self.does(seat, "has").add(f" {_holds(free)} and ").add(
                self.verb_for(seat, "sits")).add(f" out {lot} (M-9).")
        else:
            said = join(self.who(seat).add(f" ({_holds(free)})") for seat, free in out[:-1])
            seat, free = out[-1]
            said.add(" and ").add(self.who(seat)).add(f" ({_holds(free)}) sit out {lot} (M-9).")
        return [Line(Role.NOTE, index, tuple(said.segments))]

    def _filled(self, events: Sequence[Event], index: int) -> list[Line]:
        """``Di's ship is full: Di sits out every lot left today (M-9).``"""
        seat = events[index].get("player")
        view = self._view(index)
        if view is None or not isinstance(seat, int) or not 0 <= seat < len(view["players"]):
            return []
        if view["players"][seat].get("free_holds") != 0 or view.get("phase") == "game_over":
            return []
        if view.get("day") != next((e.get("day") for e in reversed(events[:index])
                                    if e.get("type") == "start_player"), view.get("day")):
            return []  # the purchase ended the day: nothing is left to sit out
        name = self.name(seat)
        owner = "Your" if is_you(name) else f"{name}'s"
        said = Sentence(f"{owner} ship is full: ").add(self.does(seat, "sits")).add(
            " out every lot left today (M-9).")
        return [Line(Role.NOTE, index, tuple(said.segments))]

    def say_free_fill(self, events: Sequence[Event], index: int) -> Sentence:
        """``Cy fills up for free: dye:2, fur:0 (M-12).``"""
        e = events[index]
        if not e.get("cards"):
            return self.who(e.get("player")).add(
                " would fill up for free, but the pile is empty (M-12).")
        return self.does(e.get("player"), "fills").add(" up for free: ").add(
            pieces(items(e.get("cards")))).add(" (M-12).")

    say_day_end = Narrator.period_end

    def _view(self, index: int) -> MediciView | None:
        """The table after the step of ``events[index]`` (a Medici view), if given."""
        return cast("MediciView | None", self.view_after(index))

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
        tie = ", tied" if len(items(event.get("tied"))) > 1 else ""
        place = ordinal(event.get("place")) + tie
        reason = event.get("reason")
        if reason == "ship":
            return Sentence(f"{amount} ship ({place}, value {event.get('value')})")
        if reason == "majority":
            return Sentence(f"{amount} {event.get('commodity')} majority ({place})")
        if reason == "bonus":
            return Sentence(f"{amount} {event.get('commodity')} bonus (level {event.get('level')})")
        return super().payout(event)


def _holds(free: object) -> str:
    """``1 free hold``, ``2 free holds``, ``no free hold``."""
    if not isinstance(free, int) or free <= 0:
        return "no free hold"
    return f"{free} free hold" + ("s" if free != 1 else "")
