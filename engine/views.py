"""What every game's view and events share, typed: the fields the core, the shell and the
records read without knowing the game, and the one way a player's money is written.

Each game types its own view and events on top of these (``views.py`` in its folder, named
by its descriptor's ``view_type`` and ``event_types``). A player's ``money`` is always their
money as it counts for the win (G-4): where a game has loans, ``coins`` and ``loans`` say
how it is made up, and ``money`` is already coins minus loans (S-5), never to be reduced
again.
"""

# No `from __future__ import annotations`: TypedDict reads NotRequired at class creation.
from collections.abc import Sequence
from typing import NotRequired

# typing_extensions' TypedDict knows ReadOnly (PEP 705, in typing from Python 3.13): a game's
# view narrows ``players`` to its own player type, which a read-only key allows. A game's
# views subclass these, so they use this TypedDict too.
from typing_extensions import ReadOnly, TypedDict


class PlayerView(TypedDict):
    """What every game says of each player."""

    name: str
    money: int
    """Money as it counts for the win: coins less loans where there are loans."""
    coins: NotRequired[int]
    """Coins in hand, where a game lends (then ``money`` is coins minus ``loans``)."""
    loans: NotRequired[int]
    """Money owed to the bank, where a game lends."""


class View(TypedDict):
    """What every game's view holds (``Game.view``); games add their own keys."""

    game: str
    phase: str
    current_player: int | None
    players: ReadOnly[Sequence[PlayerView]]
    """Each player, in seat order (a game's view narrows it to its own player type)."""
    winners: list[int]
    viewer: int | None
    """Whose view it is: a seat, or None for the full view (G-3)."""


class Summary(TypedDict):
    """Figures of a finished game (``Game.summary()``); games add their own tallies."""

    money: list[int]
    """Each player's final money, as it counts for the win (G-4)."""
    winners: list[int]


class Event(TypedDict):
    """What every logged event holds (G-1): its ``type``; games add their own keys."""

    type: str


class MoveEvent(TypedDict):
    """A player's move with nothing more to say (``stop``, ``pass``); a game's move events
    add their own keys."""

    type: str
    player: int


class SetupEvent(TypedDict):
    """The first event of every game: who plays what (G-1)."""

    type: str
    game: str
    variant: str
    players: list[str]
    seed: int | None


class OrderEvent(TypedDict):
    """A chance outcome: an order of pieces, top first, and how many more are unknown (G-1)."""

    type: str
    what: str
    order: list[str]
    unknown: int


class ChooseEvent(TypedDict):
    """A chance outcome: one of ``options`` (a start player, a tie-break)."""

    type: str
    what: str
    options: list[int]
    result: int


class GameOverEvent(TypedDict):
    """The last event: everyone's final money and the winners (G-4)."""

    type: str
    money: list[int]
    winners: list[int]


COMMON_EVENTS: dict[str, type] = {
    "setup": SetupEvent, "order": OrderEvent, "choose": ChooseEvent, "game_over": GameOverEvent,
}
"""The event types every game logs alike, by ``type``."""


def amount_text(amount: int, unit: str) -> str:
    """An amount of money in words: ``1 florin``, ``6 florins`` (``unit`` is the game's
    plural word for money, ``florins``, ``coins``)."""
    one = unit[:-1] if unit.endswith("s") else unit
    return f"{amount} {one if abs(amount) == 1 else unit}"


def money_text(player: PlayerView, unit: str = "") -> str:
    """A player's money as every screen writes it: ``40 florins``; ``12 coins (17 less
    loans 5)`` where the player owes the bank. ``unit`` is the game's word for money."""
    text = f"{player['money']} {unit}".rstrip()
    loans = player.get("loans", 0)
    if loans:
        text += f" ({player.get('coins', player['money'] + loans)} less loans {loans})"
    return text
