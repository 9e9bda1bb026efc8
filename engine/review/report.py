"""A review as a person reads it (each player's accuracy and labels, their costliest moves
in words, the chart) and as a script reads it (``--json``: every move's figures)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engine.records import Record
from engine.records.review_section import ReviewSection
from engine.registry import game_info
from engine.review import labels
from engine.review.chart import chart
from engine.review.reviewing import Course, judged_moves
from engine.review.words import percent, points, tell, with_article
from engine.text import fit_table, wrap_words

COUNTED = (labels.BEST, labels.GOOD, labels.INACCURACY, labels.MISTAKE, labels.BLUNDER)
"""The labels the table counts (``forced`` moves are no one's choice)."""


def player_summary(section: ReviewSection, seat: int) -> dict[str, Any]:
    """A seat's figures: moves judged, each label's count, the points given away in all and
    the accuracy (None without a judged move)."""
    moves = judged_moves(section, seat)
    chosen = [m for m in moves if m["label"] != labels.FORCED]
    counts = {name: sum(1 for m in moves if m["label"] == name) for name in labels.LABELS}
    accuracy = labels.accuracy([points(m) for m in chosen])
    return {"seat": seat, "moves": len(moves), "judged": len(chosen), "labels": counts,
            "given_away": round(sum(points(m) for m in chosen), 1),
            "accuracy": None if accuracy is None else round(accuracy, 1)}


def text(record: Record, course: Course, section: ReviewSection, seats: Sequence[int],
         width: int | None, source: str = "") -> list[str]:
    """The review's lines for a terminal of ``width`` columns (None: a pipe)."""
    info = game_info(record.game)
    period = info.vocabulary.period
    names = record.players
    head = (f"Review of {source or 'the game'}: {info.title}, {len(names)} players, "
            f"{course.steps} moves; each judged by {section['bot']} (seed {section['seed']}) "
            "from the mover's view.")
    lines = wrap_words(head, width) + wrap_words(labels.legend(), width) + [""]
    header = ["player", "accuracy", "judged", *(_short(n) for n in COUNTED), "given away"]
    rows = []
    for seat in seats:
        row = player_summary(section, seat)
        acc = "-" if row["accuracy"] is None else f"{row['accuracy']:.1f}"
        rows.append([names[seat], acc, str(row["judged"]),
                     *(str(row["labels"][n]) for n in COUNTED), f"{row['given_away']:g}"])
    lines += fit_table(header, rows, width)
    told = tell(record, course, section, seats)
    for seat in seats:
        lines.append("")
        costly = told.get(seat, [])
        if not costly:
            lines += wrap_words(f"{names[seat]} gave away no win chance the search saw.",
                                width)
            continue
        lines.append(f"{names[seat]}'s costliest moves:")
        for number, move in enumerate(costly, 1):
            for i, part in enumerate(move.lines()):
                prefix = f"{number}. " if i == 0 else "   "
                lines += wrap_words(prefix + part, width, 3)
    lines.append("")
    marks: dict[int, list[tuple[int, str]]] = {}
    for judged in section["moves"]:
        marks.setdefault(judged["player"], []).append((judged["step"], judged["label"]))
    legend = " ".join(f"{mark} {name}" for name, mark in labels.MARKS.items())
    lines += wrap_words(f"Win chance by step, every player 0% to 100% as the table reads "
                        f"(┊ a new {period}; {legend}):", width)
    lines += chart(section["chances"], names, course.period_starts(), period, marks, width)
    return lines


def _short(label: str) -> str:
    return {labels.INACCURACY: "inacc.", labels.MISTAKE: "mistakes",
            labels.BLUNDER: "blunders"}.get(label, label)


def as_json(record: Record, course: Course, section: ReviewSection, seats: Sequence[int]
            ) -> dict[str, Any]:
    """The review for scripts: every judged move's figures (chances as percentages),
    each player's summary, every seat's chance at every step, the legend."""
    info = game_info(record.game)
    moves = []
    for judged in section["moves"]:
        if judged["player"] not in seats:
            continue
        period = course.periods[judged["step"] - 1]
        moves.append({
            "step": judged["step"], info.vocabulary.period: period,
            "player": record.players[judged["player"]], "seat": judged["player"],
            "move": judged["move"], "label": judged["label"],
            "before": judged["before"] / 10, "after": judged["after"] / 10,
            "best": judged["best"] / 10, "best_move": judged["best_move"],
            "given_away": points(judged),
            "accuracy": round(labels.move_accuracy(points(judged)), 1)
            if judged["label"] != labels.FORCED else None,
            "money_after": judged.get("money_after"), "money_best": judged.get("money_best"),
        })
    return {
        "game": record.game, "variant": record.variant, "players": list(record.players),
        "bot": section["bot"], "seed": section["seed"], "steps": course.steps,
        "thresholds": section["thresholds"], "legend": labels.legend(),
        "summary": [{**player_summary(section, s), "player": record.players[s]}
                    for s in seats],
        "moves": moves,
        "chances": [[c / 10 for c in row] for row in section["chances"]],
        f"{info.vocabulary.period}_starts": [s for s, _ in course.period_starts()],
    }


def step_line(section: ReviewSection, step: int, names: Sequence[str]) -> str | None:
    """One step's judgement in a line, as replay's ``goto`` and ``analyse`` show it from a
    kept review (None if the review did not judge that step)."""
    judged = next((m for m in section["moves"] if m["step"] == step), None)
    if judged is None:
        return None
    who = names[judged["player"]]
    if judged["label"] == labels.FORCED:
        return f"Review: {who}'s only legal move ({judged['move']})."
    if judged["label"] == labels.BEST:
        return (f"Review: {judged['move']} is the search's own choice ({who} "
                f"{percent(judged['before'])} before, {percent(judged['after'])} after).")
    return (f"Review: {judged['move']} is {with_article(judged['label'])}: "
            f"{points(judged):g} points of win chance given away ({who} "
            f"{percent(judged['before'])} before, "
            f"{percent(judged['after'])} after; {percent(judged['best'])} after "
            f"{judged['best_move']}).")
