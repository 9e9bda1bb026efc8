"""A guided first game in the shell (``learn``), with the coach beside it.

The lesson and its coach are ``engine.lesson`` (no shell there); this module seats them in
the shell: the lesson's game is a ``LessonTable`` (a table whose bots play the lesson's
script, ``engine.lesson.table``), played in ``LessonMode``, play mode with the coach's
words around every move: the steps when their moment comes (after each move is told), the
rule in plain words when a move is refused, and a verdict on each of the learner's moves,
the bots paused after a poor one so that ``undo`` can take it back. The game is saved like
any other (one save, after every move), so ``quit`` leaves it and ``learn`` (or ``resume``,
``open``) goes on with it.
"""

from __future__ import annotations

import difflib
import re
import textwrap
from pathlib import Path
from typing import TYPE_CHECKING, Any

from engine import records
from engine.actions import Legal
from engine.errors import IllegalAction, MediciError, RecordError
from engine.game import Game
from engine.lesson import (
    Coach,
    Lesson,
    Said,
    Verdict,
    is_lesson_game,
    lesson_for,
    lesson_games,
)
from engine.lesson.table import LessonTable
from engine.play import Opened, SavesFolder, Table
from engine.registry import find, game_info
from engine.shell.errors import ShellError
from engine.shell.mode import Fragments, Mode
from engine.shell.spec import Parsed
from engine.shell.toolbar import KEY
from engine.text import Text

if TYPE_CHECKING:
    from engine.shell.app import Shell
    from engine.shell.play_mode import PlayMode
    from engine.shell.registry import Command

SAVE_PREFIX = "lesson-"
"""A lesson's save is named ``lesson-GAME`` (``-2``... when taken): `saves` shows it."""

BACKTICKS = re.compile(r"`[^`]*`")


class LessonMode(Mode):
    """Play mode with the coach: the learner's moves judged, the steps said as they come.

    It wraps the play mode it was entered from (``play``), which runs every command, draws
    the prompt and completes as ever; the lesson adds its words around the moves, and leaves
    for ``play`` when another game is opened or the lesson's game ends.
    """

    name = "lesson"
    plays = True

    def __init__(self, shell: Shell, coach: Coach, play: PlayMode) -> None:
        super().__init__(shell)
        self.coach = coach
        self.play = play
        self.judging: tuple[Game, int] | None = None
        """The game before the learner's move being made (a clone) and the learner's seat."""

    # -- moves -----------------------------------------------------------------------------
    def line(self, word: str, args: list[str]) -> bool:
        """A move: made as in play mode (no question first: the coach judges it after), a
        refusal explained with the rule in plain words."""
        self.play.offer = None
        session = self.shell.table
        if session is None or word not in session.game.logic.grammar.kinds:
            return False
        if word == "load" and args and not args[0].isdigit():
            return self.play.line(word, args)  # play mode's own message for `load NAME`
        text = " ".join([word, *args])
        game = session.game
        seat = game.current_player
        if seat is not None and session.bots[seat] is None:
            self.judging = (game.clone(), seat)
        try:
            self.shell.move(text)
        except IllegalAction as err:
            words = self.coach.refusal(err.reason)
            if not words:
                raise
            raise ShellError(f"{err}. {words}") from None
        finally:
            self.judging = None
        return True

    def told(self, start: int) -> None:
        """After a move is told: the verdict on the learner's move, then the steps due."""
        session = self.shell.table
        if session is None:
            return
        game = session.game
        if self.judging is not None and start < len(game.events):
            before, seat = self.judging
            event = game.events[start]
            action = game.logic.action_of(event)
            if action is not None and event.get("player") == seat:
                self.judging = None
                self.verdict(self.coach.judge(before, action), session)
        said = self.coach.due(game)
        if said:
            self.speak(said)
        if game.is_over and self.shell.mode is self:
            self.shell.mode = self.play  # the lesson is over: play mode again

    def verdict(self, verdict: Verdict, session: Table) -> None:
        """Say what the move was worth; after a poor one, offer to take it back (the bots
        wait for Enter, so that undo has only the learner's move to take back)."""
        if not verdict.text:
            return
        style = {"good": "good", "poor": "bad"}.get(verdict.kind, "")
        out = Text(verdict.text, style)
        if verdict.poor and not session.game.is_over and _undoable(session):
            out.add(" `undo` takes it back; Enter keeps it.", "turn")
            if session.bot_to_act() is not None:
                session.interrupted = True  # the bots pause before their next move
        self.shell.console.say(out)

    def speak(self, said: list[Said]) -> None:
        """The steps' words, a screenful at a time when long: each under its title and
        number, a blank line between paragraphs."""
        width = self.shell.console.width()
        out = Text()
        done, total = self.coach.progress
        for number, item in enumerate(said, done - len(said) + 1):
            title = item.step.title or item.step.id
            if out.fragments:
                out.line("")
            out.line(Text(f"Lesson {number}/{total} · {title}", "heading"))
            for k, block in enumerate(item.text.split("\n\n")):
                if k:
                    out.line("")
                for line in _paragraph(block, width):
                    out.row(line)
        self.shell.page(out)
        if any(item.step.show for item in said) and self.shell.table is not None:
            self.play.show()

    # -- commands: play mode's -------------------------------------------------------------
    def commands(self) -> list[Command]:
        """Play mode's commands."""
        return self.play.commands()

    def run(self, command: Command, parsed: Parsed) -> None:
        """Play mode's commands; one that opens another game leaves the lesson first."""
        if command.name in ("new", "open", "resume"):
            self.shell.mode = self.play
            try:
                self.play.run(command, parsed)
            except BaseException:
                if self.shell.mode is self.play:
                    self.shell.mode = self
                raise
            return
        self.play.run(command, parsed)

    def repeat(self) -> None:
        """``learn`` in a lesson: the last step again, then whose turn it is."""
        session = self.shell.require_table()
        last = self.coach.last(session.game)
        if last is None:
            raise ShellError("the lesson has said nothing yet")
        self.speak([last])
        self.shell.status()

    def blank(self) -> None:
        """As in play mode: Enter lets paused bots go on (after a poor move, keeps it)."""
        self.play.blank()

    def prompt(self) -> Fragments:
        """Play mode's prompt."""
        return self.play.prompt()

    def placeholder(self) -> Fragments:
        """Play mode's placeholder."""
        return self.play.placeholder()

    def legal_moves(self) -> list[Legal]:
        """The moves the learner may type now."""
        return self.play.legal_moves()

    def game(self) -> Game | None:
        """The lesson's game."""
        return self.play.game()

    def show(self) -> None:
        """The table, as in play mode."""
        self.play.show()

    def toolbar(self, width: int | None = None) -> Fragments:
        """Play mode's toolbar after ``Lesson 4/14`` (the steps said so far)."""
        done, total = self.coach.progress
        head = f" Lesson {done}/{total} "
        room = None if width is None else max(1, width - len(head))
        return [(KEY, head), *self.play.toolbar(room)]


def enter(play: PlayMode, session: LessonTable, coach: Coach, how: str,
          resumed: bool = False) -> None:
    """Make ``session`` the live game in lesson mode (entered from ``play``): the steps due
    at the start (or, for a lesson that goes on, the last one said again), then the table,
    and the bots start."""
    shell = play.shell
    previous = shell.table
    if previous is not None and previous is not session and not previous.game.is_over:
        where = previous.safe_on_disk()
        if where is not None:
            shell.console.say(Text(f"Your previous game stays saved in {where}.", "dim"))
    mode = LessonMode(shell, coach, play)
    shell.mode = mode
    if resumed:
        last = coach.last(session.game)
        if last is not None:
            mode.speak([last])
    else:
        said = coach.due(session.game)
        if said:
            mode.speak(said)
    shell.start_table(session, how, narrate=not resumed)
    said = coach.due(session.game) if shell.mode is mode else []
    if said:
        # Due only now (the learner acts first, no bot moved): said after the turn's line,
        # which is said again under them.
        mode.speak(said)
        shell.status()


def open_lesson(play: PlayMode, opened: Opened, how: str) -> bool:
    """Open a saved lesson (``open``, ``resume`` in ``play``) with its coach; False if the
    save is no unfinished lesson's game."""
    table, record = opened.table, opened.record
    if table.game.is_over:
        return False
    lesson = lesson_of(table.game.variant.game, record.variant, record.players,
                       record.events)
    if lesson is None:
        return False
    coach = Coach(lesson)
    coach.catch_up(table.game)
    session = LessonTable(table.game, list(table.bots), table.saves, opened.path,
                          continues=opened.continues, lesson=lesson, settings=table.settings)
    enter(play, session, coach, how, resumed=True)
    return True


def lesson_of(game_id: str, variant: str, players: tuple[str, ...],
              events: list[Any]) -> Lesson | None:
    """The lesson whose game this is (its game's lesson, if the game matches it)."""
    try:
        lesson = lesson_for(game_id)
    except MediciError:
        return None
    return lesson if is_lesson_game(lesson, variant, players, events) else None


def unfinished(lesson: Lesson, saves: SavesFolder) -> Path | None:
    """The most recent unfinished game of ``lesson`` in the saves folder, or None."""
    for info in records.list_saves(saves.given):
        if info.problem is not None or info.finished or info.players != lesson.names:
            continue
        try:
            record, _game = records.load_path(info.path)
        except RecordError:
            continue
        if is_lesson_game(lesson, record.variant, record.players, record.events):
            return info.path
    return None


def game_id_of(word: str | None) -> str:
    """The game ``learn`` was given (an id, a title, or a word of one), else the first
    game with a lesson."""
    have = lesson_games()
    if word is None:
        if not have:
            raise ShellError("no game has a lesson")
        return have[0]
    key = word.lower()
    if find(key) is not None:
        return key
    matches = [gid for gid in have if key in gid or key in game_info(gid).title.lower()]
    if len(matches) == 1:
        return matches[0]
    close = difflib.get_close_matches(key, have, n=1, cutoff=0.5)
    hint = f": did you mean `learn {close[0]}`?" if close else ""
    raise ShellError(f"no game {word!r}{hint} (lessons: {', '.join(have)})")


def _undoable(session: Table) -> bool:
    try:
        records.undo(session.game)
    except IllegalAction:
        return False
    return True


def _paragraph(block: str, width: int | None) -> list[Text]:
    """A paragraph of a step's words as lines of ``width`` (``commands`` never split,
    and styled as commands)."""
    text = " ".join(block.split())
    if not text:
        return []
    joined = BACKTICKS.sub(lambda m: m.group().replace(" ", "\u00a0"), text)
    lines = textwrap.wrap(joined, width, break_long_words=False,
                          break_on_hyphens=False) if width else [joined]
    out = []
    for line in lines:
        plain = line.replace("\u00a0", " ")
        styled, at = Text(), 0
        for match in BACKTICKS.finditer(plain):
            styled.add(plain[at:match.start()])
            styled.add(match.group(), "cmd")
            at = match.end()
        out.append(styled.add(plain[at:]))
    return out
