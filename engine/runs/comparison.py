"""Comparing two variants by simulation: the same seeds for both, the differences that matter.

Game ``i`` of each variant is played with seed ``seed + i``, so the two samples are paired
and each difference gets a paired 95% interval (tighter than two independent ones). Shares
get Wilson score intervals (``engine.runs.stats``), money figures normal ones.
Measured per game: the winner's money, the margin over second place, the spread from
first to last, whether the first start player won, each seat's share of the victory, and
the share of scoring periods that ended each way (Medici's days: by full ships or by an
empty pile, M-12).
"""

from __future__ import annotations

import contextlib
import time
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any, NamedTuple

from engine.registry import find
from engine.rules import Variant, load_variant, variant_from_rules
from engine.runs.games import RANDOM, play_game
from engine.runs.lineup import bot_lineup, shared_player_count
from engine.runs.pool import MAX_JOBS, Runner
from engine.runs.sequential import Figure, Plan, closeness, figure, plan, reached
from engine.runs.stats import Z95, Interval, Running
from engine.runs.tournament import BATCH_MS, check_games, game_cost
from engine.views import Summary


def periods_of(game: str) -> str:
    """What ``game``'s scoring periods are called (``days``): its descriptor's vocabulary."""
    info = find(game)
    return info.vocabulary.periods if info is not None else "periods"


def money_of(game: str) -> str:
    """What ``game``'s money is called (``florins``)."""
    info = find(game)
    return info.vocabulary.money if info is not None else "money"


def _ends(summary: Summary) -> list[str]:
    """How each scoring period of a game ended: its summary's ``<period>_ends`` list."""
    found = next((v for k, v in summary.items() if k.endswith("_ends") and isinstance(v, list)),
                 [])
    return [str(kind) for kind in found]


class GameResult(NamedTuple):
    """What a comparison keeps of one finished game."""

    money: tuple[int, ...]
    winners: tuple[int, ...]
    period_ends: tuple[str, ...]
    """How each scoring period ended (M-12: ``full_ships``, ``empty_pile``)."""
    start_player: int | None

    @classmethod
    def from_summary(cls, summary: Summary) -> GameResult:
        """From ``Game.summary()`` (or ``engine.runs.games.play_game``'s dict); who started
        the game from its ``start_players``, where the game tallies them."""
        starts = summary.get("start_players")
        first = starts[0] if isinstance(starts, list) and starts else None
        return cls(
            tuple(summary["money"]),
            tuple(summary["winners"]),
            tuple(_ends(summary)),
            first if isinstance(first, int) else None,
        )


@dataclass(frozen=True)
class Measure:
    """One figure for both variants with 95% intervals, and the paired difference B - A.

    A share's ``a`` and ``b`` carry Wilson score intervals, a money figure's normal ones;
    ``diff`` (a mean of paired differences) has a normal interval.
    """

    key: str
    label: str
    kind: str  # "money" or "share"
    a: Interval
    b: Interval
    diff: Interval
    games: int

    @property
    def significant(self) -> bool:
        """Whether the 95% interval of B - A leaves out 0."""
        return abs(self.diff.mean) > self.diff.half and self.games > 1


class _Pair:
    """One figure's running samples: of A, of B, and of the paired differences B - A."""

    __slots__ = ("a", "b", "diff")

    def __init__(self) -> None:
        self.a, self.b, self.diff = Running(), Running(), Running()

    def add(self, x: float | None, y: float | None) -> None:
        if x is not None:
            self.a.add(x)
        if y is not None:
            self.b.add(y)
        if x is not None and y is not None:
            self.diff.add(y - x)


class PairedTally:
    """A comparison's figures kept as games finish: ``add`` game ``i`` of A and of B (same
    seed), ``measures()`` at any time. Memory stays the same however many pairs are added.

    ``Comparison.measures`` feeds its kept results through one; ``compare`` streams.
    """

    def __init__(self, players: int, game: str) -> None:
        self.players = players
        self.game = game
        self.games = 0
        self.fixed: list[tuple[str, str, str, Callable[[GameResult], float | None]]] = [
            ("winning_money", "winning money", "money", _winning_money),
            ("winning_margin", "winning margin (1st - 2nd)", "money", _margin),
            ("score_spread", "score spread (1st - last)", "money", _spread),
            ("start_player_wins", "start player wins", "share", _start_wins),
            *(
                (f"seat_{seat + 1}_wins", f"seat {seat + 1} wins", "share", _seat_wins(seat))
                for seat in range(players)
            ),
            ("shared_wins", "shared victories", "share", _shared),
        ]
        self.pairs = {key: _Pair() for key, *_ in self.fixed}
        self.ends: dict[str, _Pair] = {}
        """Each way a scoring period ended, in the order first seen."""
        # Games with any period ends so far (of A, of B, of both): a kind of end seen for
        # the first time counted 0 in each of them.
        self._with_ends = [0, 0, 0]
        self.tops: tuple[Counter[int], Counter[int]] = (Counter(), Counter())
        """How many games of A and of B were won with each amount of money (for plots)."""

    def add(self, a: GameResult, b: GameResult) -> None:
        """Count game ``i`` of A and game ``i`` of B (played from the same seed)."""
        for key, _label, _kind, of in self.fixed:
            self.pairs[key].add(of(a), of(b))
        for kind in (*a.period_ends, *b.period_ends):
            if kind not in self.ends:
                self.ends[kind] = self._caught_up()
        for kind, pair in self.ends.items():
            share = _end_share(kind)
            pair.add(share(a), share(b))
        self._with_ends[0] += bool(a.period_ends)
        self._with_ends[1] += bool(b.period_ends)
        self._with_ends[2] += bool(a.period_ends and b.period_ends)
        self.tops[0][max(a.money)] += 1
        self.tops[1][max(b.money)] += 1
        self.games += 1

    def _caught_up(self) -> _Pair:
        """A new kind of end's samples: a 0 for every earlier game that had period ends."""
        pair = _Pair()
        a_only, b_only, both = self._with_ends
        for _ in range(a_only):
            pair.a.add(0.0)
        for _ in range(b_only):
            pair.b.add(0.0)
        for _ in range(both):
            pair.diff.add(0.0)
        return pair

    def measures(self, z: float = Z95) -> list[Measure]:
        """Every figure, in report order; figures no game pair gave are left out (``z``:
        the intervals' normal quantile, wider for a sequential run)."""
        out = [
            self._measure(key, label, kind, self.pairs[key], z)
            for key, label, kind, _ in self.fixed
        ]
        periods = periods_of(self.game)
        for kind, pair in self.ends.items():
            label = f"{periods} ended by {kind.replace('_', ' ')}"
            out.append(self._measure(f"{periods}_{kind}", label, "share", pair, z))
        return [m for m in out if m.games]

    def figures(self, z: float) -> list[Figure]:
        """Every reported figure's half-width at quantile ``z``, for ``--until``: each
        measure's A, B and B - A (shares in points, money in money)."""
        out = []
        for m in self.measures(z):
            share = m.kind == "share"
            out += [figure(f"A {m.label}", m.a, share), figure(f"B {m.label}", m.b, share),
                    figure(f"B - A {m.label}", m.diff, share)]
        return out

    @staticmethod
    def _measure(key: str, label: str, kind: str, pair: _Pair, z: float = Z95) -> Measure:
        if kind == "share":
            a, b = pair.a.share(z), pair.b.share(z)
        else:
            a, b = pair.a.normal(z), pair.b.normal(z)
        return Measure(key, label, kind, a, b, pair.diff.normal(z), pair.diff.n)


@dataclass
class Comparison:
    """Two variants played with the same seeds; ``measures()`` gives the figures.

    ``results_a``/``results_b`` hold every game's result when they were kept
    (``compare(..., keep=True)``); a streamed comparison keeps only ``tally``.
    """

    a: str
    b: str
    game: str
    players: int
    bots: tuple[str, ...]
    seed: int
    results_a: list[GameResult] = field(default_factory=list)
    results_b: list[GameResult] = field(default_factory=list)
    seconds: float = 0.0
    tally: PairedTally | None = None
    plan: Plan | None = None
    """The ``--until`` plan it followed (None: a fixed number of games)."""
    reached: bool = False
    """Whether it stopped because every figure was within ``plan.target``."""
    workers: str = "serial"
    """Where the games were played ("serial", "2 processes", ...)."""

    @property
    def games(self) -> int:
        """Games played of each variant."""
        return self.tally.games if self.tally is not None else len(self.results_a)

    @property
    def z(self) -> float:
        """The normal quantile of the intervals reported (wider after ``--until``)."""
        return self.plan.z if self.plan is not None else Z95

    def measures(self) -> list[Measure]:
        """Every figure, in report order."""
        return self._tally().measures(self.z)

    def winning_money(self) -> tuple[Counter[int], Counter[int]]:
        """How many games of A and of B were won with each amount of money."""
        return self._tally().tops

    def _tally(self) -> PairedTally:
        if self.tally is not None:
            return self.tally
        tally = PairedTally(self.players, self.game)
        for a, b in zip(self.results_a, self.results_b, strict=True):
            tally.add(a, b)
        return tally

    def as_dict(self) -> dict[str, object]:
        """JSON-ready figures."""
        return {
            "a": self.a,
            "b": self.b,
            "game": self.game,
            "players": self.players,
            "bots": list(self.bots),
            "games": self.games,
            "seeds": [self.seed, self.seed + self.games - 1],
            "seconds": round(self.seconds, 3),
            "workers": self.workers,
            **({"until": {**self.plan.as_dict(), "reached": self.reached}}
               if self.plan is not None else {}),
            "measures": [
                {
                    "key": m.key,
                    "label": m.label,
                    **_interval_keys("a", m.a),
                    **_interval_keys("b", m.b),
                    **_interval_keys("diff", m.diff),
                    "significant": m.significant,
                }
                for m in self.measures()
            ],
        }


def _interval_keys(name: str, value: Interval) -> dict[str, float]:
    """``name``, ``name_ci95`` (the half-width) and the interval's ends, rounded for JSON."""
    return {
        name: round(value.mean, 4),
        f"{name}_ci95": round(value.half, 4),
        f"{name}_ci95_low": round(value.low, 4),
        f"{name}_ci95_high": round(value.high, 4),
    }


def _winning_money(r: GameResult) -> float:
    return max(r.money)


def _margin(r: GameResult) -> float:
    top = sorted(r.money, reverse=True)
    return top[0] - top[1] if len(top) > 1 else 0


def _spread(r: GameResult) -> float:
    return max(r.money) - min(r.money)


def _start_wins(r: GameResult) -> float | None:
    # G-4: a shared victory counts as a fraction to each winner.
    if r.start_player is None or not r.winners:
        return None
    return 1 / len(r.winners) if r.start_player in r.winners else 0.0


def _seat_wins(seat: int) -> Callable[[GameResult], float | None]:
    def share(r: GameResult) -> float | None:
        if not r.winners:
            return None
        return 1 / len(r.winners) if seat in r.winners else 0.0

    return share


def _shared(r: GameResult) -> float:
    return 1.0 if len(r.winners) > 1 else 0.0


def _end_share(kind: str) -> Callable[[GameResult], float | None]:
    def share(r: GameResult) -> float | None:
        # Per game, so the periods of one game (not independent) count as one observation.
        ends = r.period_ends
        return ends.count(kind) / len(ends) if ends else None

    return share


# -- playing --------------------------------------------------------------------------


def bot_list(bots: str | Sequence[str], players: int) -> tuple[str, ...]:
    """One bot spec per seat: ``greedy`` for every seat, or ``greedy,random,...`` per seat
    (``engine.runs.lineup.bot_lineup``, which also checks every spec)."""
    return bot_lineup(bots, players)


def play_one(variant: str | Variant, bots: Sequence[str], seed: int) -> GameResult:
    """One game of a variant with ``bots[k]`` in seat ``k``, through
    ``engine.runs.games.play_game`` (all-random seats play ``play_random``)."""
    return GameResult.from_summary(play_game(variant, list(bots), seed))


def _play_chunk(rules: dict[str, Any], source: str, bots: tuple[str, ...],
                seeds: Sequence[int]) -> list[GameResult]:
    var = variant_from_rules(rules, source)
    return [play_one(var, bots, seed) for seed in seeds]


def _chunks(seeds: range, jobs: int, bots: Sequence[str]) -> Iterator[range]:
    """The seeds in a few chunks per process, each about ``BATCH_MS`` of play at most:
    batches for the process runner. The chunks shrink as the seeds run out (a quarter of
    a process's share of what is left, down to one seed): the processes then finish close
    together, none left waiting on the others' last long chunk."""
    per = max(1, min(256, int(BATCH_MS / game_cost(bots))))
    start = 0
    while start < len(seeds):
        size = max(1, min(per, -(-(len(seeds) - start) // (jobs * 4))))
        yield seeds[start : start + size]
        start += size


def play_many(
    ref: str | Variant,
    bots: tuple[str, ...],
    seeds: Sequence[int],
    jobs: int | None = 1,
    progress: Callable[[int], None] | None = None,
) -> list[GameResult]:
    """Play one game per seed, in ``jobs`` processes (``engine.runs.pool``; None: one per
    core); results in seed order either way. ``progress(n)`` hears each chunk's games."""
    var = ref if isinstance(ref, Variant) else load_variant(ref)
    order = list(seeds)
    results: list[GameResult] = []
    with Runner(jobs) as runner:
        parts = ([s] for s in order)
        for part in runner.batches(_play_chunk, (var.rules, var.source, bots), parts,
                                   spread=len(order) > 1):
            results.extend(part)
            if progress is not None:
                progress(len(part))
    return results


def _play_pair_chunk(
    rules_a: dict[str, Any], source_a: str, rules_b: dict[str, Any], source_b: str,
    bots: tuple[str, ...], seeds: range,
) -> list[tuple[GameResult, GameResult]]:
    a, b = variant_from_rules(rules_a, source_a), variant_from_rules(rules_b, source_b)
    return [(play_one(a, bots, seed), play_one(b, bots, seed)) for seed in seeds]


def play_pairs(
    a: Variant, b: Variant, bots: tuple[str, ...], seeds: range, jobs: int | None = 1,
    runner: Runner | None = None,
) -> Iterator[list[tuple[GameResult, GameResult]]]:
    """Game ``i`` of A and of B for each seed, in seed order, a chunk at a time, on the
    process runner (``engine.runs.pool``: ``jobs`` processes, None one per core, or the
    open ``runner`` given; a variant travels as its resolved rules; at most a few chunks
    per process are in flight, so nothing piles up)."""
    with contextlib.nullcontext(runner) if runner is not None else Runner(jobs) as where:
        workers = 1 if where.workers <= 1 and not where.dask else where.workers
        spread = len(seeds) > 1 and (where.dask or
                                     2 * len(seeds) * game_cost(bots) >= 2 * BATCH_MS)
        yield from where.batches(_play_pair_chunk,
                                 (a.rules, a.source, b.rules, b.source, bots),
                                 _chunks(seeds, workers, bots), spread=spread)


def compare(
    a: str,
    b: str,
    players: int | None = None,
    bots: str | Sequence[str] = RANDOM,
    games: int = 1000,
    seed: int = 1,
    jobs: int | None = 1,
    game: str | None = None,
    progress: Callable[[int, int], None] | None = None,
    *,
    keep: bool = True,
    until: float | None = None,
    closeness_note: Callable[[int, float, str], None] | None = None,
) -> Comparison:
    """Play ``games`` games of each variant with seeds ``seed .. seed + games - 1``.

    ``game``, if given, is the game both variants must be of; ``players`` defaults to 4
    when both variants allow it; ``jobs`` is the number of processes (None or 0: one per
    core). Raises ValueError for arguments that do not fit, RulesError for a variant that
    does not load.

    Games stream into a ``PairedTally``; ``keep`` also keeps every result in
    ``results_a``/``results_b`` (``keep=False``: memory does not grow with ``games``).

    ``until`` (a half-width: percentage points for shares, money for money figures)
    plays in looks (``engine.runs.sequential``) and stops at the first where every
    figure of A, of B and of B - A is within it; ``games`` is then the cap, and the
    intervals are the procedure's, 95% over the whole run. ``closeness_note(done, there,
    text)`` hears how close the figures are after each look (``sequential.closeness``).
    """
    if games.__class__ is not int or games < 1:
        raise ValueError(f"--games must be at least 1, got {games}")
    check_games(games, seed)
    if jobs is not None and jobs.__class__ is int and not 0 <= jobs <= MAX_JOBS:
        raise ValueError(f"--jobs must be 0 (every core) or more, at most {MAX_JOBS}, got {jobs}")
    looks = plan(until, games) if until is not None else None
    va, vb = load_variant(a), load_variant(b)
    for ref, var in ((a, va), (b, vb)):
        if game is not None and var.game != game:
            raise ValueError(f"{ref} is a {var.game} variant, not {game}")
    if va.game != vb.game:
        raise ValueError(f"{a} is a {va.game} variant but {b} is {vb.game}: compare like with like")
    count = shared_player_count([va, vb], players)
    seats = bot_lineup(bots, count)
    start = time.perf_counter()
    tally = PairedTally(count, va.game)
    result = Comparison(a=va.name, b=vb.name, game=va.game, players=count, bots=seats, seed=seed,
                        plan=looks)
    done = 0
    with Runner(jobs) as runner:
        for upto in (looks.looks if looks is not None else (games,)):
            for chunk in play_pairs(va, vb, seats, range(seed + done, seed + upto),
                                    runner=runner):
                for ra, rb in chunk:
                    tally.add(ra, rb)
                    if keep:
                        result.results_a.append(ra)
                        result.results_b.append(rb)
                done += len(chunk)
                if progress is not None:
                    progress(2 * done, 2 * (looks.looks[-1] if looks else games))
            if looks is not None:
                figures = tally.figures(looks.z)
                if closeness_note is not None:
                    closeness_note(2 * done, *closeness(figures, looks.target))
                if reached(figures, looks.target):
                    result.reached = True
                    break
        result.workers = runner.how
    result.tally = tally
    result.seconds = time.perf_counter() - start
    return result
