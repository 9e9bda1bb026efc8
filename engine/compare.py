"""Comparing two variants by simulation: the same seeds for both, the differences that matter.

Game ``i`` of each variant is played with seed ``seed + i``, so the two samples are paired
and each difference gets a paired 95% interval (tighter than two independent ones). Shares
get Wilson score intervals (``engine.stats``), money figures normal ones.
Measured per game: the winner's money, the margin over second place, the spread from
first to last, whether the first start player won, each seat's share of the victory, and
the share of scoring periods that ended each way (Medici's days: by full ships or by an
empty pile, M-12).
"""

from __future__ import annotations

import io
import os
import time
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, NamedTuple

from engine.bots import make_bot
from engine.records.store import atomic_write
from engine.registry import find
from engine.rules import Variant, load_variant, variant_from_rules
from engine.stats import Interval, Running, share_text
from engine.text import fit_table, wrap_words
from engine.tournament import MAX_JOBS, check_games, in_processes, play_game
from engine.views import Summary

if TYPE_CHECKING:
    from matplotlib.axes import Axes


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

RANDOM = "random"
"""The bot spec of uniformly random play (``compare``'s default in the API)."""


class GameResult(NamedTuple):
    """What a comparison keeps of one finished game."""

    money: tuple[int, ...]
    winners: tuple[int, ...]
    period_ends: tuple[str, ...]
    """How each scoring period ended (M-12: ``full_ships``, ``empty_pile``)."""
    start_player: int | None

    @classmethod
    def from_summary(cls, summary: Summary) -> GameResult:
        """From ``Game.summary()`` (or ``engine.tournament.play_game``'s dict); who started
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

    def measures(self) -> list[Measure]:
        """Every figure, in report order; figures no game pair gave are left out."""
        out = [
            self._measure(key, label, kind, self.pairs[key])
            for key, label, kind, _ in self.fixed
        ]
        periods = periods_of(self.game)
        for kind, pair in self.ends.items():
            label = f"{periods} ended by {kind.replace('_', ' ')}"
            out.append(self._measure(f"{periods}_{kind}", label, "share", pair))
        return [m for m in out if m.games]

    @staticmethod
    def _measure(key: str, label: str, kind: str, pair: _Pair) -> Measure:
        if kind == "share":
            a, b = pair.a.share(), pair.b.share()
        else:
            a, b = pair.a.normal(), pair.b.normal()
        return Measure(key, label, kind, a, b, pair.diff.normal(), pair.diff.n)


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

    @property
    def games(self) -> int:
        """Games played of each variant."""
        return self.tally.games if self.tally is not None else len(self.results_a)

    def measures(self) -> list[Measure]:
        """Every figure, in report order."""
        return self._tally().measures()

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
    """One bot spec per seat: ``greedy`` for every seat, or ``greedy,random,...`` per seat."""
    specs = bots.split(",") if isinstance(bots, str) else list(bots)
    specs = [s.strip().lower() for s in specs]
    if any(not s for s in specs):
        raise ValueError(f"--bots: empty bot name in {bots!r}")
    if len(specs) == 1:
        return tuple(specs * players)
    if len(specs) != players:
        raise ValueError(
            f"--bots: {len(specs)} bots for {players} players: give one bot for every seat, "
            "or one for all"
        )
    return tuple(specs)


def _check_bots(bots: tuple[str, ...]) -> None:
    """Refuse unknown bot specs before any game is played."""
    for spec in sorted(set(bots)):
        try:
            make_bot(spec, seed=0)
        except ValueError as exc:
            raise ValueError(f"--bots: {exc}") from exc


def play_one(variant: str | Variant, bots: Sequence[str], seed: int) -> GameResult:
    """One game of a variant with ``bots[k]`` in seat ``k``, through
    ``engine.tournament.play_game`` (all-random seats play ``engine.simulate.play_random``)."""
    return GameResult.from_summary(play_game(variant, list(bots), seed))


def _play_chunk(rules: dict[str, Any], source: str, bots: tuple[str, ...],
                seeds: range) -> list[GameResult]:
    var = variant_from_rules(rules, source)
    return [play_one(var, bots, seed) for seed in seeds]


def _chunks(seeds: range, jobs: int) -> Iterator[range]:
    """The seeds in a few chunks per process, at most 256 each: batches for the pool."""
    size = max(1, min(256, -(-len(seeds) // (jobs * 4))))
    return (seeds[i : i + size] for i in range(0, len(seeds), size))


def play_many(
    ref: str | Variant,
    bots: tuple[str, ...],
    seeds: Sequence[int],
    jobs: int = 1,
    progress: Callable[[int], None] | None = None,
) -> list[GameResult]:
    """Play one game per seed, in ``jobs`` processes (``engine.tournament.in_processes``);
    results in seed order either way."""
    var = ref if isinstance(ref, Variant) else load_variant(ref)
    order = list(seeds)
    if jobs <= 1 or len(order) < 2:
        out = []
        for seed in order:
            out.append(play_one(var, bots, seed))
            if progress is not None:
                progress(1)
        return out
    results: list[GameResult] = []
    for part in in_processes(_play_chunk, (var.rules, var.source, bots),
                             (range(s, s + 1) for s in order), jobs):
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
    a: Variant, b: Variant, bots: tuple[str, ...], seeds: range, jobs: int = 1
) -> Iterator[list[tuple[GameResult, GameResult]]]:
    """Game ``i`` of A and of B for each seed, in seed order, a chunk at a time, in ``jobs``
    processes (``engine.tournament.in_processes``, the runner ``medici simulate`` uses: a
    variant travels as its resolved rules; at most a few chunks per process are in flight,
    so nothing piles up)."""
    if jobs <= 1 or len(seeds) < 2:
        step = 64
        for start in range(0, len(seeds), step):
            yield [(play_one(a, bots, s), play_one(b, bots, s))
                   for s in seeds[start : start + step]]
        return
    yield from in_processes(_play_pair_chunk, (a.rules, a.source, b.rules, b.source, bots),
                            _chunks(seeds, jobs), jobs)


def compare(
    a: str,
    b: str,
    players: int | None = None,
    bots: str | Sequence[str] = RANDOM,
    games: int = 1000,
    seed: int = 1,
    jobs: int = 1,
    game: str | None = None,
    progress: Callable[[int, int], None] | None = None,
    *,
    keep: bool = True,
) -> Comparison:
    """Play ``games`` games of each variant with seeds ``seed .. seed + games - 1``.

    ``game``, if given, is the game both variants must be of; ``players`` defaults to 4
    when both variants allow it; ``jobs`` 0 uses every core. Raises ValueError for
    arguments that do not fit, RulesError for a variant that does not load.

    Games stream into a ``PairedTally``; ``keep`` also keeps every result in
    ``results_a``/``results_b`` (``keep=False``: memory does not grow with ``games``).
    """
    if games < 1:
        raise ValueError(f"--games must be at least 1, got {games}")
    check_games(games, seed)
    if not 0 <= jobs <= MAX_JOBS:
        raise ValueError(f"--jobs must be 0 (every core) or more, at most {MAX_JOBS}, got {jobs}")
    va, vb = load_variant(a), load_variant(b)
    for ref, var in ((a, va), (b, vb)):
        if game is not None and var.game != game:
            raise ValueError(f"{ref} is a {var.game} variant, not {game}")
    if va.game != vb.game:
        raise ValueError(f"{a} is a {va.game} variant but {b} is {vb.game}: compare like with like")
    count = _players(va, vb, players)
    seats = bot_list(bots, count)
    _check_bots(seats)
    workers = (os.cpu_count() or 1) if jobs == 0 else jobs
    start = time.perf_counter()
    tally = PairedTally(count, va.game)
    result = Comparison(a=va.name, b=vb.name, game=va.game, players=count, bots=seats, seed=seed)
    done = 0
    for chunk in play_pairs(va, vb, seats, range(seed, seed + games), workers):
        for ra, rb in chunk:
            tally.add(ra, rb)
            if keep:
                result.results_a.append(ra)
                result.results_b.append(rb)
        done += 2 * len(chunk)
        if progress is not None:
            progress(done, 2 * games)
    result.tally = tally
    result.seconds = time.perf_counter() - start
    return result


def _players(va: Variant, vb: Variant, players: int | None) -> int:
    counts_a = list(va.logic.player_counts())
    counts_b = list(vb.logic.player_counts())
    both = sorted(set(counts_a) & set(counts_b))
    if not both:
        raise ValueError(
            f"{va.name} plays with {counts_a} players and {vb.name} with {counts_b}: "
            "no player count in common"
        )
    if players is None:
        return 4 if 4 in both else both[0]
    if players not in both:
        raise ValueError(
            f"--players {players}: both variants play with {', '.join(map(str, both))} players"
        )
    return players


# -- reporting ------------------------------------------------------------------------


def _figure(m: Measure, value: Interval, signed: bool = False) -> str:
    if m.kind == "share" and not signed:
        return share_text(value.mean, value.low, value.high)
    sign = "+" if signed else ""
    if m.kind == "share":
        return f"{100 * value.mean:{sign}.1f}% ± {100 * value.half:.1f}%"
    return f"{value.mean:{sign}.1f} ± {value.half:.1f}"


def format_report(cmp: Comparison, width: int | None = None) -> str:
    """The comparison as a table: A, B and the paired difference B - A for every figure,
    laid out for ``width`` columns (None: one line a figure, as for a pipe)."""
    bots = _bots_text(cmp.bots)
    lines = [
        f"A = {cmp.a}, B = {cmp.b}: {cmp.games} games each, {cmp.players} players, {bots}, "
        f"seeds {cmp.seed}..{cmp.seed + cmp.games - 1} for both ({cmp.seconds:.1f} s)",
        "",
    ]
    lines = [part for line in lines for part in wrap_words(line, width)]
    rows = [(m.label, _figure(m, m.a), _figure(m, m.b), _figure(m, m.diff, True)
             + (" *" if m.significant else "")) for m in cmp.measures()]
    head = ("", f"A {cmp.a}", f"B {cmp.b}", "B - A")
    lines += fit_table(head, rows, width, aligns=["<", ">", ">", "<"])
    notes = ["", "(low-high%): 95% Wilson score interval of a share; ± : half-width of the "
             "95% confidence interval;", "* : the difference's interval leaves out 0"]
    lines += [part for line in notes for part in wrap_words(line, width)]
    return "\n".join(lines) + "\n"


def _bots_text(bots: tuple[str, ...]) -> str:
    if len(set(bots)) == 1:
        return f"{bots[0]} bots"
    return "bots " + ", ".join(bots)


_EIGHTHS = " ▏▎▍▌▋▊▉█"


def _bar(fraction: float, width: int, fancy: bool) -> str:
    fraction = min(max(fraction, 0.0), 1.0)
    if not fancy:
        return "#" * round(fraction * width)
    eighths = round(fraction * width * 8)
    return "█" * (eighths // 8) + (_EIGHTHS[eighths % 8] if eighths % 8 else "")


CHART_BAR = 40
"""The longest bar of the text chart, in columns (less on a narrow terminal)."""


def text_chart(cmp: Comparison, width: int = CHART_BAR, fancy: bool = True,
               columns: int | None = None) -> str:
    """A bar chart for the terminal: each figure of A above the same figure of B.

    ``width`` is the longest bar; ``columns`` the terminal's width (None: a pipe). Where a
    line of label, bar and figure would not fit, the bars grow shorter (down to 10 columns)
    and then each label stands on a line of its own above its two bars.
    """
    measures = cmp.measures()
    groups = [
        ("Who wins (share of games, shared victories split)",
         [m for m in measures if m.key.endswith("_wins")]),
        (f"How {periods_of(cmp.game)} end: share of them",
         [m for m in measures if m.key.startswith(f"{periods_of(cmp.game)}_")]),
        (f"Money ({money_of(cmp.game)})", [m for m in measures if m.kind == "money"]),
    ]
    label_w = max((len(m.label) for m in measures), default=0)
    figure_w = max((len(_figure(m, v)) for m in measures for v in (m.a, m.b)), default=0)
    own_line = False
    if columns is not None:
        room = columns - (2 + label_w + 3 + 1 + figure_w)
        if room < 10:
            own_line, label_w = True, 0
            room = columns - (4 + 1 + figure_w)
        width = max(5, min(width, room))
    lines: list[str] = []
    for title, group in groups:
        if not group:
            continue
        lines += wrap_words(title, columns)
        top = 1.0 if group[0].kind == "share" else max(
            max(m.a.high, m.b.high) for m in group
        ) or 1.0
        for m in group:
            if own_line:
                lines.append(f"  {m.label}")
            for tag, value in (("A", m.a), ("B", m.b)):
                label = m.label if tag == "A" and not own_line else ""
                bar = _bar(value.mean / top, width, fancy)
                lines.append(
                    f"  {label:<{label_w}} {tag} {bar:<{width}} {_figure(m, value)}".rstrip()
                    if not own_line else f"  {tag} {bar:<{width}} {_figure(m, value)}".rstrip()
                )
        lines.append("")
    return "\n".join(lines)


def plot_png(cmp: Comparison, path: str | os.PathLike[str]) -> None:
    """Draw the comparison into a PNG file (needs matplotlib: ``pip install 'medici[plot]'``).

    Raises ImportError when matplotlib is not installed, OSError when ``path`` cannot be
    written or is not a regular file (``engine.records.store.check_target``).
    """
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    measures = {m.key: m for m in cmp.measures()}
    colours = ("#3b6ea8", "#c4553a")
    fig, axes = plt.subplots(2, 2, figsize=(11, 8))
    fig.suptitle(
        f"A = {cmp.a} vs B = {cmp.b}: {cmp.games} games each, {cmp.players} players, "
        f"{_bots_text(cmp.bots)} (bars: 95% CI)"
    )

    def bars(ax: Axes, keys: list[str], names: list[str], scale: float, ylabel: str) -> None:
        xs = range(len(keys))
        for i, (side, colour) in enumerate(zip(("a", "b"), colours, strict=True)):
            values = [getattr(measures[k], side) for k in keys]
            ax.bar(
                [x + (i - 0.5) * 0.4 for x in xs],
                [scale * v.mean for v in values],
                0.4,
                # A Wilson interval is not centred on the share: the error bars say so.
                yerr=[[scale * (v.mean - v.low) for v in values],
                      [scale * (v.high - v.mean) for v in values]],
                color=colour,
                capsize=3,
                label=f"{side.upper()} {getattr(cmp, side)}",
            )
        ax.set_xticks(list(xs), names)
        ax.set_ylabel(ylabel)
        ax.legend(fontsize="small")

    wins = ["start_player_wins"] + [f"seat_{s + 1}_wins" for s in range(cmp.players)]
    wins = [k for k in wins if k in measures]
    bars(axes[0][0], wins, [measures[k].label.replace(" wins", "") for k in wins], 100,
         "wins (%)")
    axes[0][0].axhline(100 / cmp.players, color="grey", linewidth=0.8, linestyle="--")
    axes[0][0].set_title("Who wins")
    periods = periods_of(cmp.game)
    ends = [k for k in measures if k.startswith(f"{periods}_")]
    if ends:
        bars(axes[0][1], ends,
             [measures[k].label.replace(f"{periods} ended by ", "") for k in ends],
             100, f"{periods} (%)")
    axes[0][1].set_title(f"How {periods} end")
    money = ["winning_money", "winning_margin", "score_spread"]
    bars(axes[1][0], money, ["winning money", "margin 1st-2nd", "spread 1st-last"], 1,
         money_of(cmp.game))
    axes[1][0].set_title("Money at the end")
    ax = axes[1][1]
    tops = cmp.winning_money()
    lo, hi = min(min(t) for t in tops), max(max(t) for t in tops)
    step = max(1, -(-(hi - lo + 1) // 30))
    edges = list(range(lo, hi + step + 1, step))  # the same bins for both, so they compare
    for counts, colour, name in zip(tops, colours, (cmp.a, cmp.b), strict=True):
        ax.hist(list(counts), bins=edges, weights=list(counts.values()), histtype="step",
                color=colour, label=name, linewidth=1.5)
    ax.set_xlabel("winning money")
    ax.set_ylabel("games")
    ax.set_title("Distribution of the winner's money")
    ax.legend(fontsize="small")
    fig.tight_layout()
    picture = io.BytesIO()
    fig.savefig(picture, format="png", dpi=100)
    # Whole or not at all, and never over a device or FIFO (it would block or be replaced).
    atomic_write(Path(path), picture.getvalue())
    plt.close(fig)
