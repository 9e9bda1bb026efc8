"""The ``medici`` command's own parts: which arguments open the shell, the shell's options
declared once, and a missing dependency named rather than hidden."""

from __future__ import annotations

import pytest

import engine.shell
from engine import cli


def _option_help(parser) -> dict[str, tuple[str | None, object]]:
    return {o: (a.help, a.type) for a in parser._actions for o in a.option_strings
            if o in engine.shell.options()}


def test_the_shell_options_are_declared_once_for_both_parsers() -> None:
    assert set(engine.shell.options()) == {"--script", "--saves", "--seed", "--no-color"}
    # The same help and the same checks (the seed's type) in `medici --help` and the shell.
    assert _option_help(cli.build_parser()) == _option_help(engine.shell._parser())


def test_a_bad_seed_is_refused_by_the_top_level_parser_too(capsys) -> None:
    with pytest.raises(SystemExit) as stop:
        cli.main(["--version", "--seed", "seven"])
    assert stop.value.code == 2
    assert "--seed: takes a whole number" in capsys.readouterr().err


@pytest.mark.parametrize("first", ["--seed=7", "--no-color", "--script"])
def test_a_shell_option_given_first_opens_the_shell(monkeypatch, first: str) -> None:
    opened: list[list[str]] = []
    monkeypatch.setattr(engine.shell, "main", lambda argv: opened.append(argv) or 0)
    assert cli.main([first, "x"]) == 0
    assert opened == [[first, "x"]]


def test_a_missing_dependency_is_named(monkeypatch, capsys) -> None:
    def missing(argv: list[str]) -> int:
        raise ModuleNotFoundError("No module named 'prompt_toolkit'", name="prompt_toolkit")

    monkeypatch.setattr(engine.shell, "main", missing)
    assert cli.main([]) == 2
    err = capsys.readouterr().err
    assert "'prompt_toolkit'" in err and "not installed" in err
    assert "not built" not in err


def test_a_missing_module_of_our_own_is_not_taken_for_a_dependency(monkeypatch) -> None:
    def broken(argv: list[str]) -> int:
        raise ModuleNotFoundError("No module named 'engine.shell.app'", name="engine.shell.app")

    monkeypatch.setattr(engine.shell, "main", broken)
    with pytest.raises(ModuleNotFoundError, match="engine.shell.app"):
        cli.main([])
