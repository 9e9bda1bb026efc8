"""Medici vs Strozzi's view and events, typed (docs/api.md, "Medici vs Strozzi"; S-*)."""

# No `from __future__ import annotations`: TypedDict reads NotRequired at class creation.
from typing import NotRequired

from typing_extensions import TypedDict  # as engine.views's (ReadOnly keys)

from engine.views import COMMON_EVENTS, PlayerView, Summary, View


class ShipView(TypedDict):
    """One ship: its holds, harbour (None until its first load, S-11), tiles and value."""

    holds: int
    harbour: int | None
    tiles: list[str]
    value: int
    free_holds: int


class StrozziPlayer(PlayerView):
    """One side; ``money`` is coins minus loans (S-5), ``coins`` and ``loans`` always given."""

    ships: list[ShipView]


class RowView(TypedDict):
    """A monopoly row's marker (S-3, S-4): ``side`` None in the middle."""

    good: str
    marker: int
    side: int | None
    space: int


class HarbourView(TypedDict):
    """A harbour: each side's ship value there and its monopoly rows."""

    harbour: int
    values: list[int]
    rows: list[RowView]


class StrozziView(View):
    """What a player sees of a Medici vs Strozzi game; ``bag`` in the full view only."""

    players: list[StrozziPlayer]  # the game's own players
    round: int
    rounds: int
    active_player: int | None
    start_player: int
    lot: list[str]
    price: int | None
    buyer: int | None
    harbours: list[HarbourView]
    bag_count: int
    bag_tiles: list[str]
    discards: list[str]
    bag: NotRequired[list[str]]


class StrozziSummary(Summary):
    """``Game.summary()`` of a Medici vs Strozzi game: how each round ended, and each
    side's loans repaid at the end (S-17)."""

    round_ends: list[str]
    loans: list[int]


class MoveEvent(TypedDict):
    """``stop``, ``buy``, ``decline``: a move with nothing more to say."""

    type: str
    player: int


class DrawEvent(MoveEvent):
    """S-7: a tile drawn into the lot."""

    tile: str


class AmountEvent(MoveEvent):
    """S-8 a price; S-5 a loan's ``amount`` (with ``loans``, all owed); a repayment."""

    amount: int
    loans: NotRequired[int]


class TilesEvent(MoveEvent):
    """S-10: a purchase (with its ``price``) or a discarded lot."""

    tiles: list[str]
    price: NotRequired[int]


class LoadEvent(MoveEvent):
    """S-10, S-11: a lot loaded on the ship of ``ship`` holds (``harbour`` on its first load)."""

    ship: int
    tiles: list[str]
    harbour: NotRequired[int]


class AssignEvent(MoveEvent):
    """S-11: a ship's harbour for the round."""

    ship: int
    harbour: int


class StartPlayerEvent(MoveEvent):
    """S-6: who starts a round."""

    round: int


class RoundEndEvent(TypedDict):
    """S-13: a round ends (``by`` full ships or an empty bag) and its scoring begins."""

    type: str
    round: int
    by: str


class HarbourEvent(TypedDict):
    """S-14: a harbour's ship values and who wins its prize."""

    type: str
    harbour: int
    values: list[int]
    winner: int | None
    prize: int


class PayoutEvent(TypedDict):
    """S-14, S-16: money for a harbour, a row payment or a bonus."""

    type: str
    player: int
    amount: int
    reason: str
    harbour: int
    good: NotRequired[str]
    space: NotRequired[int]
    payment: NotRequired[int]
    bonus: NotRequired[int]


MarkerEvent = TypedDict("MarkerEvent", {
    "type": str, "harbour": int, "good": str, "moves": list[int], "net": int, "from": int,
    "to": int,
})
"""S-15: a row's marker moves (``from`` is a keyword, hence the call form)."""

EVENTS: dict[str, type] = {
    **COMMON_EVENTS, "draw": DrawEvent, "stop": MoveEvent, "price": AmountEvent,
    "buy": MoveEvent, "decline": MoveEvent, "purchase": TilesEvent, "loan": AmountEvent,
    "repay": AmountEvent, "load": LoadEvent, "assign": AssignEvent, "discard": TilesEvent,
    "start_player": StartPlayerEvent, "round_end": RoundEndEvent, "harbour": HarbourEvent,
    "payout": PayoutEvent, "marker": MarkerEvent,
}
"""Every event type Medici vs Strozzi logs, by ``type``."""
