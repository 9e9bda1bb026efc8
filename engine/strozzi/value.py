"""How a Medici vs Strozzi bot values lots, prices, loads and positions (docs/rules.md S-7..S-16).

Two players: everything is valued *relatively*, as the player's gain minus the opponent's,
because only the difference decides the winner (G-4). The numbers of the game (holds,
harbours and their rows, pushes, payments, bonuses, prizes) all come from the variant's
logic and config; this module only holds judgement.

Like the Medici model it reads the (determinized) game state directly, for speed; bots only
hand it states built from a player's view, so it never sees the real bag order (which it
does not use: only the bag's contents, which are public, G-3).
"""

from __future__ import annotations

import math
from typing import Any

from engine.actions import Action, Legal, amount_action
from engine.bots.models import ROLLOUT_NOISE, ModelBase
from engine.bots.opponents import Beliefs
from engine.chance import Rng
from engine.game import Game
from engine.rules import Variant

DRAW = Action("draw")
STOP = Action("stop")
BUY = Action("buy")
DECLINE = Action("decline")
DISCARD = Action("discard")

FILL = 0.8
"""Share of the tiles still in the bag that end up on ships before the round ends."""
ROW_KEEP = 0.6
"""How much of a marker's standing a later round is expected to keep (markers carry over)."""
PRICE_SCALES = (0.7, 1.0, 1.3, 1.7, 2.2)
"""How many times the fair price (by our estimate) an opponent may ask and pay."""
SCALE = 1.3
"""How much more a lot is worth than the one-round estimate says (markers carry over and pay
again; measured against the field: 1.25-1.5 does best, 1.75 already overpays)."""
DRAW_SAMPLES = 3
"""Tiles a rollout's active player looks at to decide whether to draw (all of them otherwise)."""
SQRT2 = math.sqrt(2.0)


class Side:
    """One player's expected standing in one harbour at round end: ship value and pushes."""

    __slots__ = ("value", "value_var", "push", "push_var")

    def __init__(
        self, value: float, value_var: float, push: list[float], push_var: list[float]
    ) -> None:
        self.value = value
        self.value_var = value_var
        self.push = push
        self.push_var = push_var


class Position:
    """One moment of a game from the bots' side, valued from seat 0's point of view.

    A lot's worth to a player is the best change, over the ways of loading it, of that
    player's relative standing; results are cached per load and lot.
    """

    __slots__ = (
        "model", "st", "fill", "mean", "var", "share", "push_mean", "push_sq", "later",
        "_harbour", "_worth", "_side",
    )

    def __init__(self, model: StrozziModel, st: Any) -> None:
        self.model = model
        self.st = st
        value = model.value
        kind = model.kind
        push = model.push
        goods = len(model.goods)
        bag = model.bag_counts(st)
        count = sum(bag.values())
        total = sum(value[t] * c for t, c in bag.items())
        self.mean = total / count if count else 0.0
        self.var = (
            sum((value[t] - self.mean) ** 2 * c for t, c in bag.items()) / count if count else 0.0
        )
        per_good = [0] * goods
        push_sum = [0.0] * goods
        push_sq = [0.0] * goods
        for t, c in bag.items():
            g = kind[t]
            if g >= 0:
                per_good[g] += c
                push_sum[g] += push[t] * c
                push_sq[g] += push[t] * push[t] * c
        self.share = [c / count if count else 0.0 for c in per_good]
        self.push_mean = [push_sum[g] / per_good[g] if per_good[g] else 0.0 for g in range(goods)]
        self.push_sq = [push_sq[g] / per_good[g] if per_good[g] else 0.0 for g in range(goods)]
        holds = model.holds
        free = sum(h - len(t) for fleet in st.ships for h, t in zip(holds, fleet, strict=True))
        self.fill = min(1.0, FILL * count / free) if free else 0.0
        self.later = max(0, model.rounds - st.round)
        self._harbour: dict[Any, float] = {}
        self._worth: dict[Any, float] = {}
        self._side: dict[tuple[int, int], Side | None] = {}

    # -- one side of a harbour ------------------------------------------------------------
    def side(self, p: int, h: int, extra: tuple[int, list[str], int] | None) -> Side | None:
        """Player ``p``'s expected ship in harbour ``h``; ``extra`` = (ship, tiles, harbour) added.

        None when the player will have no ship there this round.

        An unassigned ship will go to one of the player's free harbours (S-11): each free
        harbour expects the average of the unassigned ships, filled on average.
        """
        if extra is None:
            key = (p, h)
            if key in self._side:
                return self._side[key]
            got = self._side[key] = self.side(p, h, (-1, [], -1))
            return got
        model = self.model
        st = self.st
        holds = model.holds
        fleet = st.ships[p]
        placed = list(st.harbour[p])
        lots: list[list[str]] = list(fleet)
        i, tiles, where = extra
        if i >= 0:
            lots[i] = fleet[i] + tiles
            placed[i] = where
        goods = len(model.goods)
        fill = self.fill
        if h in placed:
            i = placed.index(h)
            tiles = lots[i]
            free = holds[i] - len(tiles)
            value = sum(model.value[t] for t in tiles)
            push = [0.0] * goods
            for t in tiles:
                g = model.kind[t]
                if g >= 0:
                    push[g] += model.push[t]
            expect = free * fill
        else:
            empty = [holds[i] for i in range(len(holds)) if placed[i] < 0]
            if not empty:
                return None
            expect = sum(empty) / len(empty) * fill
            value = 0
            push = [0.0] * goods
        share = self.share
        push_mean = self.push_mean
        push_sq = self.push_sq
        push_var = [0.0] * goods
        for g in range(goods):
            n = expect * share[g]
            push[g] += n * push_mean[g]
            push_var[g] = n * (push_sq[g] - push_mean[g] * push_mean[g] * share[g])
        return Side(value + expect * self.mean, expect * self.var, push, push_var)

    def harbour(self, p: int, h: int, extra: tuple[int, list[str], int] | None = None) -> float:
        """Harbour ``h``'s expected worth to ``p`` relative to the opponent (S-14..S-16)."""
        key = (p, h, None if extra is None else (extra[0], tuple(extra[1]), extra[2]))
        got = self._harbour.get(key)
        if got is not None:
            return got
        model = self.model
        mine = self.side(p, h, extra)
        theirs = self.side(1 - p, h, None)
        erf = math.erf
        got = 0.0
        a = mine.value if mine else 0.0
        b = theirs.value if theirs else 0.0
        var = (mine.value_var if mine else 0.0) + (theirs.value_var if theirs else 0.0) + 0.25
        got += model.prize * erf((a - b) / math.sqrt(2.0 * var))  # P(win) - P(lose)
        weight = 1.0 + ROW_KEEP * self.later
        for r in model.harbour_rows[h]:
            g = model.rows[r][1]
            marker = self.st.markers[r]
            at = -marker if p == 0 else marker  # S-4: negative is towards seat 0
            shift = (mine.push[g] if mine else 0.0) - (theirs.push[g] if theirs else 0.0)
            spread = (mine.push_var[g] if mine else 0.0) + (theirs.push_var[g] if theirs else 0.0)
            mid = at + shift
            scale = SQRT2 * math.sqrt(spread + 0.2)
            row = 0.0
            for edge, step in model.steps:
                row += step * 0.5 * (erf((mid - edge) / scale) - erf((-mid - edge) / scale))
            got += row * weight
        self._harbour[key] = got
        return got

    def standing(self, p: int) -> float:
        """``p``'s expected harbour and row income this round, relative to the opponent."""
        return sum(self.harbour(p, h) for h in range(len(self.model.harbours)))

    # -- lots -------------------------------------------------------------------------------
    def loads(self, p: int, size: int) -> list[tuple[int, int, bool]]:
        """Ways ``p`` could load a lot of ``size``: (ship index, harbour, newly assigned)."""
        holds = self.model.holds
        placed = self.st.harbour[p]
        fleet = self.st.ships[p]
        out = []
        for i, h in enumerate(placed):
            if holds[i] - len(fleet[i]) < size:
                continue
            if h >= 0:
                out.append((i, h, False))
            else:
                out += [
                    (i, free, True)
                    for free in range(len(self.model.harbours)) if free not in placed
                ]
        return out

    def load_gain(self, p: int, ship: int, h: int, fresh: bool, lot: list[str]) -> float:
        """The change in ``p``'s relative standing from loading ``lot`` onto ``ship`` in ``h``."""
        gain = self.harbour(p, h, (ship, lot, h)) - self.harbour(p, h)
        if fresh:
            gain += self.pool_shift(p, ship, h)
        return gain

    def pool_shift(self, p: int, ship: int, h: int) -> float:
        """The change in ``p``'s other free harbours once ``ship`` is assigned to ``h`` (S-11).

        They can no longer expect that ship; this does not depend on the lot, so it is
        worked out once per ship and harbour.
        """
        key = ("pool", p, ship, h)
        got = self._harbour.get(key)
        if got is None:
            placed = self.st.harbour[p]
            got = 0.0
            for x in range(len(self.model.harbours)):
                if x != h and x not in placed:
                    got += self.harbour(p, x, (ship, [], h)) - self.harbour(p, x)
            self._harbour[key] = got
        return got

    def worth(self, p: int, lot: list[str]) -> float:
        """What ``lot`` is worth to ``p``: the best load, or 0 if discarding is better (S-10)."""
        key = (p, tuple(lot))
        got = self._worth.get(key)
        if got is None:
            got = 0.0
            for ship, h, fresh in self.loads(p, len(lot)):
                got = max(got, self.load_gain(p, ship, h, fresh, lot))
            self._worth[key] = got
        return got


class StrozziModel(ModelBase):
    """The Medici vs Strozzi judgement bots share: greedy policy, candidates, evaluation."""

    game = "medici-vs-strozzi"
    spread = 25.0
    """Money that makes a clear difference in a game's outcome (for win chances)."""

    stage = "round"

    def __init__(self, variant: Variant) -> None:
        super().__init__()
        logic = variant.logic
        self.variant = variant
        self.logic = logic
        self.goods: list[str] = logic.goods
        self.kind: dict[str, int] = logic.kind
        self.value: dict[str, int] = logic.value
        self.push: dict[str, int] = logic.push
        self.holds: tuple[int, ...] = logic.holds
        self.harbours: list[list[str]] = logic.harbours
        self.rows: list[tuple[int, int]] = logic.rows
        self.harbour_rows: list[list[int]] = logic.harbour_rows
        self.rounds: int = logic.rounds
        self.stages = logic.rounds
        self.prize: int = logic.prize
        self.min_price: int = logic.min_price
        self.tile_counts: dict[str, int] = {}
        for t in logic.tiles:
            self.tile_counts[t] = self.tile_counts.get(t, 0) + 1
        # S-16: a marker ``s`` spaces out pays the payment plus the bonus of its space;
        # ``steps`` lists where that income steps up (half a space short) and by how much.
        self.steps: list[tuple[float, float]] = []
        before = 0
        for space in range(1, logic.spaces + 1):
            pay = logic.payment + logic.bonuses.get(space, 0)
            if pay != before:
                self.steps.append((space - 0.5, float(pay - before)))
            before = pay

    def bag_counts(self, st: Any) -> dict[str, int]:
        """The tiles in the bag, counted: public, as every tile out of it is shown (G-3)."""
        counts = dict(self.tile_counts)
        for group in (st.lot, st.discards, *(s for fleet in st.ships for s in fleet)):
            for t in group:
                counts[t] -= 1
        return {t: c for t, c in counts.items() if c > 0}

    def new_position(self, st: Any) -> Position:
        """A fresh Position of ``st``."""
        return Position(self, st)

    def position_key(self, st: Any) -> tuple[Any, ...]:
        """A Position holds while one lot is priced and placed (the lot is part of it)."""
        return (id(st), st.round, len(st.discards), sum(len(s) for f in st.ships for s in f),
                len(st.lot))

    def equity(self, game: Game) -> list[float]:
        """Each player's expected final money: money plus half the relative standing each way."""
        st = game.state
        money = [float(m) for m in self.logic.money(st)]
        if game.is_over:
            return money
        edge = self.position(st).standing(0)
        return [money[0] + edge / 2, money[1] - edge / 2]

    # -- the greedy policy -------------------------------------------------------------------
    def policy(self, game: Game, rng: Rng | None = None, noise: float = 0.0) -> Action:
        """The greedy move of the player to act; ``noise`` > 0 jitters prices (for rollouts)."""
        st = game.state
        phase = st.phase
        if phase == "drawing":
            legal = game.legal_actions()
            if len(legal) == 1:
                return legal[0]  # type: ignore[return-value]
            samples = DRAW_SAMPLES if noise else 0
            return DRAW if self.draw_gain(st, rng, samples) > 0 else STOP
        pos = self.position(st)
        if phase == "pricing":
            price = self.fair_price(pos, st)
            if noise and rng is not None and rng.below(1000) < noise * 1000:
                price = max(self.min_price, price + rng.below(7) - 3)
            return amount_action("price", price)
        if phase == "offer":
            me = 1 - st.active
            mine = pos.worth(me, st.lot) * SCALE
            theirs = pos.worth(st.active, st.lot) * SCALE
            # S-9: declining makes the active player buy at their own price.
            return BUY if mine - st.price >= st.price - theirs else DECLINE
        return self.best_load(pos, st, game.legal_actions())[0]

    def rollout_move(self, game: Game, rng: Rng) -> Action:
        """A rollout move: the greedy policy, but a cheap rule for drawing (S-7)."""
        st = game.state
        if st.phase == "drawing":
            legal = game.legal_actions()
            if len(legal) == 1 or not st.lot:
                return legal[0] if len(legal) == 1 else DRAW  # type: ignore[return-value]
            return DRAW if DRAW in legal and len(st.lot) < 2 and rng.below(2) else STOP
        return self.policy(game, rng, ROLLOUT_NOISE)

    def opponent_move(self, game: Game, kind: tuple[float, bool] | None, rng: Rng) -> Action:
        """An opponent's rollout move: it asks and pays ``kind[0]`` times the fair price."""
        st = game.state
        if kind is None or st.phase not in ("pricing", "offer"):
            return self.rollout_move(game, rng)
        pos = self.position(st)
        fair = (pos.worth(st.active, st.lot) + pos.worth(1 - st.active, st.lot)) / 2
        if st.phase == "pricing":
            return amount_action("price", max(self.min_price, int(kind[0] * fair)))
        return BUY if st.price <= kind[0] * fair else DECLINE

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

    def evidence(self, game: Game) -> tuple[Any, list[Any]] | None:
        """The price the active player asks, seen by the other (S-8), with the fair price."""
        st = game.state
        if st.phase != "offer":
            return None
        pos = self.position(st)
        fair = (pos.worth(st.active, st.lot) + pos.worth(1 - st.active, st.lot)) / 2
        key = (st.round, len(st.discards), sum(len(s) for f in st.ships for s in f))
        return key, [(st.active, fair, st.price)]

    def fair_price(self, pos: Position, st: Any) -> int:
        """The price that leaves the opponent no better off buying than declining (S-8, S-9)."""
        mine = pos.worth(st.active, st.lot)
        theirs = pos.worth(1 - st.active, st.lot)
        return max(self.min_price, int(round(SCALE * (mine + theirs) / 2)))

    def best_load(
        self, pos: Position, st: Any, legal: list[Legal]
    ) -> tuple[Action, float]:
        """The legal load (or discard) that gains the buyer most (S-10, S-11)."""
        best: tuple[Action, float] = (DISCARD, 0.0)
        for act in legal:
            if isinstance(act, Action) and act.kind == "load":
                gain = self.load_value(pos, st, act)
                if gain > best[1]:
                    best = (act, gain)
        return best

    def load_value(self, pos: Position, st: Any, act: Action) -> float:
        """What a load action gains the buyer, relatively."""
        p = st.buyer
        i = self.holds.index(act[1])  # load SHIP [harbour N]
        here = st.harbour[p][i]
        if here >= 0:
            return pos.load_gain(p, i, here, False, st.lot)
        return pos.load_gain(p, i, (act[2] if len(act) > 2 else 1) - 1, True, st.lot)

    def lot_gain(self, pos: Position, active: int, lot: list[str]) -> float:
        """What presenting ``lot`` is worth to the active player, priced fairly (S-8, S-9)."""
        return (pos.worth(active, lot) - pos.worth(1 - active, lot)) / 2

    def draw_gain(self, st: Any, rng: Rng | None = None, samples: int = 0) -> float:
        """Expected gain of drawing one more tile over stopping now (S-7)."""
        pos = self.position(st)
        active = st.active
        lot = st.lot
        stop = self.lot_gain(pos, active, lot) if lot else 0.0
        tiles = list(self.bag_counts(st).items())
        if not tiles:
            return -1.0
        if samples and rng is not None and len(tiles) > samples:
            tiles = [tiles[rng.below(len(tiles))] for _ in range(samples)]
        acc = 0.0
        weight = 0
        for tile, count in tiles:
            acc += count * self.lot_gain(pos, active, lot + [tile])
            weight += count
        return acc / weight - stop

    # -- search support --------------------------------------------------------------------------
    def candidates(self, game: Game) -> list[Action]:
        """The moves a search considers now: all of them, or a handful of telling prices."""
        st = game.state
        legal = game.legal_actions()
        if st.phase != "pricing":
            return [a for a in legal if isinstance(a, Action)]
        pos = self.position(st)
        mine = pos.worth(st.active, st.lot)
        theirs = pos.worth(1 - st.active, st.lot)
        fair = self.fair_price(pos, st)
        amounts = {fair, fair - 2, fair + 2, int(mine), int(theirs), int(theirs) - 1,
                   int(theirs) + 1, self.min_price}
        return [amount_action("price", a) for a in sorted(amounts) if a >= self.min_price]

    def explain(self, game: Game, action: Action) -> str:
        """One line on what a move means for the player making it."""
        st = game.state
        pos = self.position(st)
        name = st.names
        phase = st.phase
        if phase in ("pricing", "offer"):
            mine = pos.worth(st.active, st.lot)
            theirs = pos.worth(1 - st.active, st.lot)
            text = (
                f"the lot is worth ~{mine:.0f} to {name[st.active]} and "
                f"~{theirs:.0f} to {name[1 - st.active]}; a fair price is "
                f"{self.fair_price(pos, st)}"
            )
            if phase == "offer":
                text += f"; the price is {st.price}"
            return text
        if phase == "loading":
            if action.kind == "load":
                return f"gains ~{self.load_value(pos, st, action):+.0f} against the opponent"
            return "keeps the lot off your ships"
        if DRAW not in game.legal_actions():
            return "the lot cannot grow"
        gain = self.draw_gain(st)
        if action == STOP:
            return f"another tile would change the lot's worth to you by {gain:+.1f}"
        return f"another tile changes the lot's worth to you by {gain:+.1f} on average"

    def greedy_values(self, game: Game, also: list[Action]) -> list[tuple[Action, float]]:
        """The greedy bot's view of its options: relative coins gained by each."""
        st = game.state
        pos = self.position(st)
        phase = st.phase
        legal = game.legal_actions()
        if phase == "drawing":
            stop = self.lot_gain(pos, st.active, st.lot) if st.lot else 0.0
            rows = []
            for act in legal:
                if act == STOP:
                    rows.append((STOP, stop))
                elif act == DRAW:
                    rows.append((DRAW, stop + self.draw_gain(st)))
            return rows
        if phase == "pricing":
            mine = pos.worth(st.active, st.lot)
            theirs = pos.worth(1 - st.active, st.lot)
            rows = []
            for act in self.candidates(game) + [a for a in also if a.kind == "price"]:
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
                rows.append((act, self.load_value(pos, st, act)))
        return rows
