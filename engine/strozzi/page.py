"""Medici vs Strozzi on the replay page (``engine.review.page``): a view as a ``Board``:
each side's money (coins less loans) and three ships (rows of tiles, S-11), each
harbour's monopoly rows as ladders between the two sides' ends with their bonuses (S-4),
the lot with its price (S-9), the bag and the discards."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.review.board import Board, Ladder, Row, Sale, Seat, piece
from engine.strozzi.views import StrozziView


def board(view: StrozziView, rules: Mapping[str, Any]) -> Board:
    """The table of ``view`` under ``rules`` (their ``rows``: spaces and bonuses)."""
    players = view["players"]
    names = [p["name"] for p in players]
    seats: list[Seat] = []
    for p in players:
        rows: list[Row] = []
        for ship in p["ships"]:
            where = f" at harbour {ship['harbour']}" if ship["harbour"] else ""
            rows.append({"label": f"ship {ship['holds']}{where}",
                         "pieces": [piece(t) for t in ship["tiles"]],
                         "note": f"value {ship['value']} · {ship['free_holds']} free"})
        money = str(p["money"])
        facts = [f"coins {p['coins']}, loans {p['loans']}"] if p.get("loans") else []
        seats.append({"name": p["name"], "money": f"{money} coins", "rows": rows,
                      "facts": facts})
    geometry = rules.get("rows", {})
    spaces = int(geometry.get("spaces", 5))
    bonuses = {int(k): int(v) for k, v in dict(geometry.get("bonuses", {})).items()}
    ladders: list[Ladder] = []
    for harbour in view["harbours"]:
        values = harbour["values"]
        group = f"Harbour {harbour['harbour']} · ship values {values[0]} : {values[1]}"
        for row in harbour["rows"]:
            reach = max(spaces, abs(row["marker"]))
            positions = list(range(-reach, reach + 1))
            ladders.append({
                "name": row["good"], "kind": row["good"], "group": group, "across": True,
                "ends": names[:2],
                "rungs": ["|" if x == 0 else str(abs(x)) for x in positions],
                "notes": [f"+{bonuses[abs(x)]}" if abs(x) in bonuses else "" for x in positions],
                "places": [{"seat": None, "rung": positions.index(row["marker"])}],
            })
    sale: Sale | None = None
    if view["lot"] or view["phase"] in ("drawing", "pricing", "offer"):
        active = view.get("active_player")
        bits = [f"drawn by {names[active]}" if active is not None else ""]
        if view.get("price") is not None:
            bits.append(f"price {view['price']}")
        buyer = view.get("buyer")
        if buyer is not None:
            bits.append(f"bought by {names[buyer]}")
        sale = {"label": "The lot", "pieces": [piece(t) for t in view["lot"]],
                "note": " · ".join(b for b in bits if b)}
    notes = [f"Bag: {view['bag_count']} tiles left"]
    if view["discards"]:
        notes.append("Discarded: " + ", ".join(view["discards"]))
    phase = str(view["phase"]).replace("_", " ")
    return {"title": f"Round {view['round']} of {view['rounds']} · {phase}", "seats": seats,
            "turn": view.get("current_player"), "winners": list(view.get("winners", [])),
            "ladders_title": "Harbours (rows: the marker between the two sides' ends)",
            "ladders": ladders, "sale": sale, "notes": notes}
