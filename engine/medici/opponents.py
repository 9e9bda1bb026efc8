"""How Medici opponents bid, for a bot's beliefs and its search (the ``OpponentModel``):
what their bids and passes tell (M-9: every bid is public, G-3), and a rollout bid for a
sampled type."""

from __future__ import annotations

from collections.abc import Hashable

from engine.actions import Action, Span, amount_action
from engine.bots.opponents import Beliefs, Kind
from engine.chance import Rng
from engine.game import Game
from engine.medici.logic import PASS, MediciState
from engine.medici.policy import MediciPolicy, prior
from engine.medici.value import MediciValuation

Sighting = tuple[int, tuple[int, ...], int, "int | None"]
"""One bid or pass seen: (player, their ceilings for the lot by each valuation, the lowest
bid then, the bid)."""


class MediciOpponents:
    """Opponents as types: the valuation they judge lots by (``VALUATIONS``), the share of it
    they pay at most, and whether they raise by the minimum (``engine.bots.opponents``)."""

    def __init__(self, val: MediciValuation, policy: MediciPolicy) -> None:
        self.val = val
        self.policy = policy

    def prior(self, players: int) -> Beliefs:
        """Beliefs about opponents before any evidence: the prior over the field's
        valuations (``PRIOR_LEAN``), flat over the shares."""
        return prior(players)

    def evidence(self, game: Game[MediciState]) -> tuple[Hashable, list[Sighting]] | None:
        """The bids and passes seen so far in this auction, each with the bidder's ceilings
        and lowest possible bid then, keyed by the auction (None: no auction under way)."""
        st = game.state
        if st.phase != "bidding" or not st.bids:
            return None
        pos = self.val.position(st)
        lot = st.lot
        low = self.val.min_bid
        high = 0
        seen: list[Sighting] = []
        for q, bid in st.bids:
            lo = high + 1 if high >= low else low
            seen.append((q, pos.ceilings(q, lot), lo, bid))
            if bid is not None:
                high = bid
        return (st.day, st.selector, tuple(lot), len(st.discards)), seen

    def observe(self, beliefs: Beliefs, sighting: Sighting) -> None:
        """Update ``beliefs`` with one bid or pass."""
        beliefs.observe(*sighting)

    def move(self, game: Game[MediciState], kind: Kind | None, rng: Rng) -> Action:
        """A rollout move of an opponent: bids by its sampled type, draws cheaply."""
        if game.state.phase == "bidding" and kind is not None:
            return self.typed_bid(game, kind)
        return self.policy.quick_move(game, rng)

    def typed_bid(self, game: Game[MediciState], kind: Kind) -> Action:
        """An opponent's bid in a rollout, by its sampled type: it pays at most its share of
        the lot's worth to it by its valuation, raising by the minimum or bidding that limit
        at once."""
        st = game.state
        span = game.legal_actions()[0]
        if span.__class__ is not Span:
            return PASS
        pos = self.val.position(st)
        limit = int(kind.share * pos.ceiling_by(st.order[st.turn], st.lot, kind.valuation))
        lo = span.lo
        if limit < lo:
            return PASS
        hi = span.hi
        return amount_action(
            "bid", lo if kind.min_raise else limit if hi is None else min(limit, hi)
        )
