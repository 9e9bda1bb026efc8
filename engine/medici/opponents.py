"""How Medici opponents bid, for a bot's beliefs and its search (the ``OpponentModel``):
what their bids and passes tell (M-9: every bid is public, G-3), who of them is a miser,
and a rollout bid for a sampled type.

A miser pays far less of a lot's worth than any share the beliefs know (``WILLING``: 0.35
at the least), as the tuner's best exploiters of the bots did (docs/bots.md, "What the
tuner found": a fifth to a quarter). Each bid and pass is weighed for a miser (each
valuation of ``MISER_LEAN`` at each of ``MISER_SHARES``) against the grid's types
(``Beliefs.observe_miser``):
a miser's passes of lots worth far more than the lowest bid, and its raises to a fifth of
a lot's worth (a raise above the lowest weighed as the bidder's limit), are likelier by far
as a miser's; once the odds reach ``MISER_ODDS`` the bidder is read as one
(``Beliefs.is_miser``), and the bots' outbid chances, selector's gains and the search's
sampled types take it to pay a miser's share of its valuation's worth, so a bot bids just
enough to beat it instead of near its own worth, and keeps its money (M-2). A bid a miser
never makes (``MISER_REACH``) or odds below ``GIVE_UP`` clear a player for good, and
nothing more is weighed for it: against greedy and the field, whose first big bid clears
most of them, the bots cost little more.

A bot sees every bid (M-9: every bid is public, G-3): those before its own at its move,
and those after it at its next move, from the view's last auction over (``note_bid``,
``settle``; where that auction is gone, the passes a bid of its own that won implies).
The moves after its own are weighed for the miser's odds alone."""

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
Inferred = tuple[int, tuple[int, ...], int, "int | None", bool]
"""A bid or pass made after the bot's own move, learnt at its next move
(``MediciOpponents.settle``): a ``Sighting`` and True."""
INFERRED: Final = "after"
"""The first item of a memory key whose sightings were learnt after the bot's move in that
auction (``settle``): the bids and passes of the bidders after it, read from the last
auction over, or, where it is gone, the passes implied by its own bid that won. They are
weighed for a miser alone, never in the grid's weights, so the moves of a bot that reads
no miser stay as they were (``tests/test_decisions.py``)."""


class Pending(NamedTuple):
    """What a bot's bid or pass leaves to settle at its next move
    (``MediciOpponents.note_bid``): the bid (None: a pass), and the state it was made in
    (the bot's own copy, never changed after: the auction, the bot's day, money and ship
    then, and the later bidders' ceilings are read from it, so a move costs nothing more)."""

    bid: int | None
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
        """What ``me``'s ``action`` leaves to settle at its next move, where it is a bid or
        a pass with bidders after it whom ``beliefs`` (the move's) have not cleared of being
        misers (None otherwise: nothing to learn)."""
        st = game.state
        if st.phase != "bidding" or st.turn + 1 >= len(st.order):
            return None
        if beliefs is not None and all(
                beliefs.miser_odds[q] == CLEARED for q in st.order[st.turn + 1 :]):
            return None
        return Pending(action.amount, st)

    def settle(self, game: Game[MediciState], me: int, pending: Pending
               ) -> tuple[Hashable, list[Inferred]] | None:
        """The moves after ``pending``'s, keyed for ``learn``'s memory (``INFERRED``): read
        from the last auction over where it is ``pending``'s (M-9: every bid is public,
        G-3, and a bot moves again before the next auction is over unless its ship is
        full); else, where ``me`` won that lot with a bid (the same day, its ship grown by
        the lot and its money down by the bid), the passes it implies (every later bidder
        passed its bid plus one); else None."""
        st = game.state
        bid, then = pending
        mine = len(then.bids)
        last = st.last_auction
        if last is not None and last[0] == then.day and last[1] == then.selector \
                and len(last[3]) > mine and last[3][mine] == (me, bid) \
                and last[2] == then.lot and last[3][:mine] == then.bids:
            later = dict(self.policy.later_ceilings(then))
            low = self.val.min_bid
            high = then.high_bid if bid is None else bid
            seen: list[Inferred] = []
            for q, amount in last[3][mine + 1 :]:
                seen.append((q, later[q], high + 1 if high >= low else low, amount, True))
                if amount is not None:
                    high = amount
            return (INFERRED, self._key(then)), seen
        if (bid is None or st.day != then.day or st.money[me] != then.money[me] - bid
                or len(st.ships[me]) != len(then.ships[me]) + len(then.lot)):
            return None
        won = self.policy.later_ceilings(then)
        return (INFERRED, self._key(then)), [(q, c, bid + 1, None, True) for q, c in won]

    def observe(self, beliefs: Beliefs, sighting: Sighting | Inferred) -> None:
        """Update ``beliefs`` with one bid or pass, and read or clear the bidder as a miser
        (M-9: a pass is for the whole auction, so a pass below a share of the lot's worth
        says that share is above what they pay)."""
        # Learnt after the bot's own move (``settle``): for the miser's odds alone.
        after = len(sighting) > 4
        player, ceilings, lo, bid = sighting[0], sighting[1], sighting[2], sighting[3]
        if beliefs.miser_odds[player] == CLEARED or max(ceilings) < 1:
            if not after:
                beliefs.observe(player, ceilings, lo, bid)
            return
        if bid is not None and bid >= MISER_REACH * max(ceilings):
            beliefs.clear_miser(player)  # more than a miser ever pays
            if not after:
                beliefs.observe(player, ceilings, lo, bid)
            return
        # A raise above the lowest, taken for the bidder's limit: by the grid's reckoning
        # every type whose limit reaches it explains it, so a miser's jump to a fifth of
        # the lot's worth told nothing (``Beliefs.predict``, ``exact``).
        exact = bid is not None and bid > lo
        if after or exact:
            like = beliefs.predict(player, ceilings, lo, bid, exact)
            if not after:
                beliefs.observe(player, ceilings, lo, bid)
        else:
            # Float starts: compiled by mypyc, a sum() is typed float-or-int (the same values).
            before = sum(beliefs.weights[player], 0.0)
            top = beliefs.observe(player, ceilings, lo, bid)
            like = top * sum(beliefs.weights[player], 0.0) / before
        beliefs.observe_miser(player, ceilings, lo, bid, like, exact)

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
