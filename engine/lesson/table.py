"""A lesson's table: the game's table whose bots play the lesson's script."""

from __future__ import annotations

from typing import Any

from engine.bots import Bot
from engine.lesson.bots import LessonBot
from engine.lesson.model import Lesson
from engine.play import Table


class LessonTable(Table):
    """The live game of a lesson: its bots play the lesson's script where it has a move,
    their own spec elsewhere; everything else is a table like any other (one save,
    rewritten after every move)."""

    def __init__(self, *args: Any, lesson: Lesson, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.lesson = lesson
        self._scripted: dict[int, LessonBot] = {}

    def bot(self, seat: int) -> Bot:
        """The seat's bot (its spec, made by the table) with the lesson's script first."""
        made = self._scripted.get(seat)
        if made is None:
            made = self._scripted[seat] = LessonBot(self.lesson, seat, super().bot(seat))
        return made
