"""``rules``: a Medici variant in a screenful, read from its resolved rules (never restated)."""

from __future__ import annotations

from typing import Any

from engine.text import Text, fit_table


def summary(r: dict[str, Any], players: int | None, width: int | None = None) -> Text:
    """The rules of a Medici variant in a screenful; ``players`` picks the table row to stress;
    the table of player counts is laid out for ``width`` columns."""
    cards = r["cards"]
    values = ", ".join(str(v) for v in cards["values"])
    gold = ", ".join(str(v) for v in cards["gold"])
    tracks = r["tracks"]
    bonus = ", ".join(f"level {lvl}: {amount}" for lvl, amount in sorted(tracks["bonuses"].items()))
    out = Text()
    out.line(f"Cards (M-1): {', '.join(cards['commodities'])}, each valued {values}; gold {gold}.")
    out.line(f"{r['days']} days (M-6). Each day the cards are shuffled and the surplus is "
             "removed unseen (M-3).")
    limit = "the selector's own free holds" if r["lot_limit"] == "self" else (
        "the free holds of some player still in the day")
    out.line(f"Selecting (M-8): draw 1 to {r['max_lot']} cards, never more than {limit}.")
    loans = r.get("loans", False)
    money = "any amount (the bank lends)" if loans else "no more than your money"
    out.line(f"Bidding (M-9): once around, selector last; a bid is at least {r['min_bid']}, "
             f"above the high bid, {money}.")
    out.line("If everyone passes the lot is out for the day (M-10). The day ends when all "
             "ships but one are full (the last fills up for free) or the pile is empty (M-12).")
    when = "as cards are bought" if r["track_moves"] == "on_purchase" else "at the day's end"
    out.line(f"Tracks (M-15): one level per card of a commodity, {when}, top level "
             f"{tracks['top']}; bonuses (M-17): {bonus}.")
    out.line(Text("Per player count (M-2..M-4, M-13, M-16):", "title"))
    header = ["players", "cards a day", "money", "holds", "ship payouts", "track payouts"]
    rows = []
    counts = []
    for count, row in sorted(r["player_counts"].items()):
        rows.append([str(count), str(row["cards_per_day"]), str(row["start_money"]),
                     str(row["ship_capacity"]), "/".join(str(x) for x in row["ship_payouts"]),
                     "/".join(str(x) for x in row["track_payouts"])])
        counts.append(count)
    lines = fit_table(header, rows, None if width is None else width - 2,
                      aligns=[">", ">", ">", ">", "<", "<"])
    heads = len(lines) - len(rows)
    for number, line in enumerate(lines):
        # The count being played stands out (its row, when rows are one line each).
        row = number - heads
        stress = heads <= 3 and 0 <= row < len(counts) and counts[row] == players
        out.line(Text("  " + line, "turn" if stress else ("dim" if number < heads else "")))
    out.line("Ties share the places they occupy, rounded down (M-14). Most money wins (G-4).")
    return out
