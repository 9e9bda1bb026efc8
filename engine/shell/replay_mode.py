"""Replay mode: step through a saved game, look at any step, analyse it, branch from it.

The mode's commands are in ``engine.shell.commands.replaying``."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from engine import records
from engine.play import open_table, render
from engine.shell.mode import Fragments, Mode
from engine.shell.replay_view import ReplayView
from engine.shell.toolbar import replay_toolbar
from engine.text import Text

if TYPE_CHECKING:
    from engine.game import Game
    from engine.shell.app import Shell
    from engine.shell.context import Context


class ReplayMode(Mode):
    """Stepping through a saved game: the prompt shows the step; ``exit`` goes back to the
    mode it was entered from."""

    name = "replay"

    def __init__(self, shell: Shell, view: ReplayView, back: Mode) -> None:
        super().__init__(shell)
        self.view = view
        self.back = back
        """The mode to go back to on ``exit``."""

    def blank(self) -> None:
        """An empty line is ``next`` (at the last step it says so)."""
        if self.view.step < self.view.total:
            self.run_line("next", [])
        else:
            self.shell.console.say(Text(f"This is the last step ({self.view.total}): `prev` "
                                        "or `goto N` go back, `exit` leaves.", "dim"))

    def prompt(self) -> Fragments:
        """``replay 12/300 ›`` (or the question waiting for its answer)."""
        asked = self.asked()
        if asked:
            return asked
        return [("class:phase", f"replay {self.view.step}/{self.view.total}"), ("", " › ")]

    def toolbar(self, width: int | None = None) -> Fragments:
        """The save's name, the step, the table's state."""
        return replay_toolbar(self.view, width)

    def record(self) -> ReplayView:
        """The record stepped through."""
        return self.view

    def game(self) -> Game:
        """The game at this step."""
        return self.view.game

    def show(self) -> None:
        """The table at this step (and the final scores at the end)."""
        console = self.shell.console
        console.say(render.table(self.view.view(), self.view.bots, console.width()))
        if self.view.game.is_over:
            console.say(render.final_scores(self.view.view(), console.width()))


def enter(ctx: Context, name: str | Path) -> None:
    """``replay NAME``: open a save in replay mode (the live game stays saved). The save
    is opened as every front end opens one (``engine.play.open_table``); a hosted table's
    game is replayed too."""
    opened = open_table(name, ctx.saves, replaying=True)
    path = opened.path
    cursor = records.ReplayCursor(opened.record)
    view = ReplayView(path.stem, cursor, list(opened.table.bots), path,
                      opened.table.settings)
    back = ctx.mode.back if isinstance(ctx.mode, ReplayMode) else ctx.mode
    ctx.mode = ReplayMode(ctx.mode.shell, view, back)
    ctx.console.say(Text(f"Replay of {_named(path)}: {cursor.total} steps. ", "title").add(
        f"Enter or next, prev, goto N, {view.goto_unit}, play, show, analyse, branch, exit.",
        "dim"))
    ctx.console.say(view.header())


def _named(path: Path) -> str:
    """A record's file as the replay's first line names it: relative to the working folder
    when it is inside it, else its name with its folder after it (a long folder last)."""
    shown = records.store.display(path)
    if not Path(shown).is_absolute():
        return shown
    return f"{path.name} (in {path.parent})"


