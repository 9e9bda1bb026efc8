"""How Medici opponents bid, for a bot's beliefs and its search (the ``OpponentModel``):
what their bids and passes tell (M-9: every bid is public, G-3), who of them is a miser,
and a rollout bid for a sampled type.

A miser pays far less of a lot's worth than any share the beliefs know (``WILLING``: 0.35
at the least), as the tuner's best exploiters of the bots did (docs/bots.md, "What the
tuner found": a fifth). Each bid and pass seen is weighed for a miser (every valuation at
``MISER_SHARE``) against the grid's types (``Beliefs.observe_miser``): a miser's passes of
lots worth far more than the lowest bid are likelier by far as a miser's; once the odds
reach ``MISER_ODDS`` the bidder is read as one (``Beliefs.is_miser``), and the bots'
outbid chances, selector's gains and the search's sampled types take it to pay
``MISER_SHARE`` of its valuation's worth, so a bot bids just enough to beat it instead of
near its own worth, and keeps its money (M-2). A bid a miser never makes (``MISER_REACH``)
or odds below ``GIVE_UP`` clear a player for good, and nothing more is weighed for it:
against greedy and the field, whose first big bid clears most of them, the bots cost
little more (1.3% more instructions over seeded games of four greedy players, by
callgrind), and no one of them is ever read, so every answer is the grid's
(``tests/test_medici_reading.py``, ``tests/test_decisions.py``). A bot also infers the
passes after a bid of its own that won (``note_bid``, ``settle``), for the odds alone."""

from __future__ import annotations

from collections.abc import Hashable
from typing import Final, NamedTuple

from engine.actions import Action, Span, amount_action
from engine.bots.opponents import CLEARED, Beliefs, Kind
from engine.chance import Rng
from engine.game import Game
from engine.medici.logic import PASS, MediciState
from engine.medici.policy import MediciPolicy, prior
from engine.medici.value import MediciValuation

MISER_REACH: Final = 0.35
"""A bid of this share of the lot's best worth to the bidder or more (by any valuation,
``Position.ceilings``) clears them of being a miser for good: the tuner's misers bid at
most a fifth of it, greedy and the field's styles more as soon as a lot is worth it."""

Sighting = tuple[int, tuple[int, ...], int, "int | None"]
"""One bid or pass seen: (player, their ceilings for the lot by each valuation, the lowest
bid then, the bid)."""
Inferred = tuple[int, tuple[int, ...], int, None, bool]
"""A pass not seen but inferred (``MediciOpponents.settle``): a ``Sighting`` and True."""
INFERRED: Final = "won"
"""The first item of a memory key whose sightings were not seen but inferred (``settle``):
the passes of the bidders after a bot that won the lot. They are weighed for a miser
alone, never in the grid's weights, so the moves of a bot that reads no miser stay as
they were (``tests/test_decisions.py``)."""


class Pending(NamedTuple):
    """What a bot's bid leaves to settle at its next move (``MediciOpponents.note_bid``):
    the bid, and the state it was made in (the bot's own copy, never changed after: the
    auction's key, the bot's day, money and ship then, and, only where the bot won, the
    later bidders' ceilings are read from it, so a bid costs nothing more)."""

    bid: int
    state: MediciState


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
        return self._key(st), seen

    @staticmethod
    def _key(st: MediciState) -> Hashable:
        """The key of the auction under way (``evidence``)."""
        return (st.day, st.selector, tuple(st.lot), len(st.discards))

    def note_bid(self, game: Game[MediciState], me: int, action: Action,
                 beliefs: Beliefs | None = None) -> Pending | None:
        """What ``me``'s ``action`` leaves to settle at its next move, where it is a bid
        with bidders after it whom ``beliefs`` (the move's) have not cleared of being
        misers (None otherwise: nothing to infer)."""
        st = game.state
        bid = action.amount
        if st.phase != "bidding" or bid is None or st.turn + 1 >= len(st.order):
            return None
        if beliefs is not None and all(
                beliefs.miser_odds[q] == CLEARED for q in st.order[st.turn + 1 :]):
            return None
        return Pending(bid, st)

    def settle(self, game: Game[MediciState], me: int, pending: Pending
               ) -> tuple[Hashable, list[Inferred]] | None:
        """The passes ``pending``'s bid implies, where ``me`` won that lot (the same day,
        its ship grown by the lot and its money down by the bid: M-9, every later bidder
        passed its bid plus one), keyed for ``learn``'s memory (``INFERRED``); else None."""
        st = game.state
        bid, then = pending
        if (st.day != then.day or st.money[me] != then.money[me] - bid
                or len(st.ships[me]) != len(then.ships[me]) + len(then.lot)):
            return None
        later = self.policy.later_ceilings(then)
        return (INFERRED, self._key(then)), [(q, c, bid + 1, None, True) for q, c in later]

    def observe(self, beliefs: Beliefs, sighting: Sighting | Inferred) -> None:
        """Update ``beliefs`` with one bid or pass, and read or clear the bidder as a miser
        (M-9: a pass is for the whole auction, so a pass below a share of the lot's worth
        says that share is above what they pay)."""
        if len(sighting) > 4:  # inferred (``settle``): for the miser's odds alone
            passer, worths, low, _, _ = sighting
            if beliefs.miser_odds[passer] != CLEARED and max(worths) >= 1:
                beliefs.observe_miser(passer, worths, low, None,
                                      beliefs.predict(passer, worths, low, None))
            return
        player, ceilings, lo, bid = sighting
        if beliefs.miser_odds[player] == CLEARED or max(ceilings) < 1:
            beliefs.observe(player, ceilings, lo, bid)
            return
        if bid is not None and bid >= MISER_REACH * max(ceilings):
            beliefs.clear_miser(player)  # more than a miser ever pays
            beliefs.observe(player, ceilings, lo, bid)
            return
        # Float starts: compiled by mypyc, a sum() is typed float-or-int (the same values).
        before = sum(beliefs.weights[player], 0.0)
        top = beliefs.observe(player, ceilings, lo, bid)
        beliefs.observe_miser(player, ceilings, lo, bid,
                              top * sum(beliefs.weights[player], 0.0) / before)

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
