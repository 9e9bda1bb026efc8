"""Tournaments: many games between bots, seats rotated, on one core, a process pool or Dask.

Game ``i`` of a run with seed ``s`` is dealt from seed ``s + i`` and seats the line-up rotated
by ``i`` places (seat ``k`` gets bot ``(k + i) mod n``), so over ``n`` games every bot sits in
every seat once. A game depends on nothing but its variant, line-up and seed, so a run gives
the same results serially, on a process pool fed batches of games, or on a Dask cluster.
"""

from __future__ import annotations

import collections
import itertools
import math
import multiprocessing
import os
import sys
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from typing import IO, Any, Protocol, TypedDict, TypeVar

from engine.bots import Bot, make_bot
from engine.chance import seat_seed
from engine.errors import MediciError
from engine.game import Game, new_game
from engine.rules import Variant, load_variant, variant_from_rules
from engine.simulate import play_random
from engine.stats import Running, share_text
from engine.text import fit_table, wrap_words
from engine.views import Summary

RANDOM = "random"

T = TypeVar("T")
P = TypeVar("P")
T_co = TypeVar("T_co", covariant=True)


class Played(Summary):
    """One game of a run: ``Game.summary()`` (with the game's own tallies) and who played."""

    bots: list[str]
    """The bot spec of each seat."""
    seed: int


class Numbered(Played):
    """A game of a run, numbered: game ``game`` of the run (its seed and seats follow)."""

    game: int


class Figures(TypedDict):
    """Win share with its Wilson interval, mean final money with its normal one (``_figures``)."""

    win_share: float
    win_share_ci95: float
    win_share_ci95_low: float
    win_share_ci95_high: float
    mean_money: float
    mean_money_ci95: float


class BotFigures(Figures):
    """A bot's figures: over every seat it held."""

    bot: str
    seats: int
    games: int


class SeatFigures(Figures):
    """A seat's figures, whichever bot sat there."""

    seat: int


class RunSummary(TypedDict):
    """What ``summarise`` and ``Tally.summary`` give (``medici simulate --json``)."""

    variant: str
    players: int
    games: int
    seed: int
    lineup: list[str]
    balanced: bool
    fair_share: float
    bots: list[BotFigures]
    seats: list[SeatFigures]


class RunReport(RunSummary):
    """``Run.as_dict``: the summary, the time and how it ran."""

    seconds: float
    workers: str


class RunResults(RunReport):
    """``Run.as_dict(results=True)``: the report and every game."""

    results: list[Numbered]


class TournamentError(MediciError, ValueError):
    """A tournament that cannot be run as asked (bad line-up, missing Dask, ...)."""


# -- one game -----------------------------------------------------------------------------------
bot_seed = seat_seed
"""The seed of the bot in a seat (``engine.bots.seat_seed``, shared with the shell)."""


def play_game(variant: str | Variant, bots: Sequence[str], seed: int) -> Played:
    """One game with ``bots[k]`` in seat ``k``: ``game.summary()`` plus ``bots`` and ``seed``.

    Each bot sees only its player's view (``Game.view(seat)``). A line-up of random bots
    plays ``engine.simulate.play_random``, so it matches plain random simulation.
    """
    var = variant if isinstance(variant, Variant) else load_variant(variant)
    specs = list(bots)
    if all(spec == RANDOM for spec in specs):
        game = play_random(var, len(specs), seed)
    else:
        game = new_game(var, len(specs), seed=seed)
        players = [make_bot(spec, bot_seed(seed, seat)) for seat, spec in enumerate(specs)]
        _play(game, players)
    return {**game.summary(), "bots": specs, "seed": seed}


def _play(game: Game, players: list[Bot]) -> None:
    # The fast path: ``Bot.choose`` checks its move against the legal list it is given here,
    # the list of this very state, so the move needs no second check.
    push = game.push
    variant = game.variant
    while not game.is_over:
        seat = game.current_player
        assert seat is not None
        push(players[seat].choose(game.view(seat), game.legal_actions(), variant))


def lineup(bots: Sequence[str], index: int) -> list[str]:
    """The seats of game ``index``: the line-up rotated by ``index`` places."""
    n = len(bots)
    return [bots[(seat + index) % n] for seat in range(n)]


def play_batch(
    rules: dict[str, Any], source: str, bots: Sequence[str], seed: int, indexes: Sequence[int]
) -> list[Numbered]:
    """Games ``indexes`` of a run (for a worker process or a Dask worker).

    The variant travels as its resolved rules, so workers need no rules files of their own.
    """
    return list(iter_batch(rules, source, bots, seed, indexes))


def iter_batch(
    rules: dict[str, Any], source: str, bots: Sequence[str], seed: int, indexes: Iterable[int]
) -> Iterator[Numbered]:
    """``play_batch`` one game at a time: each record as its game ends (nothing held)."""
    var = variant_from_rules(rules, source)
    for i in indexes:
        yield {**play_game(var, lineup(bots, i), seed + i), "game": i}


# -- statistics ---------------------------------------------------------------------------------
def win_shares(record: Summary) -> list[float]:
    """Each seat's share of a game's victory (G-4: equal money shares it)."""
    winners = record["winners"]
    return [1 / len(winners) if s in winners else 0.0 for s in range(len(record["money"]))]


def _figures(shares: Running, money: Running) -> Figures:
    """Win share with its Wilson interval (a proportion), mean money with its normal one.

    ``*_ci95`` is the interval's half-width, ``*_ci95_low``/``*_ci95_high`` its ends (a
    Wilson interval is not centred on the share: 8 wins of 8 gives 67.6% to 100%).
    """
    share = shares.share()
    cash = money.normal()
    return {
        "win_share": round(share.mean, 4),
        "win_share_ci95": round(share.half, 4),
        "win_share_ci95_low": round(share.low, 4),
        "win_share_ci95_high": round(share.high, 4),
        "mean_money": round(cash.mean, 2),
        "mean_money_ci95": round(cash.half, 2),
    }


class Tally:
    """A run's summary kept as games finish: ``add`` each game's record, ``summary()`` at
    any time. Memory stays the same however many games are added (a few numbers per bot
    and seat), so a run, or a league of runs, can stream its games instead of keeping them.

    ``summarise(records, ...)`` is a Tally fed every record.
    """

    def __init__(self, bots: Sequence[str], variant: str, seed: int = 1) -> None:
        self.bots = list(bots)
        self.variant = variant
        self.seed = seed
        self.games = 0
        self.per_bot: dict[str, tuple[Running, Running]] = {}
        for spec in self.bots:
            self.per_bot.setdefault(spec, (Running(), Running()))
        self.per_seat = [(Running(), Running()) for _ in self.bots]

    def add(self, record: Played) -> None:
        """Count one finished game (a ``play_game`` record: ``bots``, ``money``, ``winners``)."""
        shares = win_shares(record)
        for seat, spec in enumerate(record["bots"]):
            money = record["money"][seat]
            bot = self.per_bot[spec]
            bot[0].add(shares[seat])
            bot[1].add(money)
            self.per_seat[seat][0].add(shares[seat])
            self.per_seat[seat][1].add(money)
        self.games += 1

    def summary(self) -> RunSummary:
        """What ``summarise`` gives for the games added so far."""
        n = len(self.bots)
        return {
            "variant": self.variant,
            "players": n,
            "games": self.games,
            "seed": self.seed,
            "lineup": list(self.bots),
            "balanced": self.games % n == 0,
            "fair_share": round(1 / n, 4),
            "bots": [
                {"bot": spec, "seats": self.bots.count(spec), "games": s.n, **_figures(s, m)}
                for spec, (s, m) in self.per_bot.items()
            ],
            "seats": [
                {"seat": k + 1, **_figures(s, m)} for k, (s, m) in enumerate(self.per_seat)
            ],
        }


def summarise(
    records: Iterable[Played], bots: Sequence[str], variant: str, seed: int = 1
) -> RunSummary:
    """Win share and mean final money, with 95% intervals, per bot and per seat.

    A bot listed twice counts once per seat it holds: its win share is per game and seat,
    so every entry's fair share is one over the number of players.
    """
    tally = Tally(bots, variant, seed)
    for record in records:
        tally.add(record)
    return tally.summary()


# -- running ----------------------------------------------------------------------------------
@dataclass
class Run:
    """A finished run: the summary, every game's record in order, and how it ran."""

    summary: RunSummary
    records: list[Numbered] = field(default_factory=list)
    seconds: float = 0.0
    workers: str = "serial"

    def as_dict(self, results: bool = False) -> RunReport:
        """JSON-ready: the summary with the time and how it ran; with ``results``, every game."""
        out: RunReport = {**self.summary, "seconds": round(self.seconds, 3),
                          "workers": self.workers}
        if results:
            every: RunResults = {**out, "results": self.records}
            return every
        return out


class Progress:
    """A one-line progress bar on a terminal: games done, the rate and the time left.

    It draws only when ``stream`` is a terminal, and only once a run has taken a second,
    so short runs and redirected output stay clean.
    """

    def __init__(self, total: int, stream: IO[str] | None = None, delay: float = 1.0) -> None:
        self.total = total
        self.stream = sys.stderr if stream is None else stream
        isatty = getattr(self.stream, "isatty", None)
        self.enabled = bool(isatty and isatty())
        self.start = time.perf_counter()
        self.delay = delay
        self.drawn = 0.0
        self.shown = False

    def update(self, done: int) -> None:
        """Show that ``done`` games are finished (at most ten redraws a second)."""
        if not self.enabled:
            return
        now = time.perf_counter()
        took = now - self.start
        if took < self.delay or (now - self.drawn < 0.1 and done < self.total):
            return
        self.drawn = now
        rate = done / took if took else 0.0
        left = (self.total - done) / rate if rate else math.inf
        width = 24
        fill = int(width * done / self.total) if self.total else width
        eta = f"{left:.0f}s left" if math.isfinite(left) else "--"
        self.stream.write(
            f"\r[{'#' * fill}{'.' * (width - fill)}] {done}/{self.total} games "
            f"{rate:.1f}/s {eta}  "
        )
        self.stream.flush()
        self.shown = True

    def close(self) -> None:
        """End the bar's line, if one was drawn (once, however often it is called)."""
        if self.shown:
            self.stream.write("\n")
            self.stream.flush()
            self.shown = False


def game_cost(bots: Sequence[str]) -> float:
    """A rough guess of the milliseconds one game of this line-up takes."""
    if any(b.startswith("mcts") for b in bots):
        return 20_000.0
    if any(b != RANDOM for b in bots):
        return 40.0
    return 2.0


MAX_GAMES = 10_000_000
"""The most games one run plays (days of play for random bots; split longer studies)."""

MAX_JOBS = 256
"""The most processes or Dask workers one run starts (``--jobs 1000000`` is no fork bomb)."""

WINDOW = 4
"""Batches in flight per worker: enough to keep every worker busy, few enough that the
batches finished ahead of the one a run waits for take little memory."""

BATCH_MS = 500.0
"""About how long a batch should take: long enough to pay for sending it, short enough
that the work evens out across workers and the progress bar moves."""


def batches(games: int, workers: int, bots: Sequence[str]) -> list[list[int]]:
    """Game indexes cut into batches: several per worker, so the work evens out.

    A run too small to pay for starting processes comes back as one batch (played here).
    (A list, for a look at small runs; runs themselves take ``batch_ranges`` lazily.)
    """
    return [list(part) for part in batch_ranges(games, workers, bots)]


def batch_ranges(games: int, workers: int, bots: Sequence[str]) -> Iterator[range]:
    """``batches`` as ranges, made one at a time: a run of any size costs no memory up front."""
    cost = game_cost(bots)
    if workers <= 1 or games * cost < 2 * BATCH_MS:
        yield range(games)
        return
    size = max(1, min(math.ceil(BATCH_MS / cost), math.ceil(games / (workers * 4))))
    for i in range(0, games, size):
        yield range(i, min(games, i + size))


def check_games(games: int, seed: int) -> None:
    """Refuse a number of games or a first seed a run cannot use, saying what would do.

    Game ``i`` is dealt from seed ``seed + i``, so the last game's seed must still be a
    64-bit seed; ``MAX_GAMES`` bounds a run (longer studies are several runs).
    """
    if games.__class__ is not int or not 1 <= games <= MAX_GAMES:
        raise TournamentError(
            f"games must be at least 1 and at most {MAX_GAMES} (split a longer study into "
            f"runs with different seeds), got {games}"
        )
    if seed.__class__ is not int or not 0 <= seed or seed + games - 1 >= 2**64:
        raise TournamentError(
            f"seed must be from 0 to 2**64 - {games} for {games} games (game i is dealt "
            f"from seed SEED+i, a whole number below 2**64), got {seed}"
        )


def check_lineup(variant: Variant, bots: Sequence[str]) -> None:
    """Refuse a line-up of the wrong size or with an unknown bot, saying what would do."""
    counts = list(variant.logic.player_counts())
    if len(bots) not in counts:
        raise TournamentError(
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
) -> Run:
    """Play ``games`` games of ``bots`` (seats rotated) and summarise them.

    ``jobs`` processes on this machine (None: one per core; 1: in this process); or a Dask
    cluster: ``scheduler`` is its address (``tcp://host:8786``), ``dask_local`` starts a
    local one with ``jobs`` workers. ``progress`` is called with the number of games done.

    Games stream: each record is counted in a ``Tally``, passed to ``on_record`` (in game
    order, as games finish) and kept in ``Run.records`` only if ``keep``; with
    ``keep=False`` memory does not grow with ``games``.
    """
    var = variant if isinstance(variant, Variant) else load_variant(variant)
    specs = [b.strip() for b in bots]
    check_lineup(var, specs)
    check_games(games, seed)
    if scheduler and dask_local:
        raise TournamentError("give a Dask scheduler address or a local Dask cluster, not both")
    workers = (os.cpu_count() or 1) if jobs is None else jobs
    if not 1 <= workers <= MAX_JOBS:
        raise TournamentError(f"jobs must be at least 1 and at most {MAX_JOBS}, got {jobs}")
    tally = Tally(specs, var.name, seed)
    kept: list[Numbered] = []
    start = time.perf_counter()
    stream, how = _stream(var, specs, seed, games, workers, scheduler, dask_local)
    done = 0
    for record in stream:
        tally.add(record)
        if keep:
            kept.append(record)
        if on_record is not None:
            on_record(record)
        done += 1
        if progress is not None:
            progress(done)
    took = time.perf_counter() - start
    return Run(tally.summary(), kept, took, how)


def _stream(
    var: Variant, bots: list[str], seed: int, games: int, workers: int,
    scheduler: str | None, dask_local: bool,
) -> tuple[Iterator[Numbered], str]:
    """Every game's record in game order, played where asked, and how it is played."""
    parts = batch_ranges(games, workers, bots)
    if scheduler or dask_local:
        return _run_dask(var, bots, seed, parts, workers, scheduler)
    first = next(parts)
    if workers == 1 or len(first) == games:
        serial = itertools.chain([first], parts)
        return (r for p in serial for r in iter_batch(var.rules, var.source, bots, seed, p)), \
            "serial"
    used = min(workers, math.ceil(games / len(first)))
    batches = in_processes(play_batch, (var.rules, var.source, bots, seed),
                           itertools.chain([first], parts), used)
    return (record for batch in batches for record in batch), f"{used} processes"


class _Pending(Protocol[T_co]):
    """A batch submitted to a pool or a cluster (a ``concurrent.futures`` or Dask future)."""

    def result(self) -> T_co:
        """The batch's results, once it is done."""
        ...


def _in_order(submit: Callable[[P], _Pending[list[T]]], parts: Iterable[P], window: int
              ) -> Iterator[list[T]]:
    """The results of batches submitted ahead (at most ``window`` in flight), a batch at a
    time in the order of ``parts``: the oldest batch is waited for while the others run on."""
    pending: collections.deque[_Pending[list[T]]] = collections.deque()
    for part in parts:
        pending.append(submit(part))
        if len(pending) >= window:
            yield pending.popleft().result()
    while pending:
        yield pending.popleft().result()


def in_processes(work: Callable[..., list[T]], args: Sequence[object], parts: Iterable[P],
                 workers: int) -> Iterator[list[T]]:
    """``work(*args, part)`` for each of ``parts`` on a pool of ``workers`` processes, each
    part's results in the order of ``parts``, a few parts per process in flight (``WINDOW``):
    the runner of ``run`` and of ``engine.compare``. ``work`` and ``args`` must pickle (a
    variant travels as its resolved rules)."""
    # Not a plain fork: this process may hold threads (a Dask client's, a caller's), and a
    # forked copy of a lock held by another thread never comes free.
    methods = multiprocessing.get_all_start_methods()
    context = multiprocessing.get_context("forkserver" if "forkserver" in methods else None)
    with ProcessPoolExecutor(max_workers=workers, mp_context=context) as pool:
        yield from _in_order(lambda part: pool.submit(work, *args, part), parts,
                             workers * WINDOW)


def _run_dask(
    var: Variant, bots: list[str], seed: int, parts: Iterator[range], workers: int,
    scheduler: str | None,
) -> tuple[Iterator[Numbered], str]:
    try:
        from distributed import Client, LocalCluster
    except ImportError:
        raise TournamentError(
            "Dask is not installed: pip install 'medici[dask]' (or dask[distributed])"
        ) from None
    cluster = None
    if scheduler:
        try:
            client = Client(scheduler, timeout="15s")
        except (OSError, TimeoutError) as err:
            raise TournamentError(
                f"cannot reach the Dask scheduler at {scheduler}: {err}"
            ) from None
        how = f"Dask at {scheduler}"
    else:
        cluster = LocalCluster(
            n_workers=workers, threads_per_worker=1, processes=True, dashboard_address=None,
        )
        client = Client(cluster)
        how = f"local Dask cluster of {workers} workers"

    def stream() -> Iterator[Numbered]:
        try:
            with client:
                width = max(1, len(client.scheduler_info().get("workers", {})) or workers)
                for batch in _in_order(
                    lambda p: client.submit(
                        play_batch, var.rules, var.source, bots, seed, p, pure=False
                    ),
                    parts, width * WINDOW,
                ):
                    yield from batch
        finally:
            if cluster is not None:
                cluster.close()

    return stream(), how


# -- output ---------------------------------------------------------------------------------
CSV_FIELDS = ("game", "seed", "seat", "bot", "money", "won", "win_share")


def csv_rows(records: Iterable[Numbered]) -> Iterator[dict[str, object]]:
    """One row per game and seat, for ``--csv``."""
    for record in records:
        shares = win_shares(record)
        for seat, spec in enumerate(record["bots"]):
            yield {
                "game": record["game"],
                "seed": record["seed"],
                "seat": seat + 1,
                "bot": spec,
                "money": record["money"][seat],
                "won": int(shares[seat] > 0),
                "win_share": round(shares[seat], 4),
            }


def report(run_: Run, width: int | None = None) -> str:
    """The summary as a text table: per bot, then per seat; laid out for ``width`` columns
    (None: one line a row, as for a pipe)."""
    s = run_.summary
    lines = [
        f"{s['games']} games of {s['variant']}, {s['players']} players "
        f"({', '.join(s['lineup'])}; seats rotate), {run_.seconds:.2f} s, {run_.workers}"
    ]
    if not s["balanced"]:
        lines.append(
            f"note: {s['games']} games is not a multiple of {s['players']}, so the seats "
            "are not perfectly balanced between the bots"
        )
    lines.append(f"fair share {100 * s['fair_share']:.1f}%")
    lines = [part for line in lines for part in wrap_words(line, width)]
    head = "win share (95% CI)"
    label = max(8, *(len(b["bot"]) for b in s["bots"]))
    bots = [[b["bot"].ljust(label), str(b["seats"]), _pct(b), _money(b)] for b in s["bots"]]
    seats = [[str(row["seat"]).ljust(label), "", _pct(row), _money(row)] for row in s["seats"]]
    aligns = ["<", ">", "<", ">"]
    # One table, the seats' own header a row of it, so both parts keep the same columns.
    lines += fit_table(["bot", "seats", head, "mean money"],
                       [*bots, ["seat".ljust(label), "", head, "mean money"], *seats],
                       width, aligns)
    return "\n".join(lines)


def _pct(row: Figures) -> str:
    return share_text(row["win_share"], row["win_share_ci95_low"], row["win_share_ci95_high"], 5)


def _money(row: Figures) -> str:
    return f"{row['mean_money']:>7.1f} ± {row['mean_money_ci95']:.1f}"
