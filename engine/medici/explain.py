"""What ``hint`` and ``analyse`` say about a Medici move (the ``Explainer``): where a lot's
worth comes from, what a rival would pay, and the greedy bot's money gained by each move."""

from __future__ import annotations

from engine.actions import Action, Span
from engine.bots.opponents import Beliefs
from engine.game import Game
from engine.medici.policy import PRIOR, RIVAL_WEIGHT, MediciPolicy, judged, rival_limit
from engine.medici.value import DRAW, PASS, STOP, MediciValuation


class MediciExplainer:
    """Medici moves in a player's words."""

    def __init__(self, val: MediciValuation, policy: MediciPolicy) -> None:
        self.val = val
        self.policy = policy

    def explain(self, game: Game, action: Action, beliefs: Beliefs | None) -> str:
        """One line on what a move means for the player making it."""
        st = game.state
        pos = self.val.position(st)
        names = st.names
        if st.phase == "bidding":
            me = st.order[st.turn]
            worth = pos.lot_value(me, st.lot)
            text = (
                f"lot worth ~{worth:.0f} to you ({pos.lot_parts(me, st.lot)})"
                if worth is not None else "the lot does not fit your ship"
            )
            later = self.limits(st, beliefs)
            if later:
                q, c = max(later, key=lambda x: x[1])
                text += f"; {names[q]} would pay up to ~{max(c, 0):.0f}"
            return text
        gain = self.policy.draw_gain(st, beliefs) if DRAW in game.legal_actions() else None
        if action == STOP:
            worth = pos.lot_value(st.selector, st.lot)
            shown = "does not fit your ship" if worth is None else f"worth ~{worth:.0f} to you"
            return f"the lot is {shown}" + (
                f"; another card would change that by {gain:+.1f}" if gain is not None else ""
            )
        if gain is None:
            return "drawing is the only move"
        return f"another card changes the lot's worth to you by {gain:+.1f} on average"

    def greedy_values(
        self, game: Game, beliefs: Beliefs | None, also: list[Action]
    ) -> list[tuple[Action, float]]:
        """The greedy bot's view of its options: money gained by each, against passing."""
        st = game.state
        pos = self.val.position(st)
        if st.phase == "bidding":
            me = st.order[st.turn]
            worths = pos.worths(me, st.lot)
            worth = judged(worths) if worths is not None else 0.0
            rival = max((c for _, c in self.limits(st, beliefs)), default=-1)
            legal = game.legal_actions()
            lo = legal[0].lo if isinstance(legal[0], Span) else 0
            out = [(PASS, 0.0)]
            bids = self.policy.candidates(game, beliefs)[1:] + [a for a in also if a.kind == "bid"]
            for act in bids:
                amount = act.amount or 0
                if amount > rival:  # it wins: the lot's worth less the price
                    out.append((act, worth - amount))
                else:  # a rival outbids it and pays more than it would have
                    out.append((act, RIVAL_WEIGHT * (amount + 1 - lo) / max(1, pos.n - 1)))
            return out
        stop = self.policy.selector_gain(pos, st.selector, st.lot, beliefs) if st.lot else 0.0
        rows = []
        for act in game.legal_actions():
            if act == STOP:
                rows.append((STOP, stop))
            elif act == DRAW:
                rows.append((DRAW, stop + (self.policy.draw_gain(st, beliefs) if st.lot else 0.0)))
        return rows

    def limits(self, st: object, beliefs: Beliefs | None) -> list[tuple[int, float]]:
        """Each later bidder with the most they are expected to pay (by the beliefs)."""
        pos = self.val.position(st)
        know = beliefs or PRIOR
        out = []
        for q in st.order[st.turn + 1 :]:  # type: ignore[attr-defined]
            worths = pos.worths(q, st.lot)  # type: ignore[attr-defined]
            if worths is not None:
                out.append((q, pos.capped(q, rival_limit(know.paid_shares(q), worths))))
        return out
