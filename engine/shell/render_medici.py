"""Medici on the screen: the table from a player's view, and events told as sentences."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engine.shell.narration import common_line, game_over, lot_before, narrate_with
from engine.shell.text import Text, cards, join, ordinal, pad, table_title

DAY_END = {
    "full_ships": "all ships but one are full (M-12)",
    "empty_pile": "the pile is empty (M-12)",
}


def table(view: dict[str, Any], bots: list[str | None]) -> Text:
    """Money, ship, ship value, free holds and track levels per player; lot, bids and pile."""
    players = view["players"]
    current = view.get("current_player")
    commodities = list(players[0]["tracks"]) if players else []
    labels = [_label(p["name"], bots, i) for i, p in enumerate(players)]
    width = max([len(x) for x in labels] + [6])
    out = table_title("Medici", "day", view, "days")
    head = Text("  " + "".ljust(width) + f" {'money':>6} {'value':>5} {'free':>4}  ", "dim")
    head.add(" ".join(c[:5].rjust(max(5, len(c))) for c in commodities), "dim").add("  ship", "dim")
    out.line(head)
    for i, player in enumerate(players):
        row = Text("▶ " if i == current else "  ", "turn")
        row.extend(pad(Text(labels[i], "name" if bots[i:i + 1] in ([], [None]) else "bot"), width))
        row.add(f" {player['money']:>6}", "money")
        row.add(f" {player['ship_value']:>5} {player['free_holds']:>4}  ")
        row.add(" ".join(str(player["tracks"][c]).rjust(max(5, len(c))) for c in commodities))
        row.add("  ").extend(cards(player["ship"]))
        out.line(row)
    if view["phase"] in ("selecting", "bidding"):
        out.line(_lot_line(view))
    summary = Text(f"Pile: {view['pile_count']} cards left", "dim")
    if view.get("discards"):
        summary.add(" · discarded today: ", "dim").extend(cards(view["discards"]))
    if view.get("day"):
        summary.add(f" · day started by {players[view['start_player']]['name']}", "dim")
    out.line(summary)
    return out


def _label(name: str, bots: list[str | None], seat: int) -> str:
    spec = bots[seat] if seat < len(bots) else None
    return f"{name} (bot {spec})" if spec else name


def _lot_line(view: dict[str, Any]) -> Text:
    players = view["players"]
    out = Text("Lot: ").extend(cards(view["lot"], "none yet"))
    if view["phase"] == "selecting" and view.get("selector") is not None:
        out.add(f" · selector {players[view['selector']]['name']}")
    if view["phase"] == "bidding":
        high = view.get("high_bid") or 0
        bidder = view.get("high_bidder")
        if bidder is None:
            out.add(" · no bid yet")
        else:
            out.add(" · high bid ").add(str(high), "money").add(f" by {players[bidder]['name']}")
        bids = [
            Text(players[b["player"]]["name"]).add(
                " passed" if b["bid"] is None else f" {b['bid']}"
            )
            for b in view.get("bids", [])
        ]
        if bids:
            out.add(" · bids: ").extend(join(bids))
        waiting = [players[p]["name"] for p in view.get("bidders", [])]
        if waiting:
            out.add(" · still to bid: " + ", ".join(waiting))
    return out


def narrate(events: Sequence[dict[str, Any]], start: int, names: list[str]) -> list[Text]:
    """Sentences for ``events[start:]``: moves one a line, a day's scoring grouped by player."""
    return narrate_with(events, start, names, _payout, _event, part=_track, parts_title="Tracks: ")


def _track(e: dict[str, Any], names: list[str]) -> Text | None:
    if e.get("type") != "track":
        return None
    return Text(names[e["player"]], "name").add(f" {e['commodity']} {e['from']}→{e['to']}")


def _payout(e: dict[str, Any]) -> str:
    tie = ", tied" if len(e.get("tied") or []) > 1 else ""
    if e["reason"] == "ship":
        return f"{e['amount']} ship ({ordinal(e['place'])}{tie}, value {e['value']})"
    if e["reason"] == "majority":
        return f"{e['amount']} {e['commodity']} majority ({ordinal(e['place'])}{tie})"
    if e["reason"] == "bonus":
        return f"{e['amount']} {e['commodity']} bonus (level {e['level']})"
    return f"{e['amount']} {e['reason']}"


def _event(events: Sequence[dict[str, Any]], index: int, names: list[str]) -> Text | None:
    common = common_line(events, index, names, "card", "cards", "shuffled")
    if common is not None:
        return common
    e = events[index]
    kind = e.get("type")
    who = Text(names[e["player"]], "name") if isinstance(e.get("player"), int) else Text()
    if kind == "start_player":
        return Text(f"Day {e['day']} begins: ", "title").extend(who).add(
            f" starts ({e['reason']})."
        )
    if kind == "stop":
        lot = lot_before(events, index, "card")
        return Text().extend(who).add(" offers the lot ").extend(cards(lot)).add(".")
    if kind == "bid":
        return Text().extend(who).add(" bids ").add(str(e["amount"]), "money").add(".")
    if kind == "pass":
        return Text().extend(who).add(" passes.")
    if kind == "buy":
        return Text().extend(who).add(" buys ").extend(cards(e["cards"])).add(" for ").add(
            str(e["price"]), "money"
        ).add(".")
    if kind == "discard":
        return Text("Nobody bids: ").extend(cards(e["cards"])).add(" is out for the day (M-10).")
    if kind == "free_fill":
        if not e["cards"]:
            return Text().extend(who).add(" would fill up for free, but the pile is empty.")
        return Text().extend(who).add(" fills up for free: ").extend(cards(e["cards"])).add(
            " (M-12)."
        )
    if kind == "day_end":
        return Text(f"Day {e['day']} ends: {DAY_END.get(e['by'], e['by'])}. Scoring:", "title")
    if kind == "game_over":
        return game_over(e, names, "florins")
    return None
