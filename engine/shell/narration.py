"""Pieces shared by the games' narrators: scoring grouped by player, the lot before a stop."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from engine.shell.text import Text, cards, join, names_list

Event = dict[str, Any]


class Payouts:
    """Collects a scoring's payouts and tells them one line per player, with a total."""

    def __init__(self, names: list[str], describe: Callable[[Event], str]) -> None:
        self.names = names
        self.describe = describe
        self.parts: dict[int, list[tuple[int, str]]] = {}

    def add(self, event: Event) -> None:
        """Take one payout event."""
        self.parts.setdefault(event["player"], []).append((event["amount"], self.describe(event)))

    def lines(self) -> list[Text]:
        """``  Ann +45: 30 ship (1st), 10 fur majority, 5 fur bonus``; empties the collection."""
        out = []
        for player, parts in sorted(self.parts.items()):
            total = sum(amount for amount, _ in parts)
            out.append(
                Text("  ").add(self.names[player], "name").add(" +").add(str(total), "money")
                .add(": " + ", ".join(text for _, text in parts))
            )
        self.parts.clear()
        return out


def lot_before(events: Sequence[Event], index: int, key: str) -> list[str]:
    """The cards or tiles (``key``) drawn by the draw events just before ``events[index]``."""
    lot: list[str] = []
    j = index - 1
    while j >= 0 and events[j].get("type") == "draw":
        lot.insert(0, events[j][key])
        j -= 1
    return lot


def narrate_with(
    events: Sequence[Event],
    start: int,
    names: list[str],
    payout: Callable[[Event], str],
    line: Callable[[Sequence[Event], int, list[str]], Text | None],
    detail: Callable[[Event, list[str]], Text | None] = lambda e, n: None,
    part: Callable[[Event, list[str]], Text | None] = lambda e, n: None,
    parts_title: str = "",
) -> list[Text]:
    """Tell ``events[start:]``, a scoring's payouts grouped per player at its end.

    ``line`` tells one event (None: nothing to say) and closes any scoring before it;
    ``detail`` tells a scoring's own lines (a harbour's result) without closing it;
    ``part`` turns a scoring's small moves (tracks, markers) into parts of one line.
    """
    out: list[Text] = []
    payouts = Payouts(names, payout)
    parts: list[Text] = []

    def flush() -> None:
        if parts:
            out.append(Text(parts_title).extend(join(parts, "; ")))
            parts.clear()
        out.extend(payouts.lines())

    for index in range(start, len(events)):
        event = events[index]
        if event.get("type") == "payout":
            payouts.add(event)
            continue
        said = detail(event, names)
        if said is not None:
            out.append(said)
            continue
        small = part(event, names)
        if small is not None:
            parts.append(small)
            continue
        said = line(events, index, names)
        if said is not None:
            flush()
            out.append(said)
    flush()
    return out


def game_over(event: Event, names: list[str], unit: str) -> Text:
    """``Game over: Ann wins with 132 florins.`` (G-4: equal money shares the victory)."""
    winners = [names[p] for p in event["winners"]]
    verb = "wins" if len(winners) == 1 else "share the victory"
    return Text("Game over: ", "title").add(names_list(winners), "name").add(
        f" {verb} with {max(event['money'])} {unit}."
    )


def common_line(
    events: Sequence[Event], index: int, names: list[str], piece: str, noun: str, verb: str
) -> Text | None:
    """The lines both games tell alike: a shuffle (``order``) and a ``draw``.

    ``piece`` is the event key of what is drawn (``card``, ``tile``), ``noun`` its plural
    and ``verb`` what is done to the pile or bag (``shuffled``, ``shaken``).
    """
    e = events[index]
    kind = e.get("type")
    if kind == "order":
        total = len(e["order"]) + e.get("unknown", 0)
        return Text(f"The {e['what']} is {verb}: {total} {noun}.", "dim")
    if kind == "draw":
        return Text(names[e["player"]], "name").add(" draws ").extend(cards([e[piece]])).add(".")
    return None
