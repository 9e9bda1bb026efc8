"""``rules``: a Medici vs Strozzi variant in a screenful, read from its resolved rules."""

from __future__ import annotations

from typing import Any

from engine.text import Text


def summary(r: dict[str, Any], players: int | None) -> Text:
    """The rules of a Medici vs Strozzi variant in a screenful (always 2 players)."""
    tiles = r["tiles"]
    values = ", ".join(str(v) for v in tiles["values"])
    gold = ", ".join(str(v) for v in tiles["gold"])
    rows = r["rows"]
    special = ", ".join(f"a {value} moves it {spaces}"
                        for value, spaces in sorted(rows["move_by_value"].items()))
    bonus = ", ".join(f"space {space}: {amount}"
                      for space, amount in sorted(rows["bonuses"].items()))
    sides = " and ".join(r["players"])
    out = Text()
    out.line(f"Tiles (S-1): {', '.join(tiles['goods'])}, each valued {values}; gold {gold}.")
    out.line(f"Players (S-2): {sides}, {r['start_money']} coins each, ships of "
             f"{', '.join(str(h) for h in r['ships'])} holds. Loans are free; final money is "
             "coins minus loans (S-5).")
    out.line(f"{r['rounds']} rounds (S-6), started by {', '.join(r['round_starters'])}.")
    out.line(f"A turn (S-7..S-12): draw 1 to {r['max_lot']} tiles (no more than fit on your "
             f"emptiest ship), set a price of {r['min_price']} or more; the opponent buys or "
             "declines (then you buy); the buyer loads one ship or discards, and draws next.")
    out.line("A ship's first load names its harbour, one per ship, for the round (S-11).")
    out.line(Text("Harbours and their monopoly rows (S-3):", "title"))
    for number, goods in enumerate(r["harbours"], 1):
        out.line(f"  harbour {number}: {', '.join(goods)}")
    out.line(f"Scoring (S-14..S-16): the higher ship value in a harbour earns "
             f"{r['harbour_prize']}; each tile of a row's good moves its marker {rows['move']} "
             f"space ({special}), net of both players, at most {rows['spaces']} from the "
             f"middle; a marker on your side pays {r['row_payment']}, plus bonuses ({bonus}).")
    out.line("Most money wins (G-4).")
    return out
