"""What ``hint`` and ``analyse`` say about a Medici move (the ``Explainer``): where a lot's
worth comes from, what the later bidders are expected to pay, the chance a bid is kept, and
the greedy bot's money gained by each move (docs/rules.md M-8..M-10)."""

from __future__ import annotations

from engine.actions import Action
from engine.agreement import agree, possessive
from engine.bots.explain import naming, signed
from engine.bots.opponents import Beliefs
from engine.game import Game
from engine.lots import DRAW, STOP
from engine.medici.logic import PASS, MediciState
from engine.medici.policy import SHADE, MediciPolicy, judged, keep_chance, rival_limit
from engine.medici.value import MediciValuation

STYLE_WORDS = {"ours": "", "face": "by face value", "race": "for the ship race",
               "majorities": "for majorities", "mix": ""}
"""How a bidder's likeliest valuation is told, once the beliefs are sure enough of it."""
SURE = 0.6
"""The weight a valuation needs before a hint names it for a bidder."""


class MediciExplainer:
    """Medici moves in a player's words: the reader is "you" (by default the player to
    act), everyone else named."""

    def __init__(self, val: MediciValuation, policy: MediciPolicy) -> None:
        self.val = val
        self.policy = policy

    def situation(self, game: Game[MediciState], beliefs: Beliefs | None,
                  reader: int | None = None) -> str:
        """What the decision is about: the lot's worth to you, where it comes from, and what
        the later bidders are expected to pay."""
        st = game.state
        pos = self.val.position(st)
        if st.phase == "bidding":
            me = st.order[st.turn]
        elif st.lot:
            me = st.selector
        else:
            return ""
        name = naming(st.names, me, reader)
        who = name(me)
        worth = pos.lot_value(me, st.lot)
        if worth is None:
            return f"the lot does not fit {possessive(who)} ship (M-9)"
        text = (f"the lot adds ~{worth:.0f} to {possessive(who)} money "
                f"({pos.lot_parts(me, st.lot)})")
        if st.phase != "bidding":
            return text
        later = self.limits(st, beliefs)
        if not later:
            return text + f"; {who} {agree(who, 'bids')} last: the lowest bid takes it (M-9)"
        q, c = max(later, key=lambda x: x[1])
        text += f"; {name(q)} may pay up to ~{max(c, 0):.0f}"
        know = beliefs or self.policy.prior
        style, weight = know.likeliest(q)
        if know.seen[q] and weight >= SURE and STYLE_WORDS[style]:
            text += f" (bids {STYLE_WORDS[style]})"
        return text

    def explain(self, game: Game[MediciState], action: Action, beliefs: Beliefs | None,
                reader: int | None = None) -> str:
        """A few words on what one move does, beside ``situation``."""
        st = game.state
        if st.phase == "bidding":
            if action.kind == "bid" and action.amount is not None:
                later = self.policy.later_ceilings(st)
                if not later:
                    return "takes the lot"
                keep = keep_chance(action.amount, later, beliefs or self.policy.prior)
                return f"{keep:.0%} that no later bidder outbids it"
            return "leaves the lot to the others"
        if DRAW not in game.legal_actions():
            return "drawing is not allowed now" if action == STOP else "the only move"
        gain = self.policy.draw_gain(st, beliefs)
        if action == STOP:
            return "the lot goes to auction as it is"
        who = naming(st.names, game.current_player, reader)(st.selector)
        return (f"another card changes what {who} {agree(who, 'gains')} from the lot by "
                f"{signed(gain, 1)} on average")

    def sale_worth(self, game: Game[MediciState], seat: int) -> float | None:
        """What the lot is worth to ``seat``: what it adds to their expected money."""
        st = game.state
        return self.val.position(st).lot_value(seat, st.lot) if st.lot else None

    def shift(self, equity: list[float], me: int, value: float) -> list[float]:
        """Each player's expected final money once ``me`` gains ``value`` by a move."""
        after = list(equity)
        after[me] += value
        return after

    def greedy_values(
        self, game: Game[MediciState], beliefs: Beliefs | None, also: list[Action]
    ) -> list[tuple[Action, float]]:
        """The greedy bot's view of its options: money gained by each, against passing (a
        bid: the chance no later bidder outbids it times its profit, as the greedy bid is
        chosen, ``best_bid``)."""
        st = game.state
        pos = self.val.position(st)
        if st.phase == "bidding":
            me = st.order[st.turn]
            worths = pos.worths(me, st.lot)
            value = judged(worths) * SHADE if worths is not None else 0.0
            later = self.policy.later_ceilings(st)
            know = beliefs or self.policy.prior
            out = [(PASS, 0.0)]
            bids = self.policy.candidates(game, beliefs)[1:]
            for act in bids + [a for a in also if a.kind == "bid"]:
                amount = act.amount or 0
                out.append((act, keep_chance(amount, later, know) * (value - amount)))
            return out
        stop = self.policy.selector_gain(pos, st.selector, st.lot, beliefs) if st.lot else 0.0
        rows = []
        for entry in game.legal_actions():
            if entry == STOP:
                rows.append((STOP, stop))
            elif entry == DRAW:
                more = self.policy.draw_gain(st, beliefs) if st.lot else 0.0
                rows.append((DRAW, stop + more))
        return rows

    def limits(self, st: MediciState, beliefs: Beliefs | None) -> list[tuple[int, float]]:
        """Each later bidder with the most they are expected to pay (by the beliefs)."""
        pos = self.val.position(st)
        know = beliefs or self.policy.prior
        out: list[tuple[int, float]] = []
        for q in st.order[st.turn + 1 :]:
            worths = pos.worths(q, st.lot)
            if worths is not None:
                out.append((q, pos.capped(q, rival_limit(know.paid_shares(q), worths))))
        return out
