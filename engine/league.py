"""Leagues: one bot as a single seat against every style of the field, at several sizes.

A league is a grid of matches. Each match seats the bot once and one style of the field in
every other seat (three of that style at 4 players), for ``games`` games with seats rotated
(``engine.tournament.run``), and keeps the bot's win share with its Wilson interval and its
mean final money. The table is sorted worst case first: a bot is as strong as its worst
match, so one trick that beats one style does not pass for strength.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from engine.bots import FIELD, check_spec
from engine.registry import default_variant
from engine.rules import Variant, load_variant
from engine.stats import share_text
from engine.text import fit_table, text_width, wrap_words
from engine.tournament import TournamentError, check_games, run


@dataclass(frozen=True)
class Match:
    """The bot's figures in one match of a league."""

    players: int
    style: str
    games: int
    win_share: float
    low: float
    high: float
    mean_money: float
    money_ci95: float
    field_money: float

    @property
    def fair(self) -> float:
        """The even share at this table size."""
        return 1 / self.players

    @property
    def ratio(self) -> float:
        """The win share over the even share (1: even; 2: twice the even share)."""
        return self.win_share / self.fair

    def as_dict(self) -> dict[str, Any]:
        """JSON-ready."""
        return {
            "players": self.players, "style": self.style, "games": self.games,
            "win_share": self.win_share, "win_share_ci95_low": self.low,
            "win_share_ci95_high": self.high, "fair_share": round(self.fair, 4),
            "ratio": round(self.ratio, 3), "mean_money": self.mean_money,
            "mean_money_ci95": self.money_ci95, "field_mean_money": self.field_money,
        }


def sizes_for(variant: Variant, wanted: Sequence[int]) -> list[int]:
    """The table sizes of ``wanted`` the variant plays (Medici vs Strozzi: 2 only)."""
    counts = list(variant.logic.player_counts())
    if len(counts) == 1:
        return counts
    return [n for n in wanted if n in counts]


def play(
    bot: str,
    variant: str | Variant | None = None,
    players: Sequence[int] = (3, 4, 5),
    games: int = 60,
    field: Sequence[str] = FIELD,
    seed: int = 1,
    jobs: int | None = 1,
    progress: Callable[[int, int], None] | None = None,
) -> list[Match]:
    """Play a league of ``bot`` against ``field``; matches worst first.

    ``games`` per match is rounded up to a multiple of the table size so every seat is held
    by the bot equally often. A style equal to ``bot`` is skipped (a mirror match is even).
    ``progress(done, total)`` is called after each match.
    """
    if variant is None:
        variant = default_variant()
    var = variant if isinstance(variant, Variant) else load_variant(variant)
    for spec in (bot, *field):
        problem = check_spec(spec)
        if problem:
            raise TournamentError(problem)
    check_games(games, seed)
    sizes = sizes_for(var, players)
    if not sizes:
        counts = ", ".join(str(c) for c in var.logic.player_counts())
        raise TournamentError(f"{var.name} plays with {counts} players, none of {list(players)}")
    styles = [s for s in field if s.strip().lower() != bot.strip().lower()]
    grid = [(n, s) for n in sizes for s in styles]
    out = []
    for done, (n, style) in enumerate(grid, 1):
        count = n * math.ceil(games / n)
        check_games(count, seed)
        result = run(var, [bot] + [style] * (n - 1), count, seed=seed, jobs=jobs, keep=False)
        mine = next(b for b in result.summary["bots"] if b["bot"] == bot)
        theirs = next(b for b in result.summary["bots"] if b["bot"] == style)
        out.append(Match(
            n, style, count, mine["win_share"], mine["win_share_ci95_low"],
            mine["win_share_ci95_high"], mine["mean_money"], mine["mean_money_ci95"],
            theirs["mean_money"],
        ))
        if progress is not None:
            progress(done, len(grid))
    out.sort(key=lambda m: (m.ratio, m.players, m.style))
    return out


def overall(matches: Sequence[Match]) -> dict[str, Any]:
    """The whole league in a few figures: the worst match, and the mean ratio to even."""
    worst = matches[0]
    return {
        "matches": len(matches),
        "games": sum(m.games for m in matches),
        "worst": f"{worst.style} at {worst.players} players",
        "worst_ratio": round(worst.ratio, 3),
        "mean_ratio": round(sum(m.ratio for m in matches) / len(matches), 3),
    }


def report(bot: str, variant: str, matches: Sequence[Match], width: int | None = None) -> str:
    """The league as a text table, worst case first, laid out for ``width`` columns (None:
    one line a row, as for a pipe)."""
    lines = wrap_words(f"league of {bot} ({variant}): one seat against the rest all of one "
                       "style, seats rotated; worst case first", width)
    header = ["players", "field", "games", "win share (95% CI)", "even", "x even", "money",
              "field money"]
    rows = [[str(m.players), m.style, str(m.games), share_text(m.win_share, m.low, m.high, 5),
             f"{100 * m.fair:.0f}%", f"{m.ratio:.2f}", f"{m.mean_money:.1f} ± {m.money_ci95:.1f}",
             f"{m.field_money:.1f}"] for m in matches]
    aligns = [">", "<", ">", "<", ">", ">", ">", ">"]
    table = fit_table(header, rows, None, aligns)
    if width is not None and any(text_width(line) > width for line in table):
        # Narrow: the table size and the style make one label, on a line of its own.
        header = ["", *header[2:]]
        rows = [[f"{r[0]} players, {r[1]}", *r[2:]] for r in rows]
        table = fit_table(header, rows, width, ["<", *aligns[2:]])
    lines += table
    s = overall(matches)
    lines += wrap_words(
        f"{s['games']} games in {s['matches']} matches; worst: {s['worst']} "
        f"({s['worst_ratio']:.2f}x even); mean {s['mean_ratio']:.2f}x even", width
    )
    return "\n".join(lines)
