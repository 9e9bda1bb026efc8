"""The shell's modes and the commands' declared arguments (issue 13, item 5).

Play mode and replay mode are objects owning their commands, prompt, toolbar and
completion; the shell holds the current one. Each command declares its arguments once, in
a ``Spec``, from which its usage line, its parsing and its Tab completion come.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest
from prompt_toolkit.completion import CompleteEvent, WordCompleter
from prompt_toolkit.document import Document
from test_shell_commands import Run

from engine import new_game
from engine.chance import Rng
from engine.records import save_game
from engine.shell.commands import COMMANDS
from engine.shell.completion import ShellCompleter
from engine.shell.errors import ShellError
from engine.shell.mode import modes_of
from engine.shell.play_mode import PlayMode
from engine.shell.registry import registered
from engine.shell.replay_mode import ReplayMode
from engine.shell.spec import Arg, Flag, Spec, SpecCompleter
from engine.simulate import random_action

SHELL = Path(__file__).resolve().parents[1] / "engine" / "shell"


@pytest.fixture
def run(tmp_path) -> Run:
    return Run(tmp_path / "saves")


def _texts(shell, line: str) -> list[str]:
    found = ShellCompleter(shell).get_completions(Document(line), CompleteEvent())
    return [c.text for c in found]


def _saved(run: Run, name: str = "full") -> None:
    game = new_game("medici", ["Ann", "Bo"], seed=4)
    rng = Rng(3)
    for _ in range(6):
        game.apply(random_action(game, rng))
    save_game(game, name, bots=[None, "random"], directory=run.shell.saves)


# -- the modes ----------------------------------------------------------------------------
def test_each_command_is_one_entry_with_its_handler_and_modes(run):
    """Every command is declared once a mode: with its handler, the modes it works in (and
    its place in each mode's Tab order), and at a hosted table who may run it or why not."""
    entries = registered()
    for mode in ("play", "replay"):
        names = [c.name for c in entries if mode in c.modes]
        assert len(names) == len(set(names)), f"{mode}: a command declared twice"
        places = [c.modes[mode] for c in entries if mode in c.modes]
        assert len(places) == len(set(places)), f"{mode}: two commands at one Tab place"
    for entry in entries:
        assert entry.run is not None and entry.modes
        assert set(entry.modes) <= {"play", "replay", "table"}
        # At a table: played (by someone), or refused with a reason a joiner reads.
        assert ("table" in entry.modes) == bool(entry.at_table), entry.name
        assert "table" in entry.modes or entry.not_at_table or entry.name in ("exit", "quit")
    assert [c.name for c in PlayMode(run.shell).commands()][:4] == ["help", "new", "learn", "show"]
    # Every command works somewhere; `modes_of` is what "works only in" messages say.
    shell_commands = {c.name for c in entries if set(c.modes) & {"play", "replay"}}
    assert all(modes_of(name) for name in shell_commands)
    assert modes_of("next") == ["replay"] and modes_of("new") == ["play"]
    assert modes_of("help") == ["play", "replay"]


def test_a_mode_switch_changes_the_commands_prompt_toolbar_and_completion(run):
    _saved(run)
    play = run.shell.mode
    assert isinstance(play, PlayMode)
    assert "next" not in [c.name for c in play.commands()]
    assert "next works only in replay mode" in run.do("next", ok=False)
    assert "new " in _texts(run.shell, "")
    run.do("replay full")
    replay = run.shell.mode
    assert isinstance(replay, ReplayMode) and replay.back is play
    assert replay.command("n") is COMMANDS["next"] and replay.command("new") is None
    assert run.shell.prompt_text()[0][1] == f"replay 0/{replay.view.total}"
    assert "new " not in _texts(run.shell, "") and "next " in _texts(run.shell, "")
    assert "new works only in play mode: `exit` leaves the replay first" in run.do(
        "new medici 2", ok=False)
    run.do("exit")
    assert run.shell.mode is play  # the very mode it left, not a new one
    assert run.shell.prompt_text()[0][1] == "medici"


def test_the_offer_to_resume_belongs_to_play_mode(run):
    run.do("new medici Ann Bo")
    run.shell.table = None
    mode = run.shell.mode
    assert isinstance(mode, PlayMode)
    mode.greet()
    assert mode.offer is not None
    assert mode.placeholder() == [("class:dim", "Enter resumes your last game")]
    assert "Resumed" in run.do("")  # an empty line takes the offer
    assert mode.offer is None and mode.placeholder() == []


# -- the spec -----------------------------------------------------------------------------
def test_every_usage_line_comes_from_the_commands_spec(run):
    for name, command in COMMANDS.items():
        assert command.usage == command.spec.usage(name)
        assert command.usage in run.do(f"help {name}")
    assert COMMANDS["save"].usage == "save [NAME] [--copy] [--replace]"
    assert COMMANDS["new"].usage == "new [GAME] [N | PLAYER...] [--variant FILE-OR-NAME] [--seed N]"
    assert COMMANDS["goto"].usage.startswith("goto N | goto PERIOD P | goto start")


def test_every_commands_completion_comes_from_its_spec(run):
    """What Tab offers after ``NAME `` is what the spec's completer offers, for every command
    of each mode (the moves apart), and a command completes with a space exactly when its
    spec takes arguments."""
    _saved(run)
    for line in ("", "replay full"):
        if line:
            run.do(line)
        mode = run.shell.mode
        for command in mode.commands():
            expected = [c.text for c in SpecCompleter(command.spec).complete(run.shell, [], "")]
            assert _texts(run.shell, f"{command.name} ") == expected, command.name
            spaced = f"{command.name} " in _texts(run.shell, command.name)
            assert spaced == command.spec.takes_arguments, command.name


def test_a_commands_bad_words_get_its_specs_own_message(run):
    for line, message in [
        ("log 0", "log takes one whole number 1 or more, got '0'"),
        ("log 1 2", "log takes one whole number 1 or more, got '1 2'"),
        ("show x", "show takes no arguments, got 'x'"),
        ("saves --delete", "--delete needs a value"),
        ("saves x", "saves takes --all and --delete NAME, got 'x'"),
        ("help a b", "help takes at most one command name: help CMD"),
        ("open", "open takes one save name: open NAME (`saves` lists them)"),
    ]:
        assert message in run.do(line, ok=False), line
    run.do("new medici Ann Bo")
    assert "unknown option --foo: save takes --copy and --replace" in run.do("save --foo", ok=False)
    assert "hint takes --bot SPEC and --raw, got '--foo'" in run.do("hint --foo", ok=False)


SPEC = Spec((Arg("WHAT", optional=True, choices=("all", "some"),
                 complete=lambda shell, typed: WordCompleter(["all", "some"])),
             Arg("N", optional=True, number=True)),
            (Flag("--bot", "which bot", "SPEC",
                  lambda shell, typed: WordCompleter(["greedy", "random"])),
             Flag("--quiet", "say less")),
            misuse="{name} takes WHAT and N, got {got}")


def test_a_spec_writes_its_usage_and_parses_its_words():
    assert SPEC.usage("look") == "look [WHAT] [N] [--bot SPEC] [--quiet]"
    parsed = SPEC.parse("look", ["some", "--bot", "greedy", "3", "--quiet"])
    assert parsed.text("WHAT") == "some" and parsed.number("N", 1) == 3
    assert parsed.option("--bot") == "greedy" and parsed.flags["--quiet"] is True
    assert SPEC.parse("look", []).number("N", 7) == 7
    for words, message in [
        (["none"], "look takes WHAT and N, got 'none'"),
        (["all", "0"], "look takes WHAT and N, got 'all 0'"),
        (["all", "2", "x"], "look takes WHAT and N, got 'all 2 x'"),
        (["--bot"], "--bot needs a value"),
        (["--other"], "look takes WHAT and N, got '--other'"),
    ]:
        with pytest.raises(ShellError, match=message):
            SPEC.parse("look", words)
    assert Spec(forms=("A", "B")).usage("go") == "go A | go B"
    assert not Spec().takes_arguments and SPEC.takes_arguments


def test_a_spec_completes_option_values_due_arguments_and_unused_options():
    def offered(typed: list[str], prefix: str = "") -> list[str]:
        return [c.text for c in SpecCompleter(SPEC).complete(None, typed, prefix)]  # type: ignore[arg-type]

    assert offered([]) == ["all", "some", "--bot", "--quiet"]
    assert offered(["--bot"]) == ["greedy", "random"]
    assert offered(["--bot"], "g") == ["greedy"]
    assert offered(["--bot", "greedy"]) == ["all", "some", "--quiet"]  # --bot is used
    assert offered(["all"]) == ["--bot", "--quiet"]  # N has no completer
    assert offered([], "-") == ["--bot", "--quiet"]
    names = Spec((Arg("NAME", optional=True, hides_options=True,
                      complete=lambda shell, typed: WordCompleter(["-x", "game"])),),
                 (Flag("--copy", "a copy"),))
    completer = SpecCompleter(names)
    assert [c.text for c in completer.complete(None, [], "")] == ["-x", "game"]  # type: ignore[arg-type]
    assert [c.text for c in completer.complete(None, [], "-")] == ["-x", "--copy"]  # type: ignore[arg-type]
    assert [c.text for c in completer.complete(None, ["game"], "")] == ["--copy"]  # type: ignore[arg-type]


# -- what the refactoring retired ------------------------------------------------------------
def test_no_import_inside_a_function_of_the_shell_but_the_terminals():
    """Imports are at the top of each module (no hidden cycles); only the terminal's termios
    (absent on Windows) and the package's own start-up entry points are imported late."""
    allowed = {"bot_turns.py", "__init__.py"}
    late = []
    for path in sorted(SHELL.glob("*.py")):
        if path.name in allowed:
            continue
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                late += [f"{path.name}:{sub.lineno}" for sub in ast.walk(node)
                         if isinstance(sub, ast.Import | ast.ImportFrom)]
    assert late == []
