"""Ratings: every level and style of the field on one scale, fitted from games at mixed tables.

A rating league plays three kinds of games, each a block of games with seats rotated
(``engine.tournament.run``), all seeded from one seed:

- the ladder: each level in one seat against the level below in every other seat (three of
  them at 4 players), so each step up says how much stronger it is, as a win share with
  its interval;
- the face test: the weakest level in one seat against ``face`` in every other;
- mixed tables: tables of different bots drawn from every level, the field's styles and
  ``greedy`` (a seeded draw), a full rotation of seats each.

Every game's finishing order (by final money, ties sharing a place) goes into openskill's
Plackett-Luce model (Weng and Lin's Bayesian approximation for multiplayer rankings), in a
seeded shuffled order, with no drift (``tau`` 0: a bot's strength does not change between
games), so each bot's rating comes with its uncertainty: the rating's 95% interval is
``mu +- 1.96 sigma``.

Searches cost a thousand times more a game than the rest, so blocks with a search seat play
``search_games`` where the others play ``games``.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from engine.bots import FIELD, check_spec
from engine.bots.levels import NAMES as LEVELS
from engine.bots.mcts import DEFAULT_ITERATIONS
from engine.chance import Rng
from engine.rules import Variant
from engine.stats import share_interval_of, share_text
from engine.text import fit_table, wrap_words
from engine.tournament import Numbered, TournamentError, check_games, run

PLAYED_AS = {"master": f"mcts:{DEFAULT_ITERATIONS}"}
"""Levels played by another spec in a rating league: ``master`` is the default search,
whose 1000 iterations stop at 0.9 s; played by its iterations alone, a busy machine cannot
change its moves (on an idle one they are the same moves)."""
REFERENCE = ("greedy",)
"""Bots rated beside the levels and the field (``mcts`` is ``master``)."""
SEARCHES = ("master", "mcts")
"""Bots whose games cost a search a move (played ``search_games`` at a time)."""
APART = 2.0
"""Adjacent levels are apart when the upper wins at least this many times the lower's
odds as the single seat: 2 to 1, which is 40% against three of the level below at 4
players (even 25%) and two thirds heads-up (even 50%)."""


def apart_share(players: int) -> float:
    """The win share a level needs as the single seat against ``players - 1`` of the level
    below to be apart from it (``APART``): 40% at 4 players, 2/3 heads-up."""
    rivals = players - 1
    return APART / (APART + rivals)


@dataclass(frozen=True)
class Step:
    """One match of the ladder (or the face test): ``top`` in one seat, ``below`` in the rest."""

    top: str
    below: str
    players: int
    games: int
    win_share: float
    low: float
    high: float
    money: float
    below_money: float

    @property
    def fair(self) -> float:
        """The even share."""
        return 1 / self.players

    def as_dict(self) -> dict[str, Any]:
        """JSON-ready."""
        return {"top": self.top, "below": self.below, "players": self.players,
                "games": self.games, "win_share": self.win_share,
                "win_share_ci95_low": self.low, "win_share_ci95_high": self.high,
                "fair_share": round(self.fair, 4), "apart_share": round(
                    apart_share(self.players), 4),
                "mean_money": self.money, "below_mean_money": self.below_money}


@dataclass(frozen=True)
class Rating:
    """One bot's fitted rating (openskill's ``mu``) with its 95% interval, and its games."""

    bot: str
    rating: float
    sigma: float
    games: int
    kind: str
    """``level``, ``field`` or ``bot``."""

    @property
    def low(self) -> float:
        """The interval's lower end."""
        return self.rating - 1.96 * self.sigma

    @property
    def high(self) -> float:
        """The interval's upper end."""
        return self.rating + 1.96 * self.sigma

    def as_dict(self) -> dict[str, Any]:
        """JSON-ready."""
        return {"bot": self.bot, "kind": self.kind, "rating": round(self.rating, 2),
                "rating_ci95_low": round(self.low, 2), "rating_ci95_high": round(self.high, 2),
                "sigma": round(self.sigma, 3), "games": self.games}


@dataclass
class League:
    """A finished rating league: the ladder, the face test, the ratings and how it ran."""

    variant: str
    players: int
    seed: int
    ladder: list[Step]
    face: Step | None
    ratings: list[Rating]
    games: int
    mixed_games: int
    seconds: float = 0.0
    workers: str = "serial"
    blocks: list[tuple[list[str], int, int]] = field(default_factory=list)
    played_as: dict[str, str] = field(default_factory=lambda: dict(PLAYED_AS))
    """The spec each level played as where it is not its own (``PLAYED_AS``)."""
    """Every block played: (the specs seated, games, first seed), to replay any of them
    with ``medici simulate --bots ... --games G --seed S``."""

    def as_dict(self) -> dict[str, Any]:
        """JSON-ready (``medici ratings --json``)."""
        return {
            "variant": self.variant, "players": self.players, "seed": self.seed,
            "games": self.games, "mixed_games": self.mixed_games,
            "seconds": round(self.seconds, 1), "workers": self.workers,
            "apart_share": round(apart_share(self.players), 4),
            "ratings": [r.as_dict() for r in self.ratings],
            "ladder": [s.as_dict() for s in self.ladder],
            "face": None if self.face is None else self.face.as_dict(),
            "played_as": self.played_as,
            "blocks": [{"lineup": b, "games": g, "seed": s} for b, g, s in self.blocks],
        }


def entrants(field_: Sequence[str] = FIELD) -> list[str]:
    """Every bot a rating league rates: the levels, ``greedy`` and the field."""
    return [*LEVELS, *REFERENCE, *field_]


def _kind(bot: str) -> str:
    return "level" if bot in LEVELS else "bot" if bot in REFERENCE else "field"


def play(
    variant: Variant,
    players: int,
    games: int = 200,
    search_games: int = 40,
    tables: int = 60,
    search_tables: int = 4,
    seed: int = 1,
    jobs: int | None = 1,
    scheduler: str | None = None,
    progress: Callable[[str], None] | None = None,
    master_as: str | None = None,
) -> League:
    """Play a rating league of every level and style at ``players`` a table and fit ratings.

    ``games`` per ladder match of fast bots (``search_games`` with a search), rounded up to
    a multiple of ``players``; ``tables`` mixed tables of fast bots and ``search_tables``
    with ``master`` in a seat, each a full rotation of seats. ``progress`` gets a line per
    block played. ``master_as``: the spec that plays ``master`` (``PLAYED_AS`` by default;
    a cheaper search for a quick look).
    """
    counts = list(variant.logic.player_counts())
    if players not in counts:
        raise TournamentError(f"{variant.name} plays with {', '.join(map(str, counts))} "
                              f"players, not {players}")
    for what, count in (("games", games), ("search games", search_games)):
        if count.__class__ is not int or count < 1:
            raise TournamentError(f"{what} must be at least 1, got {count}")
    for what, count in (("tables", tables), ("search tables", search_tables)):
        if count.__class__ is not int or count < 0:
            raise TournamentError(f"{what} must be 0 or more, got {count}")
    check_games(1, seed)
    played_as = {**PLAYED_AS, **({"master": master_as} if master_as else {})}
    for spec in played_as.values():
        problem = check_spec(spec)
        if problem:
            raise TournamentError(problem)

    start = time.perf_counter()
    rng = Rng(seed ^ 0x5EED)
    records: list[Numbered] = []
    blocks: list[tuple[list[str], int, int]] = []
    how = ["serial"]
    next_seed = [seed]

    def block(lineup: list[str], count: int) -> list[Numbered]:
        count = players * math.ceil(count / players)
        first = next_seed[0]
        check_games(count, first)
        next_seed[0] += count
        got: list[Numbered] = []
        specs = [played_as.get(b, b) for b in lineup]
        named = dict(zip(specs, lineup, strict=True))

        def keep(record: Numbered) -> None:
            got.append({**record, "bots": [named[b] for b in record["bots"]]})

        result = run(variant, specs, count, seed=first, jobs=jobs, scheduler=scheduler,
                     keep=False, on_record=keep)
        how[0] = result.workers if result.workers != "serial" else how[0]
        blocks.append((specs, count, first))
        records.extend(got)
        if progress is not None:
            progress(f"{count} games of {', '.join(lineup)}")
        return got

    def step(top: str, below: str) -> Step:
        slow = top in SEARCHES or below in SEARCHES
        got = block([top] + [below] * (players - 1), search_games if slow else games)
        return _step(top, below, players, got)

    ladder = [step(top, below) for below, top in zip(LEVELS, LEVELS[1:], strict=False)]
    face = step(LEVELS[0], "face")
    pool = [b for b in entrants() if b not in SEARCHES]
    for _ in range(tables):
        block(_draw(rng, pool, players), players)
    for _ in range(search_tables):
        block(["master", *_draw(rng, pool, players - 1)], players)
    ratings = fit(records, rng)
    return League(variant.name, players, seed, ladder, face, ratings, len(records),
                  players * (tables + search_tables), time.perf_counter() - start, how[0],
                  blocks, played_as)


def _draw(rng: Rng, pool: Sequence[str], count: int) -> list[str]:
    """``count`` different bots of ``pool``, drawn by ``rng``."""
    return rng.shuffled(pool)[:count]


def _step(top: str, below: str, players: int, games: list[Numbered]) -> Step:
    """The figures of ``top`` (one seat) against ``below`` (the others) over ``games``."""
    wins = 0.0
    money: list[float] = []
    theirs: list[float] = []
    for record in games:
        seat = record["bots"].index(top)
        winners = record["winners"]
        if seat in winners:
            wins += 1 / len(winners)
        money.append(record["money"][seat])
        theirs.extend(m for q, m in enumerate(record["money"]) if q != seat)
    n = len(games)
    share = share_interval_of(n, wins)
    return Step(top, below, players, n, round(share.mean, 4), round(share.low, 4),
                round(share.high, 4), round(sum(money) / n, 2),
                round(sum(theirs) / max(1, len(theirs)), 2))


def fit(records: Sequence[Numbered], rng: Rng) -> list[Rating]:
    """Each bot's Plackett-Luce rating from every game's finishing order (openskill), best
    first. Games are taken in a shuffled order (``rng``); a bot's seats in one game (three
    of a level in a ladder match) are one player each, rated as the same bot in turn."""
    try:
        from openskill.models import PlackettLuce
    except ImportError:  # pragma: no cover - a declared dependency
        raise TournamentError("ratings need openskill: pip install openskill") from None
    model = PlackettLuce(tau=0.0)
    current: dict[str, Any] = {}
    played: dict[str, int] = {}
    for record in rng.shuffled(list(records)):
        bots = record["bots"]
        money = record["money"]
        # A bot seated more than once plays against itself: only its first seat is rated
        # (its other seats are opponents whose result says nothing new about it).
        seen: dict[str, int] = {}
        for seat, bot in enumerate(bots):
            seen.setdefault(bot, seat)
        seats = list(seen.values())
        if len(seats) < 2:
            continue
        teams = [[current.get(bots[s]) or model.rating(name=bots[s])] for s in seats]
        ranks = [-float(money[s]) for s in seats]
        rated = model.rate(teams, ranks=ranks)
        for s, team in zip(seats, rated, strict=True):
            current[bots[s]] = team[0]
            played[bots[s]] = played.get(bots[s], 0) + 1
    out = [Rating(bot, r.mu, r.sigma, played[bot], _kind(bot)) for bot, r in current.items()]
    out.sort(key=lambda r: -r.rating)
    return out


def report(league: League, width: int | None = None) -> str:
    """The league as text: the ratings, the ladder, the face test; for ``width`` columns
    (None: one line a row, as for a pipe)."""
    lines = wrap_words(
        f"ratings of {league.variant} at {league.players} players: {league.games} games "
        f"({league.mixed_games} at mixed tables), seed {league.seed}, "
        f"{league.seconds:.0f} s, {league.workers}", width)
    lines += wrap_words(
        "; ".join(f"{name} is played as {spec}" + (
            " (no time limit: the same moves on a busy machine)"
            if spec == PLAYED_AS.get(name) else "") for name, spec in league.played_as.items()),
        width)
    lines += fit_table(
        ["", "bot", "kind", "rating (95% CI)", "games"],
        [[str(i), r.bot, r.kind, f"{r.rating:5.1f} ({r.low:.1f} to {r.high:.1f})",
          str(r.games)] for i, r in enumerate(league.ratings, 1)],
        width, [">", "<", "<", "<", ">"])
    apart = apart_share(league.players)
    rivals = league.players - 1
    lines.append("")
    against = ("heads-up against the level below" if rivals == 1
               else f"in one seat against {rivals} of the level below")
    lines += wrap_words(
        f"each level {against} (even {100 / league.players:.0f}%; apart at "
        f"{100 * apart:.0f}% or more):", width)
    rows = [[f"{s.top} vs {s.below}", str(s.games), share_text(s.win_share, s.low, s.high, 5),
             "apart" if s.win_share >= apart else "NOT apart"] for s in league.ladder]
    if league.face is not None:
        f = league.face
        rows.append([f"{f.top} vs {f.below}", str(f.games),
                     share_text(f.win_share, f.low, f.high, 5),
                     "loses most" if f.win_share < 0.5 else "wins most"])
    lines += fit_table(["match", "games", "win share (95% CI)", ""], rows, width,
                       ["<", ">", "<", "<"])
    return "\n".join(lines)
