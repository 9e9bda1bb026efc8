"""Medici vs Strozzi on the screen: money and loans, three ships each, harbours and rows.

Laid out for the terminal's width and to stay within a screenful: a line per player, a line
per loaded ship (the empty ones together on one), a line per harbour with its ship values
and its monopoly rows drawn small (``cloth ··●··|·····``, a marker between the two players'
ends). Items are moved to the next line whole, so no tile is ever split.
"""

from __future__ import annotations

from engine.agreement import agree
from engine.strozzi.views import RowView, StrozziView
from engine.text import Text, flow, pieces_line, table_title

INDENT = 4
"""How far a ship line under its player is indented."""


def table(view: StrozziView, bots: list[str | None], width: int | None = None,
          worth: str | None = None) -> Text:
    """Money (coins less loans), each ship with its harbour, the harbours' rows, lot and bag;
    ``worth``, what the lot is worth to the viewer in words, on the lot line."""
    players = view["players"]
    current = view.get("current_player")
    names = [p["name"] for p in players]
    out = table_title("Medici vs Strozzi", "round", view, "rounds", width)
    for seat, player in enumerate(players):
        spec = bots[seat] if seat < len(bots) else None
        who = Text(player["name"], "bot" if spec else "name")
        if spec:
            who.add(f" (bot {spec})", "bot")
        money = Text("money ").add(str(player["money"]), "money")
        if player.get("loans"):
            money.add(f" (coins {player['coins']}, loans {player['loans']})", "bad")
        out.line(flow([who, money], width, sep="  ", indent=INDENT,
                      first=Text("▶ " if seat == current else "  ", "turn")))
        empty = []
        for ship in player["ships"]:
            if not ship["tiles"]:
                empty.append(Text(f"ship {ship['holds']}", "dim"))
                continue
            items = [Text(f"ship {ship['holds']}", "dim").add(
                f" at harbour {ship['harbour']}:" if ship["harbour"] else ":", "dim")]
            items += [Text(t, f"good.{t.split(':')[0]}") for t in ship["tiles"]]
            items.append(Text(f"(value {ship['value']}, {ship['free_holds']} free)", "dim"))
            out.line(flow(items, width, sep=" ", indent=INDENT + 2, first=" " * INDENT))
        if empty:
            out.line(flow(empty, width, sep=", ", indent=INDENT + 2,
                          first=" " * INDENT).add(" empty", "dim"))
    out.line(flow([Text("Harbours", "title"), Text(f"ship values {names[0]} : {names[1]}", "dim"),
                   Text(f"rows ◂ {names[0]} | {names[1]} ▸", "dim")], width, indent=2))
    for harbour in view["harbours"]:
        values = harbour["values"]
        items = [Text(f"{values[0]:>2} : {values[1]:<2}")]
        items += [Text(f"{row['good']} ", f"good.{row['good']}").add(_row(row))
                  for row in harbour["rows"]]
        out.line(flow(items, width, sep="   ", indent=8, first=f"  {harbour['harbour']}  "))
    out.line(_lot_line(view, names, width, worth))
    count = view['bag_count']
    summary = [Text(f"Bag: {count} tile{'s' if count != 1 else ''} left", "dim")]
    if view.get("discards"):
        summary.append(Text("discarded: ", "dim").extend(pieces_line(view["discards"])))
    out.line(flow(summary, width))
    return out


def _row(row: RowView) -> str:
    """A monopoly row: the marker (●) between the two players' ends, seat 0 on the left, the
    middle marked ``|`` (S-4)."""
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
    return "".join(cells)


def _lot_line(view: StrozziView, names: list[str], width: int | None,
              worth: str | None = None) -> Text:
    items = [Text("Lot: ").extend(pieces_line(view["lot"], "none"))]
    if worth and view["lot"] and view["phase"] in ("drawing", "pricing", "offer"):
        items.append(Text(worth, "money"))
    active = view.get("active_player")
    phase = view["phase"]
    if active is not None:
        items.append(Text(f"drawn by {names[active]}"))
    if view.get("price") is not None:
        items.append(Text("price ").add(str(view["price"]), "money"))
    if phase == "offer" and active is not None:
        other = names[1 - active]
        items.append(Text(f"{other} {agree(other, 'buys')} or {agree(other, 'declines')}"))
    seat = view.get("buyer")
    if phase == "loading" and seat is not None:
        buyer = names[seat]
        items.append(Text(f"{buyer} {agree(buyer, 'loads')} a ship or "
                          f"{agree(buyer, 'discards')}"))
    return flow(items, width)


def move_label(view: StrozziView, words: list[str]) -> str | None:
    """What a ``load`` begun with ``words`` does, for the completion menu: ``onto the empty
    3-hold ship (it names its harbour)``, ``harbour 2: Bo's ship there, value 7``."""
    if not words or words[0] != "load" or len(words) < 2 or not words[1].isdigit():
        return None
    seat = view.get("buyer")
    if seat is None:
        return None
    players = view["players"]
    holds = int(words[1])
    ship = next((s for s in players[seat]["ships"] if s["holds"] == holds), None)
    if ship is None:
        return None
    if len(words) == 2:
        if ship["harbour"]:
            return (f"onto the {holds}-hold ship at harbour {ship['harbour']} (value "
                    f"{ship['value']}, {ship['free_holds']} free)")
        return f"onto the empty {holds}-hold ship: it names its harbour next"
    if len(words) == 3:
        return f"send the {holds}-hold ship to a harbour for the round (S-11)"
    if not words[3].isdigit():
        return None
    number = int(words[3])
    other = players[1 - seat]
    theirs = next((s for s in other["ships"] if s["harbour"] == number), None)
    there = (f"{other['name']}'s ship there, value {theirs['value']}" if theirs is not None
             else "no ship there yet")
    return f"harbour {number}: {there}"
