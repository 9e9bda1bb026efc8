"""``help``: the commands of the mode (and the moves of the game), or one explained."""

from __future__ import annotations

import difflib
from collections.abc import Sequence
from typing import TYPE_CHECKING

from engine.registry import game_info, games
from engine.shell.errors import ShellError
from engine.shell.registry import by_name, command, moves
from engine.shell.spec import Arg, Parsed, Spec, word_completer
from engine.text import Text

if TYPE_CHECKING:
    from prompt_toolkit.completion import Completer

    from engine.shell.app import Shell
    from engine.shell.context import Context
    from engine.shell.mode import Mode


def _help_words(shell: Shell, typed: Sequence[str]) -> Completer:
    """``help CMD``: every command (``help`` explains those of other modes too) and move
    name."""
    options = [(c.name, c.summary) for c in by_name().values()]
    options += [(w, f"move: {m.summary}") for w, m in sorted(moves().items())]
    return word_completer(options)


HELP = Spec((Arg("COMMAND", optional=True, complete=_help_words),),
            misuse="{name} takes at most one command name: help CMD")


@command("help", "list the commands, or explain one",
         "`help` lists every command with one line each; `help CMD` explains one with "
         "examples; moves are explained too.\nExamples: help · help new · help bid",
         HELP, aliases=("?",), modes={"play": 0, "replay": 8, "table": 0}, at_table="all")
def help_cmd(ctx: Context, args: Parsed) -> None:
    """``help`` and ``help CMD``."""
    word = args.text("COMMAND")
    if word is not None:
        ctx.page(help_text(ctx.mode, word.lower()))
        return
    ctx.page(help_list(ctx))


def help_list(ctx: Context) -> Text:
    """Every command of the mode with its one line, then the moves of the game played (of
    every game when none is), one line a game: it fits a 24-row screen at 80 columns."""
    mode = ctx.mode
    out = Text("Commands", "heading").add(f" ({mode.name} mode)", "dim")
    commands = mode.commands()
    width = max(len(c.name) for c in commands)
    for entry in commands:
        out.line(Text("  ").add(entry.name.ljust(width), "cmd").add("  " + entry.summary))
    if mode.plays:
        words = ctx.move_words()
        table = ctx.table
        ids = [table.game.variant.game] if table is not None else list(games())
        for gid in ids:
            info = game_info(gid)
            usages = [h.usage for w, h in info.moves.items() if w in words]
            if usages:
                out.line(Text(f"Moves of {info.title}: ", "heading").add(
                    " · ".join(usages), "cmd"))
    out.line(Text(mode.help_footer(), "dim"))
    return out


def help_text(mode: Mode, word: str) -> Text:
    """The long help of a command or move, or ShellError with the closest name."""
    every = by_name()
    entry = mode.command(word) or next((c for c in every.values() if c.calls(word)), None)
    move = moves().get(word)
    out = Text()
    if entry is not None:
        out.line(Text(entry.usage, "cmd")).line(entry.summary)
        if entry.aliases:
            out.line(Text("also: " + ", ".join(entry.aliases), "dim"))
        out.line(entry.details)
        if entry not in mode.commands():
            out.line(Text(f"({mode.elsewhere(entry.name)})", "dim"))
    if move is not None:
        played_in = " and ".join(move.games)
        out.line(Text(move.usage, "cmd").add(f"  (a move of {played_in})", "dim"))
        out.line(move.summary).line(move.details)
    if out.fragments:
        return out
    close = difflib.get_close_matches(word, [*every, *moves()], n=1, cutoff=0.5)
    hint = f": did you mean `help {close[0]}`?" if close else ""
    raise ShellError(f"no command or move {word!r}{hint}")
