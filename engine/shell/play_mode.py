"""Play mode: the live game, its moves typed at the prompt, and the commands around it."""

from __future__ import annotations

import shlex
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from engine.actions import Legal
from engine.bots.levels import FIRST_GAME, FIRST_GAME_LINE
from engine.errors import MediciError
from engine.records.examples import example_path, examples
from engine.registry import PROGRAM, game_ids
from engine.shell import handlers, render, saves, slips
from engine.shell.commands import Command, moves
from engine.shell.errors import ShellError
from engine.shell.mode import Fragments, Mode
from engine.shell.replay_mode import enter
from engine.shell.spec import Parsed
from engine.shell.text import Text
from engine.shell.toolbar import play_toolbar

if TYPE_CHECKING:
    from engine.game import Game
    from engine.shell.app import Shell


class PlayMode(Mode):
    """Playing: moves are typed at the prompt (the legal ones complete), the bots move."""

    name = "play"
    order = ("help", "new", "show", "moves", "hint", "undo", "log", "rules", "save", "open",
             "saves", "resume", "replay", "set", "exit", "quit")
    plays = True

    def __init__(self, shell: Shell) -> None:
        super().__init__(shell)
        self.offer: Path | None = None
        """An unfinished game offered at start (``greet``): an empty line resumes it."""

    def run(self, command: Command, parsed: Parsed) -> None:
        """Run one of play mode's commands."""
        HANDLERS[command.name](self, parsed)

    def line(self, word: str, args: list[str]) -> bool:
        """A move of the live game; any line but an empty one drops the offer to resume."""
        self.offer = None
        session = self.shell.session
        if session is None or word not in session.game.logic.grammar.kinds:
            return False
        if word == "load" and args and not args[0].isdigit():
            # `load` is only a move here: a save is never opened mid-turn.
            raise ShellError(f"load is the move {moves()['load'].usage}; a saved "
                             f"game is opened with `open {shlex.quote(args[0])}`")
        text = " ".join([word, *args])
        shell = self.shell
        if shell.interactive and shell.settings["confirm"]:
            asked = slips.question(session.game, text)
            if asked is not None:
                shell.ask(asked, lambda: shell.move(text),
                          f"Nothing done: {text} was not made (`set confirm off` stops "
                          "these questions).")
                return True
        shell.move(text)
        return True

    def blank(self) -> None:
        """Resume the game offered at start; else let paused bots go on."""
        if self.offer is not None and self.shell.session is None:
            handlers.resume_cmd(self, Parsed([]))
        elif self.shell.run_bots():
            self.shell.status()  # the bots went on after a pause: whose turn it is now

    def prompt(self) -> Fragments:
        """Whose turn it is (a person's), else the program's name."""
        if self.shell.pending is not None:
            return [("class:turn", "y/N"), ("", " › ")]
        session = self.shell.session
        if session is not None and not session.game.is_over:
            seat = session.game.current_player
            if seat is not None and session.bots[seat] is None:
                return [("class:turn", session.game.players[seat]), ("", " › ")]
            if seat is not None and session.humans:
                # The bots are paused: the prompt is still yours.
                return [("class:name", session.game.players[session.viewer()]), ("", " › ")]
        return [("class:cmd", PROGRAM), ("", " › ")]

    def toolbar(self, width: int | None = None) -> Fragments:
        """The game, its period and phase, whose turn and their money, your place."""
        session = self.shell.session
        if session is None:
            return play_toolbar(None, [], width=width)
        viewer = session.viewer() if session.humans else None
        return play_toolbar(session.view(), session.bots, viewer, width)

    def placeholder(self) -> Fragments:
        """``Enter resumes your last game`` while that is so."""
        if self.offer is not None and self.shell.session is None:
            return [("class:dim", "Enter resumes your last game")]
        session = self.shell.session
        if session is not None and session.humans and session.bot_to_act() is not None:
            return [("class:dim", "bots paused: Enter lets them go on")]
        return []

    def legal_moves(self) -> list[Legal]:
        """The legal actions of the person to act now ([] on a bot's turn or with no game)."""
        session = self.shell.session
        if session is None or session.bot_to_act() is not None:
            return []
        return session.legal()

    def game(self) -> Game | None:
        """The live game, if any."""
        return self.shell.session.game if self.shell.session is not None else None

    def show(self) -> None:
        """The live game's table (and the final scores once it is over)."""
        session = self.shell.require_session()
        self.shell.console.say(render.table(session.view(), session.bots,
                                        self.shell.console.width()))
        if session.game.is_over:
            self.shell.console.say(render.final_scores(session.view(), self.shell.console.width()))

    def greet(self) -> None:
        """The welcome, with an offer to resume the last unfinished game."""
        say = self.shell.console.say
        folder = self.shell.saves
        say(Text("Medici", "heading").add(
            " — Reiner Knizia's auction games in your terminal.", "title"))
        try:
            offer = saves.latest_unfinished_info(folder)
        except (ShellError, MediciError, OSError):
            offer = None
        if offer is not None:
            self.offer = offer.path
            say(Text("Your last game is unfinished: ").add(saves.describe(offer)))
            say(Text("Press Enter to resume it, or type `new medici 4` for a new one "
                     "(`help` lists every command).", "dim"))
        else:
            others = ", ".join(f"`new {gid}`" for gid in game_ids()[1:])
            say(Text("`new medici 4` plays against three bots"
                     + (f"; {others} another game" if others else "")
                     + "; `help` lists every command, Tab completes.", "dim"))
            say(Text(f"A first game? `{FIRST_GAME_LINE}` plays three bots of the "
                     f"{FIRST_GAME} level (levels: `help new`).", "dim"))
        try:
            old = saves.old_folder_note(folder)
        except (ShellError, OSError):
            old = None
        if old is not None:
            say(Text(old, "dim"))


def replay_cmd(mode: PlayMode, args: Parsed) -> None:
    """``replay NAME`` or ``replay --example GAME``: replay mode."""
    name, example = args.text("NAME"), args.option("--example")
    if (name is None) == (example is None):
        raise ShellError("replay takes one save name, or --example GAME: replay friday · "
                         f"replay --example {next(iter(examples()), 'GAME')}")
    enter(mode.shell, name if name is not None else example_path(example))


HANDLERS: dict[str, Callable[[PlayMode, Parsed], None]] = {
    "help": handlers.help_cmd, "new": handlers.new_cmd, "show": handlers.show_cmd,
    "moves": handlers.moves_cmd, "hint": handlers.hint_cmd, "undo": handlers.undo_cmd,
    "log": handlers.log_cmd, "rules": handlers.rules_cmd, "save": handlers.save_cmd,
    "open": handlers.open_cmd, "saves": handlers.saves_cmd, "resume": handlers.resume_cmd,
    "replay": replay_cmd, "set": handlers.set_cmd, "exit": handlers.quit_cmd,
    "quit": handlers.quit_cmd,
}
"""What play mode's commands do."""
