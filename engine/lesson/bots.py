"""The bots at a lesson's table: they play the lesson's script where the lesson needs a
move, and their own gentle level (the seat's bot spec, kept in the lesson's data) otherwise."""

from __future__ import annotations

from collections.abc import Sequence

from engine.actions import Action, Legal, is_legal
from engine.bots import Bot, make_bot
from engine.bots.base import Analysis
from engine.lesson.model import Lesson
from engine.lesson.moments import scripted
from engine.registry import game_info
from engine.rules import Variant, load_variant
from engine.views import View


class LessonBot(Bot):
    """A seat's bot in a lesson: the script's move when one is due and legal, else the
    ``fallback`` bot's (the seat's own spec, which the game's record names)."""

    def __init__(self, lesson: Lesson, seat: int, fallback: Bot) -> None:
        super().__init__(fallback.spec, fallback.seed)
        self.lesson = lesson
        self.seat = seat
        self.fallback = fallback

    def script_move(self, view: View, legal: Sequence[Legal],
                    variant: Variant | str) -> Action | None:
        """The lesson's move for this seat now, if one is due and legal."""
        var = variant if isinstance(variant, Variant) else load_variant(variant)
        period = game_info(var.game).vocabulary.period
        names = [p.get("name", "") for p in view.get("players", [])]
        for entry in self.lesson.script:
            if entry.player == self.seat and scripted(entry.when, view, names, self.seat,
                                                      period):
                if is_legal(entry.move, list(legal)):
                    return entry.move
        return None

    def choose(self, view: View, legal: Sequence[Legal], variant: Variant | str) -> Action:
        """The scripted move when due, else the fallback bot's choice."""
        move = self.script_move(view, legal, variant)
        return move if move is not None else self.fallback.choose(view, legal, variant)

    def analyse(self, view: View, legal: Sequence[Legal], variant: Variant | str,
                top: int | None = 3, also: Sequence[Action] = (),
                reader: int | None = None) -> list[Analysis]:
        """The fallback bot's analysis (the script has no opinion of other moves)."""
        return self.fallback.analyse(view, legal, variant, top, also, reader)


def lesson_bot(lesson: Lesson, seat: int, seed: int | None = None) -> LessonBot:
    """The bot of ``seat`` at ``lesson``'s table, its fallback made from the seat's spec."""
    spec = lesson.seats[seat].bot
    if spec is None:
        raise ValueError(f"seat {seat} ({lesson.seats[seat].name}) is the learner's")
    return LessonBot(lesson, seat, make_bot(spec, seed=seed))
