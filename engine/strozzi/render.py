"""Medici vs Strozzi on the screen: money and loans, three ships each, harbours and rows."""

from __future__ import annotations

from typing import Any

from engine.agreement import agree
from engine.shell.text import Text, cards, table_title


def table(view: dict[str, Any], bots: list[str | None]) -> Text:
    """Money (coins less loans), each ship with its harbour, the harbours' rows, lot and bag."""
    players = view["players"]
    current = view.get("current_player")
    names = [p["name"] for p in players]
    out = table_title("Medici vs Strozzi", "round", view, "rounds")
    for seat, player in enumerate(players):
        spec = bots[seat] if seat < len(bots) else None
        row = Text("▶ " if seat == current else "  ", "turn")
        row.add(player["name"], "bot" if spec else "name")
        if spec:
            row.add(f" (bot {spec})", "bot")
        row.add("  money ").add(str(player["money"]), "money")
        if player.get("loans"):
            row.add(f" (coins {player['coins']}, loans {player['loans']})", "bad")
        out.row(row)
        for ship in player["ships"]:
            where = f"harbour {ship['harbour']}" if ship["harbour"] else "no harbour"
            line = Text(f"    ship {ship['holds']}  {where:<10}  ", "dim").extend(
                cards(ship["tiles"], "empty")
            )
            if ship["tiles"]:
                line.add(f"  value {ship['value']}, {ship['free_holds']} free", "dim")
            out.row(line)
    for harbour in view["harbours"]:
        values = harbour["values"]
        out.row(Text(f"Harbour {harbour['harbour']}", "title").add(
            f"  ship values {names[0]} {values[0]} : {values[1]} {names[1]}"))
        for row in harbour["rows"]:
            out.row(Text(f"    {row['good']:<6} ", f"good.{row['good']}").extend(
                _row(row, names)))
    out.line(_lot_line(view, names))
    summary = Text(f"Bag: {view['bag_count']} tiles left", "dim")
    if view.get("discards"):
        summary.add(" · discarded: ", "dim").extend(cards(view["discards"]))
    out.line(summary)
    return out


def _row(row: dict[str, Any], names: list[str]) -> Text:
    """A monopoly row: the marker between the two players' ends (seat 0 on the left)."""
    marker = row["marker"]
    spaces = max(5, abs(marker))
    cells = []
    for position in range(-spaces, spaces + 1):
        if position == marker:
            cells.append("●")
        elif position == 0:
            cells.append("|")
        else:
            cells.append("·")
    out = Text(f"{names[0]} ◂ ", "dim").add(" ".join(cells)).add(f" ▸ {names[1]}", "dim")
    if row["side"] is not None:
        out.add(f"   {names[row['side']]} {row['space']}", "name")
    return out


def _lot_line(view: dict[str, Any], names: list[str]) -> Text:
    out = Text("Lot: ").extend(cards(view["lot"], "none"))
    active = view.get("active_player")
    phase = view["phase"]
    if active is not None:
        out.add(f" · drawn by {names[active]}")
    if view.get("price") is not None:
        out.add(" · price ").add(str(view["price"]), "money")
    if phase == "offer" and active is not None:
        other = names[1 - active]
        out.add(f" · {other} {agree(other, 'buys')} or {agree(other, 'declines')}")
    if phase == "loading" and view.get("buyer") is not None:
        buyer = names[view["buyer"]]
        out.add(f" · {buyer} {agree(buyer, 'loads')} a ship or {agree(buyer, 'discards')}")
    return out
