"""What a bot believes about how each opponent values lots and how much of it they pay,
learnt from what it saw them do.

Every bid, pass and asked price is public (G-3), and what a lot is worth to each player by
several valuations is computable from the view, so a bot can watch which valuation explains
an opponent's moves and how much of it they pay. A game's opponent model names its
valuations (``ours``: our own model's estimate; ``face``: the face values; a race, the
majorities, a mix...) and a grid of shares (``WILLING``: from thrifty bidders near half to
spoilers above the whole); an opponent's *type* is one valuation and one share, and whether
they raise by the minimum or bid their limit at once. Before any evidence the weights are a
prior over the field (the game's, by valuation; flat over the shares); each observed bid or
pass reweighs every type by whether it explains it (Bayes, with a floor, ``SURPRISE``, so a
surprise never rules a type out for good).
"""

from __future__ import annotations

import math
from bisect import bisect_left
from collections.abc import Callable, Hashable, Sequence
from itertools import islice
from operator import is_, itemgetter, mul
from typing import TYPE_CHECKING, Any, Final, NamedTuple

from engine.chance import Rng

if TYPE_CHECKING:
    from engine.bots.parts import OpponentModel
    from engine.game import Game

WILLING = (0.35, 0.5, 0.65, 0.8, 0.95, 1.1)
"""Shares of a lot's worth an opponent may pay at most: from thrifty bidders near half to
valuers at all of it and spoilers above."""
PRIOR_MIN_RAISE: Final = 0.4
"""Prior chance that an opponent raises by the minimum rather than bidding its limit."""
SURPRISE: Final = 0.08
"""Likelihood of an action a type would not take (noise: valuations differ between bots)."""
NEAR_MISS: Final = 0.5
"""Money by which an action may miss what a type would do and still look much like it: the
likelihood falls from 1 by a factor e for each ``NEAR_MISS`` off, down to ``SURPRISE``
(a player a little above or below a type's limit is that type more likely than one far off;
measured on whole games of the field's styles: 0.5 tells face bidders from ours better than
a hard cut or 1.5)."""
MISER_ODDS: Final = 1.0
"""Log odds of the miser over the grid (``Beliefs.miser_odds``) from which an opponent is
read as a miser (``Beliefs.is_miser``): its moves so far e, some 2.7 times, likelier by
the miser's limits than by the grid's. Read sooner, a miser costs the bots less (issue 31:
at 4, greedy read the tuner's misers at three quarters of a game or never); read wrongly,
a player of the field costs them nothing measurable (docs/bots.md, "Medici's bots read a
miser": the field's shares, and greedy among greedy players that never read one, are as
they were at 4)."""
GIVE_UP: Final = -4.0
"""Log odds below which a player is taken for no miser for good (``Beliefs.clear_miser``):
nothing more is weighed for it, so a bot costs no more than before against the field."""
CLEARED: Final = -math.inf
"""``Beliefs.miser_odds`` of a player cleared of being a miser."""
MISER_SHARES: Final = (0.15, 0.25)
"""The shares of a lot's worth a miser may pay at most, by whichever valuation it goes by
(``Beliefs.observe_miser`` weighs each share of each valuation): below the grid's lowest
(``WILLING``), as the tuner's misers pay a fifth to a quarter of theirs (docs/bots.md,
"What the tuner found"). An opponent read as one (``Beliefs.read_miser``) is taken to pay
them as weighed."""
FAR: Final = 1.3
"""Money off beyond which a type's likelihood is the floor: ``exp(-FAR / NEAR_MISS)`` is
below ``SURPRISE`` (so ``Beliefs.observe`` need not work the exponential out)."""


class Kind(NamedTuple):
    """One opponent's type, as a search samples it: the valuation it judges lots by (an
    index into the game's valuations), the share of that worth it pays at most, and whether
    it raises by the minimum."""

    valuation: int
    share: float
    min_raise: bool


class OutbidTable(NamedTuple):
    """One opponent's limits for one lot, ascending, and the share of belief at or above
    each (``tail[i]``; ``tail[len(limits)]`` is 0)."""

    limits: list[float]
    tail: list[float]

    def over(self, amount: int) -> float:
        """The chance the opponent would pay more than ``amount`` (``Beliefs.outbid_chance``)."""
        return self.tail[bisect_left(self.limits, amount + 1)]


class Beliefs:
    """Per opponent: weights over every (valuation, share) type and the chance they raise by
    the minimum.

    ``weights[player]`` is flat, valuation-major: type ``v * len(grid) + i`` is valuation
    ``v`` with share ``grid[i]``. ``prior`` weighs the valuations before any evidence
    (equal if not given); ``miser_prior`` weighs the valuations a miser may go by
    (``prior`` if not given; a weight of 0: no miser goes by that valuation). Either
    needs one weight per valuation, none below 0 and at least one above (ValueError).
    """

    __slots__ = ("valuations", "grid", "weights", "min_raise", "seen", "miser_odds",
                 "miser_weights", "_types", "_paid")

    valuations: tuple[str, ...]
    grid: tuple[float, ...]
    weights: list[list[float]]
    min_raise: list[float]
    seen: list[int]
    miser_odds: list[float]
    """Per player: the log odds that it is a miser, one who pays a share of a lot's worth
    below every share of the grid (``MISER_SHARES``), rather than a type of the grid, by its
    moves weighed so far (``observe_miser``; ``CLEARED``: none, for good). From
    ``MISER_ODDS`` on the player is read as a miser (``is_miser``). A game's opponent model
    weighs them (Medici's: ``engine.medici.opponents``); until one is read every answer is
    the grid's, to the bit."""
    miser_weights: list[list[float]]
    """Per player, were it a miser: the weights over the valuations it goes by and the
    shares of them it pays (valuation-major, one weight for each of ``MISER_SHARES``; each
    row replaced, never changed, when it learns: a copy shares them)."""
    _types: list[tuple[int, float]]
    _paid: list[list[float] | None]
    """``paid_shares`` of each player, worked out once until they are observed again."""

    def __init__(
        self,
        players: int,
        grid: tuple[float, ...] = WILLING,
        valuations: Sequence[str] = ("ours",),
        prior: Sequence[float] | None = None,
        *,
        miser_prior: Sequence[float] | None = None,
        copy_of: Beliefs | None = None,
    ) -> None:
        if copy_of is not None:
            # A copy of ``copy_of`` (``copy``): its lists copied, the rest shared (never
            # changed), without working the prior out again.
            self.valuations = copy_of.valuations
            self.grid = copy_of.grid
            self.weights = [row[:] for row in copy_of.weights]
            self.min_raise = copy_of.min_raise[:]
            self.seen = copy_of.seen[:]
            self.miser_odds = copy_of.miser_odds[:]
            self.miser_weights = copy_of.miser_weights[:]
            self._types = copy_of._types
            self._paid = copy_of._paid[:]  # the lists in it are never changed, only replaced
            return
        self.valuations = tuple(valuations)
        self.grid = grid
        n = len(self.valuations)
        lean = _lean("the prior", prior, n) if prior is not None else [1.0] * n
        miser = _lean("the miser's prior", miser_prior, n) if miser_prior is not None else lean
        top = max(lean)
        row = [w / top for w in lean for _ in grid]
        self.weights = [row[:] for _ in range(players)]
        self.min_raise = [PRIOR_MIN_RAISE] * players
        self.seen = [0] * players
        self.miser_odds = [0.0] * players
        top = max(miser)
        self.miser_weights = [[w / top for w in miser for _ in MISER_SHARES]] * players
        self._types = [(v, f) for v in range(len(self.valuations)) for f in grid]
        self._paid = [None] * players

    def copy(self) -> Beliefs:
        """An independent copy (its weights learn apart from these)."""
        return Beliefs(0, copy_of=self)

    def observe_fit(self, player: int, miss: Callable[[int, float], float]) -> None:
        """Reweigh ``player``'s types by how far each (valuation, share) misses what they were
        seen doing (``miss``: 0 where the type explains it, else how much money off)."""
        weights = self.weights[player]
        for i, (v, f) in enumerate(self._types):
            off = miss(v, f)
            if off > 0:
                weights[i] *= max(SURPRISE, math.exp(-off / NEAR_MISS))
        top = max(weights)
        self.weights[player] = [w / top for w in weights]
        self.seen[player] += 1
        self._paid[player] = None

    def is_miser(self, player: int) -> bool:
        """Whether ``player`` is read as a miser (``miser_odds``)."""
        return self.miser_odds[player] >= MISER_ODDS

    def read_miser(self, player: int) -> None:
        """Take ``player`` for a miser from now on, whatever was seen (its odds raised to
        ``MISER_ODDS``): for a test, or a player who says so of an opponent."""
        self.miser_odds[player] = max(self.miser_odds[player], MISER_ODDS)
        self._paid[player] = None

    def clear_miser(self, player: int) -> None:
        """``player`` is no miser, for good (a bid above what a miser pays, say)."""
        if self.is_miser(player):
            self._paid[player] = None
        self.miser_odds[player] = CLEARED

    def observe_miser(self, player: int, ceilings: Sequence[float], lo: int, bid: int | None,
                      grid_like: float, exact: bool = False) -> None:
        """Weigh one more move of ``player`` (``observe``'s) for the miser against the grid:
        ``grid_like`` is how likely the grid's types, as believed before it, made it (what
        ``observe`` returns, over the weights' sum before it; ``predict``'s with ``exact``).
        With ``exact``, a bid is weighed as the bidder's limit bid at once (``_near``)."""
        row = self.miser_weights[player]
        fits = _near if exact else _like
        likes = [fits(f * c, lo, bid)
                 for c in ceilings[: len(self.valuations)] for f in MISER_SHARES]
        moved = [w * like for w, like in zip(row, likes, strict=True)]
        # Float starts: compiled by mypyc, a sum() of an empty start is typed float-or-int
        # (``mean_share``); the values are the same.
        miser_like = sum(moved, 0.0) / sum(row, 0.0)
        top = max(moved)
        self.miser_weights[player] = [w / top for w in moved]
        was = self.is_miser(player)
        odds = self.miser_odds[player] + math.log(miser_like / grid_like)
        self.miser_odds[player] = CLEARED if odds < GIVE_UP else odds
        if self.is_miser(player) or was:
            self._paid[player] = None

    def predict(self, player: int, ceilings: Sequence[float], lo: int, bid: int | None,
                exact: bool = False) -> float:
        """How likely ``player``'s types, as believed, make the move ``observe`` takes (its
        arguments), without learning from it: the weights' mean likelihood (with
        ``exact``, a bid taken for the type's limit bid at once: ``_near``)."""
        weights = self.weights[player]
        fits = _near if exact else _like
        total = 0.0
        for w, (v, f) in zip(weights, self._types, strict=True):
            total += w * fits(f * ceilings[v], lo, bid)
        return total / sum(weights)

    def _miser_limits(self, player: int, ceilings: Sequence[float]) -> list[tuple[float, float]]:
        """A read miser's limits for a lot worth ``ceilings`` to it, one per valuation and
        share (``MISER_SHARES``), each with its share of belief (``miser_weights``),
        ascending."""
        row = self.miser_weights[player]
        total = sum(row, 0.0)
        return sorted(zip([f * c for c in ceilings[: len(self.valuations)]
                           for f in MISER_SHARES],
                          [w / total for w in row], strict=True))

    def observe(self, player: int, ceilings: Sequence[float], lo: int, bid: int | None
                ) -> float:
        """``player``, for whom the lot was worth ``ceilings`` (one per valuation, capped by
        what they can pay), could bid from ``lo`` and bid ``bid`` (None: passed). Returns
        the weights' sum after the move, before they are scaled to a top weight of 1, over
        their sum then (``observe_miser`` reads it; 1.0 where the move told nothing)."""
        if max(ceilings) < 1:
            return 1.0  # the lot was worth nothing to them by any measure: it tells nothing
        # ``observe_fit`` with its ``miss`` written out (the same floats, no call a type):
        # a pass misses where a type's limit reaches ``lo``, a bid where it is below it.
        # Type by type in the weights' order (valuation-major): its limit ``f * ceiling``
        # against the move, the exponential only where it can exceed the floor (``FAR``
        # off and beyond, ``max(SURPRISE, ...)`` is the floor itself).
        # (A pass's loop and a bid's apart, ``max`` written out: every sighting of every
        # decision comes here.)
        weights = self.weights[player]
        grid = self.grid
        exp = math.exp
        i = 0
        if bid is None:
            for c in ceilings[: len(self.valuations)]:
                for f in grid:
                    off = f * c - lo + 0.5
                    if off > 0:
                        if off < FAR:
                            like = exp(-off / NEAR_MISS)
                            weights[i] *= like if like > SURPRISE else SURPRISE
                        else:
                            weights[i] *= SURPRISE
                    i += 1
        else:
            over = bid - 0.5  # ``bid - 0.5 - f * c`` subtracts from it
            for c in ceilings[: len(self.valuations)]:
                for f in grid:
                    off = over - f * c
                    if off > 0:
                        if off < FAR:
                            like = exp(-off / NEAR_MISS)
                            weights[i] *= like if like > SURPRISE else SURPRISE
                        else:
                            weights[i] *= SURPRISE
                    i += 1
        top = max(weights)
        self.weights[player] = [w / top for w in weights]
        self.seen[player] += 1
        self._paid[player] = None
        if bid is not None:
            p = self.min_raise[player]
            like_min, like_jump = (0.95, 0.3) if bid == lo else (0.05, 0.7)
            self.min_raise[player] = p * like_min / (p * like_min + (1 - p) * like_jump)
        return top

    def outbid_chance(self, player: int, ceilings: Sequence[float], bid: int) -> float:
        """The chance ``player``, with ``ceilings`` (one per valuation), would pay more
        than ``bid``."""
        if self.miser_odds[player] >= MISER_ODDS:
            return sum([w for limit, w in self._miser_limits(player, ceilings)
                        if limit >= bid + 1], 0.0)
        weights = self.weights[player]
        over = 0.0
        for w, (v, f) in zip(weights, self._types, strict=True):
            if f * ceilings[v] >= bid + 1:
                over += w
        return over / sum(weights)

    def outbid_table(self, player: int, ceilings: Sequence[float]) -> OutbidTable:
        """``outbid_chance`` for every amount at once: the limits of ``player``'s types for
        a lot worth ``ceilings`` to them, ascending, with the share of weight at or above
        each (``OutbidTable.over``)."""
        weights = self.weights[player]
        if self.miser_odds[player] >= MISER_ODDS:
            total = 1.0  # ``_miser_limits``' weights sum to 1
            pairs = self._miser_limits(player, ceilings)
        else:
            total = sum(weights)
            pairs = sorted(
                [(f * ceilings[v], w) for w, (v, f) in zip(weights, self._types, strict=True)]
            )
        limits = [limit for limit, _ in pairs]
        tail = [0.0] * (len(pairs) + 1)
        acc = 0.0
        for i in range(len(pairs) - 1, -1, -1):
            acc += pairs[i][1]
            tail[i] = acc / total
        return OutbidTable(limits, tail)

    def sample(self, player: int, rng: Rng) -> Kind:
        """A type for ``player`` drawn from the beliefs."""
        chosen = self._types[_drawn(self.weights[player], rng)]
        if self.miser_odds[player] >= MISER_ODDS:
            # The grid's draw stays first, so a search's draws are as they were measured.
            k = _drawn(self.miser_weights[player], rng)
            n = len(MISER_SHARES)
            chosen = (k // n, MISER_SHARES[k % n])
        return Kind(chosen[0], chosen[1], rng.below(1000) < self.min_raise[player] * 1000)

    def valuation_weights(self, player: int) -> list[float]:
        """How much each valuation explains ``player``'s moves: weights summing to 1."""
        weights = self.weights[player]
        n = len(self.grid)
        per = [sum(weights[v * n : (v + 1) * n]) for v in range(len(self.valuations))]
        total = sum(per)
        return [w / total for w in per]

    def paid_shares(self, player: int) -> list[float]:
        """Per valuation, the share of that worth ``player`` is expected to pay at most, times
        the valuation's weight: ``sum(paid_shares[v] * worth[v])`` is the expected limit."""
        got = self._paid[player]
        if got is None:
            weights = self.weights[player]
            total = sum(weights)
            n = len(self.grid)
            grid = self.grid
            if self.miser_odds[player] >= MISER_ODDS:
                row = self.miser_weights[player]
                total = sum(row, 0.0)
                n = len(MISER_SHARES)
                got = [sum(map(mul, row[v * n : v * n + n], MISER_SHARES), 0.0) / total
                       for v in range(len(self.valuations))]
                self._paid[player] = got
                return got
            # Each valuation's shares times the grid, summed in the grid's order (the
            # products by ``map``: no comprehension's frame a valuation).
            got = []
            for v in range(len(self.valuations)):
                got.append(sum(map(mul, weights[v * n : v * n + n], grid)) / total)
            self._paid[player] = got
        return got

    def mean_share(self, player: int) -> float:
        """The expected share of its own valuation's worth ``player`` pays at most."""
        if self.miser_odds[player] >= MISER_ODDS:
            return sum(self.paid_shares(player), 0.0)
        weights = self.weights[player]
        # The float start: compiled by mypyc, one sum() divided by another fails at run time
        # ("int object expected"), each being typed float-or-int 0; the value is the same.
        return sum(f * w for w, (_, f) in zip(weights, self._types, strict=True)) / sum(
            weights, 0.0)

    def likeliest(self, player: int) -> tuple[str, float]:
        """The valuation that best explains ``player``'s moves, and its weight (0..1)."""
        per = self.valuation_weights(player)
        best = max(range(len(per)), key=lambda v: per[v])
        return self.valuations[best], per[best]


def _lean(what: str, weights: Sequence[float], valuations: int) -> list[float]:
    """``weights`` as a list, checked as a prior over ``valuations`` valuations: one weight
    each, none below 0, at least one above (ValueError naming ``what``)."""
    lean = list(weights)
    if len(lean) != valuations or max(lean) <= 0 or min(lean) < 0:
        raise ValueError(f"{what} needs one weight per valuation, none below 0, at least one"
                         " above")
    return lean


def _like(limit: float, lo: int, bid: int | None) -> float:
    """How likely a type of ``limit`` makes a pass at lowest bid ``lo`` (``bid`` None) or a
    bid of ``bid``: ``Beliefs.observe``'s likelihood, for one type."""
    off = limit - lo + 0.5 if bid is None else bid - 0.5 - limit
    if off <= 0:
        return 1.0
    return max(SURPRISE, math.exp(-off / NEAR_MISS)) if off < FAR else SURPRISE


def _drawn(weights: Sequence[float], rng: Rng) -> int:
    """An index drawn from ``rng`` with chances in proportion to ``weights``."""
    pick = rng.below(1 << 30) / (1 << 30) * sum(weights, 0.0)
    for i, w in enumerate(weights):
        pick -= w
        if pick < 0:
            return i
    return len(weights) - 1


def _near(limit: float, lo: int, bid: int | None) -> float:
    """How likely a type of ``limit`` makes a bid of ``bid`` above the lowest, taken for its
    limit bid at once (``_like`` both ways: a type whose limit is far above the bid would
    have bid more; a raise by the minimum says nothing of the limit, and is not weighed so);
    a pass as ``_like``."""
    off = abs(bid - limit) - 0.5 if bid is not None else limit - lo + 0.5
    if off <= 0:
        return 1.0
    return max(SURPRISE, math.exp(-off / NEAR_MISS)) if off < FAR else SURPRISE


class Learnt:
    """What one bot learnt so far, so that ``learn`` observes only what came since.

    A bot's memory only grows: a sale's sightings are kept in the order they were made,
    and a sale over stays as it was. ``entries`` are the memory's entries observed, each
    (key, its list, how many of its sightings were observed); ``beliefs`` what they gave.
    Each bot keeps its own (``ModelBot.learnt``), as it keeps its memory."""

    __slots__ = ("me", "players", "entries", "beliefs")

    def __init__(self) -> None:
        self.me = -1
        self.players = 0
        self.entries: list[tuple[Hashable, list[Any], int]] = []
        self.beliefs: Beliefs | None = None

    def resume(self, memory: dict[Hashable, list[Any]], me: int, players: int
               ) -> tuple[Beliefs, int, int] | None:
        """Where ``memory`` goes on from what was learnt: the beliefs, the entry and the
        sighting in it to observe next; None when it does not go on from them (another
        game, another seat, or a memory changed otherwise than by growing)."""
        beliefs = self.beliefs
        entries = self.entries
        if beliefs is None or self.me != me or self.players != players \
                or len(memory) < len(entries):
            return None
        last = len(entries) - 1
        if last < 0:
            return None
        # The entries before the last one compared at once, not one by one (a bot asks at
        # every decision, and its memory grows a sale at a time): the same keys, and a
        # sale over is the very list observed.
        if last:
            before = entries[:last]
            if list(islice(memory, last)) != list(map(itemgetter(0), before)) or not all(
                    map(is_, islice(memory.values(), last), map(itemgetter(1), before))):
                return None
        kept_key, kept, done = entries[last]
        key, seen = next(islice(memory.items(), last, None))
        if key != kept_key:
            return None
        if seen is not kept and (len(seen) < done or seen[:done] != kept[:done]):
            # The last one may be under way: its sightings so far, seen again.
            return None
        return beliefs, last, done


def learn(
    opponents: OpponentModel, game: Game, memory: dict[Hashable, list[Any]], me: int,
    kept: Learnt | None = None,
) -> Beliefs | None:
    """Beliefs about the opponents of ``me`` from what was seen: ``memory`` (one entry per
    sale, kept by the bot across its decisions) and the sale under way, which is added to it.
    None while nothing has been seen (the model's prior then applies).

    With ``kept`` (the bot's ``Learnt``), the beliefs learnt before are taken up again
    where ``memory`` goes on from them, and only the sightings since are observed: the
    same beliefs, to the last bit, as observing them all (``tests/test_decisions.py``).
    The beliefs returned are then the bot's own, kept for its next decision: read them,
    never observe into them (``learn`` copies them before it observes more)."""
    got = opponents.evidence(game)
    if got is not None:
        memory[got[0]] = got[1]
    if not memory:
        return None
    players = len(game.state.names)
    start = kept.resume(memory, me, players) if kept is not None else None
    if start is None:
        beliefs = opponents.prior(players)
        entry, sighting = 0, 0
    else:
        beliefs, entry, sighting = start
    entries: list[tuple[Hashable, list[Any], int]] = [] if kept is None else kept.entries[:entry]
    fresh = start is None
    for i, (key, seen) in enumerate(islice(memory.items(), entry, None), entry):
        first = sighting if i == entry else 0
        for s in seen[first:]:
            if s[0] != me:
                if not fresh:
                    beliefs = beliefs.copy()  # the kept beliefs stay as they were
                    fresh = True
                opponents.observe(beliefs, s)
        entries.append((key, seen, len(seen)))
    if kept is not None:
        kept.me, kept.players, kept.entries, kept.beliefs = me, players, entries, beliefs
    return beliefs
