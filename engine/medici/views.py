"""Medici's view and events, typed (docs/api.md, "Medici: views and events"; M-*)."""

# No `from __future__ import annotations`: TypedDict reads NotRequired at class creation.
from typing import NotRequired

from typing_extensions import TypedDict  # as engine.views's (ReadOnly keys)

from engine.views import COMMON_EVENTS, PlayerView, Summary, View


class MediciPlayer(PlayerView):
    """One player at the Medici table."""

    ship: list[str]
    ship_value: int
    free_holds: int
    tracks: dict[str, int]


class BidView(TypedDict):
    """One bid of the auction under way (``bid`` None: a pass)."""

    player: int
    bid: int | None


class AuctionView(TypedDict):
    """The last auction over (M-9: every bid is public, G-3), bids in the order made."""

    day: int
    selector: int
    lot: list[str]
    bids: list[BidView]


class MediciView(View):
    """What a player sees of a Medici game; ``pile`` and ``removed`` in the full view only."""

    players: list[MediciPlayer]  # the game's own players
    day: int
    days: int
    selector: int | None
    start_player: int
    lot: list[str]
    high_bid: int | None
    high_bidder: int | None
    bids: list[BidView]
    bidders: list[int]
    pile_count: int
    discards: list[str]
    last_auction: AuctionView | None
    pile: NotRequired[list[str]]
    removed: NotRequired[list[str] | None]


class MediciSummary(Summary):
    """``Game.summary()`` of a Medici game: how each day ended, who started each (M-6)."""

    day_ends: list[str]
    start_players: list[int]


class MoveEvent(TypedDict):
    """``stop`` and ``pass``: a move with nothing more to say."""

    type: str
    player: int


class DrawEvent(MoveEvent):
    """M-8: a card drawn into the lot."""

    card: str


class BidEvent(MoveEvent):
    """M-9: a bid."""

    amount: int


class BuyEvent(MoveEvent):
    """M-9: the high bidder pays and loads the lot."""

    cards: list[str]
    price: int


class DiscardEvent(TypedDict):
    """M-10: nobody bid; the lot is out for the day."""

    type: str
    cards: list[str]


class FreeFillEvent(MoveEvent):
    """M-12: the last player with room fills up for free."""

    cards: list[str]


class StartPlayerEvent(MoveEvent):
    """M-6: who starts a day, and why."""

    day: int
    reason: str


class DayEndEvent(TypedDict):
    """M-12: a day ends (``by`` full ships or an empty pile) and its scoring begins."""

    type: str
    day: int
    by: str


class PayoutEvent(TypedDict):
    """M-13, M-16, M-17: money for a ship's place, a majority or a bonus."""

    type: str
    player: int
    amount: int
    reason: str
    place: NotRequired[int]
    tied: NotRequired[list[int]]
    value: NotRequired[int]
    commodity: NotRequired[str]
    level: NotRequired[int]


TrackEvent = TypedDict("TrackEvent", {
    "type": str, "player": int, "commodity": str, "cards": int, "from": int, "to": int,
})
"""M-15: a trading track moves (``from`` is a keyword, hence the call form)."""

EVENTS: dict[str, type] = {
    **COMMON_EVENTS, "draw": DrawEvent, "stop": MoveEvent, "pass": MoveEvent, "bid": BidEvent,
    "buy": BuyEvent, "discard": DiscardEvent, "free_fill": FreeFillEvent,
    "start_player": StartPlayerEvent, "day_end": DayEndEvent, "payout": PayoutEvent,
    "track": TrackEvent,
}
"""Every event type Medici logs, by ``type``."""
