"""A shell command is one entry (issue 28, item 3): declared once beside its handler with
``@command``, it is run, helped, completed and refused at a hosted table from that entry
alone. This test adds a command the way docs/development.md shows, and takes it away."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from test_shell_commands import Run

from engine.shell.context import Context
from engine.shell.registry import command, commands_in, registered
from engine.shell.spec import Arg, Parsed, Spec
from engine.text import Text


@pytest.fixture
def coin() -> Iterator[None]:
    """The worked example of docs/development.md: ``coin [N]`` tells the money of the
    player to act, or of seat N."""
    before = list(registered())  # loaded first: a bare REGISTRY may not be yet

    @command("coin", "the money of the player to act (or of seat N)",
             "Reads the table's view: the money of the player to act, or of seat N.\n"
             "Examples: coin · coin 2",
             Spec((Arg("N", optional=True, number=True),),
                  misuse="{name} takes one seat number: coin 2"),
             modes={"play": 30}, not_at_table="a test command")
    def coin_cmd(ctx: Context, args: Parsed) -> None:
        """``coin [N]``."""
        table = ctx.require_table()
        seat = args.number("N", 0) - 1 if args.values else table.game.current_player or 0
        player = table.game.view(seat)["players"][seat]
        ctx.console.say(Text(f"{player['name']} has {player['money']}."))

    yield
    registered()[:] = before


def test_a_command_declared_once_is_run_helped_and_completed(tmp_path, coin) -> None:
    run = Run(tmp_path)
    assert "coin" in [c.name for c in commands_in("play")]
    assert "coin" not in [c.name for c in commands_in("replay")]
    run.do("new medici Ann Bo --seed 3")
    assert "Ann has 40." in run.do("coin")
    assert "Bo has 40." in run.do("coin 2")
    assert "coin takes one seat number: coin 2" in run.do("coin x", ok=False)
    assert "coin [N]" in run.do("help coin")
    listed = [line.split() for line in run.do("help").splitlines()]
    assert ["coin", "the", "money", "of", "the", "player", "to", "act", "(or", "of", "seat",
            "N)"] in listed
    assert "coin " in run.completions("co")
    # Not in replay mode: the refusal comes from the entry's modes.
    run.do("save g")
    run.do("replay g")
    assert "coin works only in play mode" in run.do("coin", ok=False)


def test_a_command_is_gone_with_its_entry(tmp_path) -> None:
    run = Run(tmp_path)
    assert "coin" not in [c.name for c in commands_in("play")]
    assert "unknown command 'coin'" in run.do("coin", ok=False)


def test_putting_the_registry_back_keeps_the_shells_commands() -> None:
    """In a fresh process, declaring a command and putting the registry back as the worked
    example does leaves every command of the shell. (The example once copied ``REGISTRY``
    before the shell's commands were loaded and put that back: every later shell of the
    process then refused ``new``, which failed tests run after the docs' examples.)"""
    code = (
        "from engine.shell.registry import command, commands_in, registered\n"
        "before = list(registered())\n"
        "@command('coin', 'a test', 'a test', modes={'play': 30}, not_at_table='a test')\n"
        "def coin(ctx, args): pass\n"
        "assert 'coin' in [c.name for c in commands_in('play')]\n"
        "registered()[:] = before\n"
        "names = [c.name for c in commands_in('play')]\n"
        "assert 'new' in names and 'coin' not in names, names\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          timeout=60, cwd=Path(__file__).resolve().parent.parent)
    assert done.returncode == 0, done.stderr
