"""A run's figures kept as its games finish: win share and mean final money, with their
intervals, per bot and per seat (``Tally``), and the typed summaries a run reports."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import NotRequired, TypedDict

from engine.runs.games import Numbered, Played
from engine.runs.sequential import Figure, figure
from engine.runs.stats import Z95, Running
from engine.views import Summary


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
    """``Run.as_dict``: the summary, the time and how it ran (and, for a run with
    ``--until``, its plan and whether it got there)."""

    seconds: float
    workers: str
    until: NotRequired[dict[str, object]]


class RunResults(RunReport):
    """``Run.as_dict(results=True)``: the report and every game."""

    results: list[Numbered]


def win_shares(record: Summary) -> list[float]:
    """Each seat's share of a game's victory (G-4: equal money shares it)."""
    winners = record["winners"]
    return [1 / len(winners) if s in winners else 0.0 for s in range(len(record["money"]))]


def _figures(shares: Running, money: Running, z: float = Z95) -> Figures:
    """Win share with its Wilson interval (a proportion), mean money with its normal one.

    ``*_ci95`` is the interval's half-width, ``*_ci95_low``/``*_ci95_high`` its ends (a
    Wilson interval is not centred on the share: 8 wins of 8 gives 67.6% to 100%); ``z``
    widens them for a sequential run (its keys keep their names: 95% over the run).
    """
    share = shares.share(z)
    cash = money.normal(z)
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

    def summary(self, z: float = Z95) -> RunSummary:
        """What ``summarise`` gives for the games added so far (``z``: the intervals'
        normal quantile, wider for a sequential run)."""
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
                {"bot": spec, "seats": self.bots.count(spec), "games": s.n,
                 **_figures(s, m, z)}
                for spec, (s, m) in self.per_bot.items()
            ],
            "seats": [
                {"seat": k + 1, **_figures(s, m, z)} for k, (s, m) in enumerate(self.per_seat)
            ],
        }

    def figures(self, z: float) -> list[Figure]:
        """Every reported figure's half-width at quantile ``z``, for ``--until``: each bot's
        and each seat's win share and mean money."""
        out = []
        groups = [(spec, pair) for spec, pair in self.per_bot.items()]
        groups += [(f"seat {k + 1}", pair) for k, pair in enumerate(self.per_seat)]
        for name, (shares, money) in groups:
            out.append(figure(f"{name} win share", shares.share(z), True))
            out.append(figure(f"{name} money", money.normal(z), False))
        return out


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
