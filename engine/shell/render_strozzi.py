"""Medici vs Strozzi on the screen: money and loans, three ships each, harbours and rows."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engine.shell.narration import common_line, game_over, lot_before, narrate_with
from engine.shell.text import Text, cards, table_title

ROUND_END = {
    "full_ships": "a player's three ships are full (S-13)",
    "empty_bag": "the last tile of the bag is placed (S-13)",
}


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
        out.line(row)
        for ship in player["ships"]:
            where = f"harbour {ship['harbour']}" if ship["harbour"] else "no harbour"
            line = Text(f"    ship {ship['holds']}  {where:<10}  ", "dim").extend(
                cards(ship["tiles"], "empty")
            )
            if ship["tiles"]:
                line.add(f"  value {ship['value']}, {ship['free_holds']} free", "dim")
            out.line(line)
    for harbour in view["harbours"]:
        values = harbour["values"]
        out.line(Text(f"Harbour {harbour['harbour']}", "title").add(
            f"  ship values {names[0]} {values[0]} : {values[1]} {names[1]}"))
        for row in harbour["rows"]:
            out.line(Text(f"    {row['good']:<6} ", f"good.{row['good']}").extend(
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
        out.add(f" · {names[1 - active]} buys or declines")
    if phase == "loading" and view.get("buyer") is not None:
        out.add(f" · {names[view['buyer']]} loads a ship or discards")
    return out


def narrate(events: Sequence[dict[str, Any]], start: int, names: list[str]) -> list[Text]:
    """Sentences for ``events[start:]``: each move, each purchase and loan, each scoring."""
    return narrate_with(events, start, names, _payout, _event, detail=_harbour, part=_marker,
                        parts_title="Markers: ")


def _payout(e: dict[str, Any]) -> str:
    if e["reason"] == "harbour":
        return f"{e['amount']} harbour {e['harbour']} prize"
    if e["reason"] == "row":
        bonus = f" + bonus {e['bonus']}" if e.get("bonus") else ""
        where = f"harbour {e['harbour']}, space {e['space']}{bonus}"
        return f"{e['amount']} {e['good']} row ({where})"
    return f"{e['amount']} {e['reason']}"


def _harbour(e: dict[str, Any], names: list[str]) -> Text | None:
    if e.get("type") != "harbour":
        return None
    values = e["values"]
    out = Text(f"  Harbour {e['harbour']}: {names[0]} {values[0]} : {values[1]} {names[1]}")
    if e["winner"] is None:
        return out.add(" — a tie, no prize (S-14)", "dim")
    return out.add(" — ").add(names[e["winner"]], "name").add(f" wins {e['prize']}")


def _marker(e: dict[str, Any], names: list[str]) -> Text | None:
    if e.get("type") != "marker" or e["from"] == e["to"]:
        return None  # an unmoved marker is not news (and is not told by _event either)
    side = "middle" if e["to"] == 0 else f"{names[0 if e['to'] < 0 else 1]} {abs(e['to'])}"
    return Text(f"h{e['harbour']} {e['good']} → {side}")


def _event(events: Sequence[dict[str, Any]], index: int, names: list[str]) -> Text | None:
    common = common_line(events, index, names, "tile", "tiles", "shaken")
    if common is not None:
        return common
    e = events[index]
    kind = e.get("type")
    who = Text(names[e["player"]], "name") if isinstance(e.get("player"), int) else Text()
    if kind == "start_player":
        return Text(f"Round {e['round']} begins: ", "title").extend(who).add(" draws first.")
    if kind == "stop":
        lot = lot_before(events, index, "tile")
        return Text().extend(who).add(" stops with the lot ").extend(cards(lot)).add(".")
    if kind == "price":
        return Text().extend(who).add(" asks ").add(str(e["amount"]), "money").add(" for it.")
    if kind == "decline":
        return Text().extend(who).add(" declines: the active player must buy (S-9).")
    if kind == "purchase":
        return Text().extend(who).add(" buys ").extend(cards(e["tiles"])).add(" for ").add(
            str(e["price"]), "money").add(".")
    if kind == "loan":
        return Text().extend(who).add(f" borrows {e['amount']} (loans now {e['loans']}, S-5).",
                                      "bad")
    if kind == "load":
        where = f" in harbour {e['harbour']}" if e.get("harbour") else ""
        return Text().extend(who).add(" loads ").extend(cards(e["tiles"])).add(
            f" onto ship {e['ship']}{where}.")
    if kind == "discard":
        return Text().extend(who).add(" discards ").extend(cards(e["tiles"])).add(" (S-10).")
    if kind == "round_end":
        return Text(f"Round {e['round']} ends: {ROUND_END.get(e['by'], e['by'])}. Scoring:",
                    "title")
    if kind == "repay":
        return Text().extend(who).add(f" repays loans of {e['amount']} (S-17).")
    if kind == "game_over":
        return game_over(e, names, "coins")
    return None
