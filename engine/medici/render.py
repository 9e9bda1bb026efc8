"""Medici on the screen: the table from a player's view, laid out for the terminal's width.

One row a player (money, ship value, free holds, a column per track), in the first of these
shapes that fits the width: the ship's cards at the end of the row; the cards on a line of
their own under it; a long name on a line of its own above its numbers; the tracks on a
line of their own too. No cell is ever cut and no card is split across lines; with no
width (a pipe, a file) every row is one line.

A line over the columns says what they are: the ship's value and free holds, and the
levels of the commodity tracks (M-5). Cards bought today move the tracks only when the day
is scored (M-15, ``track_moves: day_end``), so until then each track shows them beside its
level (``2+1``: level 2, one card of it on the ship). The lot line says what the lot is
worth to the viewer when the shell gives it (``set worth``).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.medici.views import MediciView
from engine.text import Text, flow, join, pad, pieces_line, table_title

MARK = 2
"""The columns of the turn mark (``▶ ``) before a player's name."""
SHIP_INDENT = 4
"""How far a ship line under its player is indented."""


PLAYING = ("selecting", "bidding")
"""The phases in which lots are drawn and sold (and today's cards are still to score)."""

TRACKS = ("track levels, +N: bought today", "track levels (+today)", "track levels",
          "tracks")
"""The label over the track columns, longest first (the first two when a card is pending)."""


def table(view: MediciView, bots: list[str | None], width: int | None = None,
          worth: str | None = None, rules: Mapping[str, Any] | None = None) -> Text:
    """Money, ship, ship value, free holds and track levels per player; lot, bids and pile.

    ``worth``: what the lot is worth to the viewer, in words, shown on the lot line;
    ``rules``: the resolved rules, whose ``track_moves`` says whether today's cards are
    still to move the tracks (without them, none is shown pending)."""
    players = view["players"]
    out = table_title("Medici", "day", view, "days", width)
    if players:
        out.line(_players(view, bots, width, _pending(view, rules)))
    if view["phase"] in PLAYING:
        out.line(_lot_line(view, width, worth))
    count = view['pile_count']
    summary = [Text(f"Pile: {count} card{'s' if count != 1 else ''} left", "dim")]
    if view.get("discards"):
        summary.append(Text("discarded today: ", "dim").extend(pieces_line(view["discards"])))
    if view.get("day"):
        summary.append(Text(f"day started by {players[view['start_player']]['name']}", "dim"))
    out.line(flow(summary, width))
    return out


def _pending(view: MediciView, rules: Mapping[str, Any] | None) -> list[dict[str, int]]:
    """Per player, the cards of each commodity bought today that have not moved its track
    yet (M-15): none unless the rules say tracks move at the day's end."""
    players = view["players"]
    if rules is None or rules.get("track_moves", "day_end") != "day_end" \
            or view["phase"] not in PLAYING:
        return [{} for _ in players]
    out = []
    for player in players:
        counts: dict[str, int] = {}
        for card in player["ship"]:
            kind = card.split(":")[0]
            if kind in player["tracks"]:
                counts[kind] = counts.get(kind, 0) + 1
        out.append(counts)
    return out


def _players(view: MediciView, bots: list[str | None], width: int | None,
             pending: list[dict[str, int]]) -> Text:
    players = view["players"]
    current = view.get("current_player")
    commodities = list(players[0]["tracks"])
    labels = [_label(p["name"], bots, i) for i, p in enumerate(players)]
    heads = ["money", "value", "free"]
    values = [[str(p["money"]), str(p["ship_value"]), str(p["free_holds"])] for p in players]
    sizes = [max(len(h), *(len(v[i]) for v in values)) for i, h in enumerate(heads)]
    levels = [[_level(p["tracks"][c], pending[i].get(c, 0)) for c in commodities]
              for i, p in enumerate(players)]
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

    out = Text()
    if with_tracks:
        out.row(_group_line(MARK + max(0, name_w) + 1, sizes, tracks, width,
                            any(pending)))
    head = Text(" " * (MARK + max(0, name_w) + 1), "dim")
    head.add(" ".join(h.rjust(s) for h, s in zip(heads, sizes, strict=True)), "dim")
    if with_tracks:
        head.add("  " + " ".join(c.rjust(s) for c, s in zip(commodities, track_sizes,
                                                           strict=True)), "dim")
    if shape == "inline":
        head.add("  cards", "dim")
    out.row(head)
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


def _level(level: int, pending: int) -> str:
    """A track's cell: its level, and ``+N`` for the cards of it bought today (M-15)."""
    return f"{level}+{pending}" if pending else str(level)


def _group_line(start: int, sizes: list[int], tracks: int, width: int | None,
                pending: bool) -> Text:
    """The line over the columns: ``ship`` over its value and free holds, the tracks'
    label over the track columns (the longest that fits ``width``)."""
    ship_at = start + sizes[0] + 1
    ship_w = sizes[1] + 1 + sizes[2]
    tracks_at = start + sum(sizes) + len(sizes) - 1 + 2
    out = Text(" " * ship_at).add("ship".center(ship_w).rstrip(), "dim")
    labels = TRACKS if pending else TRACKS[2:]
    room = None if width is None else width - tracks_at
    label = next((t for t in labels if room is None or len(t) <= room), "")
    if label:
        out.add(" " * (tracks_at - len(out)) + label, "dim")
    return out


def _label(name: str, bots: list[str | None], seat: int, short: bool = False) -> str:
    spec = bots[seat] if seat < len(bots) else None
    if not spec:
        return name
    return f"{name} (bot)" if short else f"{name} (bot {spec})"


def _lot_line(view: MediciView, width: int | None, worth: str | None = None) -> Text:
    players = view["players"]
    items = [Text("Lot: ").extend(pieces_line(view["lot"], "none yet"))]
    if worth and view["lot"]:
        items.append(Text(worth, "money"))
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
