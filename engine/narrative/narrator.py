"""The describer every game's own builds on: the telling loop, a scoring's grouping, common lines.

A game's narrator names the role of each event type it knows in ``roles`` and writes that
event's sentence in a method ``say_TYPE(events, index)``; earlier events are there for
context. An event type no narrator knows is told plainly, so a new event never goes missing.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from typing import ClassVar

from engine.agreement import agree
from engine.narrative.sentence import Line, Role, Sentence, join, names_list, pieces
from engine.views import Event, View

Say = Callable[[Sequence[Event], int], Sentence]
ViewAfter = Callable[[int], View | None]
"""The table (a ``Game.view``) after the step that holds event ``index``: what the events
alone do not say (each player's money, free holds), for the lines that need it. A client
without the game gives none, and those lines are left out."""

_PERIOD_WHAT = re.compile(r"(\w+) (\d+) (\w+)")
"""An ``order`` event's ``what`` that names its period: ``day 2 pile``, ``round 1 bag``."""


COMMON_ROLES: dict[str, Role] = {
    "order": Role.OPENING,
    "start_player": Role.NOTE,
    "game_over": Role.END,
}
"""The roles of the event types games share (a game's ``roles`` start from these; a game
of lots adds ``engine.lots.LOT_ROLES``)."""


class Narrator:
    """Tells one game's events as lines, knowing the players' names."""

    roles: ClassVar[dict[str, Role]] = {}
    """The event types this game tells, each with its role (a ``say_TYPE`` method each)."""
    skipped: ClassVar[frozenset[str]] = frozenset({"setup", "choose", "assign"})
    """Events with nothing to tell: the set-up, a chance choice told by what it chose, and a
    harbour assignment told with the load that made it."""
    gathered: ClassVar[str] = ""
    """A type of small scoring events (tracks, markers) told together in one line."""
    in_scoring: ClassVar[frozenset[str]] = frozenset()
    """Types told on their own line inside a scoring, without closing its payouts."""
    piece: ClassVar[str] = "piece"
    noun: ClassVar[str] = "pieces"
    """The event keys of one piece (a draw) and of several (a purchase); the plural's word."""
    verb: ClassVar[str] = "shuffled"
    """What is done to the pieces chance orders at an ``order``."""
    period: ClassVar[str] = "period"
    endings: ClassVar[dict[str, str]] = {}
    """What the game is played in (days, rounds) and why one ends, by a ``by`` value."""
    unit: ClassVar[str] = "money"
    """What the game's money is called."""

    def __init__(self, names: Sequence[str]) -> None:
        self.names = list(names)
        self._after: ViewAfter | None = None

    # -- telling ------------------------------------------------------------------------
    def tell(self, events: Sequence[Event], start: int = 0,
             after: ViewAfter | None = None) -> list[Line]:
        """Lines for ``events[start:]``; a scoring's payouts, one line per player, at its end,
        and then (given ``after``) the standings."""
        out: list[Line] = []
        payouts: list[int] = []
        scored: list[int] = []  # every payout of the scoring under way
        parts: list[int] = []
        scoring = False  # gathered events outside a scoring follow from a move (M-15 variant)
        self._after = after

        def close() -> None:
            if parts:
                role = Role.DETAIL if scoring else Role.RESULT
                out.append(Line(role, parts[0], tuple(self.parts(events, parts).segments)))
                parts.clear()
            out.extend(self.payout_lines(events, payouts))
            scored.extend(payouts)
            payouts.clear()

        def standings() -> None:
            if scored:
                line = self.standings(events, scored)
                if line is not None:
                    out.append(line)
            scored.clear()

        for index in range(start, len(events)):
            kind = events[index].get("type")
            if kind in self.skipped:
                continue
            if kind == "payout":
                payouts.append(index)
            elif kind == self.gathered:
                parts.append(index)
            else:
                if kind not in self.in_scoring:
                    close()
                line = self.line(events, index)
                if line.role in (Role.SCORING, Role.MOVE, Role.OPENING, Role.END) or (
                        scoring and line.role is Role.DETAIL and kind not in self.in_scoring):
                    standings()
                if line.role in (Role.SCORING, Role.MOVE, Role.OPENING):
                    scoring = line.role is Role.SCORING
                out.append(line)
                out.extend(self.after_line(events, index))
        close()
        standings()
        self._after = None
        return out

    def view_after(self, index: int) -> View | None:
        """The table after the step holding ``events[index]``, if the client gave it."""
        return self._after(index) if self._after is not None else None

    def after_line(self, events: Sequence[Event], index: int) -> list[Line]:
        """Lines that follow the line of ``events[index]`` (a game's narrator adds them)."""
        return []

    def standings(self, events: Sequence[Event], payouts: list[int]) -> Line | None:
        """``Standings: 1. Bo 132 (+38) · 2. You 118 (+25) · ...`` after a scoring: money
        and this scoring's change, in place order (equal money, equal place; G-4); None
        without the table after it."""
        view = self.view_after(payouts[-1])
        if view is None:
            return None
        money = [_number(p.get("money")) for p in view.get("players", [])]
        if len(money) != len(self.names):
            return None
        change = [0] * len(money)
        for i in payouts:
            seat = events[i].get("player")
            if isinstance(seat, int) and 0 <= seat < len(change):
                change[seat] += _number(events[i].get("amount"))
        said = Sentence("Standings: ", "title")
        order = sorted(range(len(money)), key=lambda p: (-money[p], p))
        for n, seat in enumerate(order):
            place = 1 + sum(1 for m in money if m > money[seat])
            said.add(" · " if n else "", "dim").add(f"{place}. ").add(self.who(seat)).add(" ")
            said.add(money[seat], "money").add(f" ({change[seat]:+d})", "dim")
        return Line(Role.STANDINGS, payouts[-1], tuple(said.segments))

    def line(self, events: Sequence[Event], index: int) -> Line:
        """The line of one event."""
        kind = str(events[index].get("type"))
        role = self.roles.get(kind)
        say: Say | None = getattr(self, f"say_{kind}", None) if role is not None else None
        if role is None or say is None:
            return Line(Role.NOTE, index, tuple(self.plain(events[index]).segments))
        return Line(role, index, tuple(say(events, index).segments))

    def payout_lines(self, events: Sequence[Event], indices: list[int]) -> list[Line]:
        """``Ann +45: 30 ship (1st, value 20), 10 fur majority (1st), 5 fur bonus (level 3)``."""
        by_player: dict[object, list[int]] = {}
        for index in indices:
            by_player.setdefault(events[index].get("player"), []).append(index)
        out = []
        for player, mine in sorted(by_player.items(), key=lambda item: self.seat_order(item[0])):
            total = sum(_number(events[i].get("amount")) for i in mine)
            said = self.who(player).add(" +").add(total, "money").add(": ")
            said.add(join(self.payout(events[i]) for i in mine))
            out.append(Line(Role.DETAIL, mine[0], tuple(said.segments)))
        return out

    def parts(self, events: Sequence[Event], indices: list[int]) -> Sentence:
        """The one line of the gathered small events (a game with ``gathered`` overrides it)."""
        return join((self.plain(events[i]) for i in indices), "; ")

    def payout(self, event: Event) -> Sentence:
        """One payout, without its player: ``30 ship (1st, value 20)``."""
        return Sentence(f"{event.get('amount')} {event.get('reason')}")

    # -- words ----------------------------------------------------------------------------
    def name(self, seat: object) -> str:
        """A seat's name (``nobody`` for None, the value itself if it is not a seat)."""
        if isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < len(self.names):
            return self.names[seat]
        return "nobody" if seat is None else str(seat)

    def who(self, seat: object) -> Sentence:
        """A seat's name, styled as a name."""
        return Sentence(self.name(seat), "name")

    def verb_for(self, seat: object, verb: str) -> str:
        """``verb`` (third person: ``draws``) agreeing with the seat's name: ``You draw``."""
        return agree(self.name(seat), verb)

    def does(self, seat: object, verb: str, style: str = "") -> Sentence:
        """The seat's name, styled, and ``verb`` agreeing with it: ``Ann draws``, ``You draw``."""
        return self.who(seat).add(" " + self.verb_for(seat, verb), style)

    def seat_order(self, seat: object) -> int:
        """Sorting key: seats in order, anything else after them."""
        if isinstance(seat, int) and not isinstance(seat, bool):
            return seat
        return len(self.names)

    def plain(self, event: Event) -> Sentence:
        """``type: key value, ...`` with seats named: an event no sentence is written for."""
        fields = ", ".join(
            f"{k} {self.name(v) if k == 'player' else v}" for k, v in event.items() if k != "type"
        )
        return Sentence(f"{event.get('type')}: {fields}" if fields else str(event.get("type")))

    # -- sentences both games tell alike ---------------------------------------------------
    def say_order(self, events: Sequence[Event], index: int) -> Sentence:
        """``Day 2 begins: the pile of 24 cards is shuffled.`` (G-1: the order is logged)."""
        e = events[index]
        count = len(items(e.get("order"))) + _number(e.get("unknown"))
        what = str(e.get("what", "order"))
        match = _PERIOD_WHAT.fullmatch(what)
        if match is None:
            return Sentence(f"The {what} is {self.verb}: {count} {self.noun}.", "dim")
        period, number, holder = match.groups()
        return Sentence(f"{period.capitalize()} {number} begins: ", "title").add(
            f"the {holder} of {count} {self.noun} is {self.verb}.", "dim")

    def bought(self, events: Sequence[Event], index: int) -> Sentence:
        """``Bo buys fur:3, gold:10 for 12.``"""
        e = events[index]
        return self.does(e.get("player"), "buys").add(" ").add(pieces(items(e.get(self.noun)))).add(
            " for ").add(e.get("price"), "money").add(".")

    def period_end(self, events: Sequence[Event], index: int) -> Sentence:
        """``Day 1 ends: the pile is empty (M-12). Scoring:``"""
        e = events[index]
        by = str(e.get("by", ""))
        why = self.endings.get(by, by.replace("_", " "))
        return Sentence(f"{self.period.capitalize()} {e.get(self.period)} ends: {why}. Scoring:",
                        "title")

    def say_game_over(self, events: Sequence[Event], index: int) -> Sentence:
        """``Game over: Ann wins with 132 florins.`` (G-4: equal money shares the victory)."""
        e = events[index]
        winners = [self.name(p) for p in items(e.get("winners"))]
        verb = agree(winners[0], "wins") if len(winners) == 1 else "share the victory"
        best = max((_number(m) for m in items(e.get("money"))), default=0)
        return Sentence("Game over: ", "title").add(names_list(winners) or "nobody", "name").add(
            f" {verb} with {best} {self.unit}.")


def items(value: object) -> list[object]:
    """An event's list value, or [] where it has none (narrators read records' events)."""
    return value if isinstance(value, list) else []


def _number(value: object) -> int:
    return value if isinstance(value, int) and not isinstance(value, bool) else 0
