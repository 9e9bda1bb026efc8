"""Medici on the screen: the table from a player's view."""

from __future__ import annotations

from typing import Any

from engine.shell.text import Text, cards, join, pad, table_title


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
    out.row(head)
    for i, player in enumerate(players):
        row = Text("▶ " if i == current else "  ", "turn")
        row.extend(pad(Text(labels[i], "name" if bots[i:i + 1] in ([], [None]) else "bot"), width))
        row.add(f" {player['money']:>6}", "money")
        row.add(f" {player['ship_value']:>5} {player['free_holds']:>4}  ")
        row.add(" ".join(str(player["tracks"][c]).rjust(max(5, len(c))) for c in commodities))
        row.add("  ").extend(cards(player["ship"]))
        out.row(row)
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
