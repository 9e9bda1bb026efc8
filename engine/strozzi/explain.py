"""What ``hint`` and ``analyse`` say about a Medici vs Strozzi move (the ``Explainer``):
both sides' worths of the lot, the fair price, a load's gain, and greedy's coins by move."""

from __future__ import annotations

from engine.actions import Action
from engine.bots.opponents import Beliefs
from engine.game import Game
from engine.strozzi.policy import StrozziPolicy
from engine.strozzi.value import BUY, DECLINE, DISCARD, DRAW, STOP, StrozziValuation


class StrozziExplainer:
    """Medici vs Strozzi moves in a player's words."""

    def __init__(self, val: StrozziValuation, policy: StrozziPolicy) -> None:
        self.val = val
        self.policy = policy

    def explain(self, game: Game, action: Action, beliefs: Beliefs | None) -> str:
        """One line on what a move means for the player making it."""
        st = game.state
        pos = self.val.position(st)
        name = st.names
        phase = st.phase
        if phase in ("pricing", "offer"):
            mine = pos.worth(st.active, st.lot)
            theirs = pos.worth(1 - st.active, st.lot)
            text = (
                f"the lot is worth ~{mine:.0f} to {name[st.active]} and "
                f"~{theirs:.0f} to {name[1 - st.active]}; a fair price is "
                f"{self.val.fair_price(pos, st)}"
            )
            if phase == "offer":
                text += f"; the price is {st.price}"
            return text
        if phase == "loading":
            if action.kind == "load":
                return f"gains ~{self.policy.load_value(pos, st, action):+.0f} against the opponent"
            return "keeps the lot off your ships"
        if DRAW not in game.legal_actions():
            return "the lot cannot grow"
        gain = self.policy.draw_gain(st)
        if action == STOP:
            return f"another tile would change the lot's worth to you by {gain:+.1f}"
        return f"another tile changes the lot's worth to you by {gain:+.1f} on average"

    def greedy_values(
        self, game: Game, beliefs: Beliefs | None, also: list[Action]
    ) -> list[tuple[Action, float]]:
        """The greedy bot's view of its options: relative coins gained by each."""
        st = game.state
        pos = self.val.position(st)
        phase = st.phase
        legal = game.legal_actions()
        if phase == "drawing":
            stop = self.policy.lot_gain(pos, st.active, st.lot) if st.lot else 0.0
            rows = []
            for act in legal:
                if act == STOP:
                    rows.append((STOP, stop))
                elif act == DRAW:
                    rows.append((DRAW, stop + self.policy.draw_gain(st)))
            return rows
        if phase == "pricing":
            mine = pos.worth(st.active, st.lot)
            theirs = pos.worth(1 - st.active, st.lot)
            rows = []
            prices = self.policy.candidates(game, beliefs)
            for act in prices + [a for a in also if a.kind == "price"]:
                price = act.amount or 0
                # The opponent buys below the fair price; else the active player must.
                if theirs - price >= price - mine:
                    rows.append((act, price - theirs))
                else:
                    rows.append((act, mine - price))
            return rows
        if phase == "offer":
            mine = pos.worth(1 - st.active, st.lot)
            theirs = pos.worth(st.active, st.lot)
            return [(BUY, mine - st.price), (DECLINE, st.price - theirs)]
        rows = [(DISCARD, 0.0)]
        for act in legal:
            if isinstance(act, Action) and act.kind == "load":
                rows.append((act, self.policy.load_value(pos, st, act)))
        return rows
