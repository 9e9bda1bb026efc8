"""One rule for names (engine.names): what the door accepts, the loader loads back; what it
refuses, it refuses before anything is written."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from engine.errors import RecordError, RulesError
from engine.game import new_game
from engine.names import (
    player_name_problem,
    save_name_problem,
    variant_name_problem,
)
from engine.records import load_game, save_game
from engine.rules import load_variant
from engine.shell.app import Shell
from engine.shell.console import Console

SETTINGS = settings(max_examples=150, deadline=None,
                    suppress_health_check=[HealthCheck.function_scoped_fixture])

# Text of every kind: letters of any script, marks, controls, surrogates, separators.
ANY_TEXT = st.text(st.characters(codec=None, exclude_categories=()), min_size=0, max_size=90)
SAVE_LIKE = st.text(st.characters(categories=("L", "N", "Zs", "P", "M", "Cc", "Cf")),
                    min_size=1, max_size=90)


def _shell(folder: Path) -> tuple[Shell, io.StringIO]:
    err = io.StringIO()
    return Shell(Console(io.StringIO(), err), saves=str(folder)), err


@pytest.fixture(scope="module")
def game():
    game = new_game("medici", ["Ann", "Bo"], seed=4)
    game.apply("draw")
    return game


# -- save names ------------------------------------------------------------------------
@SETTINGS
@given(name=st.one_of(ANY_TEXT, SAVE_LIKE))
def test_every_accepted_save_name_round_trips_and_every_refused_one_is_refused(
    tmp_path_factory, game, name: str
) -> None:
    folder = tmp_path_factory.mktemp("saves")
    if name.startswith(("./", "../", "~", "/", ".\\", "..\\")):
        return  # a path, not a save name: taken as given
    problem = save_name_problem(name)
    event("accepted" if problem is None else "refused")
    if problem is None:
        path = save_game(game, name, directory=folder)
        assert path.parent.resolve().is_relative_to(folder.resolve())
        assert load_game(name, folder).game.events == game.events
    else:
        with pytest.raises(RecordError) as err:
            save_game(game, name, directory=folder)
        assert problem in str(err.value)
        assert "\x1b" not in str(err.value)  # never echoed raw
        assert list(folder.rglob("*")) == []


@SETTINGS
@given(name=st.one_of(ANY_TEXT, SAVE_LIKE))
def test_the_shell_save_refuses_at_the_door_what_the_loader_could_not_open(
    tmp_path_factory, name: str
) -> None:
    folder = tmp_path_factory.mktemp("saves")
    shell, err = _shell(folder)
    shell.execute("new medici Ann Bo --seed 3")
    before = sorted(p.name for p in folder.iterdir())
    if name.startswith(("./", "../", "~", "/", "-")) or "\n" in name or "\r" in name:
        return  # a path or an option; a newline ends the shell's line
    import shlex

    ok = shell.execute("save " + shlex.quote(name))
    problem = save_name_problem(name)
    event("accepted" if problem is None else "refused")
    if problem is None:
        assert ok, err.getvalue()
        shell.execute("open " + shlex.quote(name))
        assert shell.table is not None and shell.table.game.players == ("Ann", "Bo")
    else:
        assert not ok and problem in err.getvalue()
        assert sorted(p.name for p in folder.iterdir()) == before


@pytest.mark.parametrize(("name", "rule"), [
    ("", "needs a name"), ("a" * 81, "at most 80"), ("x:y", "not ':'"), (".hidden", "begins"),
    ("a/../b", "begins"), ("ends.", "end with"), ("esc\x1b[31m", "hidden characters"),
    ("rtl\u202etxt", "hidden characters"), ("\ud800", "hidden characters"),
    ("𝔸" * 60, "too long for a file name"),
])
def test_save_name_rules_say_which_rule(name: str, rule: str) -> None:
    assert rule in (save_name_problem(name) or "")


@pytest.mark.parametrize("name", ["friday", "Friday night", "Zoë's game (2)", "club/monday",
                                  "2026-12-01", "京都"])
def test_ordinary_save_names_are_accepted(name: str) -> None:
    assert save_name_problem(name) is None


# -- player names ----------------------------------------------------------------------
@SETTINGS
@given(name=ANY_TEXT)
def test_every_accepted_player_name_round_trips_and_every_refused_one_is_refused(
    tmp_path_factory, name: str
) -> None:
    problem = player_name_problem(name)
    event("accepted" if problem is None else "refused")
    if name == "Bo":
        return
    if problem is None:
        game = new_game("medici", [name, "Bo"], seed=2)
        game.apply("draw")
        path = save_game(game, "g", directory=tmp_path_factory.mktemp("saves"))
        assert load_game(path).game.players == (name, "Bo")
    else:
        with pytest.raises(ValueError, match="player name"):
            new_game("medici", [name, "Bo"], seed=2)


def test_the_shell_refuses_a_long_player_name_at_new(tmp_path: Path) -> None:
    shell, err = _shell(tmp_path / "saves")
    assert not shell.execute("new medici Ann " + "B" * 41)
    assert "at most 40 characters" in err.getvalue() and shell.table is None
    assert not (tmp_path / "saves").exists()


# -- variant names ---------------------------------------------------------------------
@settings(max_examples=60, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(name=st.one_of(st.from_regex(r"[a-z][a-z0-9_-]{0,70}", fullmatch=True),
                      st.text(st.characters(categories=("L", "N", "Zs", "Pd")), min_size=1,
                              max_size=20)))
def test_a_variant_name_that_loads_is_one_a_record_loads_back(tmp_path_factory, name) -> None:
    folder = tmp_path_factory.mktemp("variant")
    rules = folder / "house.yaml"
    rules.write_text(f'extends: medici\nname: "{name}"\ndescription: house rules\n',
                     encoding="utf-8")
    event("accepted" if variant_name_problem(name) is None else "refused")
    if variant_name_problem(name) is None:
        variant = load_variant(str(rules))
        game = new_game(variant, ["Ann", "Bo"], seed=1)
        game.apply("draw")
        path = save_game(game, "g", directory=folder / "saves")
        assert load_game(path).game.variant.name == name
    else:
        with pytest.raises(RulesError, match="variant name"):
            load_variant(str(rules))


def test_a_variant_file_without_a_name_is_named_after_a_good_file_name_only(
    tmp_path: Path,
) -> None:
    (tmp_path / "Friday.yaml").write_text("extends: medici\ndescription: x\n")
    with pytest.raises(RulesError, match="write `name: friday`"):
        load_variant(str(tmp_path / "Friday.yaml"))
    (tmp_path / "friday.yaml").write_text("extends: medici\ndescription: x\n")
    assert load_variant(str(tmp_path / "friday.yaml")).name == "friday"
