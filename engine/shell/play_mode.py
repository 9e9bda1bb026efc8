"""Play mode: the live game, its moves typed at the prompt, and the commands around it
(declared in ``engine.shell.commands``)."""

from __future__ import annotations

import shlex
from pathlib import Path
from typing import TYPE_CHECKING

from engine.actions import Legal
from engine.bots.levels import FIRST_GAME, FIRST_GAME_LINE
from engine.errors import MediciError
from engine.play import render, slips
from engine.play.worth import words, worth_now
from engine.registry import PROGRAM, game_ids
from engine.shell import saves
from engine.shell.errors import ShellError
from engine.shell.mode import Fragments, Mode
from engine.shell.registry import moves
from engine.shell.toolbar import play_toolbar
from engine.text import Text

if TYPE_CHECKING:
    from engine.game import Game
    from engine.shell.app import Shell


class PlayMode(Mode):
    """Playing: moves are typed at the prompt (the legal ones complete), the bots move."""

    name = "play"
    plays = True

    def __init__(self, shell: Shell) -> None:
        super().__init__(shell)
        self.app = shell
        self.offer: Path | None = None
        """An unfinished game offered at start (``greet``): an empty line resumes it."""

    def take_offer(self) -> Path | None:
        """The game offered at start, once."""
        offer, self.offer = self.offer, None
        return offer

    def line(self, word: str, args: list[str]) -> bool:
        """A move of the live game; any line but an empty one drops the offer to resume."""
        self.offer = None
        session = self.shell.table
        if session is None or word not in session.game.logic.grammar.kinds:
            return False
        if word == "load" and args and not args[0].isdigit():
            # `load` is only a move here: a save is never opened mid-turn.
            raise ShellError(f"load is the move {moves()['load'].usage}; a saved "
                             f"game is opened with `open {shlex.quote(args[0])}`")
        text = " ".join([word, *args])
        shell = self.app
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
        if self.offer is not None and self.shell.table is None:
            self.run_line("resume", [])
        elif self.app.run_bots():
            self.shell.status()  # the bots went on after a pause: whose turn it is now

    def prompt(self) -> Fragments:
        """Whose turn it is (a person's), else the program's name."""
        asked = self.asked()
        if asked:
            return asked
        session = self.shell.table
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
        session = self.shell.table
        if session is None:
            return play_toolbar(None, [], width=width)
        viewer = session.viewer() if session.humans else None
        worth = worth_now(self.shell.settings.get("worth"), session)
        view = session.view()
        return play_toolbar(view, session.bots, viewer, width,
                            worth=None if worth is None else words(worth, view, short=True))

    def placeholder(self) -> Fragments:
        """``Enter resumes your last game`` while that is so."""
        if self.offer is not None and self.shell.table is None:
            return [("class:dim", "Enter resumes your last game")]
        session = self.shell.table
        if session is not None and session.humans and session.bot_to_act() is not None:
            return [("class:dim", "bots paused: Enter lets them go on")]
        return []

    def legal_moves(self) -> list[Legal]:
        """The legal actions of the person to act now ([] on a bot's turn or with no game)."""
        session = self.shell.table
        if session is None or session.bot_to_act() is not None:
            return []
        return session.legal()

    def game(self) -> Game | None:
        """The live game, if any."""
        return self.shell.table.game if self.shell.table is not None else None

    def show(self) -> None:
        """The live game's table (and the final scores once it is over)."""
        session = self.shell.require_table()
        worth = worth_now(self.shell.settings.get("worth"), session)
        view = session.view()
        self.shell.console.say(render.table(
            view, session.bots, self.shell.console.width(),
            worth=None if worth is None else words(worth, view),
            rules=session.game.variant.rules))
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
        if offer is not None and offer.hosted:
            # A hosted table is never reopened on one keyboard: say how it is.
            say(Text("Your last game is unfinished: ").add(saves.describe(offer)))
            say(Text(f"It is played at a hosted table: `medici host --resume "
                     f"{self.shell.save_name(offer.path)}{folder.option()}` reopens it; "
                     "`new medici 4` starts a game here (`help` lists every command).", "dim"))
        elif offer is not None:
            self.offer = offer.path
            say(Text("Your last game is unfinished: ").add(saves.describe(offer)))
            say(Text("Press Enter to resume it, or type `new medici 4` for a new one "
                     "(`help` lists every command).", "dim"))
        else:
            others = ", ".join(f"`new {gid}`" for gid in game_ids()[1:])
            say(Text("`new medici 4` plays against three bots"
                     + (f"; {others} another game" if others else "")
                     + "; `help` lists every command, Tab completes.", "dim"))
            say(Text("Never played? `learn` is a guided first game: the rules as they come "
                     f"up, your moves judged. Then `{FIRST_GAME_LINE}` plays three bots of "
                     f"the {FIRST_GAME} level (levels: `help new`).", "dim"))
        try:
            old = saves.old_folder_note(folder)
        except (MediciError, OSError):
            old = None
        if old is not None:
            say(Text(old, "dim"))
