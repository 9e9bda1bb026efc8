"""The commands about saves: ``save``, ``open``, ``saves``, ``resume``."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from engine import records
from engine.play import latest_unfinished, open_table
from engine.shell import arg_completion as ac
from engine.shell import saves
from engine.shell.errors import ShellError
from engine.shell.lesson_mode import LessonMode, open_lesson
from engine.shell.play_mode import PlayMode
from engine.shell.registry import command
from engine.shell.spec import Arg, Flag, Parsed, Spec
from engine.text import Text

if TYPE_CHECKING:
    from engine.shell.context import Context

ONE_SAVE = "{name} takes one save name: {name} NAME (`saves` lists them)"
SAVE = Spec((Arg("NAME", optional=True, complete=ac.save_names, hides_options=True),),
            (Flag("--copy", "keep a snapshot; the game goes on in its save"),
             Flag("--replace", "replace what is there on purpose")),
            misuse="{name} takes one name (quote it if it has spaces): save NAME",
            unknown_flag="unknown option {flag}: save takes --copy and --replace")
OPEN = Spec((Arg("NAME", complete=ac.save_names),), misuse=ONE_SAVE)
SAVES = Spec(flags=(Flag("--all", "every save, not only the 20 newest"),
                    Flag("--delete", "remove a save", "NAME", ac.save_names)),
             misuse="{name} takes --all and --delete NAME, got {got}")
HOST_OPENS = "a table plays its one game: the host opens saved games (`medici host --resume NAME`)"


@command("save", "name the game's save, or copy it",
         "A game has one save, from its first move to its end, named when it starts "
         "(the game, the date and a counter) and rewritten after every "
         "move. `save NAME` renames it: the old name goes, and later moves go to NAME. "
         "`save NAME --copy` writes a snapshot under NAME and the game goes on in its own "
         "save (a path such as ./game.json is always a copy). Neither ever replaces another "
         "game's save or a file that is not a save of this game: `--replace` does, on "
         "purpose. Names: letters, digits, spaces and - _ . ' + ( ) , & !, up to 80.\n"
         "Examples: save · save friday-game · save before-the-gamble --copy",
         SAVE, modes={"play": 8, "table": 21}, at_table="host",
         not_at_table="at a hosted table only the host's terminal saves (every move is "
                      "saved by the host)")
def save_cmd(ctx: Context, args: Parsed) -> None:
    """``save [NAME] [--copy] [--replace]``."""
    table = ctx.require_table()
    old = table.path
    path = table.save(args.text("NAME"), copy="--copy" in args.flags,
                      replace="--replace" in args.flags)
    name = ctx.save_name(path)
    if table.path != path:
        where = table.path or table.loaded_from
        goes_on = f"; the game goes on in {ctx.save_name(where)}" if where else ""
        ctx.console.say(Text(f"Saved a copy as {name}{goes_on}.", "good"))
    elif old is not None and old != path:
        ctx.console.say(Text(f"The game is now saved as {name} (no longer as "
                             f"{ctx.save_name(old)}); every move goes there.", "good"))
    else:
        ctx.console.say(Text(f"Saved as {name} ({path}).", "good"))


@command("open", "open a saved game and play on",
         "An unfinished game goes on in its own save; a finished one (or a file outside "
         "the saves folder) gets a new save only if play goes on. A hosted table's game is "
         "reopened by `medici host --resume NAME`, not here. Tab completes the save "
         "names; `saves` lists them. (`load` is a move, never this command.)\n"
         "Examples: open friday-game · open ./game.json",
         OPEN, modes={"play": 9}, not_at_table=HOST_OPENS)
def open_cmd(ctx: Context, args: Parsed) -> None:
    """``open NAME``: open a saved game."""
    open_saved(ctx, args.words[0], "Opened")


def open_saved(ctx: Context, name: str | Path, how: str) -> None:
    """Open a save at the table (``engine.play.open_table``: its seats, settings and file as
    they were) and make it the live game; a hosted table's save is refused with how to
    host it again, an unknown name with the closest save's."""
    opened = open_table(name, ctx.saves)
    play = ctx.mode.play if isinstance(ctx.mode, LessonMode) else ctx.mode
    if isinstance(play, PlayMode) and open_lesson(
            play, opened, f"{how} {ctx.save_name(opened.path)}."):
        return  # a lesson goes on with its coach
    note = " (it is finished: `replay` it to study it)" if opened.table.game.is_over else ""
    ctx.start_table(opened.table, f"{how} {ctx.save_name(opened.path)}{note}.")


@command("saves", "list the saved games, one row per game",
         "Name, game, scoring period reached (or finished), players and when last "
         "played, newest first; the 20 newest unless --all. `saves --delete NAME` removes "
         "one.\nExamples: saves · saves --all · saves --delete old-game",
         SAVES, modes={"play": 10, "replay": 11}, not_at_table="the saves are the host's files")
def saves_cmd(ctx: Context, args: Parsed) -> None:
    """``saves [--all] [--delete NAME]``: the saved games, one row per game."""
    target = args.option("--delete")
    show_all = "--all" in args.flags
    if target is not None:
        table = ctx.table
        path = ctx.saves.file(target)
        if table is not None and table.path is not None and _same(path, table.path):
            raise ShellError(f"{target} is the game in progress: start or open another game "
                             "before deleting it")
        removed = records.delete_save(target, ctx.saves.given)
        ctx.console.say(Text(f"Deleted {removed}.", "good"))
        return
    ctx.console.say(saves.table(ctx.saves, everything=show_all, width=ctx.console.width()))


def _same(a: Path, b: Path) -> bool:
    try:
        return a.resolve() == b.resolve()
    except (OSError, RuntimeError):
        return a == b


@command("resume", "continue the most recent unfinished game",
         "The same game `medici resume` opens.\nExample: resume", modes={"play": 11},
         not_at_table="a table plays its one game: the host resumes games (`medici host "
                      "--resume`)")
def resume_cmd(ctx: Context, args: Parsed) -> None:
    """``resume``: the most recent unfinished game (the one offered at start, if any)."""
    path = ctx.mode.take_offer() or latest_unfinished(ctx.saves)
    if path is None:
        raise ShellError("no unfinished game is saved: `new medici 4` starts one")
    open_saved(ctx, Path(path), "Resumed")
