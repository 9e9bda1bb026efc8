"""Medici (2-6 players): rules M-1..M-19 of docs/rules.md, every number from the variant's YAML."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypedDict, cast

from engine.actions import Action, Grammar, Legal, Span
from engine.agreement import agree
from engine.chance import Chance
from engine.logic import Multiset, Rules, deck_of
from engine.lots import DRAW, STOP, LotDrawing, LotState, LotWords
from engine.medici.schema import DEFAULTS
from engine.medici.views import (
    AuctionView,
    BidEvent,
    BidView,
    BuyEvent,
    DayEndEvent,
    DiscardEvent,
    DrawEvent,
    FreeFillEvent,
    MediciPlayer,
    MediciSummary,
    MediciView,
    MoveEvent,
    PayoutEvent,
    StartPlayerEvent,
    TrackEvent,
)
from engine.mypyc_attrs import mypyc_attr
from engine.phases import Phase, phase_table
from engine.scoring import best, ranked_payouts
from engine.views import ChooseEvent, Event, GameOverEvent, View

PASS = Action("pass")

PHASES = phase_table([
    Phase("setup", auto={"begin": "day_start"}),
    Phase("day_start", on_enter="enter_day_start", auto={"open": "selecting"}),
    Phase("selecting", actor="selector", moves={"draw": None, "stop": "bidding"},
          text="selector draws 1-3 cards (M-8)"),
    Phase("bidding", actor="bidder()", on_enter="enter_bidding", sale="auction",
          moves={"bid": None, "pass": None},
          auto={"next_lot": "selecting", "fill": "free_fill", "score": "scoring"},
          text="one bid or pass each, selector last (M-9)"),
    Phase("free_fill", on_enter="enter_free_fill", auto={"score": "scoring"},
          text="last player fills for free (M-12)"),
    Phase("scoring", on_enter="enter_scoring", scoring=True,
          auto={"next_day": "day_start", "finish": "game_over"},
          text="ships, majorities, bonuses (M-13..M-17)"),
    Phase("game_over", on_enter="enter_game_over", final=True),
])
"""Medici's phase table: who acts, which moves each phase allows, what follows."""

Auction = tuple[int, int, list[str], list[tuple[int, int | None]]]
"""An auction over (``MediciState.last_auction``): its day, selector, lot and bids (each
(player, amount), None for a pass), in the order they were made."""

TrackPay = tuple[list[tuple[int, int, int, tuple[int, ...]]], list[tuple[int, int]]]
"""What a column of track levels pays: (player, amount, place, tied) majorities, then
(player, amount) bonuses."""


class PlayerCount(TypedDict):
    """The rules of one player count (``player_counts.N``, M-2, M-3, M-13, M-16)."""

    cards_per_day: int
    start_money: int
    ship_capacity: int
    ship_payouts: list[int]
    track_payouts: list[int]


# Compiled (mypyc), a native class open to interpreted subclasses: a house rule's logic
# or state may build on this game's (tests/test_registry.py does).
@mypyc_attr(allow_interpreted_subclasses=True)
class MediciState(LotState):
    """The whole state of one Medici game, in plain slots (cheap to clone)."""

    __slots__ = (
        "pc", "day", "money", "ships", "tracks", "pile", "pile_unknown", "removed",
        "discards", "selector", "start_player", "order", "turn", "high_bid",
        "high_bidder", "bids", "day_ends", "last_auction",
    )

    pc: PlayerCount
    day: int
    money: list[int]
    ships: list[list[str]]
    tracks: list[list[int]]
    pile: list[str]  # top of the pile LAST, so drawing is a pop()
    pile_unknown: int
    removed: list[str] | None
    discards: list[str]
    selector: int
    start_player: int
    order: tuple[int, ...]
    turn: int
    high_bid: int
    high_bidder: int | None
    bids: list[tuple[int, int | None]]
    day_ends: list[str]
    last_auction: Auction | None
    """The last auction over (M-9: every bid is public, G-3): its day, selector, lot and
    bids, never changed once over (a clone shares it); None before the first."""

    def clone(self) -> MediciState:
        """An independent copy."""
        c = self.copy_base()
        c.pc = self.pc
        c.day = self.day
        c.money = self.money[:]
        c.ships = [s[:] for s in self.ships]
        c.tracks = [t[:] for t in self.tracks]
        c.pile = self.pile[:]
        c.pile_unknown = self.pile_unknown
        c.removed = None if self.removed is None else self.removed[:]
        c.discards = self.discards[:]
        c.lot = self.lot[:]
        c.selector = self.selector
        c.start_player = self.start_player
        c.order = self.order
        c.turn = self.turn
        c.high_bid = self.high_bid
        c.high_bidder = self.high_bidder
        c.bids = self.bids[:]
        c.day_ends = self.day_ends[:]
        c.last_auction = self.last_auction
        return c


# Compiled (mypyc), a native class open to interpreted subclasses: a house rule's logic
# or state may build on this game's (tests/test_registry.py does).
@mypyc_attr(allow_interpreted_subclasses=True)
class MediciLogic(LotDrawing[MediciState]):
    """Medici's rules for one variant."""

    game = "medici"
    lot_words = LotWords(piece="card", pieces="cards", source="pile", unknown="pile_unknown",
                         rule="M-8")
    grammar = Grammar({"draw": (), "stop": (), "bid": ("amount",), "pass": ()})
    phases = PHASES

    def __init__(self, rules: Rules, strict: bool | None = None) -> None:
        super().__init__(rules, strict)
        cards = rules["cards"]
        self.commodities: list[str] = list(cards["commodities"])
        # M-1: one card per commodity and value, plus the gold cards.
        self.deck, self.kind, self.value = deck_of(self.commodities, cards["values"], cards["gold"])
        self.pieces = Multiset(self.deck)
        """The deck as a ``Multiset``: what is left of it once some cards are known."""
        self.days: int = rules["days"]
        self.max_lot: int = rules["max_lot"]
        self.min_bid: int = rules["min_bid"]
        # M-2 switch: with loans a bid may exceed the bidder's money, which may go below 0.
        self.loans: bool = rules.get("loans", DEFAULTS["loans"])
        self.lot_limit_self = rules["lot_limit"] == "self"
        self.on_purchase = rules["track_moves"] == "on_purchase"
        self.top: int = rules["tracks"]["top"]
        self.bonuses: dict[int, int] = dict(rules["tracks"]["bonuses"])
        self.counts: dict[int, PlayerCount] = dict(rules["player_counts"])
        # M-9's bidding order, precomputed: per player count and selector, the seats from
        # the selector's left round to the selector.
        self._rounds: dict[int, list[tuple[int, ...]]] = {
            n: [tuple((sel + i) % n for i in range(1, n + 1)) for sel in range(n)]
            for n in self.counts
        }
        self._spans: dict[tuple[int, int], Span] = {}
        self._track_pay: dict[tuple[int, ...], TrackPay] = {}
        """A column of track levels -> what it pays (``_track_payouts``)."""
        self._fire_bids = self.strict or not {"bid", "pass"} <= self.pm.stays

    # -- setting up -------------------------------------------------------------------
    def player_counts(self) -> Sequence[int]:
        """The player counts of the variant's table."""
        return sorted(self.counts)

    def new_state(self, names: tuple[str, ...], chance: Chance) -> MediciState:
        """Everyone with start money (M-2), empty ships, tracks at level 0 (M-5)."""
        n = len(names)
        return self._state(names, chance, [self.counts[n]["start_money"]] * n,
                           [[] for _ in range(n)],
                           [[0] * len(self.commodities) for _ in range(n)])

    def _state(self, names: tuple[str, ...], chance: Chance, money: list[int],
               ships: list[list[str]], tracks: list[list[int]]) -> MediciState:
        """A state in setup with these seats' money, ships and tracks, the rest as a game
        starts (``new_state``; ``state_from_view`` sets the rest from the view)."""
        st = MediciState()
        st.phase = "setup"
        st.log = []
        st.chance = chance
        st.names = names
        st.pc = self.counts[len(names)]
        st.day = 0
        st.money = money
        st.ships = ships
        st.tracks = tracks
        st.pile = []
        st.pile_unknown = 0
        st.removed = []
        st.discards = []
        st.lot = []
        st.selector = 0
        st.start_player = 0
        st.order = ()
        st.turn = 0
        st.high_bid = 0
        st.high_bidder = None
        st.bids = []
        st.day_ends = []
        st.last_auction = None
        return st

    # -- questions --------------------------------------------------------------------
    def bidder(self, st: MediciState) -> int:
        """The player to bid or pass now (M-9)."""
        return st.order[st.turn]

    def free(self, st: MediciState, player: int) -> int:
        """Free holds on a player's ship."""
        return st.pc["ship_capacity"] - len(st.ships[player])

    def lot_room(self, st: MediciState) -> int:
        """M-8: a lot fits the selector's free holds, or some player's (``lot_limit``)."""
        cap = st.pc["ship_capacity"]
        if self.lot_limit_self:
            return cap - len(st.ships[st.selector])
        least = cap
        for ship in st.ships:  # a loop: min(map(len, ...)) costs twice as much, every draw
            if len(ship) < least:
                least = len(ship)
        return cap - least

    def legal_draw_stop(self, st: MediciState) -> list[Legal]:
        """``LotDrawing.legal_draw_stop`` reading the pile in place (the kit reads it by
        its name): it runs before nearly every other move of a game."""
        lot = st.lot
        size = len(lot) + 1
        if size <= self.max_lot and (st.pile or st.pile_unknown) and self.has_room(st, size):
            return [DRAW, STOP] if lot else [DRAW]
        return [STOP] if lot else []

    def has_room(self, st: MediciState, size: int) -> bool:
        """M-8: whether a lot of ``size`` cards fits (``lot_room``), as soon as a ship
        with the room is found (asked before every draw)."""
        most = st.pc["ship_capacity"] - size
        if self.lot_limit_self:
            return len(st.ships[st.selector]) <= most
        for ship in st.ships:
            if len(ship) <= most:
                return True
        return False

    def room_message(self, st: MediciState, room: int, size: int) -> str:
        """Why the lot cannot grow to ``size`` cards (M-8)."""
        if self.lot_limit_self:
            return f"you have room for only {room} cards, so the lot cannot grow (M-8)"
        return f"no player has room for {size} cards, so the lot cannot grow (M-8)"

    def legal_bid_pass(self, st: MediciState) -> list[Legal]:
        """M-9: a bid above the high bid (at least the minimum), up to the bidder's money;
        or pass."""
        high = st.high_bid
        lo = high + 1 if high >= self.min_bid else self.min_bid
        if self.loans:
            return [Span("bid", lo, None), PASS]
        hi = st.money[st.order[st.turn]]
        if lo > hi:
            return [PASS]
        # The few spans a game offers, built once (a Span costs more than a lookup).
        key = (lo, hi)
        span = self._spans.get(key)
        if span is None:
            span = Span("bid", lo, hi)
            if len(self._spans) < 100_000:
                self._spans[key] = span
        return [span, PASS]

    def check(self, st: MediciState, action: Action) -> None:
        """Refuse what M-8 and M-9 forbid, saying why."""
        kind = action.kind
        if kind == "bid":
            amount: int = action[1]  # bid AMOUNT, shape checked
            player = st.order[st.turn]
            if amount < self.min_bid:
                raise self.refuse(st, f"a bid must be at least {self.min_bid} (M-9)")
            if amount <= st.high_bid:
                raise self.refuse(
                    st, f"a bid must be higher than the high bid of {st.high_bid} (M-9)"
                )
            if amount > st.money[player] and not self.loans:
                raise self.refuse(
                    st,
                    f"{st.names[player]} {agree(st.names[player], 'has')} only "
                    f"{st.money[player]} florins (M-9)",
                )
        elif kind != "pass":
            problem = self.draw_problem(st) if kind == "draw" else self.stop_problem(st)
            if problem is not None:
                raise self.refuse(st, problem)

    # -- moves ------------------------------------------------------------------------
    def changes_before_chance(self, st: MediciState, action: Action) -> bool:
        """Only a bid or pass that ends the auction may (``_end_auction``: the lot goes,
        then a free fill or a new day asks chance); a draw asks for its card first, a stop
        and the other answers ask none."""
        kind = action[0]
        if kind == "bid" or kind == "pass":
            return st.turn + 1 >= len(st.order)
        return False

    def perform(self, st: MediciState, action: Action) -> None:
        """Carry out a checked move."""
        kind = action[0]
        if kind == "bid":
            if self._fire_bids:  # bids stay in their phase: the compiled table has no step
                self.pm.fire(st, "bid")
            turn = st.turn
            player = st.order[turn]
            amount = action[1]  # bid AMOUNT
            bid: BidEvent = {"type": "bid", "player": player, "amount": amount}
            st.log.append(bid)
            st.high_bid = amount
            st.high_bidder = player
            st.bids.append((player, amount))
            st.turn = turn = turn + 1
            if turn == len(st.order):
                self._end_auction(st)
        elif kind == "pass":
            if self._fire_bids:
                self.pm.fire(st, "pass")
            turn = st.turn
            player = st.order[turn]
            passed: MoveEvent = {"type": "pass", "player": player}
            st.log.append(passed)
            st.bids.append((player, None))
            st.turn = turn = turn + 1
            if turn == len(st.order):
                self._end_auction(st)
        elif kind == "draw":
            # ``LotDrawing.perform_draw`` reading the pile in place (about a third of a
            # game's moves; the kit reads the pile by its name).
            pile = st.pile
            if not pile:
                self.continue_source(st)
                pile = st.pile
            if self._fire_draw:
                self.pm.fire(st, "draw")
            card = pile.pop()
            st.lot.append(card)
            drawn: DrawEvent = {"type": "draw", "player": st.selector, "card": card}
            st.log.append(drawn)
        else:
            stopped: MoveEvent = {"type": "stop", "player": st.selector}  # perform_stop's
            st.log.append(stopped)
            self.pm.fire(st, "stop")

    def _end_auction(self, st: MediciState) -> None:
        """M-10, M-11, M-12: everyone has bid or passed; the lot goes, then who goes on."""
        lot = st.lot
        st.lot = []
        # The lot and bids lists are never changed again (a new auction starts new ones).
        st.last_auction = (st.day, st.selector, lot, st.bids)
        winner = st.high_bidder
        if winner is None:
            # M-10: nobody bid; the lot is out for the rest of the day.
            st.discards.extend(lot)
            discard: DiscardEvent = {"type": "discard", "cards": lot}
            st.log.append(discard)
        else:
            st.money[winner] -= st.high_bid
            st.ships[winner].extend(lot)
            buy: BuyEvent = {"type": "buy", "player": winner, "cards": lot, "price": st.high_bid}
            st.log.append(buy)
            if self.on_purchase:
                self._move_tracks(st, winner, lot)
        cap = st.pc["ship_capacity"]
        ships = st.ships
        in_day = 0  # ships with room, counted up to 2 (the day goes on)
        for ship in ships:
            if len(ship) < cap:
                in_day += 1
                if in_day == 2:
                    break
        if in_day <= 1:
            st.day_ends.append("full_ships")
            self.pm.fire(st, "fill" if in_day else "score")
        elif not st.pile and not st.pile_unknown:
            st.day_ends.append("empty_pile")  # M-12 (b)
            self.pm.fire(st, "score")
        else:
            # M-11: the next selector is to the left, skipping full ships (M-7).
            n = len(ships)
            nxt = (st.selector + 1) % n
            while len(ships[nxt]) >= cap:
                nxt = (nxt + 1) % n
            st.selector = nxt
            self.pm.fire(st, "next_lot")

    def _move_tracks(self, st: MediciState, player: int, cards: list[str]) -> None:
        """M-15: one level per card of the commodity (gold never), stopping at the top."""
        counts = [0] * (len(self.commodities) + 1)  # the last counts gold (kind -1): unused
        kind = self.kind
        for card in cards:
            counts[kind[card]] += 1
        row = st.tracks[player]
        top = self.top
        log = st.log.append
        k = 0
        for commodity in self.commodities:  # plain loops and no min(): at every day's end
            count = counts[k]
            if count:
                before = row[k]
                after = before + count
                if after > top:
                    after = top
                row[k] = after
                # Five entries, then the rest: compiled, a dict display of more than five
                # makes a dict of general keys, 80 bytes more (docs/performance.md).
                moved = cast(TrackEvent, {"type": "track", "player": player,
                                          "commodity": commodity, "cards": count,
                                          "from": before})
                moved["to"] = after
                log(moved)
            k += 1

    # -- automatic phases -------------------------------------------------------------
    def enter_day_start(self, st: MediciState) -> None:
        """M-3, M-6: shuffle, remove the rest unseen, choose the start player."""
        st.day += 1
        n = len(st.names)
        what = f"day {st.day} pile"
        order, unknown = self.chance_order(st, what, self.deck, st.pc["cards_per_day"])
        st.pile = order[::-1]
        st.pile_unknown = unknown
        st.removed = self.pieces.without(order) if unknown == 0 else None
        st.discards = []
        st.lot = []
        st.ships = [[] for _ in range(n)]
        st.start_player = self._start_player(st)
        st.selector = st.start_player
        self.pm.fire(st, "open")

    def _start_player(self, st: MediciState) -> int:
        n = len(st.names)
        if st.day == 1:
            if self.rules["start_player"] == "first":
                candidates, reason = [0], "first seat"
            else:
                candidates, reason = list(range(n)), "random"
        elif self.rules["later_start_player"] == "rotate":
            candidates, reason = [(st.start_player + 1) % n], "next seat"
        else:
            least = min(st.money)
            candidates = [p for p in range(n) if st.money[p] == least]
            reason = "least money"
        if len(candidates) == 1:
            player = candidates[0]
        elif self.rules["tie_break"] == "seat_order" and st.day > 1:
            player = candidates[0]
            reason += ", tie broken by seat order"
        else:
            what = f"day {st.day} start player"
            player = st.chance.choose(what, candidates)
            chosen: ChooseEvent = {"type": "choose", "what": what, "options": candidates,
                                   "result": player}
            st.log.append(chosen)
            if st.day > 1:
                reason += ", tie broken at random"
        starts: StartPlayerEvent = {"type": "start_player", "day": st.day, "player": player,
                                    "reason": reason}
        st.log.append(starts)
        return player

    def revealed(self, event: Event) -> str | None:
        """Undo's reasons: a day's shuffle (M-3), a free fill's cards (M-12), a drawn card."""
        kind = event.get("type")
        if kind == "order":
            return f"a new pile was shuffled ({event.get('what', 'a new day')})"
        if kind == "free_fill":
            return "the free fill turned up cards from the pile"
        return super().revealed(event)

    def forget_order(self, st: MediciState) -> None:
        """The pile's order unknown again, and so the cards removed unseen (M-3)."""
        super().forget_order(st)
        st.removed = None

    def continue_source(self, st: MediciState) -> None:
        """The pile's next cards when they were not known in advance (a table game, G-1)."""
        unseen = self.pieces.without(st.lot, st.discards, *st.ships)
        order, st.pile_unknown = self.continue_order(
            st, f"day {st.day} pile", unseen, st.pile_unknown
        )
        st.pile = order[::-1]

    def enter_bidding(self, st: MediciState) -> None:
        """M-9: from the selector's left, selector last, skipping who cannot take the lot."""
        most = st.pc["ship_capacity"] - len(st.lot)  # the fullest ship that can take it
        ships = st.ships
        seats = self._rounds[len(ships)][st.selector]
        for ship in ships:
            if len(ship) > most:
                order = []  # a loop, not a comprehension (its own frame): at most auctions
                for p in seats:
                    if len(ships[p]) <= most:
                        order.append(p)
                st.order = tuple(order)
                break
        else:
            st.order = seats  # every ship can take the lot (the usual case)
        st.turn = 0
        st.high_bid = 0
        st.high_bidder = None
        st.bids = []

    def enter_free_fill(self, st: MediciState) -> None:
        """M-12 (a): the last player takes cards from the top until full or the pile is empty."""
        cap = st.pc["ship_capacity"]
        player = next(p for p, ship in enumerate(st.ships) if len(ship) < cap)
        taken: list[str] = []
        while len(st.ships[player]) < cap and (st.pile or st.pile_unknown):
            if not st.pile:
                self.continue_source(st)
            card = st.pile.pop()
            st.ships[player].append(card)
            taken.append(card)
        filled: FreeFillEvent = {"type": "free_fill", "player": player, "cards": taken}
        st.log.append(filled)
        if self.on_purchase:
            self._move_tracks(st, player, taken)
        self.pm.fire(st, "score")

    def enter_scoring(self, st: MediciState) -> None:
        """M-13..M-17: ship ranking, track moves, majorities and bonuses."""
        log = st.log.append
        money = st.money
        ends: DayEndEvent = {"type": "day_end", "day": st.day, "by": st.day_ends[-1]}
        log(ends)
        value = self.value.__getitem__
        values = [sum(map(value, ship)) for ship in st.ships]
        for p, (amount, place, tied) in enumerate(ranked_payouts(values, st.pc["ship_payouts"])):
            money[p] += amount
            # Five entries, then the rest, as in ``_move_tracks``.
            paid: PayoutEvent = {"type": "payout", "player": p, "amount": amount,
                                 "reason": "ship", "value": values[p]}
            paid["place"] = place
            paid["tied"] = tied
            log(paid)
        if not self.on_purchase:
            for p, ship in enumerate(st.ships):
                self._move_tracks(st, p, ship)
        table = st.pc["track_payouts"]
        known = self._track_pay
        # One column of levels a commodity (M-16, M-17): what a column pays is the same in
        # every game of the variant, so it is worked out once (the few columns there are).
        for commodity, column in zip(self.commodities, zip(*st.tracks, strict=True), strict=True):
            pay = known.get(column)
            if pay is None:
                pay = self._track_payouts(column, table)
            majority, bonus = pay
            for p, amount, place, sharing in majority:
                money[p] += amount
                paid = {"type": "payout", "player": p, "amount": amount, "reason": "majority",
                        "commodity": commodity}
                paid["level"] = column[p]
                paid["place"] = place
                paid["tied"] = list(sharing)
                log(paid)
            for p, amount in bonus:
                money[p] += amount
                paid = {"type": "payout", "player": p, "amount": amount, "reason": "bonus",
                        "commodity": commodity}
                paid["level"] = column[p]
                log(paid)
        self.pm.fire(st, "finish" if st.day >= self.days else "next_day")

    def _track_payouts(self, levels: tuple[int, ...], table: list[int]) -> TrackPay:
        """What one track's column of ``levels`` pays: the majorities (M-16, ties as M-14),
        as (player, amount, place, tied) for every amount above 0, then the bonuses (M-17),
        as (player, amount); kept for the next day or game with the same column."""
        majority = [
            (p, amount, place, tuple(tied))
            for p, (amount, place, tied) in enumerate(ranked_payouts(levels, table))
            if amount
        ]
        bonuses = self.bonuses
        bonus = [(p, bonuses[level]) for p, level in enumerate(levels) if bonuses.get(level)]
        pay = (majority, bonus)
        if len(self._track_pay) < 100_000:  # 8 levels ** players columns at most
            self._track_pay[levels] = pay
        return pay

    def enter_game_over(self, st: MediciState) -> None:
        """M-18, G-4: most money wins; equal money shares the victory."""
        st.order = ()
        over: GameOverEvent = {"type": "game_over", "money": st.money[:],
                               "winners": best(st.money)}
        st.log.append(over)

    def state_from_view(self, given: View, chance: Chance) -> MediciState:
        """Rebuild a state from a view; the pile and removed cards are drawn from the unseen."""
        view = cast(MediciView, given)  # a view of this game (``Game.view``)
        players = view["players"]
        # Each seat read once (a bot rebuilds a state every decision), into the lists the
        # state is made with (no start lists made to be replaced).
        names = []
        money: list[int] = []
        ships: list[list[str]] = []
        tracks: list[list[int]] = []
        commodities = self.commodities
        for p in players:
            names.append(p["name"])
            money.append(p["money"])
            ships.append(list(p["ship"]))
            held = p["tracks"]
            tracks.append([held[c] for c in commodities])
        st = self._state(tuple(names), chance, money, ships, tracks)
        st.phase = view["phase"]
        st.day = view["day"]
        st.lot = list(view["lot"])
        st.discards = list(view["discards"])
        st.start_player = view["start_player"]
        if view["selector"] is not None:
            st.selector = view["selector"]
        if st.phase == "bidding":
            st.bids = [(b["player"], b["bid"]) for b in view["bids"]]
            st.order = tuple([p for p, _ in st.bids] + list(view["bidders"]))
            st.turn = len(st.bids)
            st.high_bid = view["high_bid"] or 0  # a number while bidding
            st.high_bidder = view["high_bidder"]
        last = view["last_auction"]
        if last is not None:
            st.last_auction = (last["day"], last["selector"], list(last["lot"]),
                               [(b["player"], b["bid"]) for b in last["bids"]])
        unseen = self.pieces.without(st.lot, st.discards, *st.ships)
        count = view["pile_count"]
        if "pile" in view and "?" not in view["pile"]:
            order = list(view["pile"])
        else:
            order, _ = chance.order("hidden cards", unseen, count)
        st.pile = order[::-1]
        # unseen - order: when the order is the first of the unseen as they lie (a
        # determinization left unshuffled, ``InOrderChance``), the rest of them.
        count = len(order)
        st.removed = unseen[count:] if unseen[:count] == order else self.pieces.without(
            st.lot, st.discards, *st.ships, order)
        return st

    def state_for(self, st: MediciState, player: int, chance: Chance) -> MediciState:
        """``state_from_view(view(st, player), chance)`` without the view: what a seat sees
        (everything but the pile's order and the removed cards, G-3) copied, step by step
        as ``state_from_view`` reads it, and the pile drawn from the unseen as it draws it.
        A runner's bots rebuild their game every decision: the view and reading it back
        were a tenth of a greedy game."""
        bidding = st.phase == "bidding"
        new = self._state(st.names, chance, st.money[:], [s[:] for s in st.ships],
                          [t[:] for t in st.tracks])
        new.phase = st.phase
        new.day = st.day
        new.lot = st.lot[:]
        new.discards = st.discards[:]
        new.start_player = st.start_player
        if st.phase in ("selecting", "bidding"):  # the view's selector, when it has one
            new.selector = st.selector
        if bidding:
            new.bids = [(p, b) for p, b in st.bids]
            new.order = tuple([p for p, _ in new.bids] + list(st.order[st.turn:]))
            new.turn = len(new.bids)
            new.high_bid = st.high_bid or 0
            new.high_bidder = st.high_bidder
        new.last_auction = st.last_auction  # public (G-3), never changed once over
        unseen = self.pieces.without(new.lot, new.discards, *new.ships)
        order, _ = chance.order("hidden cards", unseen, len(st.pile) + st.pile_unknown)
        new.pile = order[::-1]
        count = len(order)
        new.removed = unseen[count:] if unseen[:count] == order else self.pieces.without(
            new.lot, new.discards, *new.ships, order)
        return new

    # -- results and views ------------------------------------------------------------
    def winners(self, st: MediciState) -> list[int]:
        """G-4."""
        return best(st.money) if st.phase == "game_over" else []

    def summary(self, st: MediciState) -> MediciSummary:
        """Final money, winners, how each day ended, and who started each day (M-6)."""
        starts = cast("list[StartPlayerEvent]",
                      [e for e in st.log if e["type"] == "start_player"])
        return {
            "money": st.money[:],
            "winners": self.winners(st),
            "day_ends": st.day_ends[:],
            "start_players": [e["player"] for e in starts],
        }

    def view(self, st: MediciState, player: int | None) -> MediciView:
        """The documented view (docs/api.md: "Game.view() keys (Medici)")."""
        full = player is None
        bidding = st.phase == "bidding"
        value = self.value.__getitem__
        cap = st.pc["ship_capacity"]
        commodities = self.commodities
        # Dict displays, not TypedDict calls: a call with keywords costs three times as
        # much, and bots and adapters ask for views all the time. A display holds five
        # entries at most, the rest are set in turn (the same keys in the same order):
        # compiled (mypyc), a display of more than five makes a dict of general keys, 80
        # bytes more than CPython's (docs/performance.md, "A compiled build").
        players: list[MediciPlayer] = []
        for p, name in enumerate(st.names):
            ship = st.ships[p]
            seat = cast(MediciPlayer, {"name": name, "money": st.money[p], "ship": ship[:],
                                       "ship_value": sum(map(value, ship)),
                                       "free_holds": cap - len(ship)})
            seat["tracks"] = dict(zip(commodities, st.tracks[p], strict=True))
            players.append(seat)
        bids: list[BidView] = [{"player": p, "bid": b} for p, b in st.bids] if bidding else []
        view = cast(MediciView, {"game": self.game, "day": st.day, "days": self.days,
                                 "phase": st.phase, "current_player": self.current_player(st)})
        view["players"] = players
        view["selector"] = st.selector if st.phase in ("selecting", "bidding") else None
        view["start_player"] = st.start_player
        view["lot"] = st.lot[:]
        view["high_bid"] = st.high_bid if bidding else None
        view["high_bidder"] = st.high_bidder if bidding else None
        view["bids"] = bids
        view["bidders"] = list(st.order[st.turn :]) if bidding else []
        view["pile_count"] = len(st.pile) + st.pile_unknown
        view["discards"] = st.discards[:]
        last = st.last_auction
        view["last_auction"] = None if last is None else cast(AuctionView, {
            "day": last[0], "selector": last[1], "lot": last[2][:],
            "bids": [{"player": p, "bid": b} for p, b in last[3]]})
        view["winners"] = self.winners(st)
        view["viewer"] = player
        if full:
            view["pile"] = st.pile[::-1] + ["?"] * st.pile_unknown
            view["removed"] = None if st.removed is None else st.removed[:]
        return view

