"""How a Medici vs Strozzi opponent prices and buys, for a bot's beliefs and its search (the
``OpponentModel``): what an asked price tells (S-8: it is public, G-3), and rollout prices
and answers for a sampled type."""

from __future__ import annotations

from collections.abc import Hashable

from engine.actions import Action, amount_action
from engine.bots.opponents import Beliefs, Kind
from engine.chance import Rng
from engine.game import Game
from engine.strozzi.logic import BUY, DECLINE, StrozziState
from engine.strozzi.policy import StrozziPolicy
from engine.strozzi.value import ALL, PRIZE, ROWS, Position, StrozziValuation, asked

PRICE_SCALES = (0.7, 1.0, 1.3, 1.7, 2.2)
"""How many times the fair price (by the type's valuation) an opponent may ask and pay."""
VALUATIONS = ("ours", "face", "race", "rows", "mix")
"""The ways players value a lot that bots tell apart: our model's whole estimate, the face
value, the harbour prizes alone (S-14), the monopoly rows alone (S-15, S-16), and halfway
between face value and ours."""
PRIOR_LEAN = (0.4, 0.2, 0.15, 0.1, 0.15)
"""Before any evidence, how likely each valuation is an opponent's."""

Sighting = tuple[int, tuple[float, ...], int]
"""One asked price seen: (player, the fair price by each valuation, the price)."""


def fair_prices(pos: Position, active: int, lot: list[str]) -> tuple[float, ...]:
    """The fair price of a lot by each of ``VALUATIONS``: halfway between both sides' worths
    (face value is the same to both)."""
    other = 1 - active
    ours, race, rows = (
        (pos.worth(active, lot, part) + pos.worth(other, lot, part)) / 2
        for part in (ALL, PRIZE, ROWS)
    )
    face = float(pos.face(lot))
    return (ours, face, race, rows, (face + ours) / 2)


def fair_price_by(pos: Position, active: int, lot: list[str], valuation: int) -> float:
    """``fair_prices(pos, active, lot)[valuation]``, only what that valuation reads
    worked out (an opponent's rollout price: the face value needs no worth at all)."""
    if valuation == 1:  # face
        return float(pos.face(lot))
    part = PRIZE if valuation == 2 else ROWS if valuation == 3 else ALL
    fair = (pos.worth(active, lot, part) + pos.worth(1 - active, lot, part)) / 2
    return (float(pos.face(lot)) + fair) / 2 if valuation == 4 else fair


class StrozziOpponents:
    """The opponent as a type: the valuation it goes by, and how many times that fair price
    it asks and pays."""

    def __init__(self, val: StrozziValuation, policy: StrozziPolicy) -> None:
        self.val = val
        self.policy = policy

    def prior(self, players: int) -> Beliefs:
        """Before any evidence: an opponent asks and pays from 0.7 to 2.2 times the fair
        price (thrifty players low, spoilers high), by a valuation drawn from the prior."""
        return Beliefs(players, PRICE_SCALES, VALUATIONS, PRIOR_LEAN)

    def observe(self, beliefs: Beliefs, sighting: Sighting) -> None:
        """An asked price: the types that would ask about that much are the likely ones."""
        q, fair, price = sighting
        if max(fair) < 1:
            return
        near = max(3.0, 0.3 * price)
        beliefs.observe_fit(q, lambda v, k: max(0.0, abs(k * fair[v] - price) - near))

    def evidence(self, game: Game[StrozziState]) -> tuple[Hashable, list[Sighting]] | None:
        """The price the active player asks, seen by the other (S-8), with the fair price."""
        st = game.state
        if st.phase != "offer":
            return None
        pos = self.val.position(st)
        key = (st.round, len(st.discards), sum(len(s) for f in st.ships for s in f))
        return key, [(st.active, fair_prices(pos, st.active, st.lot), asked(st))]

    def move(self, game: Game[StrozziState], kind: Kind | None, rng: Rng) -> Action:
        """An opponent's rollout move: it asks and pays ``kind.share`` times the fair price
        by its valuation."""
        st = game.state
        if kind is None or st.phase not in ("pricing", "offer"):
            return self.policy.rollout_move(game, None, rng)
        fair = fair_price_by(self.val.position(st), st.active, st.lot, kind.valuation)
        if st.phase == "pricing":
            return amount_action("price", max(self.val.min_price, int(kind.share * fair)))
        return BUY if asked(st) <= kind.share * fair else DECLINE
