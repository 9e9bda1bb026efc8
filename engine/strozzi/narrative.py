"""How each Medici vs Strozzi event reads: prices, purchases and loans, loads, a round's scoring."""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from engine.lots import LOT_ROLES, LotNarration
from engine.narrative.narrator import COMMON_ROLES, Narrator, items
from engine.narrative.sentence import Role, Sentence, join, pieces
from engine.views import Event

ROUND_END = {
    "full_ships": "a player's three ships are full (S-13)",
    "empty_bag": "the last tile of the bag is placed (S-13)",
}
"""Why a round ended, by the ``by`` of a ``round_end`` event."""


class StrozziNarrator(LotNarration):
    """Medici vs Strozzi's sentences."""

    roles: ClassVar[dict[str, Role]] = {
        **COMMON_ROLES,
        **LOT_ROLES,
        "price": Role.MOVE,
        "buy": Role.MOVE,
        "decline": Role.MOVE,
        "load": Role.MOVE,
        "discard": Role.MOVE,
        "purchase": Role.RESULT,
        "loan": Role.RESULT,
        "round_end": Role.SCORING,
        "harbour": Role.DETAIL,
        "repay": Role.DETAIL,
    }
    gathered: ClassVar[str] = "marker"
    in_scoring: ClassVar[frozenset[str]] = frozenset({"harbour"})
    piece: ClassVar[str] = "tile"
    noun: ClassVar[str] = "tiles"
    verb: ClassVar[str] = "shaken"
    unit: ClassVar[str] = "coins"
    period: ClassVar[str] = "round"
    endings: ClassVar[dict[str, str]] = ROUND_END

    def say_start_player(self, events: Sequence[Event], index: int) -> Sentence:
        """``Strozzi draws first.``"""
        return self.does(events[index].get("player"), "draws").add(" first.")

    def say_price(self, events: Sequence[Event], index: int) -> Sentence:
        """``Medici sets the price at 30.``"""
        e = events[index]
        return self.does(e.get("player"), "sets").add(" the price at ").add(
            e.get("amount"), "money").add(".")

    def say_buy(self, events: Sequence[Event], index: int) -> Sentence:
        """``Strozzi accepts the price.`` (the purchase follows)."""
        return self.does(events[index].get("player"), "accepts").add(" the price.")

    def say_decline(self, events: Sequence[Event], index: int) -> Sentence:
        """``Strozzi declines: Medici must buy at 7 (S-9).``"""
        price = next((e for e in reversed(events[:index]) if e.get("type") == "price"), None)
        if price is None:  # a record cut before its offer: say what the rule says
            return self.does(events[index].get("player"), "declines").add(
                ": the active player must buy (S-9).")
        return self.does(events[index].get("player"), "declines").add(": ").add(
            self.who(price.get("player"))).add(" must buy at ").add(
            price.get("amount"), "money").add(" (S-9).")

    say_purchase = Narrator.bought

    def say_loan(self, events: Sequence[Event], index: int) -> Sentence:
        """``Medici borrows 20 (loans now 70, S-5).``"""
        e = events[index]
        return self.does(e.get("player"), "borrows", "bad").add(
            f" {e.get('amount')} (loans now {e.get('loans')}, S-5).", "bad")

    def say_load(self, events: Sequence[Event], index: int) -> Sentence:
        """``Medici loads dye:4 onto the 4-hold ship, assigned to harbour 1.`` (S-10, S-11)."""
        e = events[index]
        where = f", assigned to harbour {e.get('harbour')}" if e.get("harbour") else ""
        return self.does(e.get("player"), "loads").add(" ").add(
            pieces(items(e.get(self.noun)))).add(f" onto the {e.get('ship')}-hold ship{where}.")

    def say_discard(self, events: Sequence[Event], index: int) -> Sentence:
        """``Strozzi discards gold:5 (S-10).``"""
        e = events[index]
        return self.does(e.get("player"), "discards").add(" ").add(
            pieces(items(e.get(self.noun)))).add(" (S-10).")

    say_round_end = Narrator.period_end

    def say_harbour(self, events: Sequence[Event], index: int) -> Sentence:
        """``Harbour 1: Medici 7 vs Strozzi 14, Strozzi wins 20.`` (S-14)."""
        e = events[index]
        values = join((self.who(p).add(f" {v}") for p, v in enumerate(items(e.get("values")))),
                      " vs ")
        said = Sentence(f"Harbour {e.get('harbour')}: ").add(values)
        winner = e.get("winner")
        if winner is None:
            return said.add(", a tie: no prize (S-14).", "dim")
        return said.add(", ").add(self.does(winner, "wins")).add(" ").add(
            e.get("prize"), "money").add(".")

    def say_repay(self, events: Sequence[Event], index: int) -> Sentence:
        """``Medici repays loans of 120 (S-17).``"""
        e = events[index]
        return self.does(e.get("player"), "repays").add(f" loans of {e.get('amount')} (S-17).")

    def parts(self, events: Sequence[Event], indices: list[int]) -> Sentence:
        """``Markers: harbour 1 cloth middle → Strozzi 1; ...`` (S-15); unmoved ones left out."""
        moved = [
            f"harbour {e.get('harbour')} {e.get('good')} {self.space(e.get('from'))} → "
            f"{self.space(e.get('to'))}"
            for e in (events[i] for i in indices)
            if e.get("from") != e.get("to")
        ]
        return Sentence("Markers: " + ("; ".join(moved) if moved else "none moved"))

    def space(self, position: object) -> str:
        """A marker's space (S-4): the middle, or so many spaces towards a player."""
        if not isinstance(position, int) or position == 0:
            return "middle"
        # Negative positions are the first seat's side (S-16 pays the seat whose side it is).
        return f"{self.name(0 if position < 0 else 1)} {abs(position)}"

    def payout(self, event: Event) -> Sentence:
        """``20 harbour 2 prize``, ``20 fur row (harbour 1, space 4 + bonus 10)``."""
        amount = event.get("amount")
        if event.get("reason") == "harbour":
            return Sentence(f"{amount} harbour {event.get('harbour')} prize")
        if event.get("reason") == "row":
            bonus = f" + bonus {event.get('bonus')}" if event.get("bonus") else ""
            where = f"harbour {event.get('harbour')}, space {event.get('space')}{bonus}"
            return Sentence(f"{amount} {event.get('good')} row ({where})")
        return super().payout(event)
