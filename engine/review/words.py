"""Each player's costliest moves in words a player can check: what was played, what was
better, why (the bots' valuation and explainer, as a hint says it), and what followed.

The words come from the game's own explainer (``Explainer.situation`` and ``explain``, as
``hint`` and ``analyse`` show them), told from the mover's view with what they had seen of
the others; what followed is the narrator's, from the move until the sale it belongs to
ended (a result line: who bought what for how much).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from engine.bots.opponents import learn
from engine.bots.parts import AnyParts, build_parts
from engine.game import game_from_view
from engine.narrative import Role, narrator
from engine.records import Record
from engine.records.review_section import JudgedMove, ReviewSection
from engine.registry import game_info
from engine.review import labels
from engine.review.judge import Moment, moments, replay_record_to
from engine.review.reviewing import Course
from engine.rules import Variant

COSTLIEST = 3
"""How many of a player's moves the review tells in words."""
FOLLOW = 12
"""Steps after a move looked through for what followed from it."""


@dataclass(frozen=True)
class Costly:
    """One costly move told: its judgement and the words."""

    judged: JudgedMove
    head: str
    """``step 37, day 1: bid 24, a blunder: ...``"""
    why: str
    """What the decision was about, and what each of the two moves does."""
    followed: str
    """What came of it ('' if nothing to tell)."""

    def lines(self) -> list[str]:
        """The three parts as lines (the empty ones left out)."""
        return [p for p in (self.head, self.why, self.followed) if p]


def points(judged: JudgedMove) -> float:
    """The points of win chance a move gave away."""
    return max(0, judged["best"] - judged["after"]) / 10


def percent(value: int) -> str:
    """A chance kept in tenths of a percent, as a whole percentage."""
    whole = round(value / 10)
    return f"{whole}%"


def costliest(section: ReviewSection, seat: int, count: int = COSTLIEST) -> list[JudgedMove]:
    """A seat's ``count`` moves that gave away the most win chance (none that gave away
    nothing), the costliest first, then by step."""
    judged = [m for m in section["moves"] if m["player"] == seat
              and m["label"] not in (labels.BEST, labels.FORCED) and points(m) > 0]
    judged.sort(key=lambda m: (-points(m), m["step"]))
    return judged[:count]


def tell(record: Record, course: Course, section: ReviewSection, seats: Sequence[int],
         count: int = COSTLIEST) -> dict[int, list[Costly]]:
    """Each seat's costliest moves told (``costliest``)."""
    chosen = {seat: costliest(section, seat, count) for seat in seats}
    steps = sorted(m["step"] for moves in chosen.values() for m in moves)
    if not steps:
        return {seat: [] for seat in seats}
    variant = course_variant(record)
    parts = build_parts(variant)
    told: dict[int, Costly] = {}
    by_step = {m["step"]: m for moves in chosen.values() for m in moves}
    for moment in moments(record, parts, steps):
        told[moment.step] = _told(record, course, parts, by_step[moment.step], moment)
    return {seat: [told[m["step"]] for m in moves] for seat, moves in chosen.items()}


def course_variant(record: Record) -> Variant:
    """The variant a record was played under."""
    return replay_record_to(record, 0).variant


def explain_move(record: Record, course: Course, section: ReviewSection, step: int
                 ) -> Costly | None:
    """One judged move told (None if the review did not judge it)."""
    judged = next((m for m in section["moves"] if m["step"] == step), None)
    if judged is None:
        return None
    parts = build_parts(course_variant(record))
    moment = next(iter(moments(record, parts, [step])))
    return _told(record, course, parts, judged, moment)


def _told(record: Record, course: Course, parts: AnyParts, judged: JudgedMove,
          moment: Moment) -> Costly:
    info = game_info(record.game)
    vocabulary = info.vocabulary
    step = judged["step"]
    period = course.periods[step - 1]
    when = f"step {step}" + (f", {vocabulary.period} {period}" if period is not None else "")
    played, better = judged["move"], judged["best_move"]
    name = record.players[judged["player"]]
    lost = points(judged)
    head = (f"{when}: {name} played {played}, {with_article(judged['label'])}: {lost:g} "
            f"points of win chance given away ({percent(judged['before'])} before; "
            f"{percent(judged['after'])} after it, {percent(judged['best'])} after {better}).")
    game = moment.game
    seat = moment.seat
    seen = game_from_view(game.variant, game.view(seat), record.seed or 0)
    beliefs = learn(parts.opponents, seen, dict(moment.memory), seat)
    explainer = parts.explainer
    situation = explainer.situation(seen, beliefs)
    parts_said = []
    for text, money in ((played, judged.get("money_after")),
                        (better, judged.get("money_best"))):
        said = explainer.explain(seen, seen.logic.grammar.parse(text), beliefs)
        if money is not None:
            said = f"{said}; ends with ~{money} {vocabulary.money}" if said \
                else f"ends with ~{money} {vocabulary.money}"
        parts_said.append(f"{text}: {said}" if said else text)
    why = "Why: " + (f"{_sentence(situation)} " if situation else "") + \
        "; ".join(parts_said) + "."
    return Costly(judged, head, why, _followed(record, course, step))


def with_article(label: str) -> str:
    """``a blunder``, ``an inaccuracy``; ``good`` as it is (a good move)."""
    if label == labels.GOOD:
        return "a good move"
    return f"an {label}" if label[0] in "aeiou" else f"a {label}"


def _sentence(text: str) -> str:
    text = text.strip()
    text = text[0].upper() + text[1:] if text else text
    return text if text.endswith(".") else text + "."


def _followed(record: Record, course: Course, step: int) -> str:
    """What came of the move: the first result the narrator tells from it on (within
    ``FOLLOW`` steps), else ''."""
    teller = narrator(record.game, record.players)
    events = record.events
    for at in range(step, min(course.steps, step + FOLLOW) + 1):
        start, end = course.events(at, len(events))
        results = [line.plain() for line in teller.tell(events[:end], start)
                   if line.role is Role.RESULT]
        if results:
            return "What followed: " + " ".join(results)
    return ""
