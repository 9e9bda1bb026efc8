"""``rules``: a summary of a variant, read from its resolved rules (never restated in code)."""

from __future__ import annotations

from typing import Any

from engine.rules import Variant
from engine.shell.text import Text


def summary(variant: Variant, players: int | None = None) -> Text:
    """The rules of ``variant`` in a screenful; ``players`` picks the table row to stress."""
    head = Text(f"{variant.name}", "heading").add(f" ({variant.game})", "dim")
    if variant.description:
        head.line(Text(variant.description, "dim"))
    if variant.game == "medici":
        body = _medici(variant.rules, players)
    elif variant.game == "medici-vs-strozzi":
        body = _strozzi(variant.rules)
    else:
        body = _generic(variant.rules)
    example = "S-7" if variant.game == "medici-vs-strozzi" else "M-8"
    return head.line(body).line(Text(f"Rules file: {variant.source}", "dim")).line(
        Text(f"Any rule in full: `rules` and its id, e.g. rules {example}.", "dim"))


def _medici(r: dict[str, Any], players: int | None) -> Text:
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
    out.line(Text("  players  cards/day  money  holds  ship payouts          track payouts", "dim"))
    for count, row in sorted(r["player_counts"].items()):
        ships = "/".join(str(x) for x in row["ship_payouts"])
        majority = "/".join(str(x) for x in row["track_payouts"])
        line = (f"  {count:>7}  {row['cards_per_day']:>9}  {row['start_money']:>5}  "
                f"{row['ship_capacity']:>5}  {ships:<21} {majority}")
        out.line(Text(line, "turn" if count == players else ""))
    out.line("Ties share the places they occupy, rounded down (M-14). Most money wins (G-4).")
    return out


def _strozzi(r: dict[str, Any]) -> Text:
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


def _generic(rules: dict[str, Any], indent: str = "") -> Text:
    out = Text()
    for key, value in rules.items():
        if key in ("name", "game", "description") and not indent:
            continue
        if isinstance(value, dict):
            out.line(f"{indent}{key}:")
            out.line(_generic(value, indent + "  "))
        else:
            shown = ", ".join(str(v) for v in value) if isinstance(value, list) else value
            out.line(f"{indent}{key}: {shown}")
    return out
