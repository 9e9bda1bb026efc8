"""Medici on the replay page (``engine.review.page``): a view as a ``Board``: each
player's money and ship (a row of cards), the goods tracks as ladders with their bonuses
(M-5, M-17), the lot on sale with the auction's bids (M-9), the pile and the discards."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.medici.views import MediciView
from engine.review.board import Board, Ladder, Row, Sale, Seat, piece


def board(view: MediciView, rules: Mapping[str, Any]) -> Board:
    """The table of ``view`` under ``rules`` (their ``tracks``: top level and bonuses)."""
    players = view["players"]
    names = [p["name"] for p in players]
    seats: list[Seat] = []
    for p in players:
        ship: Row = {"label": "ship", "pieces": [piece(c) for c in p["ship"]],
                     "note": f"value {p['ship_value']} · {p['free_holds']} free"}
        seats.append({"name": p["name"], "money": f"{p['money']} florins", "rows": [ship],
                      "facts": []})
    tracks = rules.get("tracks", {})
    top = int(tracks.get("top", 7))
    bonuses = {int(k): int(v) for k, v in dict(tracks.get("bonuses", {})).items()}
    goods = list(players[0]["tracks"]) if players else []
    ladders: list[Ladder] = [
        {"name": good, "kind": good, "rungs": [str(level) for level in range(top + 1)],
         "notes": [f"+{bonuses[level]}" if level in bonuses else "" for level in range(top + 1)],
         "places": [{"seat": seat, "rung": min(top, p["tracks"][good])}
                    for seat, p in enumerate(players)]}
        for good in goods
    ]
    sale: Sale | None = None
    if view["lot"] or view["phase"] in ("selecting", "bidding"):
        bids = [f"{names[b['player']]} {'passes' if b['bid'] is None else b['bid']}"
                for b in view["bids"]]
        high = (f"high bid {view['high_bid']} by {names[view['high_bidder']]}"
                if view["high_bid"] is not None and view["high_bidder"] is not None else "")
        selector = view.get("selector")
        drawn = "" if selector is None else (f"drawn by {names[selector]}" if view["lot"]
                                             else f"{names[selector]} draws")
        sale = {"label": "The lot", "pieces": [piece(c) for c in view["lot"]],
                "note": " · ".join(x for x in (drawn, high, ", ".join(bids)) if x)}
    notes = [f"Pile: {view['pile_count']} cards left"]
    if view["discards"]:
        notes.append("Discarded today: " + ", ".join(view["discards"]))
    phase = str(view["phase"]).replace("_", " ")
    return {"title": f"Day {view['day']} of {view['days']} · {phase}", "seats": seats,
            "turn": view.get("current_player"), "winners": list(view.get("winners", [])),
            "ladders_title": "Goods tracks", "ladders": ladders, "sale": sale, "notes": notes}
