"""What every game's view and events share, typed: the fields the core, the shell and the
records read without knowing the game, and the one way a player's money is written.

Each game types its own view and events on top of these (``engine.medici.views``,
``engine.strozzi.views``). A player's ``money`` is always their money as it counts for the
win (G-4): where a game has loans, ``coins`` and ``loans`` say how it is made up, and
``money`` is already coins minus loans (S-5), never to be reduced again.
"""

from __future__ import annotations

from typing import NotRequired, TypedDict


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
    players: list[PlayerView]
    winners: list[int]


class Event(TypedDict):
    """What every logged event holds (G-1): its ``type``; games add their own keys."""

    type: str


def money_text(player: PlayerView, unit: str = "") -> str:
    """A player's money as every screen writes it: ``40 florins``; ``12 coins (17 less
    loans 5)`` where the player owes the bank. ``unit`` is the game's word for money."""
    text = f"{player['money']} {unit}".rstrip()
    loans = player.get("loans", 0)
    if loans:
        text += f" ({player.get('coins', player['money'] + loans)} less loans {loans})"
    return text
