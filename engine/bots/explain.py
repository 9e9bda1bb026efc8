"""The words of a hint or an analysis line, for any game and bot: each move with its chance
of winning as a percentage and the expected final money, the bot's few words on it, and the
bot's raw value only when asked. The shell lays the lines out; what they say is made here,
in one place (``hint_line``, ``lost_text``)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import NamedTuple

from engine.bots.base import Analysis
from engine.views import amount_text


class HintLine(NamedTuple):
    """One move of a hint: ``move`` (``bid 7``), ``measures`` (``wins 34% · ends with ~118
    florins``; '' when the bot has none), ``note`` (why, in a few words; may be '')."""

    move: str
    measures: str
    note: str

    def __str__(self) -> str:
        head = " · ".join(p for p in (self.move, self.measures) if p)
        return f"{head}: {self.note}" if self.note else head


def measures(row: Analysis, money: str, raw: bool = False) -> str:
    """``wins 34% · ends with ~118 florins`` (and ``value 0.245`` with ``raw``)."""
    out = []
    if row.win is not None:
        out.append(f"wins {_percent(row.win)}")
    if row.money is not None:
        out.append(f"ends with ~{row.money:.0f} {money}")
    if raw or not out:
        out.append(f"value {_fixed(row.value)}")
    return " · ".join(out)


def hint_line(row: Analysis, money: str, raw: bool = False) -> HintLine:
    """One move of a hint or an analysis, in a person's words; ``money`` is the game's unit
    (its vocabulary's ``money``), ``raw`` adds the bot's own value."""
    return HintLine(str(row.action), measures(row, money, raw), row.note)


def fewer_text(bot: str, shown: int, legal: str) -> str:
    """Why a hint lists fewer moves than it promises (``shown``, fewer than three, while
    more are legal): the bot searched only those; ``legal`` is what is legal now
    (``bid 1..40, pass``)."""
    these = "this move" if shown == 1 else f"these {shown} moves"
    return (f"{bot} weighed only {these}: its search leaves out the moves it judges no "
            f"better (legal now: {legal})")


def lost_text(best: Analysis, played: Analysis, money: str) -> str:
    """What the move played gave away against the bot's choice ('' if nothing): the win
    chance in points and the money, as the two rows are shown."""
    if best.win is None or played.win is None or best.money is None or played.money is None:
        lost = best.value - played.value
        return f"value {_fixed(lost)}" if lost > 0 else ""
    points = round(100 * best.win) - round(100 * played.win)
    cost = round(best.money) - round(played.money)
    parts = []
    if points > 0:
        parts.append(f"{points} point{'s' if points != 1 else ''} of win chance")
    if cost > 0:
        parts.append(f"about {amount_text(cost, money)}")
    return " and ".join(parts)


def lost_points(best: Analysis, played: Analysis) -> float:
    """The win chance given away in points (0..100), or the raw value where there is no
    win chance; never negative."""
    if best.win is None or played.win is None:
        return max(0.0, best.value - played.value)
    return float(max(0, round(100 * best.win) - round(100 * played.win)))


def _percent(share: float) -> str:
    """A chance as a whole percentage, never a false 0% or 100% for a chance strictly
    between (``<1%``, ``>99%``)."""
    pct = round(100 * share)
    if pct == 0 and share > 0:
        return "<1%"
    if pct == 100 and share < 1:
        return ">99%"
    return f"{pct}%"


def naming(names: Sequence[str], mover: int | None,
           reader: int | None) -> Callable[[int], str]:
    """How an explanation names a seat: "you" for the reader's (the mover's, with
    ``reader`` None, as a hint is read), its player's name for any other (a replay read by
    someone else names the mover)."""
    you = mover if reader is None else reader
    return lambda seat: "you" if seat == you else names[seat]


def gain_words(value: float, whom: str = "") -> str:
    """What a move does to a player's money, as a person says it: ``gains you ~5``, and a
    loss as a cost, ``costs you ~18`` (never ``gains you ~-18``); ``whom`` may be ''."""
    amount = round(value)
    verb = "costs" if amount < 0 else "gains"
    return f"{verb} {whom + ' ' if whom else ''}~{abs(amount)}"


def signed(value: float, digits: int = 0) -> str:
    """A change with its sign to ``digits`` places, never ``-0``: ``+3``, ``-2``, ``+0``."""
    text = f"{value:+.{digits}f}"
    return "+" + text[1:] if text.startswith("-") and not text.strip("-0.") else text


def _fixed(value: float, digits: int = 3) -> str:
    """A value to ``digits`` places, never ``-0.000``."""
    text = f"{value:.{digits}f}"
    return text[1:] if text.startswith("-") and not text.strip("-0.") else text
