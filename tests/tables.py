"""Scripted positions of each game, built through the public API only.

``MediciTable`` builds a day's draw order from the lots a test wants to see, and plays those
lots through ``Game.apply`` (draw, stop, then one bid or pass per bidder in the engine's
order), so a test reads as the rulebook example it checks; ``StrozziTable`` does the same
with a round's bag and the lots of Medici vs Strozzi (draw, stop, price, buy or decline,
load). Each game's pieces are written out from docs/rules.md, not read from the config:
the tests check the config too. The fixtures ``medici_table`` and ``strozzi_table``
(``tests/conftest.py``) hand them out.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

import engine
from engine.actions import Action
from engine.chance import GivenChance, SeededChance
from engine.game import Game


def scripted(deck: Sequence[str], top: Sequence[str]) -> list[str]:
    """A whole order of ``deck``, top first: ``top``, then the other pieces in deck order
    (AssertionError if ``top`` holds more copies of a piece than the deck)."""
    left = Counter(deck)
    left.subtract(top)
    bad = [piece for piece, n in left.items() if n < 0]
    assert not bad, f"scripted more copies than the game has: {bad}"
    rest = []
    for piece in deck:
        if left[piece] > 0:
            left[piece] -= 1
            rest.append(piece)
    return [*top, *rest]


# -- Medici -------------------------------------------------------------------------------------
COMMODITIES = ("cloth", "fur", "grain", "dye", "spice")
# M-1 written out from docs/rules.md, not read from the config: the tests check the config too.
CARDS: tuple[str, ...] = tuple(
    f"{c}:{v}" for c in COMMODITIES for v in (0, 1, 2, 3, 4, 5, 5)
) + ("gold:10",)

Lot = tuple[Sequence[str], int | None, int]
"""One auction: the cards drawn (in order), the buyer (None: everyone passes), the price."""


class MediciTable:
    """Builds scripted Medici positions: draw orders from lots, lots played through apply."""

    cards = CARDS

    @staticmethod
    def order(lots: Sequence[Lot], tail: Sequence[str] = (), count: int = 24) -> list[str]:
        """A day's draw order (top first): the lots' cards, then ``tail``, then filler."""
        used = [card for cards, _, _ in lots for card in cards] + list(tail)
        order = scripted(CARDS, used)[:count]
        assert len(order) == count and len(used) <= count
        return order

    @staticmethod
    def new(
        players: int | Sequence[str],
        days: Sequence[Sequence[str]],
        choices: Sequence[int] = (0,),
        variant: str = "medici",
        fallback: int | None = None,
    ) -> Game:
        """A game with the given draw orders and start-player choices.

        Without ``fallback`` nothing is random (the dict form of ``chance``); with it, what
        the script does not give (later days, tie-breaks) comes from that seed.
        """
        if fallback is None:
            chance: object = {"orders": [list(d) for d in days], "choices": list(choices)}
        else:
            chance = GivenChance(days, choices, SeededChance(fallback))
        return engine.new_game(variant, players, chance=chance)  # type: ignore[arg-type]

    @staticmethod
    def lot(game: Game, cards: Sequence[str], buyer: int | None, price: int = 1) -> int:
        """Play one lot: the selector draws ``cards`` and stops; ``buyer`` bids, others pass.

        Returns the selector. Checks that each drawn card is the scripted one and that the
        buyer is among the bidders.
        """
        assert game.phase == "selecting", game.phase
        selector = game.current_player
        assert selector is not None
        for card in cards:
            game.apply("draw")
            assert game.events[-1] == {"type": "draw", "player": selector, "card": card}
        game.apply("stop")
        bidders = game.view()["bidders"]
        assert buyer is None or buyer in bidders, (buyer, bidders)
        for player in bidders:
            assert game.current_player == player
            game.apply(f"bid {price}" if player == buyer else "pass")
        return selector

    @classmethod
    def lots(cls, game: Game, lots: Sequence[Lot]) -> list[int]:
        """Play several lots; returns who selected each."""
        return [cls.lot(game, cards, buyer, price) for cards, buyer, price in lots]

    @staticmethod
    def discard_rest(game: Game) -> None:
        """Present lots of up to 3 cards that everyone passes, until the day is over."""
        day = game.view()["day"]
        while not game.is_over and game.view()["day"] == day:
            game.apply("draw")
            while len(game.view()["lot"]) < 3 and game.is_legal("draw"):
                game.apply("draw")
            game.apply("stop")
            while game.phase == "bidding":
                game.apply("pass")

    @staticmethod
    def new_events(game: Game, since: int, kind: str) -> list[dict]:
        """The events of type ``kind`` logged after the first ``since`` events."""
        return [e for e in game.events[since:] if e["type"] == kind]


# -- Medici vs Strozzi --------------------------------------------------------------------------
GOODS = ("cloth", "dye", "fur", "spice")
# S-1 written out from docs/rules.md.
TILES: tuple[str, ...] = tuple(f"{g}:{v}" for g in GOODS for v in (0, 1, 2, 3, 4, 4)) + (
    "gold:5",
    "gold:5",
)


class StrozziTable:
    """Builds scripted Medici vs Strozzi positions: bags from the tiles wanted on top, lots
    drawn, priced, bought or declined and loaded through apply."""

    tiles = TILES
    variant = "medici-vs-strozzi"

    @staticmethod
    def bag(*top: str) -> list[str]:
        """A round's bag order, top first: ``top``, then the other tiles in rules order."""
        return scripted(TILES, top)

    @classmethod
    def new(cls, *rounds: Sequence[str]) -> Game:
        """A game whose round bags start with the given tiles (nothing random)."""
        orders = [cls.bag(*r) for r in rounds] + [cls.bag() for _ in range(3 - len(rounds))]
        return engine.new_game(cls.variant, ["Medici", "Strozzi"], chance={"orders": orders})

    @staticmethod
    def lot(game: Game, count: int) -> list[str]:
        """The active player draws ``count`` tiles and stops; returns the lot."""
        assert game.phase == "drawing", game.phase
        for _ in range(count):
            game.apply("draw")
        game.apply("stop")
        return game.view()["lot"]

    @classmethod
    def give(cls, game: Game, player: int, count: int, load: str = "discard",
             price: int = 0) -> list[str]:
        """The active player draws ``count`` tiles at ``price``; ``player`` ends up buying
        them (the opponent by buying, the active player when the opponent declines) and does
        ``load``."""
        active = game.current_player
        tiles = cls.lot(game, count)
        game.apply(f"price {price}")
        game.apply("buy" if player != active else "decline")
        assert game.current_player == player and game.phase == "loading"
        game.apply(load)
        return tiles

    @staticmethod
    def finish_round(game: Game) -> None:
        """Discard lots until the round ends (S-13: the bag runs out)."""
        start = game.view()["round"]
        while not game.is_over and game.view()["round"] == start:
            while Action("draw") in game.legal_actions():
                game.apply("draw")
            game.apply("stop")
            game.apply("price 0")
            game.apply("buy")
            game.apply("discard")
