"""Which moves a Medici vs Strozzi bot plays, searches and rolls out (the ``Policy``,
docs/rules.md S-7..S-11): the fair price, buy or decline, the best load, draw or stop."""

from __future__ import annotations

from typing import Final

from engine.actions import Action, Legal, amount_action
from engine.bots.opponents import Beliefs
from engine.bots.parts import ROLLOUT_NOISE
from engine.chance import Rng
from engine.game import Game
from engine.lots import DRAW, STOP
from engine.strozzi.limits import LimitFit, Worths, part_worths, price_against
from engine.strozzi.logic import BUY, DECLINE, DISCARD, StrozziState
from engine.strozzi.value import SCALE, Position, StrozziValuation, asked, buyer_of

DRAW_SAMPLES: Final = 3
"""Tiles a rollout's active player looks at to decide whether to draw (all of them otherwise)."""
ASKEW: Final = 1.0
"""Coins off the fair price (by our worths, ``SCALE``-scaled) a price the opponent asks must
be for ``Reading`` to count it: a greedy opponent asks the fair price rounded, half a coin
off at most, so greedy never reads another greedy player."""
BEHIND_PREMIUM: Final = 1.0
"""Coins a reading greedy player adds to buying the opponent's lot for each tile its ships
hold fewer than the opponent's this round: declining hands the opponent the lot and the
next turn (S-9, S-12), and a buyer who keeps both leaves our holds no other lot. (Measured
against the tuner's exploiters, docs/bots.md "What the tuner found": 0.5 and 2 did worse.)"""
THRIFT: Final = 0.8
"""Share of the fair price a reading greedy player asks for its lots, and pays at most for
the opponent's while its ships are not behind: a player who values lots otherwise than we
do declines, and so leaves us to pay our own price for (S-9), the lots of ours it thinks
least of, and offers cheaply the lots it thinks least of. (Measured as
``BEHIND_PREMIUM`` was: 0.75 and 0.85 did worse over 1,000 deals; a share falling further
while ahead did better against the tuner's exploiters but worse against the field's
spoiler and thrifty styles.)"""
THEIR_SHARE: Final = 0.7
"""Share of a lot's worth to the opponent (``SCALE``-scaled) that a reading greedy player
asks at least for it (more than ``THRIFT`` of the fair price where the lot is worth a
third more to the opponent than to us): a buyer who pays up to its own worth, or more,
pays it. (Chosen on seed 2,000,001's deals against the tuner's pay-1.7 buyers: 0.6, 0.65
and 0.77 did worse against one of them or ``thrifty``; it took ``thrifty`` from 91% to
99% of 600 games, ``valuer`` and ``spoiler`` up 2 points.)"""
BUYER_THRIFT: Final = 0.6
"""``THRIFT`` for the opponent's lots, against an opponent read as a buyer (one who bought
more of the lots we asked a price for than it left us, ``Reading.buyer``): it takes our
lots back with the next turn (S-9, S-12) whatever we paid for theirs, so a lot of its that
we buy is worth less to us than to a player who lets lots go. (Chosen on seed 2,000,001's
deals against the tuner's pay-1.7 buyers: 0.7 and 0.5 did worse against one of them;
against a player who does not buy most of our lots it costs, ``thrifty`` lost 3 points of
1,000 games with it, so it is kept for buyers.)"""


class Reading:
    """What a greedy bot saw its opponent do that the fair price does not foresee, kept by
    the bot from move to move (``GreedyBot``): worked out from the worths its own moves
    need, none more."""

    __slots__ = ("askew", "asked_in", "kept", "limits", "priced", "sold")

    def __init__(self) -> None:
        self.askew = 0
        """Prices the opponent asked more than ``ASKEW`` off the fair price (S-8): the mark
        of a player who values lots otherwise than we do, a buyer asking above it (and,
        declined, paying it to the bank itself, S-9) or a seller of cheap lots below it."""
        self.sold = 0
        """Lots we asked a price for that the opponent bought (S-9), seen at our next move:
        it answers our price and takes the next turn (S-12)."""
        self.kept = 0
        """Lots we asked a price for that the opponent declined, so that we bought them."""
        self.asked_in = -1
        """The round in which we last asked a price whose answer we have not seen yet
        (-1: none)."""
        self.priced: tuple[Worths, float, int] | None = None
        """That price's lot (its worth to the opponent by part, its face value) and the
        price, for ``limits``."""
        self.limits = LimitFit()
        """What the opponent pays at most, as its asks and answers tell it."""

    @property
    def buyer(self) -> bool:
        """Whether the opponent bought more of the lots we priced than it left us."""
        return self.sold > self.kept

    def copy(self) -> Reading:
        """An independent copy (an analysis reads one without changing the bot's)."""
        other = Reading()
        other.askew = self.askew
        other.sold = self.sold
        other.kept = self.kept
        other.asked_in = self.asked_in
        other.priced = self.priced
        other.limits = self.limits.copy()
        return other

    def answered(self, st: StrozziState) -> None:
        """Note the opponent's answer to the price we asked last (``asked_in``), if this
        move of ours shows it: we answer its price (it bought ours and drew, S-9, S-12), or
        load or draw in the same round (it declined, and we bought)."""
        priced = self.priced
        self.priced = None
        if self.asked_in != st.round:
            self.asked_in = -1
            return
        self.asked_in = -1
        bought = st.phase == "offer"
        if bought:
            self.sold += 1
        else:
            self.kept += 1
        if priced is not None:
            self.limits.saw_answer(priced[0], priced[1], priced[2], bought)


class StrozziPolicy:
    """The greedy Medici vs Strozzi player: prices fairly, buys when buying beats declining,
    loads where the lot gains most, draws while another tile gains on average."""

    reads_beliefs = False
    """Its moves read the valuation alone (``engine.bots.parts.reads_beliefs``): a greedy
    bot learns nothing for them."""

    def __init__(self, val: StrozziValuation) -> None:
        self.val = val

    def move(self, game: Game[StrozziState], beliefs: Beliefs | None,
             rng: Rng | None = None, noise: float = 0.0) -> Action:
        """The greedy move of the player to act; ``noise`` > 0 jitters prices (for rollouts)."""
        st = game.state
        phase = st.phase
        val = self.val
        if phase == "drawing":
            legal = game.legal_actions()
            if len(legal) == 1 and isinstance(only := legal[0], Action):
                return only
            samples = DRAW_SAMPLES if noise else 0
            return DRAW if self.draw_gain(st, rng, samples) > 0 else STOP
        pos = val.position(st)
        if phase == "pricing":
            price = val.fair_price(pos, st)
            if noise and rng is not None and rng.below(1000) < noise * 1000:
                price = max(val.min_price, price + rng.below(7) - 3)
            return amount_action("price", price)
        if phase == "offer":
            mine, theirs = self.offer_worths(pos, st)
            # S-9: declining makes the active player buy at their own price.
            return BUY if mine - asked(st) >= asked(st) - theirs else DECLINE
        return self.best_load(pos, st, game.legal_actions())[0]

    def offer_worths(self, pos: Position, st: StrozziState) -> tuple[float, float]:
        """The lot on offer's worth, ``SCALE``-scaled, to the player answering and to the
        one who asks (S-9): what buying or declining weighs."""
        mine = pos.worth(1 - st.active, st.lot) * SCALE
        return mine, pos.worth(st.active, st.lot) * SCALE

    def new_reading(self) -> Reading:
        """What a bot reads of its opponent before it saw anything."""
        return Reading()

    def read_move(self, game: Game[StrozziState], reading: Reading) -> Action:
        """The greedy move, with what the bot read of its opponent (``reading``, updated
        here with this move). Until the opponent has asked a price ``ASKEW`` off the fair
        one every move is ``move``'s, to the bit; then it asks the price that gains most
        against what the opponent pays at most, where its asks and answers tell that
        (``Reading.limits``), else ``THRIFT`` of the fair price (and no less than
        ``THEIR_SHARE`` of the lot's worth to the opponent), and buys the opponent's lots
        ``BEHIND_PREMIUM`` a tile dearer while its ships are behind, at ``THRIFT`` of the
        fair price otherwise (``BUYER_THRIFT`` against a buyer, ``Reading.buyer``). It
        notes every price the opponent asks from the first it reads on, and its answer to
        each price it asked at its next move (``Reading.answered``)."""
        st = game.state
        phase = st.phase
        if reading.asked_in >= 0:
            reading.answered(st)
        if phase == "pricing":
            return self._read_price(game, reading)
        if phase != "offer":
            return self.move(game, None)
        active = st.active
        me = 1 - active
        pos = self.val.position(st)
        mine, theirs = self.offer_worths(pos, st)
        price = asked(st)
        fair = (mine + theirs) / 2
        if not reading.askew:
            buy = mine - price >= price - theirs  # ``move``'s rule, the same floats
        else:
            ships = st.ships
            behind = sum(map(len, ships[active])) - sum(map(len, ships[me]))
            thrift = BUYER_THRIFT if reading.buyer else THRIFT
            buy = price <= (fair + BEHIND_PREMIUM * behind / 2 if behind > 0 else fair * thrift)
        if abs(price - fair) > ASKEW:
            reading.askew += 1
        if reading.askew:
            # Noted from the first price read on: greedy against greedy does no more work.
            reading.limits.saw_ask(pos, st, self.val.min_price)
        return BUY if buy else DECLINE

    def _read_price(self, game: Game[StrozziState], reading: Reading) -> Action:
        """``read_move``'s price (S-8): ``move``'s until the opponent is read; then, where
        its asks and answers tell what it pays (``LimitFit``), the price that gains most
        against that (``price_against``), else ``THRIFT`` of the fair price. The price and
        its lot are kept for the answer (``Reading.priced``) once the opponent is read."""
        st = game.state
        reading.asked_in = st.round
        if not reading.askew:
            return self.move(game, None)
        val = self.val
        pos = val.position(st)
        lot = st.lot
        their = part_worths(pos, 1 - st.active, lot)
        face = float(pos.face(lot))
        estimate = reading.limits.estimate(their, face)
        if estimate is not None:
            price = price_against(estimate[0], estimate[1], SCALE * pos.worth(st.active, lot),
                                  SCALE * their[0], val.min_price)
        else:
            # Asked less, a player who values lots otherwise buys more of ours rather than
            # leave us to pay our own price for them (S-9).
            price = int(round(val.fair_price(pos, st) * THRIFT))
            # And no less than most of the lot's worth to the opponent, where it is worth
            # much more to them than to us: a buyer pays that, or leaves us a lot we would
            # not have priced so high for little (S-9).
            price = max(price, int(THEIR_SHARE * SCALE * their[0]))
        price = max(val.min_price, price)
        reading.priced = (their, face, price)
        return amount_action("price", price)

    def rollout_move(self, game: Game[StrozziState], beliefs: Beliefs | None, rng: Rng) -> Action:
        """A rollout move: the greedy policy, but a cheap rule for drawing (S-7)."""
        st = game.state
        if st.phase == "drawing":
            legal = game.legal_actions()
            if len(legal) == 1 and isinstance(only := legal[0], Action):
                return only
            if not st.lot:
                return DRAW
            return DRAW if DRAW in legal and len(st.lot) < 2 and rng.below(2) else STOP
        return self.move(game, beliefs, rng, ROLLOUT_NOISE)

    def best_load(
        self, pos: Position, st: StrozziState, legal: list[Legal]
    ) -> tuple[Action, float]:
        """The legal load (or discard) that gains the buyer most (S-10, S-11)."""
        best: tuple[Action, float] = (DISCARD, 0.0)
        for act in legal:
            if isinstance(act, Action) and act.kind == "load":
                gain = self.load_value(pos, st, act)
                if gain > best[1]:
                    best = (act, gain)
        return best

    def load_value(self, pos: Position, st: StrozziState, act: Action) -> float:
        """What a load action gains the buyer, relatively."""
        p = buyer_of(st)
        i = self.val.holds.index(act[1])  # load SHIP [harbour N]
        here = st.harbour[p][i]
        if here >= 0:
            return pos.load_gain(p, i, here, False, st.lot)
        return pos.load_gain(p, i, (act[2] if len(act) > 2 else 1) - 1, True, st.lot)

    def lot_gain(self, pos: Position, active: int, lot: list[str]) -> float:
        """What presenting ``lot`` is worth to the active player, priced fairly (S-8, S-9)."""
        return (pos.worth(active, lot) - pos.worth(1 - active, lot)) / 2

    def draw_gain(self, st: StrozziState, rng: Rng | None = None, samples: int = 0) -> float:
        """Expected gain of drawing one more tile over stopping now (S-7)."""
        val = self.val
        pos = val.position(st)
        active = st.active
        lot = st.lot
        stop = self.lot_gain(pos, active, lot) if lot else 0.0
        tiles = pos.bag()  # ``val.bag_counts(st)``, counted once with the position
        if not tiles:
            return -1.0
        if samples and rng is not None and len(tiles) > samples:
            tiles = [tiles[rng.below(len(tiles))] for _ in range(samples)]
        # ``lot_gain(pos, active, lot + [tile])`` of every tile, from both sides' worths
        # worked out for all the tiles at once (``Position.draw_worths``).
        kinds = [tile for tile, _ in tiles]
        mine = pos.draw_worths(active, lot, kinds)
        theirs = pos.draw_worths(1 - active, lot, kinds)
        acc = 0.0
        weight = 0
        for (_, count), ours, other in zip(tiles, mine, theirs, strict=True):
            acc += count * ((ours - other) / 2)
            weight += count
        return acc / weight - stop

    def candidates(self, game: Game[StrozziState], beliefs: Beliefs | None) -> list[Action]:
        """The moves a search considers now: all of them, or a handful of telling prices."""
        st = game.state
        legal = game.legal_actions()
        if st.phase != "pricing":
            return [a for a in legal if isinstance(a, Action)]
        val = self.val
        pos = val.position(st)
        mine = pos.worth(st.active, st.lot)
        theirs = pos.worth(1 - st.active, st.lot)
        fair = val.fair_price(pos, st)
        amounts = {fair, fair - 2, fair + 2, int(mine), int(theirs), int(theirs) - 1,
                   int(theirs) + 1, val.min_price}
        return [amount_action("price", a) for a in sorted(amounts) if a >= val.min_price]
