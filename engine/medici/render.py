"""Medici on the screen: the table from a player's view, laid out for the terminal's width.

One row a player (money, ship value, free holds, a column per track), in the first of these
shapes that fits the width: the ship's cards at the end of the row; the cards on a line of
their own under it; a long name on a line of its own above its numbers; the tracks on a
line of their own too. No cell is ever cut and no card is split across lines; with no
width (a pipe, a file) every row is one line.
"""

from __future__ import annotations

from engine.medici.views import MediciView
from engine.text import Text, flow, join, pad, pieces_line, table_title

MARK = 2
"""The columns of the turn mark (``▶ ``) before a player's name."""
SHIP_INDENT = 4
"""How far a ship line under its player is indented."""


def table(view: MediciView, bots: list[str | None], width: int | None = None) -> Text:
    """Money, ship, ship value, free holds and track levels per player; lot, bids and pile."""
    players = view["players"]
    out = table_title("Medici", "day", view, "days", width)
    if players:
        out.line(_players(view, bots, width))
    if view["phase"] in ("selecting", "bidding"):
        out.line(_lot_line(view, width))
    count = view['pile_count']
    summary = [Text(f"Pile: {count} card{'s' if count != 1 else ''} left", "dim")]
    if view.get("discards"):
        summary.append(Text("discarded today: ", "dim").extend(pieces_line(view["discards"])))
    if view.get("day"):
        summary.append(Text(f"day started by {players[view['start_player']]['name']}", "dim"))
    out.line(flow(summary, width))
    return out


def _players(view: MediciView, bots: list[str | None], width: int | None) -> Text:
    players = view["players"]
    current = view.get("current_player")
    commodities = list(players[0]["tracks"])
    labels = [_label(p["name"], bots, i) for i, p in enumerate(players)]
    heads = ["money", "value", "free"]
    values = [[str(p["money"]), str(p["ship_value"]), str(p["free_holds"])] for p in players]
    sizes = [max(len(h), *(len(v[i]) for v in values)) for i, h in enumerate(heads)]
    levels = [[str(p["tracks"][c]) for c in commodities] for p in players]
    track_sizes = [max(len(c), *(len(v[k]) for v in levels)) for k, c in enumerate(commodities)]
    numbers = sum(sizes) + len(sizes) - 1
    tracks = sum(track_sizes) + len(track_sizes) - 1
    name_w = max(len(x) for x in labels)
    ships = [len(pieces_line(p["ship"]).plain()) for p in players]
    row_w = MARK + name_w + 1 + numbers + 2 + tracks
    if width is None or row_w + 2 + max(ships) <= width:
        shape = "inline"
    elif row_w <= width:
        shape = "below"
    elif MARK + 6 + 1 + numbers + 2 + tracks <= width:
        shape, name_w = "names", width - (MARK + 1 + numbers + 2 + tracks)
    else:
        shape, name_w = "narrow", max(0, width - MARK - 1 - numbers)
    if shape in ("names", "narrow"):
        # Short of room: a bot is marked ``(bot)``, its spec left to `new` and the toolbar.
        labels = [_label(p["name"], bots, i, short=True) for i, p in enumerate(players)]
        name_w = min(name_w, max(len(x) for x in labels))
    with_tracks = shape != "narrow"

    def numbers_of(i: int) -> Text:
        row = Text(" ".join(v.rjust(s) for v, s in zip(values[i][:1], sizes[:1], strict=True)),
                   "money")
        row.add(" " + " ".join(v.rjust(s) for v, s in zip(values[i][1:], sizes[1:],
                                                          strict=True)))
        if with_tracks:
            row.add("  " + " ".join(v.rjust(s) for v, s in zip(levels[i], track_sizes,
                                                               strict=True)))
        return row

    head = Text(" " * (MARK + max(0, name_w) + 1), "dim")
    head.add(" ".join(h.rjust(s) for h, s in zip(heads, sizes, strict=True)), "dim")
    if with_tracks:
        head.add("  " + " ".join(c.rjust(s) for c, s in zip(commodities, track_sizes,
                                                           strict=True)), "dim")
    if shape == "inline":
        head.add("  ship", "dim")
    out = Text().row(head)
    for i, player in enumerate(players):
        mark = Text("▶ " if i == current else "  ", "turn")
        name = Text(labels[i], "name" if bots[i:i + 1] in ([], [None]) else "bot")
        ship = Text("ship ", "dim").extend(pieces_line(player["ship"]))
        ship_shown = shape == "inline" or not player["ship"]
        if len(labels[i]) <= name_w:
            row = Text().extend(mark).extend(pad(name, name_w)).add(" ").extend(numbers_of(i))
        else:
            # The name on a line of its own, and the ship beside it when there is room.
            alone = Text().extend(mark).extend(name)
            beside = Text().extend(alone).add("   ").extend(ship)
            if not ship_shown and width is not None and len(beside) <= width:
                alone, ship_shown = beside, True
            out.line(flow([alone], width, indent=MARK + 2))
            row = Text(" " * (MARK + name_w + 1)).extend(numbers_of(i))
        if shape == "inline":
            row.add("  ").extend(pieces_line(player["ship"]))
        out.row(row)
        if not with_tracks:
            items = [Text(f"{c} {lvl}") for c, lvl in zip(commodities, levels[i], strict=True)]
            out.line(flow(items, width, sep="  ", indent=SHIP_INDENT + 7,
                          first=" " * SHIP_INDENT + "tracks "))
        if not ship_shown:
            out.line(flow([Text(c, f"good.{c.split(':')[0]}") for c in player["ship"]], width,
                          sep=" ", indent=SHIP_INDENT + 5,
                          first=Text(" " * SHIP_INDENT + "ship ", "dim")))
    return out


def _label(name: str, bots: list[str | None], seat: int, short: bool = False) -> str:
    spec = bots[seat] if seat < len(bots) else None
    if not spec:
        return name
    return f"{name} (bot)" if short else f"{name} (bot {spec})"


def _lot_line(view: MediciView, width: int | None) -> Text:
    players = view["players"]
    items = [Text("Lot: ").extend(pieces_line(view["lot"], "none yet"))]
    selector = view.get("selector")
    if view["phase"] == "selecting" and selector is not None:
        items.append(Text(f"selector {players[selector]['name']}"))
    if view["phase"] == "bidding":
        high = view.get("high_bid") or 0
        bidder = view.get("high_bidder")
        if bidder is None:
            items.append(Text("no bid yet"))
        else:
            items.append(Text("high bid ").add(str(high), "money").add(
                f" by {players[bidder]['name']}"))
        bids = [
            Text(players[b["player"]]["name"]).add(
                " passed" if b["bid"] is None else f" {b['bid']}"
            )
            for b in view.get("bids", [])
        ]
        if bids:
            items.append(Text("bids: ").extend(join(bids)))
        waiting = [players[p]["name"] for p in view.get("bidders", [])]
        if waiting:
            items.append(Text("still to bid: " + ", ".join(waiting)))
    return flow(items, width)
