"""``review``: the game in progress (or ended) in play mode, the record in
replay mode; and what replay's ``goto`` and ``analyse`` show of a review the record keeps.

``review`` judges the people's moves (``review all``: every seat's) by the review's search
(``--bot mcts:N`` for another budget), shared over processes with a progress bar; the
review is kept with the game (its save, or the record replayed), so a second ``review``
only judges the moves made since.
"""

from __future__ import annotations

import dataclasses
from pathlib import Path
from typing import TYPE_CHECKING

from engine.errors import MediciError
from engine.records import Record, write_record
from engine.records.examples import example_path, examples
from engine.records.review_section import ReviewSection
from engine.review import report
from engine.review.judge import DEFAULT_BOT as REVIEW_BOT
from engine.review.judge import ReviewError
from engine.review.labels import THRESHOLDS
from engine.review.progress import Bar
from engine.review.reviewing import default_seats, default_settings, review, walk
from engine.review.words import explain_move
from engine.shell import arg_completion as ac
from engine.shell.errors import ShellError
from engine.shell.registry import command
from engine.shell.spec import Arg, Flag, Parsed, Spec
from engine.text import Text

if TYPE_CHECKING:
    from engine.shell.context import Context
    from engine.shell.replay_view import ReplayView

REVIEW = Spec((Arg("all", optional=True, choices=("all",), complete=ac.review_scope),),
              (Flag("--bot", "which search judges", "SPEC", ac.bot_specs,
                    missing="--bot needs a spec: review --bot mcts:500"),),
              misuse="{name} takes `all` and --bot SPEC, got {got}")
DETAILS = (
    "Each move is judged by the search ({bot}, from the mover's view) "
    "against the best move it finds, and labelled by the win chance it gave away: "
    + ", ".join(f"{name} from {bound}" for name, bound in reversed(THRESHOLDS))
    + " points. Then each player's accuracy, their "
    "three costliest moves in words, and a chart of every player's win chance. The "
    "people's moves (every seat where bots alone play); `review all` every seat's. "
    "The review is kept with the game: in replay, goto and analyse show each step's "
    "judgement, and `review` again judges only the moves made since. "
    "`medici review FILE --html OUT.html` writes the replay page.\n"
    "Examples: review · review all · review --bot mcts:1000")
SUMMARY = "judge every move: accuracy, blunders, the costliest moves, a chart"


@command("review", SUMMARY, DETAILS.format(bot=REVIEW_BOT), REVIEW, modes={"play": 12.5},
         not_at_table="a review is for a game on your own machine: `medici review NAME` "
                      "there, once the game is over")
def review_play(ctx: Context, args: Parsed) -> None:
    """``review [all] [--bot SPEC]`` in play mode: the live game so far, kept in its save."""
    shell = ctx
    session = shell.require_table()
    record = session.record()
    section = _review(shell, record, args, session.review)
    path = session.keep_review(section)
    _say(shell, record, section, args, "the game so far" if not session.game.is_over
         else "the game")
    where = f" (kept in {shell.save_name(path)})" if path is not None else ""
    shell.console.say(Text(f"The review is kept with the game{where}: `review` again judges "
                           "only the moves made since.", "dim"))


@command("review", SUMMARY, DETAILS.format(bot=REVIEW_BOT), REVIEW, modes={"replay": 6.5},
         not_at_table="a review is for a game on your own machine")
def review_replay(ctx: Context, args: Parsed) -> None:
    """``review [all] [--bot SPEC]`` in replay mode: the whole record, kept in its file
    (not in a shipped example's); ``goto`` and ``analyse`` then show each step's."""
    shell = ctx
    replay = ctx.mode.record()
    if replay is None:
        raise ShellError("no record is being replayed: `replay NAME` opens one")
    record = replay.cursor.record
    section = _review(shell, record, args, record.review)
    replay.cursor.record = dataclasses.replace(record, review=section)
    _say(shell, record, section, args, replay.name)
    if _is_example(replay.path):
        note = "kept for this replay (a shipped example is left as it is)"
    elif section == record.review:
        note = "kept in the record already"
    else:
        try:
            write_record(replay.cursor.record, replay.path, make_folder=False)
            note = f"kept in {replay.path.name}"
        except (MediciError, OSError) as err:
            note = f"not kept in the record ({err}); kept for this replay"
    shell.console.say(Text(f"The review is {note}: goto and analyse show each step's "
                           "judgement.", "dim"))


def _review(shell: Context, record: Record, args: Parsed, kept: ReviewSection | None
            ) -> ReviewSection:
    """Make the review, with a progress bar on a terminal."""
    movers = walk(record).movers
    if not movers:
        raise ShellError("no move has been made yet: there is nothing to review")
    every = args.text("all") is not None
    seats = list(range(len(record.players))) if every else default_seats(record)
    if not set(seats) & set(movers):
        names = " and ".join(record.players[s] for s in seats)
        raise ShellError(f"{names} made no move yet: nothing to review (`review all` judges "
                         "every seat's moves)")
    try:
        settings = default_settings(record, args.option("--bot"))
        settings.check()
    except ReviewError as err:
        raise ShellError(str(err)) from None
    who = "every seat's" if every or len(seats) == len(record.players) else \
        " and ".join(record.players[s] for s in seats) + "'s"
    if shell.interactive:
        shell.console.say(Text(f"Reviewing {who} moves with {settings.bot}…", "dim"))
    bar = Bar(shell.console.err) if shell.interactive else None
    try:
        return review(record, settings, seats, progress=bar, kept=kept)
    except KeyboardInterrupt:
        raise ShellError("review stopped: nothing was kept") from None
    finally:
        if bar is not None:
            bar.close()


def _say(shell: Context, record: Record, section: ReviewSection, args: Parsed, source: str
         ) -> None:
    seats = sorted({m["player"] for m in section["moves"]}) if args.text("all") is not None \
        else [s for s in default_seats(record) if any(m["player"] == s
                                                      for m in section["moves"])]
    lines = report.text(record, walk(record), section, seats, shell.console.width(), source)
    for line in lines:
        shell.console.say(Text(line))


def _is_example(path: Path) -> bool:
    """Whether ``path`` is one of the shipped example records."""
    try:
        mine = path.resolve()
        return any(example_path(name).resolve() == mine for name in examples())
    except (MediciError, OSError):
        return False


def step_note(view: ReplayView) -> Text | None:
    """The judgement a kept review gives the move of the step shown (None: none)."""
    section = view.cursor.record.review
    if section is None or view.step == 0:
        return None
    line = report.step_line(section, view.step, view.game.players)
    return None if line is None else Text(line, "dim")


def kept_analysis(ctx: Context, view: ReplayView) -> bool:
    """``analyse`` at a step a kept review judged: its judgement and words, no search
    (True); False when there is none (``analyse`` searches)."""
    record = view.cursor.record
    section = record.review
    if section is None or view.step == 0:
        return False
    line = report.step_line(section, view.step, view.game.players)
    if line is None:
        return False
    say = ctx.console.say
    say(Text(line, "title"))
    told = explain_move(record, walk(record), section, view.step)
    if told is not None:
        for part in told.lines()[1:]:
            say(Text(part))
    say(Text(f"(from the review kept with the record; `analyse --bot {section['bot']}` "
             "searches again)", "dim"))
    return True
