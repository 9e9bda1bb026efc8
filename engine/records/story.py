"""A record as a readable game story (``medici log``): one line per move, scorings in full.

Like a chess PGN reads: numbered moves, with what followed from each (a purchase, a track
move, a free fill) indented beneath it, and each scoring broken down with the money after
it. Events a formatter does not know are shown plainly, so a new event never goes missing.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from itertools import groupby
from typing import Any

from engine.logic import Event
from engine.records.cursor import SCORING_EVENTS, ReplayCursor
from engine.records.format import Record

GAME_TITLES = {"medici": "Medici", "medici-vs-strozzi": "Medici vs Strozzi"}
_PLACES = {1: "1st", 2: "2nd", 3: "3rd"}
_SKIPPED = frozenset({"choose", "assign", "setup"})


_MOVES = {
    "draw": "{who} draws {piece}",
    "stop": "{who} stops",
    "bid": "{who} bids {amount}",
    "pass": "{who} passes",
    "price": "{who} sets the price at {amount}",
    "buy": "{who} buys",
    "decline": "{who} declines",
    "load": "{who} loads {pieces} on the {ship}-hold ship{where}",
    "discard": "{who} discards {pieces}",
}
"""How each move of either game reads in the story."""


class _Teller:
    """Turns one game's events into lines, knowing the players' names."""

    def __init__(self, names: Sequence[str]) -> None:
        self.names = list(names)

    def who(self, seat: Any) -> str:
        if isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < len(self.names):
            return self.names[seat]
        return "nobody" if seat is None else str(seat)

    def space(self, position: Any) -> str:
        """A marker's space (S-4): the middle, or so many spaces towards a player."""
        if not isinstance(position, int) or position == 0:
            return "middle"
        # Negative positions are the first seat's side (S-16 pays the seat whose side it is).
        return f"{self.who(0 if position < 0 else 1)} {abs(position)}"

    def pieces(self, event: Event) -> str:
        items = event.get("cards", event.get("tiles", []))
        return ", ".join(str(x) for x in items) if items else "nothing"

    # -- moves --------------------------------------------------------------------------
    def move(self, event: Event) -> str:
        template = _MOVES.get(event["type"])
        if template is None:
            return self.plain(event)
        return template.format(
            who=self.who(event.get("player")),
            amount=event.get("amount"),
            piece=event.get("card", event.get("tile", "?")),
            pieces=self.pieces(event),
            ship=event.get("ship"),
            where=f" (assigned to harbour {event['harbour']})" if "harbour" in event else "",
        )

    # -- what follows -------------------------------------------------------------------
    def derived(self, group: list[Event]) -> list[str]:
        kind = group[0]["type"]
        handler = _DERIVED.get(kind)
        if handler is not None:
            return handler(self, group)
        return [self.plain(e) for e in group]

    def plain(self, event: Event) -> str:
        fields = ", ".join(
            f"{k} {self.who(v) if k == 'player' else v}" for k, v in event.items() if k != "type"
        )
        return f"{event['type']}: {fields}" if fields else str(event["type"])


def _order(t: _Teller, group: list[Event]) -> list[str]:
    out = []
    for e in group:
        what = str(e.get("what", "a new pile"))
        count = len(e.get("order", [])) + int(e.get("unknown", 0) or 0)
        title = what.split(" pile")[0].split(" bag")[0].capitalize()
        noun = "tiles in the bag" if "bag" in what else "cards in the pile"
        out.append(f"== {title}: {count} {noun} ==")
    return out


def _start_player(t: _Teller, group: list[Event]) -> list[str]:
    return [
        f"{t.who(e.get('player'))} starts" + (f" ({e['reason']})" if e.get("reason") else "")
        for e in group
    ]


def _buy(t: _Teller, group: list[Event]) -> list[str]:
    return [f"-> {t.who(e.get('player'))} buys {t.pieces(e)} for {e.get('price')}" for e in group]


def _discard(t: _Teller, group: list[Event]) -> list[str]:
    return [f"-> nobody bids: {t.pieces(e)} out for the day" for e in group]


def _purchase(t: _Teller, group: list[Event]) -> list[str]:
    return [f"-> {t.who(e.get('player'))} pays {e.get('price')} for {t.pieces(e)}" for e in group]


def _loan(t: _Teller, group: list[Event]) -> list[str]:
    return [
        f"-> {t.who(e.get('player'))} borrows {e.get('amount')} (debt {e.get('loans')})"
        for e in group
    ]


def _track(t: _Teller, group: list[Event]) -> list[str]:
    by_player = groupby(group, key=lambda e: e.get("player"))
    parts = [
        t.who(player)
        + " "
        + ", ".join(f"{e.get('commodity')} {e.get('from')}->{e.get('to')}" for e in items)
        for player, items in by_player
    ]
    return ["   tracks: " + "; ".join(parts)]


def _free_fill(t: _Teller, group: list[Event]) -> list[str]:
    return [f"-> {t.who(e.get('player'))} fills the ship for free: {t.pieces(e)}" for e in group]


def _period_end(t: _Teller, group: list[Event]) -> list[str]:
    out = []
    for e in group:
        title = f"Day {e['day']}" if "day" in e else f"Round {e.get('round')}"
        by = str(e.get("by", "")).replace("_", " ")
        out.append(f"{title} ends ({by}). Scoring:")
    return out


def _payout(t: _Teller, group: list[Event]) -> list[str]:
    reason = group[0].get("reason")
    if reason == "ship":
        parts = [
            f"{t.who(e['player'])} {e.get('value')} ({_place(e)}) +{e.get('amount')}" for e in group
        ]
        return ["   ships: " + ", ".join(parts)]
    if reason == "majority":
        by_kind = groupby(group, key=lambda e: e.get("commodity"))
        parts = [
            f"{kind} "
            + ", ".join(
                f"{t.who(e['player'])} +{e.get('amount')}"
                for e in sorted(items, key=lambda e: -int(e.get("amount") or 0))
            )
            for kind, items in by_kind
        ]
        return ["   majorities: " + "; ".join(parts)]
    if reason == "bonus":
        parts = [
            f"{t.who(e['player'])} {e.get('commodity')} level {e.get('level')} +{e.get('amount')}"
            for e in group
        ]
        return ["   bonuses: " + ", ".join(parts)]
    if reason == "harbour":
        parts = [f"{t.who(e['player'])} +{e.get('amount')} (harbour {e.get('harbour')})"
                 for e in group]
        return ["   harbour prizes: " + ", ".join(parts)]
    if reason == "row":
        parts = [
            f"harbour {e.get('harbour')} {e.get('good')}: {t.who(e['player'])} "
            f"+{e.get('amount')}" + (f" (bonus {e['bonus']})" if e.get("bonus") else "")
            for e in group
        ]
        return ["   rows: " + "; ".join(parts)]
    return ["   " + t.plain(e) for e in group]


def _place(event: Event) -> str:
    place = event.get("place")
    text = _PLACES.get(place, f"{place}th") if isinstance(place, int) else "?"
    tied = event.get("tied")
    return text + (", tied" if isinstance(tied, list) and len(tied) > 1 else "")


def _harbour(t: _Teller, group: list[Event]) -> list[str]:
    out = []
    for e in group:
        values = " vs ".join(f"{t.who(p)} {v}" for p, v in enumerate(e.get("values", [])))
        winner = "tie, no prize" if e.get("winner") is None else f"{t.who(e['winner'])} wins"
        out.append(f"   harbour {e.get('harbour')}: {values}: {winner}")
    return out


def _marker(t: _Teller, group: list[Event]) -> list[str]:
    parts = [
        f"harbour {e.get('harbour')} {e.get('good')} {t.space(e.get('from'))} -> "
        f"{t.space(e.get('to'))}"
        for e in group
        if e.get("from") != e.get("to")
    ]
    return ["   markers: " + ("; ".join(parts) if parts else "none moved")]


def _repay(t: _Teller, group: list[Event]) -> list[str]:
    return [f"   {t.who(e.get('player'))} repays loans of {e.get('amount')}" for e in group]


def _game_over(t: _Teller, group: list[Event]) -> list[str]:
    out = []
    for e in group:
        money = e.get("money", [])
        ranked = sorted(range(len(money)), key=lambda p: -money[p])
        final = ", ".join(f"{t.who(p)} {money[p]}" for p in ranked)
        winners = [t.who(p) for p in e.get("winners", [])]
        if len(winners) == 1:
            verdict = f"{winners[0]} wins"
        else:
            verdict = "shared victory: " + " and ".join(winners)
        out.append(f"== Game over: {verdict}. Final money: {final} ==")
    return out


_DERIVED: dict[str, Callable[[_Teller, list[Event]], list[str]]] = {
    "order": _order,
    "start_player": _start_player,
    "buy": _buy,
    "discard": _discard,
    "purchase": _purchase,
    "loan": _loan,
    "track": _track,
    "free_fill": _free_fill,
    "day_end": _period_end,
    "round_end": _period_end,
    "payout": _payout,
    "harbour": _harbour,
    "marker": _marker,
    "repay": _repay,
    "game_over": _game_over,
}


_GATHERED = frozenset({"payout", "track", "marker", "harbour"})
"""Scoring events shown together by kind (and payout reason), wherever they interleave."""


def _groups(events: Iterable[Event]) -> list[list[Event]]:
    """Events in order, scoring events of one kind gathered at the first of them."""
    slots: dict[object, list[Event]] = {}
    for n, event in enumerate(events):
        kind = event.get("type")
        key: object = (kind, event.get("reason")) if kind in _GATHERED else n
        slots.setdefault(key, []).append(event)
    return list(slots.values())


def header(record: Record) -> list[str]:
    """The story's opening lines: game, variant, players, seed, outcome."""
    title = GAME_TITLES.get(record.game, record.game)
    players = ", ".join(
        name + (f" (bot {bot})" if bot else "")
        for name, bot in zip(record.players, record.bots, strict=True)
    )
    lines = [
        f"{title}, variant {record.variant} (rules {record.rules_digest[:12]}), "
        f"{len(record.players)} players: {players}",
    ]
    seed = "no seed (chance given)" if record.seed is None else f"seed {record.seed}"
    status = "finished" if record.finished else "not finished"
    lines.append(f"{seed}; {status}")
    return lines


def money_line(view: dict[str, Any]) -> str:
    """``money: Ada 70, Bo 55`` from a view (coins and debt where the game has loans)."""
    parts = []
    for p in view.get("players", []):
        money = p.get("money", p.get("coins"))
        debt = f" (coins {p.get('coins')}, loans {p['loans']})" if p.get("loans") else ""
        parts.append(f"{p.get('name')} {money}{debt}")
    return "   money: " + ", ".join(parts)


def step_lines(
    events: Sequence[Event], number: int | None, teller: _Teller, money: str | None = None
) -> list[str]:
    """The lines of one step: the numbered move, then what followed, indented.

    ``money`` (a money line) is shown after a scoring, before the next day or round opens.
    """
    lines: list[str] = []
    rest = list(events)
    if number is not None and rest:
        lines.append(f"{number:4d}. {teller.move(rest[0])}")
        rest = rest[1:]
    scored = False
    for group in _groups(e for e in rest if e.get("type") not in _SKIPPED):
        kind = group[0].get("type")
        if kind in SCORING_EVENTS:
            scored = True
        elif scored and kind == "order" and money is not None:
            lines.append(money)
            scored = False
        elif kind == "game_over":
            scored = False
        for line in teller.derived(group):
            lines.append(("      " + line) if line.startswith("->") else line)
    if scored and money is not None:
        lines.append(money)
    return lines


def describe_step(cursor: ReplayCursor) -> list[str]:
    """What happened in the cursor's current step, as story lines."""
    teller = _Teller(cursor.record.players)
    number = cursor.step if cursor.step > 0 else None
    events = cursor.events
    scoring = any(e.get("type") in SCORING_EVENTS for e in events)
    return step_lines(events, number, teller, money_line(cursor.view()) if scoring else None)


def story(record: Record | ReplayCursor) -> list[str]:
    """The whole game as story lines."""
    cursor = record if isinstance(record, ReplayCursor) else ReplayCursor(record)
    teller = _Teller(cursor.record.players)
    lines = header(cursor.record)
    cursor.goto(0)
    lines += step_lines(cursor.events, None, teller)
    while cursor.step < cursor.total:
        cursor.forward()
        events = cursor.events
        scoring = any(e.get("type") in SCORING_EVENTS for e in events)
        money = money_line(cursor.view()) if scoring else None
        lines += step_lines(events, cursor.step, teller, money)
    return lines
