"""Leaving: ``quit`` (and ``exit`` in play mode), the game saved first."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.shell.registry import command
from engine.shell.spec import Parsed, Spec

if TYPE_CHECKING:
    from engine.shell.context import Context

BARE = Spec(misuse="{name} takes no arguments")


@command("quit", "leave the shell (the game stays saved)",
         "The game is saved after every move, so nothing is lost; `medici resume` "
         "continues it. Ctrl-D does the same.\nExample: quit",
         aliases=("q", "bye"), modes={"play": 15, "replay": 12})
def quit_cmd(ctx: Context, args: Parsed) -> None:
    """``quit``: leave, the game saved."""
    ctx.leave()


@command("exit", "leave the shell (as quit; in replay mode, back to your game)",
         "The same as quit here; in replay mode, `exit` goes back to the game you were "
         "playing.\nExample: exit", BARE, modes={"play": 14})
def exit_cmd(ctx: Context, args: Parsed) -> None:
    """``exit`` in play mode: as ``quit``."""
    ctx.leave()
