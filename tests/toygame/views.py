"""Oracle's view and events, typed on the core's (``engine.views``), as every game's are."""

# No `from __future__ import annotations`: TypedDict reads the keys at class creation.
from typing_extensions import TypedDict  # as engine.views's (ReadOnly keys)

from engine.views import COMMON_EVENTS, MoveEvent, PlayerView, View


class OraclePlayer(PlayerView):
    """One player: shells (``money``), this season's stake and guess, and their stone
    (None where the viewer may not see it)."""

    stake: int
    guess: int | None
    stone: str | None


class OracleView(View):
    """What a player sees of an Oracle game."""

    players: list[OraclePlayer]  # the game's own players
    season: int
    seasons: int
    pot: int


class AmountEvent(TypedDict):
    """A stake or a guess."""

    type: str
    player: int
    amount: int


class RevealEvent(TypedDict):
    """The stones shown at a season's end, and their sum."""

    type: str
    stones: list[str | None]
    total: int


class PayoutEvent(TypedDict):
    """A share of the pot to a closest guess."""

    type: str
    player: int
    amount: int
    reason: str


EVENTS: dict[str, type] = {
    **COMMON_EVENTS, "stake": AmountEvent, "guess": AmountEvent, "fold": MoveEvent,
    "reveal": RevealEvent, "payout": PayoutEvent,
}
"""Each event type's TypedDict, by ``type``."""
