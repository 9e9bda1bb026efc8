"""The handlers of the play-mode commands (new, show, save, open, undo, hint, help...)."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

from engine.actions import describe
from engine.registry import default_variant
from engine.shell import deps, render
from engine.shell.commands import COMMANDS, moves
from engine.shell.errors import ShellError
from engine.shell.newgame import parse_new, start_game
from engine.shell.session import HINT_BOT, Session
from engine.shell.text import Text

if TYPE_CHECKING:
    from engine.shell.app import Shell


def _no_args(name: str, args: list[str]) -> None:
    if args:
        raise ShellError(f"{name} takes no arguments, got {' '.join(args)!r}")


def _one_number(name: str, args: list[str], default: int) -> int:
    if not args:
        return default
    if len(args) > 1 or not args[0].isdigit() or int(args[0]) < 1:
        raise ShellError(f"{name} takes one whole number 1 or more, got {' '.join(args)!r}")
    return int(args[0])


def _option(args: list[str], name: str) -> tuple[str | None, list[str]]:
    """Take ``--name VALUE`` out of ``args``."""
    if name not in args:
        return None, args
    i = args.index(name)
    if i + 1 >= len(args):
        raise ShellError(f"{name} needs a value")
    return args[i + 1], args[:i] + args[i + 2:]


# -- help -------------------------------------------------------------------------------
def help_cmd(shell: Shell, args: list[str]) -> None:
    """``help`` and ``help CMD``."""
    if len(args) > 1:
        raise ShellError("help takes at most one command name: help CMD")
    if args:
        shell.console.say(help_text(shell, args[0].lower()))
        return
    out = Text("Commands", "heading").add(f" ({shell.mode} mode)", "dim")
    commands = shell.commands_here()
    width = max(len(c.name) for c in commands)
    for command in commands:
        out.line(Text("  ").add(command.name.ljust(width), "cmd").add("  " + command.summary))
    words = sorted(shell.move_words()) if shell.mode == "play" else []
    if words:
        out.line(Text("Moves", "heading").add(" (only the legal ones complete with Tab)", "dim"))
        width = max(len(w) for w in words)
        for word in words:
            move = moves().get(word)
            summary = move.summary if move else ""
            out.line(Text("  ").add(word.ljust(width), "cmd").add("  " + summary))
    out.line(Text("`help CMD` explains one; Tab completes; Ctrl-R searches the history; "
                  "Ctrl-C drops the line; Ctrl-D saves and leaves.", "dim"))
    shell.console.say(out)


def help_text(shell: Shell, word: str) -> Text:
    """The long help of a command or move, or ShellError with the closest name."""
    command = next((c for c in COMMANDS.values() if word in (c.name, *c.aliases)), None)
    move = moves().get(word)
    out = Text()
    if command is not None:
        out.line(Text(command.usage, "cmd")).line(command.summary)
        if command.aliases:
            out.line(Text("also: " + ", ".join(command.aliases), "dim"))
        out.line(command.details)
        if shell.mode not in command.modes:
            out.line(Text(f"(works in {' and '.join(sorted(command.modes))} mode)", "dim"))
    if move is not None:
        games = " and ".join(move.games)
        out.line(Text(move.usage, "cmd").add(f"  (a move of {games})", "dim"))
        out.line(move.summary).line(move.details)
    if out.fragments:
        return out
    import difflib

    close = difflib.get_close_matches(word, [*COMMANDS, *moves()], n=1, cutoff=0.5)
    hint = f": did you mean `help {close[0]}`?" if close else ""
    raise ShellError(f"no command or move {word!r}{hint}")


# -- the game ---------------------------------------------------------------------------
def new_cmd(shell: Shell, args: list[str]) -> None:
    """``new GAME PLAYERS... [--variant X] [--seed N]``."""
    spec = parse_new(args, shell.seed)
    previous = shell.session
    session = start_game(spec, shell.saves)
    if previous is not None and not previous.game.is_over:
        where = previous.safe_on_disk()
        if where is not None:
            shell.console.say(Text(f"Your previous game stays saved in {where}.", "dim"))
    seats = ", ".join(session.label(i) for i in range(len(session.bots)))
    # G-3: the seed rebuilds the pile order, so a seed drawn at random is told only once
    # the game is over; one the user chose is theirs to know.
    seed = f" (seed {spec.seed})" if spec.seed is not None else ""
    shell.start_session(session, f"New game of {session.game.variant.name}: {seats}{seed}.",
                        narrate=True)


def show_cmd(shell: Shell, args: list[str]) -> None:
    """``show``: the whole table."""
    _no_args("show", args)
    if shell.replay is not None:
        shell.console.say(render.table(shell.replay.view(), shell.replay.bots))
        return
    session = shell.require_session()
    shell.console.say(render.table(session.view(), session.bots))
    if session.game.is_over:
        shell.console.say(render.final_scores(session.view()))


def moves_cmd(shell: Shell, args: list[str]) -> None:
    """``moves``: what is legal now."""
    _no_args("moves", args)
    session = shell.require_session()
    if session.game.is_over:
        raise ShellError("the game is over: no moves are left")
    seat = session.game.current_player
    assert seat is not None
    legal = ", ".join(describe(session.legal()))
    shell.console.say(Text(f"{session.label(seat)} may: ").add(legal, "cmd"))


def hint_cmd(shell: Shell, args: list[str]) -> None:
    """``hint``: the strongest bot's top moves for the person to act, with values."""
    spec, rest = _option(args, "--bot")
    if rest:
        raise ShellError(f"hint takes only --bot SPEC, got {' '.join(rest)!r}")
    session = shell.require_session()
    game = session.game
    seat = game.current_player
    if seat is None:
        raise ShellError("the game is over: there is nothing to hint")
    if session.bots[seat] is not None:
        raise ShellError(f"it is {game.players[seat]}'s turn, a bot's")
    bot = deps.bots().make_bot(spec or HINT_BOT, seed=game.seed)
    if shell.interactive:
        shell.console.say(Text(f"Asking {bot.spec}…", "dim"))
    rows = bot.analyse(game.view(seat), game.legal_actions(), game.variant, top=3)
    shell.console.say(analysis_lines(f"Hint from {bot.spec} for {game.players[seat]}:", rows))


def analysis_lines(title: str, rows: list[Any], played: Any = None) -> Text:
    """A bot's analysis as numbered lines: move, value, and the bot's note."""
    out = Text(title, "title")
    for i, row in enumerate(rows, 1):
        mark = "  ← played" if played is not None and row.action == played else ""
        out.line(Text(f"  {i}. ").add(f"{str(row.action):<18}", "cmd").add(
            f" value {fixed(row.value):>8}").add(f"  {row.note}", "dim").add(mark, "turn"))
    return out


def fixed(value: float, digits: int = 3) -> str:
    """A value to ``digits`` places, never ``-0.000`` (a tiny negative rounds to 0)."""
    text = f"{value:.{digits}f}"
    return text[1:] if text.startswith("-") and not text.strip("-0.") else text


def undo_cmd(shell: Shell, args: list[str]) -> None:
    """``undo``: back to before your last move."""
    _no_args("undo", args)
    session = shell.require_session()
    taken = session.undo()
    many = f" {len(taken)} moves" if len(taken) > 1 else ""
    shell.console.say(Text(f"Took back{many}: {'; '.join(taken)}.", "good"))
    shell.status()


def log_cmd(shell: Shell, args: list[str]) -> None:
    """``log [N]``: the last N things that happened."""
    count = _one_number("log", args, 20)
    if shell.replay is not None:
        game = shell.replay.game
    else:
        game = shell.require_session().game
    lines = render.narrate(game.events, 0, game.players)
    for line in lines[-count:]:
        shell.console.say(line)


def rules_cmd(shell: Shell, args: list[str]) -> None:
    """``rules [VARIANT | ID]``: a variant's rules summary, or one rule of docs/rules.md."""
    from engine import rulebook
    from engine.rules import load_variant
    from engine.shell.rules_text import summary

    if len(args) > 1:
        raise ShellError("rules takes at most one variant name or file, or one rule id (M-8)")
    if args and rulebook.looks_like_id(args[0]):
        head, _, body = rulebook.rule(args[0]).render(rulebook.terminal_width()).partition("\n\n")
        shell.console.say(Text(head, "heading").line("").line(body))
        return
    players = None
    if args:
        variant = load_variant(args[0])
    elif shell.replay is not None:
        variant = shell.replay.game.variant
        players = len(shell.replay.game.players)
    elif shell.session is not None:
        variant = shell.session.game.variant
        players = len(shell.session.game.players)
    else:
        variant = load_variant(default_variant())
    shell.console.say(summary(variant, players))


# -- saving and opening -----------------------------------------------------------------
def save_cmd(shell: Shell, args: list[str]) -> None:
    """``save [NAME] [--copy] [--replace]``."""
    flags = {a for a in args if a.startswith("--")}
    names = [a for a in args if not a.startswith("--")]
    unknown = flags - {"--copy", "--replace"}
    if unknown:
        raise ShellError(f"unknown option {sorted(unknown)[0]}: save takes --copy and --replace")
    if len(names) > 1:
        raise ShellError("save takes one name (quote it if it has spaces): save NAME")
    session = shell.require_session()
    old = session.path
    path = session.save(names[0] if names else None, copy="--copy" in flags,
                        replace="--replace" in flags)
    name = shell.save_name(path)
    if session.path != path:
        where = session.path or session.loaded_from
        goes_on = f"; the game goes on in {shell.save_name(where)}" if where else ""
        shell.console.say(Text(f"Saved a copy as {name}{goes_on}.", "good"))
    elif old is not None and old != path:
        shell.console.say(Text(f"The game is now saved as {name} (no longer as "
                               f"{shell.save_name(old)}); every move goes there.", "good"))
    else:
        shell.console.say(Text(f"Saved as {name} ({path}).", "good"))


def open_cmd(shell: Shell, args: list[str]) -> None:
    """``open NAME``: open a saved game."""
    if len(args) != 1:
        raise ShellError("open takes one save name: open NAME (`saves` lists them)")
    open_saved(shell, args[0], "Opened")


def open_saved(shell: Shell, name: str | Path, how: str) -> None:
    """Load a save and make it the live game: an unfinished game in the saves folder goes
    on in its own file; any other (finished, or a file elsewhere) gets a new file only
    when play goes on."""
    records = deps.records()
    loaded = records.load_game(name, directory=shell.saves)
    path = Path(loaded.path)
    continues = not loaded.game.is_over and _inside(path, records.saves_dir(shell.saves))
    session = Session(loaded.game, list(loaded.bots), shell.saves, path, continues=continues)
    note = " (it is finished: `replay` it to study it)" if loaded.game.is_over else ""
    shell.start_session(session, f"{how} {shell.save_name(path)}{note}.")


def _inside(path: Path, folder: Path) -> bool:
    try:
        return path.resolve().is_relative_to(folder.resolve())
    except (OSError, RuntimeError):
        return False


def saves_cmd(shell: Shell, args: list[str]) -> None:
    """``saves [--all] [--delete NAME]``: the saved games, one row per game."""
    from engine.shell import saves

    target, rest = _option(args, "--delete")
    show_all = "--all" in rest
    rest = [a for a in rest if a != "--all"]
    if rest:
        raise ShellError(f"saves takes --all and --delete NAME, got {' '.join(rest)!r}")
    if target is not None:
        records = deps.records()
        session = shell.session
        path = records.resolve_save_path(target, shell.saves)
        if session is not None and session.path is not None and _same(path, session.path):
            raise ShellError(f"{target} is the game in progress: start or open another game "
                             "before deleting it")
        removed = records.delete_save(target, shell.saves)
        shell.console.say(Text(f"Deleted {removed}.", "good"))
        return
    shell.console.say(saves.table(shell.saves, everything=show_all))


def _same(a: Path, b: Path) -> bool:
    try:
        return a.resolve() == b.resolve()
    except (OSError, RuntimeError):
        return a == b


def resume_cmd(shell: Shell, args: list[str]) -> None:
    """``resume``: the most recent unfinished game."""
    _no_args("resume", args)
    records = deps.records()
    records.migrate_autosaves(shell.saves)
    path = shell.offer or records.latest_unfinished(shell.saves)
    shell.offer = None
    if path is None:
        raise ShellError("no unfinished game is saved: `new medici 4` starts one")
    open_saved(shell, Path(path), "Resumed")


def replay_cmd(shell: Shell, args: list[str]) -> None:
    """``replay NAME``: replay mode."""
    from engine.shell.replay_mode import enter

    if len(args) != 1:
        raise ShellError("replay takes one save name: replay NAME (`saves` lists them)")
    enter(shell, args[0])


def quit_cmd(shell: Shell, args: list[str]) -> None:
    """``quit``: leave, the game saved."""
    _no_args("quit", args)
    shell.leave()

