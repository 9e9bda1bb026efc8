"""What the lot on sale is worth to you, on the table and in the toolbar (``set worth``).

The figure is the bots' own estimate, the one ``hint`` and the slip question use
(``engine.play.slips.sale_worth``), from the viewer's own view only (G-3). It is worked out
once a position (the toolbar is drawn at every key) and shown, by the person's setting
(``set worth``, kept in the table's ``Settings.worth``; None: the default):

- in games against bots, unless ``set worth off``;
- in games of people alone (hot seat) only after ``set worth on``, since everyone at the
  screen reads it;
- at a hosted table, on a seat's `show` and toolbar when the host allows hints (``medici
  host ... --hints on``), unless that person sets it off (``at_table``; the table works
  each person's out once a change, for its toolbars).
"""

from __future__ import annotations

import weakref
from typing import TYPE_CHECKING, NamedTuple

from engine.agreement import is_you
from engine.play.slips import sale_worth
from engine.registry import find
from engine.views import View

if TYPE_CHECKING:
    from engine.game import Game
    from engine.play.table import Table

SETTING = "worth"
"""The ``set`` name of the setting."""


class Worth(NamedTuple):
    """What the lot on sale is worth to ``seat`` (in money), by the bots' estimate."""

    amount: float
    seat: int


_LAST: weakref.WeakKeyDictionary[Table, tuple[tuple[int, int, int], Worth | None]] = (
    weakref.WeakKeyDictionary())
"""Per live game, the last worth worked out and the position it is for (the game, the
length of its log, the seat): one valuation a position, however often it is drawn."""


def shown(setting: bool | None, session: Table) -> bool:
    """Whether the worth is shown for this game: the setting, else on against bots."""
    if setting is None:
        return any(spec is not None for spec in session.bots)
    return bool(setting)


def worth_now(setting: bool | None, session: Table) -> Worth | None:
    """The worth of the lot on sale to the viewer (the person to act, else the first
    person), when it is to be shown (``setting``) and the bots can say; else None."""
    if not shown(setting, session) or session.game.is_over or not session.humans:
        return None
    seat = session.viewer()
    key = (id(session.game), len(session.game.events), seat)
    last = _LAST.get(session)
    if last is not None and last[0] == key:
        return last[1]
    amount = sale_worth(session.game, seat)
    worth = None if amount is None else Worth(amount, seat)
    _LAST[session] = (key, worth)
    return worth


def at_table(setting: bool | None, game: Game, seat: int | None, hints: bool
             ) -> Worth | None:
    """The worth of the lot to ``seat`` at a hosted table: only where the host allows hints
    and the person has not set it off (``set worth off``: ``setting`` False)."""
    if not hints or seat is None or setting is False or game.is_over:
        return None
    amount = sale_worth(game, seat)
    return None if amount is None else Worth(amount, seat)


def words(worth: Worth, view: View, short: bool = False, own: bool = False) -> str:
    """``worth ~16 florins to you`` (``~16 to Ann``, ``worth ~16`` when ``short``); ``own``:
    the screen is that seat's alone (a hosted seat), so it is "to you" whatever its name."""
    amount = f"~{max(0.0, worth.amount):.0f}"
    if short:
        return f"worth {amount}"
    info = find(view.get("game"))
    unit = f" {info.vocabulary.money}" if info is not None else ""
    players = view.get("players", [])
    name = players[worth.seat].get("name", "") if 0 <= worth.seat < len(players) else ""
    whom = "you" if own or is_you(name) or not name else name
    return f"worth {amount}{unit} to {whom}"
