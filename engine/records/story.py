"""A record as a readable game story (``medici log``): one line per move, scorings in full.

Like a chess PGN reads: numbered moves, with what followed from each (a purchase, a free
fill) indented beneath it, each scoring broken down per player with the money after it.
The sentences are the game's describer's (``engine.narrative``), the same the shell shows;
the numbering and layout are the story's own.
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.narrative import Line, Narrator, Role, narrator
from engine.narrative.narrator import items
from engine.records.cursor import ReplayCursor
from engine.records.format import Record
from engine.registry import find
from engine.rules import rules_label
from engine.views import Event, View, money_text


def header(record: Record) -> list[str]:
    """The story's opening lines: game, variant, players, seed, outcome."""
    info = find(record.game)
    title = info.title if info is not None else record.game
    players = ", ".join(
        name + (f" (bot {bot})" if bot else "")
        for name, bot in zip(record.players, record.bots, strict=True)
    )
    label = rules_label(record.variant, record.rules_digest)
    rules = (
        f"variant {record.variant} (rules {record.rules_digest[:12]})"
        if label == record.variant
        else label
    )
    lines = [f"{title}, {rules}, {len(record.players)} players: {players}"]
    if record.seed is None:
        seed = "no seed (chance given)"
    elif record.finished:
        seed = f"seed {record.seed}"
    else:
        # G-3: the seed tells the piles to come, so the story leaves it out, but the file
        # itself holds it (anyone who opens the file can read it): say so plainly.
        seed = ("seed left out of this story until the game ends (it tells what chance "
                "will deal), but written in the file")
    status = "finished" if record.finished else "not finished"
    lines.append(f"{seed}; {status}")
    return lines


def money_line(view: View) -> str:
    """``money: Ada 70, Bo 55 (60 less loans 5)`` from a view (``engine.views.money_text``)."""
    return "   money: " + ", ".join(f"{p['name']} {money_text(p)}" for p in view["players"])


def step_lines(
    events: Sequence[Event], start: int, number: int | None, teller: Narrator,
    money: str | None = None,
) -> list[str]:
    """The lines of the step ``events[start:]``: the numbered move, then what followed.

    ``money`` (a money line) is shown after a scoring, before the next day or round opens.
    """
    lines: list[str] = []
    scored = False
    for line in teller.tell(events, start):
        if line.role is Role.SCORING:
            scored = True
        elif line.role is Role.OPENING and scored and money is not None:
            lines.append(money)
            scored = False
        elif line.role is Role.END:
            scored = False  # the game-over line gives the final money itself
        lines.append(_laid_out(line, events, teller, number if line.index == start else None))
    if scored and money is not None:
        lines.append(money)
    return lines


def _laid_out(line: Line, events: Sequence[Event], teller: Narrator, number: int | None) -> str:
    text = line.plain()
    if number is not None:
        return f"{number:4d}. {text}"
    if line.role is Role.MOVE:
        return "      " + text
    if line.role is Role.RESULT:
        return "      -> " + text
    if line.role is Role.DETAIL:
        return "   " + text
    if line.role is Role.OPENING:
        return f"== {text.rstrip('.')} =="
    if line.role is Role.END:
        money = [m if isinstance(m, int) else 0 for m in items(events[line.index].get("money"))]
        ranked = sorted(range(len(money)), key=lambda p: -money[p])
        final = ", ".join(f"{teller.name(p)} {money[p]}" for p in ranked)
        return f"== {text} Final money: {final} =="
    return text


def describe_step(cursor: ReplayCursor) -> list[str]:
    """What happened in the cursor's current step, as story lines."""
    number = cursor.step if cursor.step > 0 else None
    events = cursor.game.events
    start = len(events) - len(cursor.events)
    scoring = any(e.get("type") in cursor.scoring_events for e in cursor.events)
    money = money_line(cursor.view()) if scoring else None
    teller = narrator(cursor.record.game, cursor.record.players)
    return step_lines(events, start, number, teller, money)


def story(record: Record | ReplayCursor) -> list[str]:
    """The whole game as story lines."""
    cursor = record if isinstance(record, ReplayCursor) else ReplayCursor(record)
    lines = header(cursor.record)
    cursor.goto(0)
    lines += describe_step(cursor)
    while cursor.step < cursor.total:
        cursor.forward()
        lines += describe_step(cursor)
    return lines
