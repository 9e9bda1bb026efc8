"""What ``hint`` and ``analyse`` say about a Medici vs Strozzi move (the ``Explainer``):
both sides' worths of the lot, the fair price, a load's gain, and greedy's coins by move."""

from __future__ import annotations

from collections.abc import Callable

from engine.actions import Action
from engine.agreement import agree, possessive
from engine.bots.explain import gain_words, naming, signed
from engine.bots.opponents import Beliefs
from engine.game import Game
from engine.lots import DRAW, STOP
from engine.strozzi.logic import BUY, DECLINE, DISCARD, StrozziState
from engine.strozzi.policy import TEMPO, StrozziPolicy
from engine.strozzi.value import SCALE, Position, StrozziValuation, asked, buyer_of


class StrozziExplainer:
    """Medici vs Strozzi moves in a player's words."""

    def __init__(self, val: StrozziValuation, policy: StrozziPolicy) -> None:
        self.val = val
        self.policy = policy

    def situation(self, game: Game[StrozziState], beliefs: Beliefs | None,
                  reader: int | None = None) -> str:
        """What the decision is about: the lot's worth to each side, and the fair price
        where it lies between them."""
        st = game.state
        if st.phase not in ("pricing", "offer"):
            return ""
        pos = self.val.position(st)
        who = self._who(game, reader)
        active, other = st.active, 1 - st.active
        mine, theirs = self.worths(pos, st)
        text = (
            f"the lot is worth ~{mine:.0f} to {who(active)} and ~{theirs:.0f} to "
            f"{who(other)} (what each gains over the other by loading it best)"
        )
        if st.phase == "offer":
            return text + f"; the price is {asked(st)}"
        fair = self.val.fair_price(pos, st)
        if min(round(mine), round(theirs)) <= fair <= max(round(mine), round(theirs)):
            text += (f"; at {fair}, halfway, {who(other)} gains as much by buying as by "
                     f"letting {who(active)} buy (S-9)")
        return text

    def explain(self, game: Game[StrozziState], action: Action, beliefs: Beliefs | None,
                reader: int | None = None) -> str:
        """A few words on what one move does, beside ``situation``."""
        st = game.state
        pos = self.val.position(st)
        who = self._who(game, reader)
        phase = st.phase
        if phase in ("pricing", "offer"):
            active, other = st.active, 1 - st.active
            mine, theirs = self.worths(pos, st)
            if phase == "pricing":
                price = action.amount or 0
                if theirs - price >= price - mine:
                    return f"{who(other)} should buy"
                return f"{who(other)} should decline, and {who(active)} buy (S-9)"
            if action == BUY:
                return f"{gain_words(theirs - asked(st), who(other))} against {who(active)}"
            return (f"{who(active)} must buy at {asked(st)} (S-9): "
                    f"{gain_words(asked(st) - mine, who(other))}")
        if phase == "loading":
            if action.kind == "load":
                gain = self.policy.load_value(pos, st, action)
                rival = who(1 - buyer_of(st))
                return f"{gain_words(gain)} against {rival} (harbour prize and markers)"
            return f"keeps the lot off {possessive(who(buyer_of(st)))} ships"
        if DRAW not in game.legal_actions():
            return "the lot cannot grow"
        mover = who(st.active)
        if action == STOP:
            return f"{mover} {agree(mover, 'sets')} its price next (S-8)"
        gain = self.policy.draw_gain(st)
        return (f"another tile changes what the lot gains {mover} by {signed(gain, 1)} on "
                "average")

    def _who(self, game: Game[StrozziState], reader: int | None) -> Callable[[int], str]:
        """A seat's name, "you" for the reader's (the player to act's by default)."""
        return naming(game.state.names, game.current_player, reader)

    def worths(self, pos: Position, st: StrozziState) -> tuple[float, float]:
        """The lot's worth to the active player and to the other, as the greedy player
        prices and buys by it (``SCALE`` times the one-round estimate)."""
        return (SCALE * pos.worth(st.active, st.lot), SCALE * pos.worth(1 - st.active, st.lot))

    def sale_worth(self, game: Game[StrozziState], seat: int) -> float | None:
        """What the lot is worth to ``seat``, as the greedy player prices it: ``SCALE``
        times its one-round gain over the other side (markers carry over and pay again)."""
        st = game.state
        return SCALE * self.val.position(st).worth(seat, st.lot) if st.lot else None

    def shift(self, equity: list[float], me: int, value: float) -> list[float]:
        """Each side's expected final money once ``me`` gains ``value`` against the other by
        a move: half of it each way, as only the gap decides (G-4)."""
        after = list(equity)
        after[me] += value / 2
        after[1 - me] -= value / 2
        return after

    def greedy_values(
        self, game: Game[StrozziState], beliefs: Beliefs | None, also: list[Action]
    ) -> list[tuple[Action, float]]:
        """The greedy bot's view of its options: coins gained by each against the other
        side, judged as the greedy player prices, buys and loads."""
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
        mine, theirs = self.worths(pos, st)
        if phase == "pricing":
            rows = []
            prices = self.policy.candidates(game, beliefs)
            for act in prices + [a for a in also if a.kind == "price"]:
                price = act.amount or 0
                # The other side buys up to the fair price; above it, the active player must.
                if theirs - price >= price - mine:
                    rows.append((act, price - theirs))
                else:
                    rows.append((act, mine - price))
            return rows
        if phase == "offer":
            return [(BUY, theirs - asked(st) + TEMPO), (DECLINE, asked(st) - mine)]
        rows = [(DISCARD, 0.0)]
        for act in legal:
            if isinstance(act, Action) and act.kind == "load":
                rows.append((act, self.policy.load_value(pos, st, act)))
        return rows
