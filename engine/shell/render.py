"""What the shell shows: the table (``show``) and what changed after a move.

Each game's descriptor names its ``table(view, bots)`` (``engine.registry``); a game
without one falls back to the plain table here, so a new game is playable before it
is pretty. What changed is told in the sentences of ``engine.narrative``, the same the game
story uses, styled and indented here.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from engine.agreement import agree
from engine.narrative import Role, tell
from engine.registry import find
from engine.shell.text import Text, styled


def table(view: dict[str, Any], bots: Sequence[str | None] = ()) -> Text:
    """The whole table as one player sees it: money, ships, tracks or harbours, lot, bids, pile."""
    info = find(view.get("game"))
    own = info.load("table") if info is not None else None
    if own is not None:
        return own(view, list(bots))
    return generic_table(view)


def narrate(events: Sequence[dict[str, Any]], start: int, names: Sequence[str]) -> list[Text]:
    """One line per happening in ``events[start:]`` (earlier events give context)."""
    return [
        Text(_INDENT.get(line.role, "")).extend(styled(line.segments))
        for line in tell(events, start, names)
    ]


_INDENT = {Role.DETAIL: "  "}
"""A scoring's lines stand under the line that opens it."""


def final_scores(view: dict[str, Any]) -> Text:
    """The final ranking: every player's money, the winners marked (G-4)."""
    players = view["players"]
    winners = set(view.get("winners") or [])
    order = sorted(range(len(players)), key=lambda p: -players[p]["money"])
    out = Text("Final scores", "heading")
    width = max(len(p["name"]) for p in players)
    for rank, p in enumerate(order, 1):
        row = Text(f"  {rank}. ").add(players[p]["name"].ljust(width), "name")
        row.add(f" {players[p]['money']:>5}", "money")
        if p in winners:
            verb = "wins" if len(winners) == 1 else "shares the victory"
            row.add("  " + agree(players[p]["name"], verb), "good")
        out.row(row)
    return out


def generic_table(view: dict[str, Any]) -> Text:
    """Any view as ``key: value`` lines: a fallback for a game without its own table."""
    out = Text()
    for key, value in view.items():
        if key == "players":
            for player in value:
                out.row(Text("  ").add(str(player.get("name", "?")), "name").add(
                    "  " + json.dumps({k: v for k, v in player.items() if k != "name"})
                ))
        else:
            out.line(f"{key}: {json.dumps(value)}")
    return out
