"""``learn [GAME] [--again]``: a guided first game (``engine.shell.lesson_mode``)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from engine import records
from engine.lesson import Coach, NoLesson, lesson_for, lesson_games, start
from engine.lesson.table import LessonTable
from engine.registry import game_info
from engine.shell.errors import ShellError
from engine.shell.lesson_mode import SAVE_PREFIX, LessonMode, enter, game_id_of, unfinished
from engine.shell.play_mode import PlayMode
from engine.shell.registry import command
from engine.shell.spec import Arg, Flag, Parsed, Spec, word_completer
from engine.text import Text

if TYPE_CHECKING:
    from prompt_toolkit.completion import Completer

    from engine.shell.app import Shell
    from engine.shell.context import Context


def _lesson_games(shell: Shell, typed: Sequence[str]) -> Completer:
    """``learn GAME``: the games that ship a lesson."""
    return word_completer((gid, f"a guided first game of {game_info(gid).title}")
                          for gid in lesson_games())


LEARN = Spec((Arg("GAME", optional=True, complete=_lesson_games),),
             (Flag("--again", "start the lesson over (an unfinished one stays saved)"),),
             misuse="{name} takes one game with a lesson, and --again: learn GAME")


@command("learn", "a guided first game: the rules as they come up, your moves judged",
         "A whole game against gentle bots, dealt so that each rule comes up: before each "
         "decision the lesson says what to look at; a move the rules forbid gets the rule "
         "in plain words; a poor move (by the bots' own estimate) is explained, and `undo` "
         "takes it back. The lesson is saved after every move: `quit` leaves it and `learn` "
         "goes on with it (`--again` starts over). In a lesson, `learn` alone says the last "
         "advice again. GAME is a game with a lesson (the first is the default; Tab "
         "offers them).\nExamples: learn · learn --again", LEARN, modes={"play": 1.5},
         not_at_table="a lesson is played on your own machine: `medici learn` there")
def learn_cmd(ctx: Context, args: Parsed) -> None:
    """``learn [GAME] [--again]``: start the game's lesson, or go on with an unfinished one;
    in a lesson, ``learn`` alone says the last step again."""
    word = args.text("GAME")
    again = "--again" in args.flags
    mode = ctx.mode
    if isinstance(mode, LessonMode) and word is None and not again:
        mode.repeat()
        return
    play = mode.play if isinstance(mode, LessonMode) else mode
    if not isinstance(play, PlayMode):
        raise ShellError("learn starts a lesson in play mode")
    try:
        lesson = lesson_for(game_id_of(word))
    except NoLesson as err:
        raise ShellError(str(err)) from None
    if not again:
        found = unfinished(lesson, ctx.saves)
        if found is not None:
            loaded = records.load_game(found, directory=ctx.saves.given)
            coach = Coach(lesson)
            coach.catch_up(loaded.game)
            table = LessonTable(loaded.game, list(loaded.bots), ctx.saves, found,
                                continues=True, lesson=lesson)
            done, total = coach.progress
            enter(play, table, coach, f"Your lesson goes on ({ctx.save_name(found)}, "
                  f"step {done} of {total}; `learn --again` starts it over).", resumed=True)
            return
    game = start(lesson)
    table = LessonTable(game, list(lesson.bots), ctx.saves, lesson=lesson,
                        settings=ctx.new_settings())
    table.path = records.store.unique_path(ctx.saves.path, SAVE_PREFIX + lesson.game)
    seats = ", ".join(table.label(i) for i in range(len(lesson.seats)))
    ctx.console.say(Text(lesson.title, "heading").add(
        f" (about {lesson.minutes} minutes): {seats}.", "title"))
    enter(play, table, Coach(lesson), f"The lesson is saved as "
          f"{ctx.save_name(table.path)} after every move.")
