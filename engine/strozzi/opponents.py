"""How a Medici vs Strozzi opponent prices and buys, for a bot's beliefs and its search (the
``OpponentModel``): what an asked price tells (S-8: it is public, G-3), and rollout prices
and answers for a sampled type."""

from __future__ import annotations

from collections.abc import Hashable
from typing import Any

from engine.actions import Action, amount_action
from engine.bots.opponents import Beliefs, Kind
from engine.chance import Rng
from engine.game import Game
from engine.strozzi.policy import StrozziPolicy
from engine.strozzi.value import BUY, DECLINE, StrozziValuation

PRICE_SCALES = (0.7, 1.0, 1.3, 1.7, 2.2)
"""How many times the fair price (by our estimate) an opponent may ask and pay."""

Sighting = tuple[int, float, int]
"""One asked price seen: (player, the fair price by our estimate, the price)."""


class StrozziOpponents:
    """The opponent as a type: how many times the fair price it asks and pays."""

    def __init__(self, val: StrozziValuation, policy: StrozziPolicy) -> None:
        self.val = val
        self.policy = policy

    def prior(self, players: int) -> Beliefs:
        """Before any evidence: an opponent asks and pays from 0.7 to 2.2 times the fair
        price by our estimate (thrifty players low, spoilers high)."""
        return Beliefs(players, PRICE_SCALES)

    def observe(self, beliefs: Beliefs, sighting: Any) -> None:
        """An asked price: the scales that would ask about that much are the likely ones."""
        q, fair, price = sighting
        if fair < 1:
            return
        beliefs.observe_fit(q, lambda k: abs(k * fair - price) <= max(3.0, 0.3 * price))

    def evidence(self, game: Game) -> tuple[Hashable, list[Sighting]] | None:
        """The price the active player asks, seen by the other (S-8), with the fair price."""
        st = game.state
        if st.phase != "offer":
            return None
        pos = self.val.position(st)
        fair = (pos.worth(st.active, st.lot) + pos.worth(1 - st.active, st.lot)) / 2
        key = (st.round, len(st.discards), sum(len(s) for f in st.ships for s in f))
        return key, [(st.active, fair, st.price)]

    def move(self, game: Game, kind: Kind | None, rng: Rng) -> Action:
        """An opponent's rollout move: it asks and pays ``kind.share`` times the fair price."""
        st = game.state
        if kind is None or st.phase not in ("pricing", "offer"):
            return self.policy.rollout_move(game, None, rng)
        pos = self.val.position(st)
        fair = (pos.worth(st.active, st.lot) + pos.worth(1 - st.active, st.lot)) / 2
        if st.phase == "pricing":
            return amount_action("price", max(self.val.min_price, int(kind.share * fair)))
        return BUY if st.price <= kind.share * fair else DECLINE
