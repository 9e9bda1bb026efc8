"""``set``: the settings a person changes at the table (``set confirm off``)."""

from __future__ import annotations

import difflib
from typing import TYPE_CHECKING

from engine.shell import arg_completion as ac
from engine.shell.errors import ShellError
from engine.shell.registry import command
from engine.shell.spec import Arg, Parsed, Spec
from engine.text import Text

if TYPE_CHECKING:
    from engine.shell.context import Context

SET = Spec((Arg("SETTING", optional=True, complete=ac.settings),
           Arg("VALUE", optional=True, complete=ac.on_off)),
          misuse="{name} takes a setting and on or off: set confirm off")

SETTINGS = {"confirm": "ask before a bid or price out of all proportion (`help set`)",
            "worth": "show what is on sale is worth to you, by the bots' estimate, with the "
                     "table and in the toolbar"}
"""What ``set`` changes, each with what it does."""


@command("set", "change a setting (set confirm off, set worth off)",
         "`set` alone lists the settings. `set confirm off` stops the question asked before "
         "a bid or price out of all proportion (more than twice what is on sale is worth to "
         "you, by the bots' valuation, and more than 10 above the lowest amount legal; or "
         "one that takes a loan and is more than its worth): `y` makes the move, "
         "anything else changes nothing. Scripts are never asked. `set worth off` stops "
         "showing what is on sale is worth to you (the bots' estimate, the one `hint` "
         "uses) on the table and in the toolbar; it is on in games against bots, and `set "
         "worth on` shows it in a game of people alone too. A setting changed during a "
         "game is kept with it (its save), and new games start with it.\n"
         "Examples: set · set confirm off · set worth off", SET,
         modes={"play": 13, "table": 6}, at_table="all")
def set_cmd(ctx: Context, args: Parsed) -> None:
    """``set [SETTING on|off]``: show the settings, or change one."""
    name, value = args.text("SETTING"), args.text("VALUE")
    if name is None:
        ctx.console.say(Text("Settings: ", "title").add(", ".join(
            f"{key} {_state(ctx.settings.get(key))}" for key in SETTINGS)))
        return
    key = name.lower()
    if key not in SETTINGS:
        close = difflib.get_close_matches(key, list(SETTINGS), n=1)
        hint = f": did you mean `{close[0]}`?" if close else ""
        raise ShellError(f"no setting {name!r}{hint} (settings: {', '.join(SETTINGS)})")
    if value is None or value.lower() not in ("on", "off"):
        raise ShellError(f"set {key} takes on or off: set {key} off")
    on = value.lower() == "on"
    ctx.settings[key] = on
    ctx.mode.keep_setting(key, on)
    ctx.console.say(Text(f"{key} is {value.lower()}: {SETTINGS[key]}.", "good"))


def _state(value: bool | None) -> str:
    """A setting's state: ``on``, ``off``, or ``auto`` (``worth``: on against bots)."""
    return "auto (on against bots)" if value is None else ("on" if value else "off")
