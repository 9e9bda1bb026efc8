"""What the commands do: those of play mode (new, save, open, undo, hint...) and those both
modes share (help, show, log, rules, saves, quit). Each takes the mode it runs in and its
words as read by the command's spec."""

from __future__ import annotations

import difflib
from pathlib import Path
from typing import TYPE_CHECKING

from engine import bots, records, rulebook
from engine.actions import Action, describe
from engine.agreement import agree
from engine.bots.explain import hint_line
from engine.registry import game_info, games
from engine.rules import load_variant
from engine.shell import render, saves
from engine.shell.commands import COMMANDS, moves
from engine.shell.errors import ShellError
from engine.shell.learn_cmd import open_lesson
from engine.shell.mode import Mode
from engine.shell.newgame import parse_new, start_game
from engine.shell.rules_text import summary
from engine.shell.session import HINT_BOT, Session
from engine.shell.spec import Parsed
from engine.shell.text import Text

if TYPE_CHECKING:
    from engine.bots import Analysis, Bot
    from engine.game import Game
    from engine.shell.app import Shell
    from engine.shell.play_mode import PlayMode


# -- help -------------------------------------------------------------------------------
def help_cmd(mode: Mode, args: Parsed) -> None:
    """``help`` and ``help CMD``."""
    shell = mode.shell
    word = args.text("COMMAND")
    if word is not None:
        shell.page(help_text(mode, word.lower()))
        return
    shell.page(help_list(mode))


def help_list(mode: Mode) -> Text:
    """Every command of ``mode`` with its one line, then the moves of the game played (of
    every game when none is), one line a game: it fits a 24-row screen at 80 columns."""
    shell = mode.shell
    out = Text("Commands", "heading").add(f" ({mode.name} mode)", "dim")
    # In the table's order (the mode's own order is for Tab); a mode's own commands (a
    # hosted table's `say`) after them.
    own = mode.commands()
    commands = [c for c in COMMANDS.values() if c in own]
    commands += [c for c in own if c not in commands]
    width = max(len(c.name) for c in commands)
    for command in commands:
        out.line(Text("  ").add(command.name.ljust(width), "cmd").add("  " + command.summary))
    if mode.plays:
        words = shell.move_words()
        session = shell.session
        ids = [session.game.variant.game] if session is not None else list(games())
        for gid in ids:
            info = game_info(gid)
            usages = [h.usage for w, h in info.moves.items() if w in words]
            if usages:
                out.line(Text(f"Moves of {info.title}: ", "heading").add(
                    " · ".join(usages), "cmd"))
    out.line(Text("`help CMD` explains one; Tab completes (moves: only the legal ones); "
                  "Ctrl-R searches the history, Ctrl-C drops the line, Ctrl-D saves and "
                  "leaves.", "dim"))
    return out


def help_text(mode: Mode, word: str) -> Text:
    """The long help of a command or move, or ShellError with the closest name."""
    command = mode.command(word) or next(
        (c for c in COMMANDS.values() if word in (c.name, *c.aliases)), None)
    move = moves().get(word)
    out = Text()
    if command is not None:
        out.line(Text(command.usage, "cmd")).line(command.summary)
        if command.aliases:
            out.line(Text("also: " + ", ".join(command.aliases), "dim"))
        out.line(command.details)
        if command not in mode.commands():
            out.line(Text(f"({mode.elsewhere(command.name)})", "dim"))
    if move is not None:
        games = " and ".join(move.games)
        out.line(Text(move.usage, "cmd").add(f"  (a move of {games})", "dim"))
        out.line(move.summary).line(move.details)
    if out.fragments:
        return out
    close = difflib.get_close_matches(word, [*COMMANDS, *moves()], n=1, cutoff=0.5)
    hint = f": did you mean `help {close[0]}`?" if close else ""
    raise ShellError(f"no command or move {word!r}{hint}")


# -- the game ---------------------------------------------------------------------------
def new_cmd(mode: PlayMode, args: Parsed) -> None:
    """``new GAME PLAYERS... [--variant X] [--seed N]``."""
    shell = mode.shell
    spec = parse_new(args.words, shell.seed)
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
    sides = list(session.game.logic.default_names(len(spec.names)))
    # A person seated on a side with a name of its own (Medici vs Strozzi) is told which.
    played = [f"{name} {agree(name, 'plays')} the {side} side"
              for name, side, bot in zip(spec.names, sides, spec.bots, strict=True)
              if bot is None and name != side and not side.startswith("Player ")]
    also = f" {'; '.join(played)}." if played else ""
    shell.start_session(session, f"New game of {session.game.variant.name}: {seats}{seed}."
                                 f"{also}", narrate=True)


def show_cmd(mode: Mode, args: Parsed) -> None:
    """``show``: the whole table."""
    mode.show()


def moves_cmd(mode: Mode, args: Parsed) -> None:
    """``moves``: what is legal now."""
    shell = mode.shell
    session = shell.require_session()
    if session.game.is_over:
        raise ShellError("the game is over: no moves are left")
    seat = session.game.current_player
    assert seat is not None
    legal = ", ".join(describe(session.legal()))
    shell.console.say(Text(f"{session.label(seat)} may: ").add(legal, "cmd"))


def hint_cmd(mode: PlayMode, args: Parsed) -> None:
    """``hint``: the strongest bot's top moves for the person to act, in their words."""
    shell = mode.shell
    spec = args.option("--bot")
    session = shell.require_session()
    game = session.game
    seat = game.current_player
    if seat is None:
        raise ShellError("the game is over: there is nothing to hint")
    if session.bots[seat] is not None:
        raise ShellError(f"it is {game.players[seat]}'s turn, a bot's")
    bot = bots.make_bot(spec or HINT_BOT, seed=game.seed)
    if shell.interactive:
        shell.console.say(Text(f"Asking {bot.spec}…", "dim"))
    say_hint(shell, bot, game, seat, raw="--raw" in args.flags)


def say_hint(shell: Shell, bot: Bot, game: Game, seat: int, raw: bool = False) -> None:
    """Tell ``shell``'s person ``bot``'s top moves for ``seat`` of ``game`` (the local
    ``hint`` and the host's): what the decision is about, then each move's line."""
    view, legal = game.view(seat), game.legal_actions()
    rows = bot.analyse(view, legal, game.variant, top=3)
    shell.console.say(analysis_lines(
        f"Hint from {bot.spec} for {game.players[seat]}:", rows, game,
        situation=bot.situation(view, legal, game.variant), raw=raw,
        width=shell.console.width(),
    ))


def analysis_lines(title: str, rows: list[Analysis], game: Game, played: Action | None = None,
                   situation: str = "", raw: bool = False, width: int | None = None) -> Text:
    """A bot's analysis as numbered lines: each move with its win chance and expected final
    money, and the bot's few words on it (``engine.bots.explain.hint_line``); on a screen
    of ``width`` too narrow for a move's whole line, its words go on a line of their own."""
    money = game_info(game.variant.game).vocabulary.money
    out = Text(title, "title")
    if situation:
        out.line(Text(f"  {situation[0].upper()}{situation[1:]}.", "dim"))
    for i, row in enumerate(rows, 1):
        mark = "  ← played" if played is not None and row.action == played else ""
        line = hint_line(row, money, raw)
        text = Text(f"  {i}. ").add(line.move, "cmd")
        if line.measures:
            text.add(f" · {line.measures}")
        whole = len(text) + len(line.note) + 2 + len(mark)
        if line.note and width is not None and whole > width:
            out.line(text.add(mark, "turn"))
            out.line(Text("     ").add(line.note, "dim"))
            continue
        if line.note:
            text.add(f": {line.note}", "dim")
        out.line(text.add(mark, "turn"))
    return out


def fixed(value: float, digits: int = 3) -> str:
    """A value to ``digits`` places, never ``-0.000`` (a tiny negative rounds to 0)."""
    text = f"{value:.{digits}f}"
    return text[1:] if text.startswith("-") and not text.strip("-0.") else text


def undo_cmd(mode: PlayMode, args: Parsed) -> None:
    """``undo``: back to before your last move."""
    shell = mode.shell
    session = shell.require_session()
    if session.game.is_over:
        raise ShellError("the game is over: undo takes back moves of a game still being "
                         "played; `replay` goes back through it, and `branch` there plays on "
                         "from any step")
    taken = session.undo()
    many = f" {len(taken)} moves" if len(taken) > 1 else ""
    shell.console.say(Text(f"Took back{many}: {'; '.join(taken)}.", "good"))
    shell.status()


def log_cmd(mode: Mode, args: Parsed) -> None:
    """``log [N]``: the last N things that happened."""
    count = args.number("N", 20)
    game = mode.game() or mode.shell.require_session().game
    lines = render.narrate(game.events, 0, game.players, render.StepViews(game))
    for line in lines[-count:]:
        mode.shell.console.say(line)


def rules_cmd(mode: Mode, args: Parsed) -> None:
    """``rules [VARIANT | ID | all]``: the rule ids of the game (one line each), one rule
    or every rule of docs/rules.md in full, or a variant's rules summary."""
    which = args.text("VARIANT | ID")
    width = mode.shell.console.width() or rulebook.terminal_width()
    if which is not None and rulebook.looks_like_id(which):
        head, _, body = rulebook.rule(which).render(width).partition("\n\n")
        mode.shell.page(Text(head, "heading").line("").line(body))
        return
    players = None
    game = mode.game()
    if which is None or which.lower() == "all":
        gid = game.variant.game if game is not None else None
        shown = rulebook.whole(gid, width) if which else _rule_list(gid, game)
        mode.shell.page(Text(shown))
        return
    if game is not None and which == game.variant.name:
        variant = game.variant  # the game's own rules, its player count stressed
        players = len(game.players)
    else:
        variant = load_variant(which)
    mode.shell.page(summary(variant, players, mode.shell.console.width()))


def _rule_list(gid: str | None, game: Game | None) -> str:
    """``rules`` alone: the ids of the game's rules with their titles, and where more is."""
    listed = rulebook.index(gid).rsplit("\n", 1)[0]
    summary = f"rules {game.variant.name}" if game is not None else "rules VARIANT"
    return (f"{listed}\nOne rule in full: `rules {rulebook.example_id()}`; all of them: "
            f"`rules all`; the numbers of a variant: `{summary}`.")


# -- saving and opening -----------------------------------------------------------------
def save_cmd(mode: Mode, args: Parsed) -> None:
    """``save [NAME] [--copy] [--replace]``."""
    shell = mode.shell
    session = shell.require_session()
    old = session.path
    path = session.save(args.text("NAME"), copy="--copy" in args.flags,
                        replace="--replace" in args.flags)
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


def open_cmd(mode: PlayMode, args: Parsed) -> None:
    """``open NAME``: open a saved game."""
    open_saved(mode, args.words[0], "Opened")


def open_saved(mode: PlayMode, name: str | Path, how: str) -> None:
    """Load a save and make it the live game: an unfinished game in the saves folder goes
    on in its own file; any other (finished, or a file elsewhere) gets a new file only
    when play goes on."""
    shell = mode.shell
    loaded = records.load_game(name, directory=shell.saves)
    path = Path(loaded.path)
    continues = not loaded.game.is_over and _inside(path, records.saves_dir(shell.saves))
    if open_lesson(mode, loaded, path, continues, f"{how} {shell.save_name(path)}."):
        return  # a lesson goes on with its coach
    session = Session(loaded.game, list(loaded.bots), shell.saves, path, continues=continues,
                      branch_of=loaded.record.branch_of)
    note = " (it is finished: `replay` it to study it)" if loaded.game.is_over else ""
    shell.start_session(session, f"{how} {shell.save_name(path)}{note}.")


def _inside(path: Path, folder: Path) -> bool:
    try:
        return path.resolve().is_relative_to(folder.resolve())
    except (OSError, RuntimeError):
        return False


def saves_cmd(mode: Mode, args: Parsed) -> None:
    """``saves [--all] [--delete NAME]``: the saved games, one row per game."""
    shell = mode.shell
    target = args.option("--delete")
    show_all = "--all" in args.flags
    if target is not None:
        session = shell.session
        path = records.resolve_save_path(target, shell.saves)
        if session is not None and session.path is not None and _same(path, session.path):
            raise ShellError(f"{target} is the game in progress: start or open another game "
                             "before deleting it")
        removed = records.delete_save(target, shell.saves)
        shell.console.say(Text(f"Deleted {removed}.", "good"))
        return
    shell.console.say(saves.table(shell.saves, everything=show_all,
                                  width=shell.console.width()))


def _same(a: Path, b: Path) -> bool:
    try:
        return a.resolve() == b.resolve()
    except (OSError, RuntimeError):
        return a == b


def resume_cmd(mode: PlayMode, args: Parsed) -> None:
    """``resume``: the most recent unfinished game (the one offered at start, if any)."""
    records.migrate_autosaves(mode.shell.saves)
    path = mode.offer or records.latest_unfinished(mode.shell.saves)
    mode.offer = None
    if path is None:
        raise ShellError("no unfinished game is saved: `new medici 4` starts one")
    open_saved(mode, Path(path), "Resumed")


SETTINGS = {"confirm": "ask before a bid or price out of all proportion (`help set`)",
            "worth": "show what is on sale is worth to you, by the bots' estimate, with the "
                     "table and in the toolbar"}
"""What ``set`` changes, each with what it does."""


def set_cmd(mode: Mode, args: Parsed) -> None:
    """``set [SETTING on|off]``: show the settings, or change one for this session."""
    shell = mode.shell
    name, value = args.text("SETTING"), args.text("VALUE")
    if name is None:
        shell.console.say(Text("Settings (this session): ", "title").add(", ".join(
            f"{key} {_setting(shell.settings.get(key))}" for key in SETTINGS)))
        return
    key = name.lower()
    if key not in SETTINGS:
        close = difflib.get_close_matches(key, list(SETTINGS), n=1)
        hint = f": did you mean `{close[0]}`?" if close else ""
        raise ShellError(f"no setting {name!r}{hint} (settings: {', '.join(SETTINGS)})")
    if value is None or value.lower() not in ("on", "off"):
        raise ShellError(f"set {key} takes on or off: set {key} off")
    shell.settings[key] = value.lower() == "on"
    shell.console.say(Text(f"{key} is {value.lower()}: {SETTINGS[key]}.", "good"))


def _setting(value: bool | None) -> str:
    """A setting's state: ``on``, ``off``, or ``auto`` (``worth``: on against bots)."""
    return "auto (on against bots)" if value is None else ("on" if value else "off")


def quit_cmd(mode: Mode, args: Parsed) -> None:
    """``quit``: leave, the game saved (in play mode, ``exit`` too)."""
    mode.shell.leave()

