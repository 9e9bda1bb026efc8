"""What the messages a user reads say: only the moves legal now, advice that works as
written, no -0, one bot spec for every seat (slips a new user met, issue 11)."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

import engine
from engine.bots.explain import _fixed as fixed
from engine.cli import main
from engine.errors import IllegalAction, RecordError
from engine.records import load_game, save_game
from engine.shell import run_shell


def _shell(lines: list[str], saves: Path) -> tuple[str, str]:
    out, err = io.StringIO(), io.StringIO()
    run_shell(script="-", saves=str(saves), stdin=io.StringIO("\n".join(lines) + "\n"),
              stdout=out, stderr=err, color=False)
    return out.getvalue(), err.getvalue()


def test_an_unknown_move_lists_only_what_is_legal_now() -> None:
    game = engine.new_game("medici", 4, seed=1)
    with pytest.raises(IllegalAction) as err:
        game.apply("drwa")
    assert str(err.value) == "unknown action 'drwa'; legal now: draw"
    game.apply("draw")
    with pytest.raises(IllegalAction) as err:
        game.apply("bidd 3")
    assert err.value.legal == ["draw", "stop"]


def test_the_checksum_advice_leaves_valid_json_that_loads(tmp_path: Path) -> None:
    game = engine.new_game("medici", 2, seed=1)
    game.apply("draw")
    path = save_game(game, tmp_path / "g.json")
    text = path.read_text().replace('"engine": "', '"engine": "edited ', 1)
    path.write_text(text)
    with pytest.raises(RecordError) as err:
        load_game(path)
    assert 'remove its "checksum" entry' in str(err.value)
    # Do exactly what the message says: the checksum line, and the comma above it.
    lines = path.read_text().splitlines()
    assert lines[-2].lstrip().startswith('"checksum"') and lines[-1] == "}"
    lines = [*lines[:-3], lines[-3].rstrip(","), lines[-1]]
    path.write_text("\n".join(lines) + "\n")
    json.loads(path.read_text())
    assert load_game(path).game.events == game.events


def test_replay_of_a_missing_save_names_the_path_once(tmp_path: Path, capsys,
                                                      monkeypatch) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO(""))
    assert main(["replay", "nothing", "--saves", str(tmp_path)]) == 1
    err = capsys.readouterr().err
    assert err.count("nothing.json") == 1, err


def test_values_never_show_minus_zero() -> None:
    assert fixed(-0.0) == "0.000" and fixed(-0.0004) == "0.000" and fixed(-0.0006) == "-0.001"


def test_hint_with_greedy_shows_no_minus_zero(tmp_path: Path) -> None:
    out, _ = _shell(["new medici 2 --seed 3", "hint --bot greedy", "draw", "hint --bot greedy"],
                    tmp_path)
    assert "Hint from greedy" in out and "-0.000" not in out


def test_variant_check_lists_remove_among_the_keys(tmp_path: Path, capsys) -> None:
    rules = tmp_path / "house.yaml"
    rules.write_text("extends: medici\nname: house\ndescription: x\nbogus: 1\n")
    assert main(["variant", "check", str(rules)]) == 1
    assert "extends, remove" in capsys.readouterr().err
    plain = tmp_path / "plain.yaml"
    plain.write_text("name: plain\ngame: medici\nremove: [days]\n")
    assert main(["variant", "check", str(plain)]) == 1
    assert "only a variant that `extends` another can remove" in capsys.readouterr().err


def test_an_unknown_word_suggests_only_what_could_be_meant_here(tmp_path: Path) -> None:
    _, err = _shell(["clear"], tmp_path)
    assert "discard" not in err and "unknown command 'clear'" in err
    _, err = _shell(["new medici 2 --seed 3", "draww"], tmp_path)
    assert "did you mean `draw`?" in err


def test_simulate_takes_one_bot_spec_for_every_seat(capsys) -> None:
    assert main(["simulate", "--bots", "greedy", "--players", "4", "--games", "1"]) == 0
    assert "4 players (greedy, greedy, greedy, greedy" in capsys.readouterr().out
    assert main(["simulate", "--bots", "random", "--games", "1"]) == 0
    assert "4 players (random, random, random, random" in capsys.readouterr().out


def test_a_json_error_says_at_once(tmp_path: Path) -> None:
    path = tmp_path / "q.json"
    path.write_text('{"a": "abc\n')
    with pytest.raises(RecordError) as err:
        load_game(path)
    assert "Invalid control character at line 1 column 11" in str(err.value)
    assert "at at" not in str(err.value)
