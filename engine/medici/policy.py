"""Which moves a Medici bot plays, searches and rolls out (the ``Policy``, docs/rules.md
M-8..M-10): the greedy bid, the selector's draw-or-stop, the search's candidate bids."""

from __future__ import annotations

import math
from bisect import bisect_left
from typing import Final

from engine.actions import Action, Legal, Span, amount_action
from engine.bots.opponents import WILLING, Beliefs, OutbidTable
from engine.chance import Rng
from engine.game import Game
from engine.lots import DRAW, STOP
from engine.medici.logic import PASS, MediciState
from engine.medici.value import MAJORITIES, RACE, VALUATIONS, MediciValuation, Position, lot_totals

RIVAL_WEIGHT: Final = 0.8
"""How much a rival's gain counts against the selector (spread over all rivals)."""
DRAW_SAMPLES: Final = 6
"""Cards a rollout's selector looks at to decide whether to draw (all of them otherwise)."""
SHIP_WEIGHT: Final = 4.0
TRACK_WEIGHT: Final = 0.6
"""How much the ship race part and the majorities part of a lot's estimated worth count in
the bots' own judgement (``judged``). The estimate makes the ship race too uncertain and the
majorities too sure (the field's first four styles keep it as it is): measured against the
field, weighing the ship race up and the majorities down took ``greedy`` from 18% to 35% of
4-player games against three ``racer`` and from 31% to 61% against three ``face`` (200
games each, ship 2 and majorities 0.6); against three ``racer`` at 3 players ship 3, 4
and 5 won 53.7%, 62.0% and 61.6% of 450 games, and 4 does as well as 3.5 elsewhere."""
SHADE: Final = 0.4
"""Share of a lot's judged worth a bid may spend: the estimate is rough, and money not
spent is score (M-2, G-4), so an even trade is a loss against the field."""
CANDIDATE_SHADES = (0.3, SHADE, 0.55, 0.7)
"""Shares of a lot's judged worth the search tries bids for (``MediciPolicy.candidates``)."""
PRIOR_LEAN = (0.3, 0.2, 0.25, 0.1, 0.15)
"""Before any evidence, how likely each of ``VALUATIONS`` is an opponent's: our own model's
most (the field's first four styles use it), then the ship race and face value, as people
play."""
MISER_LEAN = tuple(
    0.0 if v in (RACE, MAJORITIES) else w for v, w in enumerate(PRIOR_LEAN)
)
"""The valuations a miser may go by (``Beliefs.miser_prior``): our whole estimate, the face
value and the mix, not one part of a lot alone. The tuner's misers go by mixes of face
value, race and majorities, which those cover (ours is race and majorities, mix halfway
between it and face value). A small share of the race worth alone, often little, fitted
every pass of a ``racer``, who pays the whole of it: read so, a racer was taken to pay a
quarter of what it does. The majorities alone are left out for the same reason (with
them, a collector was read in one of the reading test's games). ``greedy`` now reads a
racer in 24 of the test's 80 seats rather than 36, and wins 60.2% rather than 58.8% of
3,000 3-player games against two (61.5% reading no one), as much as before or a little
more against the misers (docs/bots.md, "Medici's bots read a miser")."""
MAX_PLAYERS: Final = 6
"""The most players a Medici table seats (M-1): a policy's prior covers every seat."""


def prior(players: int = MAX_PLAYERS) -> Beliefs:
    """Fresh beliefs about opponents before any evidence: the prior over the field's
    valuations (``PRIOR_LEAN``), flat over the shares. Each policy keeps its own
    (``MediciPolicy.prior``): beliefs are objects that learn, so none is shared."""
    return Beliefs(players, WILLING, VALUATIONS, PRIOR_LEAN, miser_prior=MISER_LEAN)

Ceilings = tuple[int, ...]
"""The most a player would pay for a lot by each valuation (``Position.ceilings``)."""


def judged(worths: tuple[float, ...]) -> float:
    """A lot's worth to the bot itself, from its ``Position.worths``: the ship race part
    and the majorities part, weighed (``SHIP_WEIGHT``, ``TRACK_WEIGHT``)."""
    return SHIP_WEIGHT * worths[RACE] + TRACK_WEIGHT * worths[MAJORITIES]


def keep_chance(
    bid: int, rivals: list[tuple[int, Ceilings]], beliefs: Beliefs | None = None
) -> float:
    """The chance that no later bidder outbids ``bid``: ``rivals`` are the later bidders
    with their ceilings by each valuation, ``beliefs`` say which valuation each goes by and
    what share of it they pay (the prior if None)."""
    keep = 1.0
    for table in _tables(rivals, beliefs, bid):
        keep *= 1.0 - table.over(bid)
    return keep


def _tables(
    rivals: list[tuple[int, Ceilings]], beliefs: Beliefs | None, lo: int
) -> list[OutbidTable]:
    """The outbid tables of the rivals who could pay more than ``lo`` at all."""
    know = prior() if beliefs is None else beliefs
    return [know.outbid_table(q, c) for q, c in rivals if max(c) > lo]


def best_bid(
    value: float, lo: int, hi: int | None, rivals: list[tuple[int, Ceilings]],
    beliefs: Beliefs | None = None,
) -> int | None:
    """The bid that maximises the chance no later bidder outbids it times the profit.

    ``rivals`` are the later bidders with their ceilings by each valuation (the most the lot
    is worth to them, capped by their money); ``beliefs`` say which valuation each goes by
    and what share of it they pay (``keep_chance``). The last bidder needs only the minimum
    bid (M-9). None: pass, as no bid gains.
    """
    top = int(value) if hi is None else min(int(value), hi)
    if top < lo:
        return None
    if not rivals:
        return lo
    tables = _tables(rivals, beliefs, lo)
    best, best_gain = None, 0.0
    for bid in _steps(tables, lo, top):
        keep = 1.0
        for table in tables:
            keep *= 1.0 - table.over(bid)
        gain = keep * (value - bid)
        if gain > best_gain:
            best, best_gain = bid, gain
    return best


def _steps(tables: list[OutbidTable], lo: int, top: int) -> list[int]:
    """The bids from ``lo`` to ``top`` where the chance of keeping the lot changes: ``lo``
    and each rival limit's floor (``OutbidTable.over(bid)`` counts the limits below
    ``bid + 1``, so it changes at ``bid = floor(limit)``). Between two steps the chance
    stays the very same float and the profit falls, so the best bid is a step: ``best_bid``
    weighs those alone, in the same order, and finds the bid the whole range gives."""
    steps = {lo}
    for table in tables:
        limits = table.limits  # ascending: only those from lo + 1 to below top + 1 count
        for i in range(bisect_left(limits, lo + 1), bisect_left(limits, top + 1)):
            steps.add(math.floor(limits[i]))
    return sorted(steps)


def rival_limit(paid: list[float], worths: tuple[float, ...]) -> float:
    """A rival's expected limit for a lot worth ``worths`` to them by each valuation, with
    ``paid`` the shares they pay of each, weighed by belief (``Beliefs.paid_shares``). A
    valuation by which the lot is worth less than nothing offers nothing, not less."""
    return sum([p * w for p, w in zip(paid, worths, strict=True) if w > 0])


def _selector_gain(
    pos: Position, selector: int, worths: list[tuple[float, ...] | None],
    paid: list[list[float]],
) -> float:
    """The selector's gain from a lot worth ``worths`` to each player (None: cannot take it).

    The selector's own worth is judged and shaded as bids are (``judged``, ``SHADE``), and
    each rival pays what the beliefs expect (``paid``: per player, ``Beliefs.paid_shares``).
    The selector, bidding last, buys just above the best rival when the lot is worth more to
    them; otherwise the rival's bargain counts against them, shared among all rivals.
    """
    money = pos.money
    loans = pos.val.loans
    first = second = -1
    mine = -1
    shaded = -1.0
    for q, w in enumerate(worths):
        if w is None:
            continue
        if q == selector:
            shaded = judged(w) * SHADE
            c = int(shaded)
            mine = c if loans else min(money[q], c)
            continue
        c = int(rival_limit(paid[q], w))
        c = c if loans else min(money[q], c)
        if c > first:
            first, second = c, first
        elif c > second:
            second = c
    if first < 1:
        return shaded - 1 if mine >= 1 else 0.0
    if mine >= first + 1:
        return shaded - (first + 1)
    return -RIVAL_WEIGHT * (first - max(mine, second, 0)) / max(1, pos.n - 1)


class MediciPolicy:
    """The greedy Medici player: bids a shaded share of a lot's worth against what it
    believes of the later bidders, and draws while another card gains on average."""

    def __init__(self, val: MediciValuation) -> None:
        self.val = val
        self.prior = prior()
        """What this policy believes of opponents it has not seen bid (never updated)."""

    def move(self, game: Game[MediciState], beliefs: Beliefs | None,
             rng: Rng | None = None, noise: float = 0.0) -> Action:
        """The greedy move of the player to act; ``noise`` > 0 jitters bids (for rollouts)."""
        st = game.state
        if st.phase == "bidding":
            return self.bid(st, game.legal_actions(), beliefs, rng, noise)
        legal = game.legal_actions()
        if len(legal) == 1 and isinstance(only := legal[0], Action):
            return only
        samples = DRAW_SAMPLES if noise else 0
        return DRAW if self.draw_gain(st, beliefs, rng, samples) > 0 else STOP

    def bid(self, st: MediciState, legal: list[Legal], beliefs: Beliefs | None,
            rng: Rng | None = None, noise: float = 0.0) -> Action:
        """The greedy bid (or pass) of the bidder to act."""
        span = legal[0]
        if span.__class__ is not Span:
            return PASS
        pos = self.val.position(st)
        me = st.order[st.turn]
        worths = pos.worths(me, st.lot)
        if worths is None:
            return PASS
        worth = judged(worths)
        if noise and rng is not None and rng.below(1000) < noise * 1000:
            worth += rng.below(7) - 3
        value = worth * SHADE
        hi = span.hi
        if (int(value) if hi is None else min(int(value), hi)) < span.lo:
            return PASS  # ``best_bid``'s pass, before the later bidders are worked out
        later = [(q, pos.ceilings(q, st.lot)) for q in st.order[st.turn + 1 :]]
        bid = best_bid(value, span.lo, hi, later, beliefs or self.prior)
        return PASS if bid is None else amount_action("bid", bid)

    def rollout_move(self, game: Game[MediciState], beliefs: Beliefs | None, rng: Rng) -> Action:
        """A rollout move of the searching player: its shaded best bid, cheap draws."""
        if game.state.phase == "bidding":
            return self.bid(game.state, game.legal_actions(), beliefs)
        return self.quick_move(game, rng)

    def quick_move(self, game: Game[MediciState], rng: Rng) -> Action:
        """A cheap selector for rollouts: a lot grows while it is small and light (M-8)."""
        st = game.state
        legal = game.legal_actions()
        if len(legal) == 1 or st.phase == "bidding":
            first = legal[0]  # in an auction: the lowest bid (opponents bid by their kind)
            return amount_action(first.kind, first.lo) if isinstance(first, Span) else first
        lot = st.lot
        if not lot:
            return DRAW
        value = self.val.value
        if DRAW in legal and sum(value[c] for c in lot) < 6 and rng.below(3):
            return DRAW
        return STOP if STOP in legal else DRAW

    def later_ceilings(self, st: MediciState) -> list[tuple[int, Ceilings]]:
        """Each later bidder with their ceilings for the lot by each valuation."""
        pos = self.val.position(st)
        return [(q, pos.ceilings(q, st.lot)) for q in st.order[st.turn + 1 :]]

    def selector_gain(self, pos: Position, selector: int, lot: list[str],
                      beliefs: Beliefs | None) -> float:
        """What presenting ``lot`` is worth to the selector, who bids last (M-9)."""
        return _selector_gain(
            pos, selector, [pos.worths(q, lot) for q in range(pos.n)],
            _paid(beliefs or self.prior, pos.n),
        )

    def draw_gain(self, st: MediciState, beliefs: Beliefs | None,
                  rng: Rng | None = None, samples: int = 0) -> float:
        """Expected gain of drawing one more card over stopping now (M-8).

        The expectation runs over every card the selector cannot see; with ``samples``
        (and ``rng``) over that many of them drawn at random, which is cheaper.
        """
        val = self.val
        pos = val.position(st)
        selector = st.selector
        lot = st.lot
        n = pos.n
        # What each player is expected to pay of each valuation, read once for the lot as
        # it stands (``selector_gain``, the same floats) and for every card.
        paid = _paid(beliefs or self.prior, n)
        stop = _selector_gain(pos, selector, [pos.worths(q, lot) for q in range(n)],
                              paid) if lot else 0.0
        counts = dict(val.card_counts)
        for group in (st.discards, lot, *st.ships):
            for c in group:
                counts[c] -= 1
        cards = [(c, k) for c, k in counts.items() if k > 0]
        if not cards:
            return -1.0
        if samples and rng is not None and len(cards) > samples:
            cards = [cards[rng.below(len(cards))] for _ in range(samples)]
        value = val.value
        kind = val.kind
        size = len(lot) + 1
        total_value, held = lot_totals(val.numbers, lot)
        free = pos.free
        players = [q for q in range(n) if free[q] >= size]
        base = {q: sum(pos.track_gain(q, k, a) for k, a in held.items()) for q in players}
        # What each player's worth of a card is made of, worked out once a player: the ship
        # race part by the lot's new value, the majorities part by the card's commodity
        # (``base`` plus the step the card adds, summed as ``Position.worths`` sums them).
        values = {total_value + value[c] for c, _ in cards}
        kinds = {kind[c] for c, _ in cards}
        ship_by = []
        track_by = []
        for q in players:
            ship_by.append(pos.ship_gains(q, values, size))
            own = base[q]
            steps = pos.track_steps(q, held, kinds)
            row = {k: own + step for k, step in steps.items()}
            row[-1] = own  # a card of no commodity (gold, M-15) adds no track
            track_by.append(row)
        money = pos.money
        loans = val.loans
        rivals = max(1, n - 1)
        acc = 0.0
        weight = 0
        # The selector's worths, then each rival's with what it pays of each valuation and
        # its money, read once a draw. A rival's limit sums five terms: two read the lot's
        # new value alone (its face, its ship race part), one the card's commodity alone
        # (its majorities part): those are worked out once a value and once a commodity.
        chooser = None
        others = []
        for i, q in enumerate(players):
            if q == selector:
                # Its judged worth's two terms, once a value and once a commodity.
                ship_part = {v: SHIP_WEIGHT * gain for v, gain in ship_by[i].items()}
                track_part = {k: TRACK_WEIGHT * gain for k, gain in track_by[i].items()}
                chooser = (ship_part, track_part, money[q])
                continue
            p0, p1, p2, p3, p4 = paid[q]
            ships = ship_by[i]
            by_value: dict[int, tuple[float, float, float]] = {}
            for v in values:
                ship = ships[v]
                by_value[v] = (ship, p1 * float(v) if v > 0 else 0.0,
                               p2 * ship if ship > 0 else 0.0)
            by_kind: dict[int, tuple[float, float]] = {}
            for k, tracks in track_by[i].items():
                by_kind[k] = (tracks, p3 * tracks if tracks > 0 else 0.0)
            others.append((by_value, by_kind, p0, p4, money[q]))
        for card, count in cards:
            # _selector_gain over the card's worths (``worths``' five, the same floats),
            # written out: it runs for every card and player of every draw decision.
            v = total_value + value[card]
            k = kind[card]
            first = second = mine = -1
            shaded = -1.0
            if chooser is not None:
                ship_part, track_part, cash = chooser
                shaded = (ship_part[v] + track_part[k]) * SHADE
                mine = int(shaded)
                if not loans and cash < mine:  # ``min(cash, limit)``
                    mine = cash
            for by_value, by_kind, p0, p4, cash in others:
                ship, face, race = by_value[v]
                tracks, majorities = by_kind[k]
                ours = ship + tracks
                # ``rival_limit(paid[q], (ours, float(v), ship, tracks, (v + ours) / 2))``
                # written out: a worth of nothing or less offers 0.0, which adds nothing.
                mix = (v + ours) / 2
                limit = int(sum((p0 * ours if ours > 0 else 0.0, face, race, majorities,
                                 p4 * mix if mix > 0 else 0.0)))
                if not loans and cash < limit:  # ``min(cash, limit)``
                    limit = cash
                if limit > first:
                    first, second = limit, first
                elif limit > second:
                    second = limit
            if first < 1:
                gain = shaded - 1 if mine >= 1 else 0.0
            elif mine >= first + 1:
                gain = shaded - (first + 1)
            else:
                gain = -RIVAL_WEIGHT * (first - max(mine, second, 0)) / rivals
            acc += count * gain
            weight += count
        return acc / weight - stop

    def candidates(self, game: Game[MediciState], beliefs: Beliefs | None) -> list[Action]:
        """The moves a search considers now: all of them, or a handful of telling bids.

        The bids are the lowest one and the best bids (``best_bid``, against the beliefs)
        for a few shares of the lot's worth (``CANDIDATE_SHADES``): a search offered the
        full worth or rivals' whole ceilings overpays, as its evaluation of lots is as rough
        as the bids' (measured: 36% against thrifty bidders with those, 79% without).
        """
        st = game.state
        legal = game.legal_actions()
        if st.phase != "bidding":
            return [a for a in legal if a.__class__ is Action]
        span = legal[0]
        if span.__class__ is not Span:
            return [PASS]
        lo = span.lo
        hi = span.hi
        pos = self.val.position(st)
        worths = pos.worths(st.order[st.turn], st.lot)
        if worths is None:
            return [PASS]
        worth = judged(worths)
        later = self.later_ceilings(st)
        amounts = {lo}
        for shade in CANDIDATE_SHADES:
            bid = best_bid(worth * shade, lo, hi, later, beliefs or self.prior)
            if bid is not None:
                amounts.add(bid)
        return [PASS] + [amount_action("bid", a) for a in sorted(amounts)]


def _paid(beliefs: Beliefs | None, players: int) -> list[list[float]]:
    """Each player's expected shares paid per valuation (``Beliefs.paid_shares``)."""
    know = prior(players) if beliefs is None else beliefs
    return [know.paid_shares(q) for q in range(players)]
