"""Medici vs Strozzi (2 players): the rules S-1..S-17 of docs/rules.md, every number from the YAML.

Seats: 0 is the first name of the rules' ``players`` (Medici), 1 the second (Strozzi).
Harbours are numbered from 1 in text forms, events and views. A monopoly row's marker is a
signed number of spaces from the middle: negative towards seat 0, positive towards seat 1.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import cast

from engine.actions import Action, Grammar, Legal, Span
from engine.chance import Chance
from engine.logic import Multiset, Rules, deck_of
from engine.lots import LotDrawing, LotState, LotWords
from engine.mypyc_attrs import mypyc_attr
from engine.phases import Phase, phase_table
from engine.scoring import best
from engine.strozzi.views import (
    AmountEvent,
    AssignEvent,
    HarbourEvent,
    HarbourView,
    LoadEvent,
    MarkerEvent,
    MoveEvent,
    PayoutEvent,
    RoundEndEvent,
    RowView,
    ShipView,
    StartPlayerEvent,
    StrozziPlayer,
    StrozziSummary,
    StrozziView,
    TilesEvent,
)
from engine.views import Event, GameOverEvent, View

BUY = Action("buy")
DECLINE = Action("decline")
DISCARD = Action("discard")
SEATS = (0, 1)

PHASES = phase_table([
    Phase("setup", auto={"begin": "round_start"}),
    Phase("round_start", on_enter="enter_round_start", auto={"open": "drawing"},
          words="a round starts"),
    Phase("drawing", actor="active", moves={"draw": None, "stop": "pricing"},
          text="active player draws 1-3 tiles (S-7)"),
    Phase("pricing", actor="active", moves={"price": "offer"},
          text="active player sets a price of 0 or more (S-8)"),
    Phase("offer", actor="opponent()", moves={"buy": "loading", "decline": "loading"},
          sale="offer", text="opponent buys or declines (S-9)", words="the offer is open"),
    Phase("loading", actor="buyer", moves={"load": None, "discard": None},
          auto={"next_lot": "drawing", "score": "scoring"},
          text="buyer loads a ship, assigning its harbour, or discards (S-10, S-11)"),
    Phase("scoring", on_enter="enter_scoring", scoring=True,
          auto={"next_round": "round_start", "finish": "game_over"},
          text="harbour prizes, markers, row payments (S-14..S-16)"),
    Phase("game_over", on_enter="enter_game_over", final=True),
])
"""Medici vs Strozzi's phase table: who acts, which moves each phase allows, what follows."""


# Compiled (mypyc), a native class open to interpreted subclasses: a house rule's logic
# or state may build on this game's (tests/test_registry.py does).
@mypyc_attr(allow_interpreted_subclasses=True)
class StrozziState(LotState):
    """The whole state of one Medici vs Strozzi game, in plain slots (cheap to clone)."""

    __slots__ = (
        "round", "coins", "loans", "ships", "harbour", "markers", "bag", "bag_unknown",
        "discards", "active", "start_player", "price", "buyer", "round_ends",
    )

    round: int
    coins: list[int]
    loans: list[int]  # S-5: money = coins - loans
    ships: list[list[list[str]]]  # [seat][ship index] tiles; ships in the rules' order
    harbour: list[list[int]]  # [seat][ship index] harbour index (0-based), -1 unassigned
    markers: list[int]  # per monopoly row, in the rules' order; negative towards seat 0
    bag: list[str]  # top of the bag LAST, so drawing is a pop()
    bag_unknown: int
    discards: list[str]
    active: int
    start_player: int
    price: int | None
    buyer: int | None
    round_ends: list[str]

    def clone(self) -> StrozziState:
        """An independent copy."""
        c = self.copy_base()
        c.round = self.round
        c.coins = self.coins[:]
        c.loans = self.loans[:]
        c.ships = [[s[:] for s in fleet] for fleet in self.ships]
        c.harbour = [h[:] for h in self.harbour]
        c.markers = self.markers[:]
        c.bag = self.bag[:]
        c.bag_unknown = self.bag_unknown
        c.discards = self.discards[:]
        c.lot = self.lot[:]
        c.active = self.active
        c.start_player = self.start_player
        c.price = self.price
        c.buyer = self.buyer
        c.round_ends = self.round_ends[:]
        return c


# Compiled (mypyc), a native class open to interpreted subclasses: a house rule's logic
# or state may build on this game's (tests/test_registry.py does).
@mypyc_attr(allow_interpreted_subclasses=True)
class StrozziLogic(LotDrawing[StrozziState]):
    """Medici vs Strozzi's rules for one variant."""

    game = "medici-vs-strozzi"
    lot_words = LotWords(piece="tile", pieces="tiles", source="bag", unknown="bag_unknown",
                         rule="S-7")
    grammar = Grammar(
        {
            "draw": (),
            "stop": (),
            "price": ("amount",),
            "buy": (),
            "decline": (),
            "load": ("ship", "harbour?"),
            "discard": (),
        }
    )
    phases = PHASES

    def __init__(self, rules: Rules, strict: bool | None = None) -> None:
        super().__init__(rules, strict)
        tiles = rules["tiles"]
        self.goods: list[str] = list(tiles["goods"])
        # S-1: one tile per good and value, plus the gold tiles.
        self.tiles, self.kind, self.value = deck_of(self.goods, tiles["values"], tiles["gold"])
        self.pieces = Multiset(self.tiles)
        """The tiles as a ``Multiset``: what is left in the bag once some are known."""
        self.sides: tuple[str, ...] = tuple(rules["players"])
        self.start_money: int = rules["start_money"]
        self.holds: tuple[int, ...] = tuple(rules["ships"])
        self.ship_index = {holds: i for i, holds in enumerate(self.holds)}
        self.rounds: int = rules["rounds"]
        self.starters = [self.sides.index(name) for name in rules["round_starters"]]
        self.max_lot: int = rules["max_lot"]
        self.min_price: int = rules["min_price"]
        self.harbours: list[list[str]] = [list(goods) for goods in rules["harbours"]]
        # S-3: the monopoly rows, harbour by harbour: (harbour index, good index).
        self.rows: list[tuple[int, int]] = [
            (h, self.goods.index(good)) for h, goods in enumerate(self.harbours) for good in goods
        ]
        self.harbour_rows: list[list[int]] = [
            [r for r, (rh, _) in enumerate(self.rows) if rh == h] for h in range(len(self.harbours))
        ]
        geometry = rules["rows"]
        self.spaces: int = geometry["spaces"]
        self.bonuses: dict[int, int] = dict(geometry["bonuses"])
        # S-15: how far each tile pushes a marker of its good (gold never does).
        by_value = geometry["move_by_value"]
        self.push = {
            t: 0 if self.kind[t] < 0 else by_value.get(self.value[t], geometry["move"])
            for t in self.tiles
        }
        self.prize: int = rules["harbour_prize"]
        self.payment: int = rules["row_payment"]
        self.price_span = Span("price", self.min_price, None)
        # Load actions are listed often; build each once.
        self.loads = {
            (holds, h): Action("load", holds) if h is None else Action("load", holds, h + 1)
            for holds in self.holds
            for h in [None, *range(len(self.harbours))]
        }
        self._load_as_placed = [self.loads[(holds, None)] for holds in self.holds]
        self._load_to = [
            [self.loads[(holds, h)] for h in range(len(self.harbours))] for holds in self.holds
        ]
        # Loads and discards stay in their phase: the compiled table has no step for them.
        self._fire_loads = self.strict or not {"load", "discard"} <= self.pm.stays

    # -- setting up -------------------------------------------------------------------
    def player_counts(self) -> Sequence[int]:
        """Two players (S-2)."""
        return [2]

    def default_names(self, count: int) -> tuple[str, ...]:
        """The sides of the rules file: Medici and Strozzi (S-2)."""
        return self.sides

    def new_state(self, names: tuple[str, ...], chance: Chance) -> StrozziState:
        """Both players with start money and no loans (S-2, S-5), markers in the middle (S-4)."""
        return self._state(names, chance, [self.start_money] * 2, [0, 0],
                           [[[] for _ in self.holds] for _ in SEATS],
                           [[-1] * len(self.holds) for _ in SEATS], [0] * len(self.rows))

    def _state(self, names: tuple[str, ...], chance: Chance, coins: list[int],
               loans: list[int], ships: list[list[list[str]]], harbour: list[list[int]],
               markers: list[int]) -> StrozziState:
        """A state in setup with these seats, ships and markers, the rest as a game starts
        (``new_state``; ``state_from_view`` sets the rest from the view)."""
        st = StrozziState()
        st.phase = "setup"
        st.log = []
        st.chance = chance
        st.names = names
        st.round = 0
        st.coins = coins
        st.loans = loans
        st.ships = ships
        st.harbour = harbour
        st.markers = markers
        st.bag = []
        st.bag_unknown = 0
        st.discards = []
        st.lot = []
        st.active = 0
        st.start_player = 0
        st.price = None
        st.buyer = None
        st.round_ends = []
        return st

    # -- questions --------------------------------------------------------------------
    def opponent(self, st: StrozziState) -> int:
        """The player who buys or declines the active player's lot (S-9)."""
        return 1 - st.active

    def revealed(self, event: Event) -> str | None:
        """Undo's reasons: a round's bag shaken (S-6), a drawn tile."""
        if event.get("type") == "order":
            return f"a new bag was shaken ({event.get('what', 'a new round')})"
        return super().revealed(event)

    def continue_source(self, st: StrozziState) -> None:
        """The bag's next tiles when they were not known in advance (a table game, G-1)."""
        order, st.bag_unknown = self.continue_order(
            st, f"round {st.round} bag", self.bag_tiles(st), st.bag_unknown
        )
        st.bag = order[::-1]

    def lot_room(self, st: StrozziState) -> int:
        """S-7: the lot must fit the active player's emptiest ship."""
        holds = self.holds
        room = 0
        i = 0
        for ship in st.ships[st.active]:  # a plain loop: max(map(...)) costs twice as much
            free = holds[i] - len(ship)
            if free > room:
                room = free
            i += 1
        return room

    def has_room(self, st: StrozziState, size: int) -> bool:
        """S-7: whether a lot of ``size`` tiles fits a ship of the active player
        (``lot_room``), as soon as one is found (asked before every draw)."""
        holds = self.holds
        i = 0
        for ship in st.ships[st.active]:
            if holds[i] - len(ship) >= size:
                return True
            i += 1
        return False

    def room_message(self, st: StrozziState, room: int, size: int) -> str:
        """Why the lot cannot grow (S-7)."""
        return f"your emptiest ship has room for only {_tiles(room)}, so the lot cannot grow (S-7)"

    def legal_price(self, st: StrozziState) -> list[Legal]:
        """S-8: any price from the minimum up (loans pay what coins do not)."""
        return [self.price_span]

    def legal_load(self, st: StrozziState) -> list[Legal]:
        """S-10, S-11: every ship with room for the lot, with a harbour where it needs one."""
        return self._loads(st)

    def _loads(self, st: StrozziState) -> list[Legal]:
        """S-10, S-11: every ship with room for the lot; an unassigned one to each free harbour."""
        p = st.buyer
        assert p is not None
        size = len(st.lot)
        placed = st.harbour[p]
        out: list[Legal] = []
        fleet = st.ships[p]
        i = 0
        for holds in self.holds:
            if holds - len(fleet[i]) >= size:
                if placed[i] >= 0:
                    out.append(self._load_as_placed[i])
                else:
                    h = 0
                    for act in self._load_to[i]:
                        if h not in placed:
                            out.append(act)
                        h += 1
            i += 1
        return out

    def check(self, st: StrozziState, action: Action) -> None:
        """Refuse what S-7..S-11 forbid, saying why."""
        kind = action.kind
        if kind == "price":
            if action[1] < self.min_price:  # price AMOUNT, shape checked
                raise self.refuse(
                    st, f"a price is a whole number of at least {self.min_price} (S-8)"
                )
        elif kind == "load":
            self._check_load(st, action)
        elif kind == "draw" or kind == "stop":
            problem = self.draw_problem(st) if kind == "draw" else self.stop_problem(st)
            if problem is not None:
                raise self.refuse(st, problem)

    def _check_load(self, st: StrozziState, action: Action) -> None:
        holds = action[1]  # load SHIP [harbour N], shape checked
        i = self.ship_index.get(holds)
        if i is None:
            names = ", ".join(str(h) for h in self.holds)
            raise self.refuse(
                st, f"there is no ship {holds}: ships are named by their holds ({names}) (S-2)"
            )
        p = st.buyer
        assert p is not None
        free = holds - len(st.ships[p][i])
        if free < len(st.lot):
            raise self.refuse(
                st,
                f"ship {holds} has {free} free {'hold' if free == 1 else 'holds'}, too few for "
                f"a lot of {_tiles(len(st.lot))}; load another ship or discard the lot (S-10)",
            )
        placed = st.harbour[p]
        here = placed[i]
        wanted = _harbour(action)
        if here >= 0:
            if wanted is None:
                return
            if wanted == here + 1:
                raise self.refuse(
                    st, f"ship {holds} is already in harbour {wanted}: write load {holds} (S-11)"
                )
            raise self.refuse(
                st, f"ship {holds} is in harbour {here + 1} and stays there this round (S-11)"
            )
        count = len(self.harbours)
        if wanted is None:
            free_harbours = [str(h + 1) for h in range(count) if h not in placed]
            raise self.refuse(
                st,
                f"ship {holds} has no harbour yet: name one, as in load {holds} harbour "
                f"{free_harbours[0]} (free: {', '.join(free_harbours)}) (S-11)",
            )
        if not 1 <= wanted <= count:
            raise self.refuse(st, f"there is no harbour {wanted}: harbours are 1 to {count} (S-3)")
        if wanted - 1 in placed:
            other = self.holds[placed.index(wanted - 1)]
            raise self.refuse(
                st,
                f"your ship {other} is already in harbour {wanted}: each ship needs a harbour "
                "of its own (S-11)",
            )

    # -- moves ------------------------------------------------------------------------
    def changes_before_chance(self, st: StrozziState, action: Action) -> bool:
        """Only a load or a discard may (``_after_lot``: a round that ends starts the next,
        which asks chance); a draw asks for its tile first, the other moves ask none."""
        kind = action.kind
        return kind == "load" or kind == "discard"

    def perform(self, st: StrozziState, action: Action) -> None:
        """Carry out a checked move."""
        kind = action.kind
        log = st.log
        if kind == "draw":
            self.perform_draw(st, st.active)
        elif kind == "stop":
            self.perform_stop(st, st.active)
        elif kind == "price":
            priced: AmountEvent = {"type": "price", "player": st.active, "amount": action[1]}
            log.append(priced)
            st.price = action[1]
            self.pm.fire(st, "price")
        elif kind == "buy" or kind == "decline":
            opponent = 1 - st.active
            answer: MoveEvent = {"type": kind, "player": opponent}
            log.append(answer)
            # S-9: a declined lot is bought by the active player at their own price.
            self._purchase(st, opponent if kind == "buy" else st.active)
            self.pm.fire(st, kind)
        elif kind == "load":
            self._load(st, action)
        else:
            p = st.buyer
            assert p is not None  # a buyer discards
            discard: TilesEvent = {"type": "discard", "player": p, "tiles": st.lot}
            log.append(discard)
            if self._fire_loads:
                self.pm.fire(st, "discard")
            st.discards.extend(st.lot)
            st.lot = []
            self._after_lot(st)

    def _purchase(self, st: StrozziState, buyer: int) -> None:
        """S-10, S-5: the buyer pays the bank, borrowing what their coins do not cover."""
        price = st.price
        assert price is not None
        coins = st.coins[buyer]
        loan = price - coins if price > coins else 0
        st.coins[buyer] = coins + loan - price
        st.buyer = buyer
        bought: TilesEvent = {"type": "purchase", "player": buyer, "tiles": st.lot[:],
                              "price": price}
        st.log.append(bought)
        if loan:
            st.loans[buyer] += loan
            lent: AmountEvent = {"type": "loan", "player": buyer, "amount": loan,
                                 "loans": st.loans[buyer]}
            st.log.append(lent)

    def _load(self, st: StrozziState, action: Action) -> None:
        """S-10, S-11: the whole lot onto one ship; a ship's first load assigns its harbour."""
        p = st.buyer
        assert p is not None
        ship, harbour = action[1], _harbour(action)
        i = self.ship_index[ship]
        # The keys in the order records have always written them (harbour before tiles).
        event: LoadEvent = (
            {"type": "load", "player": p, "ship": ship, "tiles": st.lot} if harbour is None
            else {"type": "load", "player": p, "ship": ship, "harbour": harbour, "tiles": st.lot})
        st.log.append(event)
        if self._fire_loads:
            self.pm.fire(st, "load")
        if st.harbour[p][i] < 0:
            assert harbour is not None
            st.harbour[p][i] = harbour - 1
            assign: AssignEvent = {"type": "assign", "player": p, "ship": ship,
                                   "harbour": harbour}
            st.log.append(assign)
        st.ships[p][i].extend(st.lot)
        st.lot = []
        self._after_lot(st)

    def _after_lot(self, st: StrozziState) -> None:
        """S-13: the round ends on three full ships or an empty bag; else S-12, the buyer draws."""
        buyer = st.buyer
        assert buyer is not None
        st.price = None
        st.buyer = None
        if self._fleet_full(st.ships[0]) or self._fleet_full(st.ships[1]):
            st.round_ends.append("full_ships")
            self.pm.fire(st, "score")
        elif not st.bag and not st.bag_unknown:
            st.round_ends.append("empty_bag")
            self.pm.fire(st, "score")
        else:
            st.active = buyer
            self.pm.fire(st, "next_lot")

    def _fleet_full(self, fleet: list[list[str]]) -> bool:
        """Whether every ship of a fleet is full (S-13)."""
        holds = self.holds
        i = 0
        for ship in fleet:  # a plain loop: all(map(...)) costs twice as much, every lot
            if len(ship) < holds[i]:
                return False
            i += 1
        return True

    # -- automatic phases -------------------------------------------------------------
    def enter_round_start(self, st: StrozziState) -> None:
        """S-6: every tile into the bag, ships empty and unassigned, the round's start player."""
        st.round += 1
        what = f"round {st.round} bag"
        order, unknown = self.chance_order(st, what, self.tiles, len(self.tiles))
        st.bag = order[::-1]
        st.bag_unknown = unknown
        st.ships = [[[] for _ in self.holds] for _ in SEATS]
        st.harbour = [[-1] * len(self.holds) for _ in SEATS]
        st.discards = []
        st.lot = []
        st.price = None
        st.buyer = None
        st.start_player = st.active = self.starters[st.round - 1]
        starts: StartPlayerEvent = {"type": "start_player", "round": st.round,
                                    "player": st.active}
        st.log.append(starts)
        self.pm.fire(st, "open")

    def harbour_values(self, st: StrozziState, h: int) -> list[int]:
        """S-14: each seat's total tile value in harbour ``h`` (0-based); no ship counts as 0."""
        out = []
        for p in SEATS:
            placed = st.harbour[p]
            ship = st.ships[p][placed.index(h)] if h in placed else ()
            out.append(sum(map(self.value.__getitem__, ship)))
        return out

    def enter_scoring(self, st: StrozziState) -> None:
        """S-14..S-16: harbour prizes, net marker moves, row payments with their bonuses."""
        log = st.log
        ends: RoundEndEvent = {"type": "round_end", "round": st.round, "by": st.round_ends[-1]}
        log.append(ends)
        for h in range(len(self.harbours)):
            values = self.harbour_values(st, h)
            winner = None if values[0] == values[1] else (0 if values[0] > values[1] else 1)
            prize = 0 if winner is None else self.prize
            scored: HarbourEvent = {"type": "harbour", "harbour": h + 1, "values": values,
                                    "winner": winner, "prize": prize}
            log.append(scored)
            if winner is not None and prize:
                st.coins[winner] += prize
                paid: PayoutEvent = {"type": "payout", "player": winner, "amount": prize,
                                     "reason": "harbour", "harbour": h + 1}
                log.append(paid)
        end = self.spaces
        # S-15: each seat's pushes per (harbour, good), from its ships' tiles, in one pass.
        goods = len(self.goods)
        pushes = [[0] * (len(self.harbours) * goods) for _ in SEATS]
        kind, push = self.kind, self.push
        for p in SEATS:
            mine = pushes[p]
            for h, tiles in zip(st.harbour[p], st.ships[p], strict=True):
                if h >= 0:
                    for t in tiles:
                        k = kind[t]
                        if k >= 0:
                            mine[h * goods + k] += push[t]
        for r, (h, g) in enumerate(self.rows):
            moves = [pushes[0][h * goods + g], pushes[1][h * goods + g]]
            # S-15: both players' moves are netted first, then the marker stops at the end.
            net = moves[1] - moves[0]
            before = st.markers[r]
            after = max(-end, min(end, before + net))
            st.markers[r] = after
            # Five entries, then the rest: compiled, a dict display of more than five makes
            # a dict of general keys, 80 bytes more (docs/performance.md).
            moved = cast(MarkerEvent, {"type": "marker", "harbour": h + 1,
                                       "good": self.goods[g], "moves": moves, "net": net})
            moved["from"] = before
            moved["to"] = after
            log.append(moved)
        for r, (h, g) in enumerate(self.rows):
            position = st.markers[r]
            if position == 0:
                continue
            p = 0 if position < 0 else 1
            space = abs(position)
            bonus = self.bonuses.get(space, 0)
            amount = self.payment + bonus
            if amount:
                st.coins[p] += amount
                paid = {"type": "payout", "player": p, "amount": amount, "reason": "row",
                        "harbour": h + 1}
                paid["good"] = self.goods[g]
                paid["space"] = space
                paid["payment"] = self.payment
                paid["bonus"] = bonus
                log.append(paid)
        self.pm.fire(st, "finish" if st.round >= self.rounds else "next_round")

    def enter_game_over(self, st: StrozziState) -> None:
        """S-17, G-4: loans are repaid; most money wins, equal money shares the victory."""
        for p in SEATS:
            loan = st.loans[p]
            if loan:
                st.coins[p] -= loan
                st.loans[p] = 0
                repaid: AmountEvent = {"type": "repay", "player": p, "amount": loan}
                st.log.append(repaid)
        money = self.money(st)
        over: GameOverEvent = {"type": "game_over", "money": money, "winners": best(money)}
        st.log.append(over)

    def state_from_view(self, given: View, chance: Chance) -> StrozziState:
        """Rebuild a state from a view; the bag order is drawn from the tiles in the bag."""
        view = cast(StrozziView, given)  # a view of this game (``Game.view``)
        seats = view["players"]
        # Each seat and ship read once (a bot rebuilds a state every decision), into the
        # lists the state is made with (no start lists made to be replaced).
        names = []
        coins: list[int] = []
        loans: list[int] = []
        ships: list[list[list[str]]] = []
        harbour: list[list[int]] = []
        for p in seats:
            names.append(p["name"])
            coins.append(p["coins"])
            loans.append(p["loans"])
            fleet = []
            placed = []
            for s in p["ships"]:
                fleet.append(list(s["tiles"]))
                at = s["harbour"]
                placed.append(-1 if at is None else at - 1)
            ships.append(fleet)
            harbour.append(placed)
        markers = []
        for place in view["harbours"]:
            for row in place["rows"]:
                markers.append(row["marker"])
        st = self._state(tuple(names), chance, coins, loans, ships, harbour, markers)
        st.phase = view["phase"]
        st.round = view["round"]
        st.lot = list(view["lot"])
        st.discards = list(view["discards"])
        st.start_player = view["start_player"]
        if view["active_player"] is not None:
            st.active = view["active_player"]
        st.price = view["price"]
        st.buyer = view["buyer"]
        try:
            unseen = self.bag_tiles(st)
        except ValueError:
            raise ValueError("the view shows tiles that the game does not have (S-1)") from None
        if view["bag_count"] != len(unseen):
            raise ValueError(
                f"the view's bag holds {view['bag_count']} tiles, but {len(unseen)} are not on "
                "the table (S-6: every tile is in the bag at the start of a round)"
            )
        if "bag" in view and "?" not in view["bag"]:
            order = list(view["bag"])
        else:
            order, _ = chance.order("hidden tiles", unseen, len(unseen))
        st.bag = order[::-1]
        return st

    def state_for(self, st: StrozziState, player: int, chance: Chance) -> StrozziState:
        """``state_from_view(view(st, player), chance)`` without the view: what a seat sees
        (everything but the bag's order, G-3) copied, step by step as ``state_from_view``
        reads it, and the bag drawn from the tiles in it as it draws them."""
        markers = [st.markers[r] for rows in self.harbour_rows for r in rows]
        new = self._state(st.names, chance, st.coins[:], st.loans[:],
                          [[s[:] for s in fleet] for fleet in st.ships],
                          [placed[:] for placed in st.harbour], markers)
        new.phase = st.phase
        new.round = st.round
        new.lot = st.lot[:]
        new.discards = st.discards[:]
        new.start_player = st.start_player
        if st.phase in ("drawing", "pricing", "offer", "loading"):  # the view's active player
            new.active = st.active
        new.price = st.price
        new.buyer = st.buyer
        unseen = self.bag_tiles(new)
        if len(st.bag) + st.bag_unknown != len(unseen):
            raise ValueError(
                f"the bag holds {len(st.bag) + st.bag_unknown} tiles, but {len(unseen)} are "
                "not on the table (S-6: every tile is in the bag at the start of a round)"
            )
        order, _ = chance.order("hidden tiles", unseen, len(unseen))
        new.bag = order[::-1]
        return new

    # -- results and views ------------------------------------------------------------
    def money(self, st: StrozziState) -> list[int]:
        """Each seat's money: coins minus loans (S-5)."""
        return [st.coins[p] - st.loans[p] for p in SEATS]

    def winners(self, st: StrozziState) -> list[int]:
        """G-4."""
        return best(self.money(st)) if st.phase == "game_over" else []

    def summary(self, st: StrozziState) -> StrozziSummary:
        """Final money, winners, how each round ended, and the loans repaid at the end."""
        repaid = [0, 0]
        for e in cast("list[AmountEvent]", [e for e in st.log if e["type"] == "repay"]):
            repaid[e["player"]] += e["amount"]
        return {
            "money": self.money(st),
            "winners": self.winners(st),
            "round_ends": st.round_ends[:],
            "loans": repaid,
        }

    def bag_tiles(self, st: StrozziState) -> list[str]:
        """The tiles in the bag, in rules order: public, as every tile drawn is shown (G-3)."""
        mine, theirs = st.ships  # two seats (S-2): their ships unpacked, not flattened
        return self.pieces.without(st.lot, st.discards, *mine, *theirs)

    def view(self, st: StrozziState, player: int | None) -> StrozziView:
        """The documented view (docs/api.md: "Game.view() keys (Medici vs Strozzi)")."""
        value = self.value.__getitem__
        # Dict displays typed by the annotations, not TypedDict calls (a third of the cost).
        players: list[StrozziPlayer] = []
        for p, name in enumerate(st.names):
            ships: list[ShipView] = []
            placed = st.harbour[p]
            for i, holds in enumerate(self.holds):
                tiles = st.ships[p][i]
                h = placed[i]
                ships.append({
                    "holds": holds,
                    "harbour": None if h < 0 else h + 1,
                    "tiles": tiles[:],
                    "value": sum(map(value, tiles)),
                    "free_holds": holds - len(tiles),
                })
            coins, loans = st.coins[p], st.loans[p]
            players.append({"name": name, "coins": coins, "loans": loans,
                            "money": coins - loans, "ships": ships})
        harbours: list[HarbourView] = []
        for h, row_indexes in enumerate(self.harbour_rows):
            rows: list[RowView] = []
            for r in row_indexes:
                marker = st.markers[r]
                rows.append({
                    "good": self.goods[self.rows[r][1]],
                    "marker": marker,
                    "side": None if marker == 0 else (0 if marker < 0 else 1),
                    "space": abs(marker),
                })
            harbours.append({"harbour": h + 1, "values": self.harbour_values(st, h),
                             "rows": rows})
        in_turn = st.phase in ("drawing", "pricing", "offer", "loading")
        # Five entries in the display, the rest set in turn, as in Medici's view.
        view = cast(StrozziView, {"game": self.game, "round": st.round, "rounds": self.rounds,
                                  "phase": st.phase,
                                  "current_player": self.current_player(st)})
        view["players"] = players
        view["active_player"] = st.active if in_turn else None
        view["start_player"] = st.start_player
        view["lot"] = st.lot[:]
        view["price"] = st.price
        view["buyer"] = st.buyer
        view["harbours"] = harbours
        view["bag_count"] = len(st.bag) + st.bag_unknown
        view["bag_tiles"] = self.bag_tiles(st)
        view["discards"] = st.discards[:]
        view["winners"] = self.winners(st)
        view["viewer"] = player
        if player is None:
            view["bag"] = st.bag[::-1] + ["?"] * st.bag_unknown
        return view


def _harbour(action: Action) -> int | None:
    """The harbour a ``load SHIP [harbour N]`` names, if any."""
    return action[2] if len(action) > 2 else None


def _tiles(count: int) -> str:
    return f"{count} tile" if count == 1 else f"{count} tiles"
