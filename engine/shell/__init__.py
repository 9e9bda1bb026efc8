"""The ``medici`` shell: play, save, resume and replay at an autocompleting prompt.

``main(argv)`` is what ``medici`` (no arguments, or ``--script FILE``, ``--saves DIR``,
``--seed N``, ``--no-color``) runs; ``run_shell`` is the same with keyword arguments, for
``medici resume``, ``medici replay FILE`` and tests. When standard input is not a terminal
(or with ``--script``) the shell reads commands line by line, without prompt decoration,
and exits 0 only if every command succeeded; errors go to standard error.

``import engine.shell`` itself stays light (``medici rules`` reads the shell's options
from it): the shell proper (``engine.shell.app``) is imported when a shell is run or one of
the public names below is first used. Front ends built on the shell (a hosted table's seat,
``engine.host``) use these names only: ``Shell``, ``Mode``, ``Fragments``, ``Context``, the
command registry (``command``, ``registered``, ``Command``), the spec (``Spec``, ``Arg``,
``Flag``, ``Parsed``, ``word_completer``, ``arg_completion``), ``MAX_LINE``, ``ShellError``,
``Console``,
``wants_color``, ``make_prompt``, ``play_toolbar`` and ``say_hint``.
"""

from __future__ import annotations

import argparse
import io
import os
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, TextIO

from engine.registry import PROGRAM, titles

if TYPE_CHECKING:
    from prompt_toolkit.history import History
    from prompt_toolkit.input import Input
    from prompt_toolkit.output import Output

    from engine.shell import arg_completion as arg_completion
    from engine.shell.app import Shell as Shell
    from engine.shell.console import Console as Console
    from engine.shell.console import wants_color as wants_color
    from engine.shell.context import Context as Context
    from engine.shell.errors import ShellError as ShellError
    from engine.shell.hints import say_hint as say_hint
    from engine.shell.mode import Fragments as Fragments
    from engine.shell.mode import Mode as Mode
    from engine.shell.prompt import make_prompt as make_prompt
    from engine.shell.registry import MAX_LINE as MAX_LINE
    from engine.shell.registry import Command as Command
    from engine.shell.registry import command as command
    from engine.shell.registry import registered as registered
    from engine.shell.spec import Arg as Arg
    from engine.shell.spec import Flag as Flag
    from engine.shell.spec import Parsed as Parsed
    from engine.shell.spec import Spec as Spec
    from engine.shell.spec import word_completer as word_completer
    from engine.shell.toolbar import play_toolbar as play_toolbar

_PUBLIC = {
    "Shell": "engine.shell.app", "Command": "engine.shell.registry",
    "command": "engine.shell.registry", "registered": "engine.shell.registry",
    "Console": "engine.shell.console", "wants_color": "engine.shell.console",
    "Context": "engine.shell.context", "ShellError": "engine.shell.errors",
    "say_hint": "engine.shell.hints", "Fragments": "engine.shell.mode",
    "Mode": "engine.shell.mode", "make_prompt": "engine.shell.prompt",
    "Arg": "engine.shell.spec", "Flag": "engine.shell.spec", "Parsed": "engine.shell.spec",
    "Spec": "engine.shell.spec", "word_completer": "engine.shell.spec",
    "MAX_LINE": "engine.shell.registry",
    "play_toolbar": "engine.shell.toolbar",
}
"""The shell's public names (see the module), each imported from its module when first
used, so that ``import engine.shell`` stays light."""


def __getattr__(name: str) -> object:
    if name == "arg_completion":
        import engine.shell.arg_completion as module

        return module
    where = _PUBLIC.get(name)
    if where is None:
        raise AttributeError(f"module 'engine.shell' has no attribute {name!r}")
    import importlib

    return getattr(importlib.import_module(where), name)

MAX_SCRIPT = 8 * 1024 * 1024
"""The largest script file the shell reads (characters)."""

INTERACTIVE_BOT_DELAY = 0.6
"""Seconds between bot moves at a terminal, so a person can follow them ($MEDICI_BOT_DELAY)."""


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog=PROGRAM,
        description=f"The {PROGRAM} shell: play {titles()}, save, resume, replay.",
    )
    add_options(parser)
    return parser


def add_options(parser: argparse.ArgumentParser | argparse._ArgumentGroup) -> None:
    """Declare the shell's options on ``parser``: the shell's own parser, and the group
    ``medici --help`` lists (``engine.cli``), so both check them alike."""
    parser.add_argument("--script", metavar="FILE",
                        help="run shell commands from FILE ('-': standard input)")
    parser.add_argument("--saves", metavar="DIR", help="the saves folder (default $MEDICI_SAVES "
                        "or the user's data folder, ~/.local/share/medici/saves on Linux)")
    parser.add_argument("--seed", type=_seed, metavar="N", help="seed of new games "
                        "(0 to 2**64-1)")
    parser.add_argument("--no-color", action="store_true", help="plain text, no colour")


def options() -> tuple[str, ...]:
    """The shell's option strings (``--script``...): given first, they open the shell."""
    return tuple(o for action in _parser()._actions for o in action.option_strings
                 if o not in ("-h", "--help"))


def _seed(text: str) -> int:
    from engine.play import TableError, parse_seed

    try:
        return parse_seed(text)
    except TableError as err:
        raise argparse.ArgumentTypeError(str(err).removeprefix("--seed ")) from None


def main(argv: Sequence[str] | None = None) -> int:
    """Run the shell with command-line arguments; returns the exit status."""
    args = _parser().parse_args(list(sys.argv[1:] if argv is None else argv))
    return run_shell(script=args.script, saves=args.saves, seed=args.seed,
                     color=False if args.no_color else None)


def default_bot_delay(interactive: bool) -> float:
    """Seconds between bot moves: $MEDICI_BOT_DELAY if set, else a readable pace at a
    terminal (``INTERACTIVE_BOT_DELAY``) and none elsewhere."""
    env = os.environ.get("MEDICI_BOT_DELAY")
    if env:
        try:
            return max(0.0, float(env))
        except ValueError:
            pass
    return INTERACTIVE_BOT_DELAY if interactive else 0.0


def run_shell(
    *,
    script: str | Path | None = None,
    saves: str | None = None,
    seed: int | None = None,
    color: bool | None = None,
    resume: bool = False,
    replay: str | Path | None = None,
    first: Sequence[str] = (),
    at_prompt: Sequence[str] = (),
    stdin: TextIO | None = None,
    stdout: TextIO | None = None,
    stderr: TextIO | None = None,
    interactive: bool | None = None,
    input: Input | None = None,
    output: Output | None = None,
    history: History | None = None,
    bot_delay: float | None = None,
    before_prompt: Callable[[Shell], None] | None = None,
    must_start: bool = False,
) -> int:
    """Run the shell; returns the exit status.

    ``script`` reads commands from a file ('-' for stdin); otherwise the shell is
    interactive when stdin is a terminal (or ``interactive`` is True, as with a
    prompt_toolkit ``input``/``output`` pair in tests). ``resume`` continues the latest
    unfinished game first; ``replay`` opens a save (a name, or a Path taken as given) in
    replay mode first; ``first`` are command lines run before any other (``new medici 4``);
    ``at_prompt`` are run after them, at a terminal once the prompt is set up (so that long
    text is paged: ``medici learn``'s opening words), elsewhere at once.
    ``before_prompt(shell)`` is called before each interactive prompt. ``must_start``:
    if what was to start (``resume``, ``replay``, ``first``) fails, the shell does not open
    on nothing: the error is told and the exit status is 1 (``medici open fridy``).
    """
    from engine.shell.app import Shell, shown_line
    from engine.shell.console import Console, wants_color

    stdin = stdin if stdin is not None else sys.stdin
    out = stdout if stdout is not None else sys.stdout
    err = stderr if stderr is not None else sys.stderr
    if interactive is None:
        interactive = script is None and (input is not None or _isatty(stdin))
    use_color = wants_color(out) if color is None else color
    console = Console(out, err, color=use_color and interactive, errors_to_err=not interactive)
    delay = default_bot_delay(interactive) if bot_delay is None else bot_delay
    shell = Shell(console, saves=saves, seed=seed, interactive=interactive, bot_delay=delay)
    if interactive and input is None:
        from engine.shell.bot_turns import Typeahead

        # Keys typed while the bots move are kept off the screen for the next prompt.
        shell.typeahead = Typeahead.of(stdin)
    # Keys typed while these run (a `play` stopped by a key) stay off the screen.
    with shell.held_keys():
        started_well = True
        if resume:
            started_well &= shell.execute("resume", "resume")
        if replay is not None:
            from engine.shell.replay_mode import enter

            # The message names the file itself: no `replay FILE:` before it (it said the
            # path twice).
            started_well &= shell.execute_call(lambda: enter(shell, replay))
        for line in first:
            started_well &= shell.execute(line, shown_line(line))
    if must_start and not started_well:
        return 1
    if interactive:
        started = resume or replay is not None or bool(first) or bool(at_prompt)
        if at_prompt:
            before_prompt = _running_first(at_prompt, before_prompt)
        return shell.run_interactive(input=input, output=output, history=history,
                                     before_prompt=before_prompt, greet=not started)
    for line in at_prompt:
        shell.execute(line, shown_line(line))
    if script is None or str(script) == "-":
        return shell.run_script(stdin, "line")
    try:
        with open(script, encoding="utf-8") as handle:
            text = handle.read(MAX_SCRIPT + 1)
        if len(text) > MAX_SCRIPT:
            err.write(f"medici: {script} is larger than {MAX_SCRIPT} characters: not a script\n")
            return 2
        lines = io.StringIO(text).readlines()
    except OSError as error:
        err.write(f"medici: cannot read the script {script}: {error.strerror or error}\n")
        return 2
    except UnicodeDecodeError as error:
        err.write(f"medici: {script} is not UTF-8 text ({error.reason} at byte {error.start})\n")
        return 2
    return shell.run_script(lines, str(script))


def _running_first(lines: Sequence[str], then: Callable[[Shell], None] | None
                   ) -> Callable[[Shell], None]:
    """A ``before_prompt`` that runs ``lines`` before the first prompt, then ``then``."""
    waiting = list(lines)

    def before(shell: Shell) -> None:
        from engine.shell.app import shown_line

        while waiting and not shell.done:
            line = waiting.pop(0)
            with shell.held_keys():
                shell.execute(line, shown_line(line))
        if then is not None:
            then(shell)

    return before


def _isatty(stream: TextIO) -> bool:
    try:
        return stream.isatty()
    except (AttributeError, ValueError):
        return False


__all__ = [
    "MAX_LINE", "Arg", "Command", "Console", "Context", "Flag", "Fragments", "Mode", "Parsed",
    "Shell", "ShellError", "Spec", "arg_completion", "command", "main", "make_prompt",
    "play_toolbar", "registered", "run_shell", "say_hint", "wants_color", "word_completer",
]
