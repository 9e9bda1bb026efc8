"""Guided first games: lessons as data in each game's folder, and the coach beside a game.

- ``model``: what a lesson is (its table, prepared deal, bots' script, steps and words);
- ``schema``: the shape of a lesson file and its checks against the game (file:line);
- ``loading``: finding a game's ``lesson.yaml`` and reading it (``lesson_for``);
- ``deal``: a lesson's game, dealt from its prepared chance, and knowing one again;
- ``bots``: the gentle bots at its table (the script where needed, their level otherwise);
- ``moments``: when a step's condition holds; ``judging``: a move by the bots' valuation;
- ``coach``: the coach that follows a game, independent of any front end.
"""

from engine.lesson.bots import LessonBot, lesson_bot
from engine.lesson.coach import Coach, Said
from engine.lesson.deal import is_lesson_game, start
from engine.lesson.judging import Verdict
from engine.lesson.loading import NoLesson, lesson_for, lesson_games, lesson_path, load_lesson
from engine.lesson.model import Condition, Judging, Lesson, ScriptedMove, Seat, Step

__all__ = [
    "Coach", "Condition", "Judging", "Lesson", "LessonBot", "NoLesson", "Said", "ScriptedMove",
    "Seat", "Step", "Verdict", "is_lesson_game", "lesson_bot", "lesson_for", "lesson_games",
    "lesson_path", "load_lesson", "start",
]
