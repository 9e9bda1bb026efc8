"""What a table looks like to a person: the table (``show``) and what changed after a move.

Each game's descriptor names its ``table(view, bots)`` (``engine.registry``); a game
without one falls back to the plain table here, so a new game is playable before it
is pretty. What changed is told in the sentences of ``engine.narrative``, the same the game
story uses, styled and indented here.
"""

from __future__ import annotations

import bisect
import inspect
import json
from collections.abc import Mapping, Sequence
from types import MappingProxyType
from typing import Any

from engine.agreement import agree
from engine.game import Game
from engine.narrative import Role, ViewAfter, tell
from engine.records import ReplayCursor
from engine.registry import GameInfo, find
from engine.text import Text, fitted, flow, styled
from engine.views import Event, View


def table(view: View, bots: Sequence[str | None] = (),
          width: int | None = None, *, worth: str | None = None,
          rules: Mapping[str, Any] | None = None) -> Text:
    """The whole table as one player sees it (``view``: the viewer's), laid out for
    ``width`` columns (None: a pipe, every row on one line): money, ships, tracks or
    harbours, lot, bids, pile.

    ``worth`` is what the lot on sale is worth to the viewer, in words (``worth ~16 florins
    to you``: ``engine.shell.worth``), shown with the lot; ``rules`` the game's resolved
    rules, for what the view alone does not say (when Medici's tracks move). A game's own
    ``table(view, bots, width)`` draws it, given those that it takes as keywords (else
    ``worth`` goes on a line of its own); one written before widths were given
    (``table(view, bots)``) is wrapped here instead.
    """
    info = find(view.get("game"))
    own = info.table() if info is not None and info.table is not None else None
    if own is None:
        return fitted(_with_worth(generic_table(view), worth, info), width)
    try:
        params = inspect.signature(own).parameters
    except (TypeError, ValueError):
        params = MappingProxyType({})
    extras = {key: value for key, value in (("worth", worth), ("rules", rules))
              if key in params and value is not None}
    if len(params) - len([k for k in ("worth", "rules") if k in params]) >= 3:
        drawn = own(view, list(bots), width, **extras)
    else:
        drawn = own(view, list(bots), **extras)
    return fitted(drawn if "worth" in params else _with_worth(drawn, worth, info), width)


def _with_worth(drawn: Text, worth: str | None, info: GameInfo | None) -> Text:
    """A table of a game that does not place the worth itself, with it on a line of its
    own (``The sale: worth ~3 to you``, in the game's words)."""
    if not worth:
        return drawn
    sold = info.vocabulary.on_sale if info is not None else "the sale"
    return drawn.line(Text(f"{sold[:1].upper()}{sold[1:]}: ", "dim").add(worth, "money"))


def narrate(events: Sequence[Event], start: int, names: Sequence[str],
            after: ViewAfter | None = None) -> list[Text]:
    """One line per happening in ``events[start:]`` (earlier events give context);
    ``after`` (a ``StepViews``) gives the table after each step, for the standings and
    for who sits out an auction."""
    return [
        Text(_INDENT.get(line.role, "")).extend(styled(line.segments))
        for line in tell(events, start, names, after=after)
    ]


_INDENT = {Role.DETAIL: "  ", Role.STANDINGS: "  "}
"""A scoring's lines stand under the line that opens it."""


class StepViews:
    """The table (seat 0's view: what everyone sees) after the step holding each event of
    ``game``: its own view for the last step, else the record replayed to that step, by
    ``cursor`` when one is given (a replay's: it is put back where it was), else by one
    made on first need."""

    def __init__(self, game: Game, cursor: ReplayCursor | None = None) -> None:
        self.game = game
        self.cursor = cursor
        self._moves: list[int] | None = None

    def __call__(self, index: int) -> View | None:
        events = self.game.events
        if not 0 <= index < len(events):
            return None
        if self._moves is None:
            action_of = self.game.logic.action_of
            self._moves = [i for i, e in enumerate(events) if action_of(e) is not None]
        step = bisect.bisect_right(self._moves, index)
        if step >= len(self._moves):
            return self.game.view(0)  # the last step: the game as it stands
        cursor = self.cursor
        if cursor is None:
            cursor = self.cursor = ReplayCursor(self.game)
            here = None
        else:
            here = cursor.step
        try:
            cursor.goto(step)
            return cursor.view(0)
        except ValueError:
            return None
        finally:
            if here is not None:
                cursor.goto(here)


def final_scores(view: View, width: int | None = None) -> Text:
    """The final ranking: every player's money, the winners marked (G-4); a name too long
    for the column (at ``width``) stands on its own line above its money."""
    players = view["players"]
    winners = set(view.get("winners") or [])
    order = sorted(range(len(players)), key=lambda p: -players[p]["money"])
    out = Text("Final scores", "heading")
    money = max(5, *(len(str(p["money"])) for p in players))
    verbs = {p: agree(players[p]["name"], "wins" if len(winners) == 1 else "shares the victory")
             for p in winners}
    tail = max((len(v) + 2 for v in verbs.values()), default=0)
    name_w = max(len(p["name"]) for p in players)
    if width is not None:
        name_w = min(name_w, max(4, width - 6 - 1 - money - tail))
    for rank, p in enumerate(order, 1):
        name = players[p]["name"]
        head = Text(f"  {rank}. ")
        if len(name) > name_w:
            out.line(flow([Text(name, "name")], width, first=head, indent=6))
            row = Text(" " * (6 + name_w))
        else:
            row = head.add(name.ljust(name_w), "name")
        row.add(f" {players[p]['money']:>{money}}", "money")
        if p in verbs:
            row.add("  " + verbs[p], "good")
        out.row(row)
    return fitted(out, width)


def generic_table(view: View) -> Text:
    """Any view as ``key: value`` lines: a fallback for a game without its own table."""
    out = Text()
    for key, value in view.items():
        if key == "players":
            for player in view["players"]:
                out.row(Text("  ").add(str(player.get("name", "?")), "name").add(
                    "  " + json.dumps({k: v for k, v in player.items() if k != "name"})
                ))
        else:
            out.line(f"{key}: {json.dumps(value)}")
    return out
