"""Tournaments: many games between bots, seats rotated, shared over processes or a cluster.

``run`` plays a run's games (``engine.runs.games``: game ``i`` from seed ``seed + i``, the
line-up rotated by ``i``) on the process runner (``engine.runs.pool``), counts them in a
``Tally`` as they finish, and gives a ``Run``. With ``until`` it plays in looks and stops
at the first where every figure is narrow enough (``engine.runs.sequential``).
"""

from __future__ import annotations

import contextlib
import math
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import cast

from engine.bots import make_bot
from engine.rules import Variant, load_variant
from engine.runs.errors import RunError, TournamentError
from engine.runs.games import RANDOM, Numbered, iter_batch, play_batch
from engine.runs.pool import MAX_JOBS, Runner
from engine.runs.sequential import Plan, closeness, plan, reached
from engine.runs.tally import RunReport, RunResults, RunSummary, Tally

__all__ = [
    "BATCH_MS", "MAX_GAMES", "MAX_JOBS", "Run", "TournamentError", "batch_ranges", "batches",
    "check_games", "check_lineup", "game_cost", "run",
]

MAX_GAMES = 10_000_000
"""The most games one run plays (days of play for random bots; split longer studies)."""

BATCH_MS = 500.0
"""About how long a batch should take: long enough to pay for sending it, short enough
that the work evens out across workers and the progress bar moves."""


@dataclass
class Run:
    """A finished run: the summary, every game's record in order, and how it ran.

    ``plan`` is the ``--until`` plan it followed (None: a fixed number of games) and
    ``reached`` whether it stopped because every figure was narrow enough."""

    summary: RunSummary
    records: list[Numbered] = field(default_factory=list)
    seconds: float = 0.0
    workers: str = "serial"
    plan: Plan | None = None
    reached: bool = False

    def as_dict(self, results: bool = False) -> RunReport:
        """JSON-ready: the summary with the time and how it ran; with ``results``, every game."""
        out = cast(RunReport, {**self.summary, "seconds": round(self.seconds, 3),
                               "workers": self.workers})
        if self.plan is not None:
            out["until"] = {**self.plan.as_dict(), "reached": self.reached}
        if results:
            # A copy with one key more (mypy reads ``**`` of a TypedDict with an optional key
            # as leaving it out).
            return cast(RunResults, {**out, "results": self.records})
        return out


def game_cost(bots: Sequence[str]) -> float:
    """A rough guess of the milliseconds one game of this line-up takes."""
    if any(b.startswith("mcts") for b in bots):
        return 20_000.0
    if any(b != RANDOM for b in bots):
        return 15.0
    return 2.0


def batches(games: int, workers: int, bots: Sequence[str]) -> list[list[int]]:
    """Game indexes cut into batches: several per worker, so the work evens out.

    A run too small to pay for starting processes comes back as one batch (played here).
    (A list, for a look at small runs; runs themselves take ``batch_ranges`` lazily.)
    """
    return [list(part) for part in batch_ranges(games, workers, bots)]


def batch_ranges(games: int, workers: int, bots: Sequence[str], start: int = 0
                 ) -> Iterator[range]:
    """``batches`` as ranges, made one at a time: a run of any size costs no memory up
    front (games ``start`` to ``start + games - 1``)."""
    cost = game_cost(bots)
    if workers <= 1 or games * cost < 2 * BATCH_MS:
        yield range(start, start + games)
        return
    size = max(1, min(math.ceil(BATCH_MS / cost), math.ceil(games / (workers * 4))))
    for i in range(start, start + games, size):
        yield range(i, min(start + games, i + size))


def check_games(games: int, seed: int) -> None:
    """Refuse a number of games or a first seed a run cannot use, saying what would do.

    Game ``i`` is dealt from seed ``seed + i``, so the last game's seed must still be a
    64-bit seed; ``MAX_GAMES`` bounds a run (longer studies are several runs).
    """
    if games.__class__ is not int or not 1 <= games <= MAX_GAMES:
        raise RunError(
            f"games must be at least 1 and at most {MAX_GAMES} (split a longer study into "
            f"runs with different seeds), got {games}"
        )
    if seed.__class__ is not int or not 0 <= seed or seed + games - 1 >= 2**64:
        raise RunError(
            f"seed must be from 0 to 2**64 - {games} for {games} games (game i is dealt "
            f"from seed SEED+i, a whole number below 2**64), got {seed}"
        )


def check_lineup(variant: Variant, bots: Sequence[str]) -> None:
    """Refuse a line-up of the wrong size or with an unknown bot, saying what would do."""
    counts = list(variant.logic.player_counts())
    if len(bots) not in counts:
        raise RunError(
            f"{len(bots)} bots, but {variant.name} plays with "
            f"{', '.join(str(c) for c in counts)} players: give one bot per seat"
        )
    for spec in bots:
        make_bot(spec, 0)


def run(
    variant: str | Variant,
    bots: Sequence[str],
    games: int,
    seed: int = 1,
    jobs: int | None = 1,
    scheduler: str | None = None,
    dask_local: bool = False,
    progress: Callable[[int], None] | None = None,
    *,
    keep: bool = True,
    on_record: Callable[[Numbered], None] | None = None,
    until: float | None = None,
    closeness_note: Callable[[int, float, str], None] | None = None,
    runner: Runner | None = None,
) -> Run:
    """Play ``games`` games of ``bots`` (seats rotated) and summarise them.

    ``jobs`` processes on this machine (None: one per core; 1: in this process); or a Dask
    cluster: ``scheduler`` is its address (``tcp://host:8786``), ``dask_local`` starts a
    local one with ``jobs`` workers. ``progress`` is called with the number of games done.

    Games stream: each record is counted in a ``Tally``, passed to ``on_record`` (in game
    order, as games finish) and kept in ``Run.records`` only if ``keep``; with
    ``keep=False`` memory does not grow with ``games``.

    ``until`` (a half-width: percentage points for win shares, money for mean money)
    plays in looks (``engine.runs.sequential.plan``, whole rotations of the seats) and
    stops at the first where every bot's and seat's figure is within it; ``games`` is
    then the cap, and the summary's intervals are the procedure's (95% over the run).
    ``closeness_note(done, there, text)`` hears how close the figures are after each look
    (``there``: the share of them within ``until``; ``sequential.closeness``).
    ``runner``: an open ``engine.runs.pool.Runner`` to play on (kept open: a league's
    matches share one), instead of the one ``jobs``, ``scheduler`` and ``dask_local`` ask for.
    """
    var = variant if isinstance(variant, Variant) else load_variant(variant)
    specs = [b.strip() for b in bots]
    check_lineup(var, specs)
    check_games(games, seed)
    looks = plan(until, games, len(specs)) if until is not None else None
    tally = Tally(specs, var.name, seed)
    kept: list[Numbered] = []
    start = time.perf_counter()
    done = 0
    reached_it = False
    with contextlib.nullcontext(runner) if runner is not None else \
            Runner(jobs, scheduler, dask_local) as where:
        for upto in (looks.looks if looks is not None else (games,)):
            parts = batch_ranges(upto - done, where.workers, specs, done)
            spread = where.dask or (upto - done) * game_cost(specs) >= 2 * BATCH_MS
            if where.workers <= 1 or not spread:
                stream: Iterator[Numbered] = (
                    r for p in parts for r in iter_batch(var.rules, var.source, specs, seed, p))
            else:
                stream = (r for batch in where.batches(
                    play_batch, (var.rules, var.source, specs, seed), parts) for r in batch)
            for record in stream:
                tally.add(record)
                if keep:
                    kept.append(record)
                if on_record is not None:
                    on_record(record)
                done += 1
                if progress is not None:
                    progress(done)
            if looks is not None:
                figures = tally.figures(looks.z)
                if closeness_note is not None:
                    closeness_note(done, *closeness(figures, looks.target))
                if reached(figures, looks.target):
                    reached_it = True
                    break
        how = where.how
    took = time.perf_counter() - start
    summary = tally.summary(looks.z) if looks is not None else tally.summary()
    return Run(summary, kept, took, how, looks, reached_it)
