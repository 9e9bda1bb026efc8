"""``medici replay FILE --to N --json``, ``medici verify FILE``, ``medici log FILE``."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from engine.cli import main
from engine.game import replay
from engine.records import save_game
from engine.runs.random_play import play_random

HERE = Path(__file__).parent / "records"


@pytest.fixture(scope="module")
def saved(tmp_path_factory) -> tuple[Path, object]:
    game = play_random("medici", 4, 41)
    folder = tmp_path_factory.mktemp("saves")
    return save_game(game, "g", directory=folder), game


def _boundary(game, step: int) -> int:
    moves = [i for i, e in enumerate(game.events) if game.logic.action_of(e) is not None]
    return (moves + [len(game.events)])[step]


def test_replay_to_step_prints_the_view_as_json(saved, capsys) -> None:
    path, game = saved
    assert main(["replay", str(path), "--to", "25", "--json", "--full"]) == 0
    printed = json.loads(capsys.readouterr().out)
    assert printed == replay(game.events, upto=_boundary(game, 25)).view()


def test_replay_json_of_an_unfinished_game_is_the_view_of_the_player_to_move(
    saved, capsys
) -> None:
    """G-3: the pile order of a game not yet over is shown only with --full."""
    path, game = saved
    at = replay(game.events, upto=_boundary(game, 25))
    assert not at.is_over and "pile" in at.view()
    assert main(["replay", str(path), "--to", "25", "--json"]) == 0
    printed = json.loads(capsys.readouterr().out)
    assert printed == at.view(at.current_player) and "pile" not in printed
    assert main(["replay", str(path), "--to", "25"]) == 0
    assert f"the view of {at.players[at.current_player]}" in capsys.readouterr().out
    assert main(["replay", str(path), "--to", "25", "--full", "--player", "0"]) == 2


def test_replay_json_defaults_to_the_end_and_takes_a_players_view(saved, capsys) -> None:
    path, game = saved
    assert main(["replay", str(path), "--json"]) == 0
    assert json.loads(capsys.readouterr().out) == game.view()
    assert main(["replay", str(path), "--to", "3", "--json", "--player", "Player 2"]) == 0
    view = json.loads(capsys.readouterr().out)
    assert view["viewer"] == 1 and "pile" not in view  # G-3: the pile order stays hidden


def test_replay_by_save_name_with_saves_folder(saved, capsys) -> None:
    path, game = saved
    assert main(["replay", "g", "--saves", str(path.parent), "--to", "0", "--json",
                 "--full"]) == 0
    start = replay(game.events, upto=_boundary(game, 0))
    assert json.loads(capsys.readouterr().out) == start.view()


def test_replay_example_opens_a_shipped_game(capsys) -> None:
    assert main(["replay", "--example", "--json"]) == 0
    view = json.loads(capsys.readouterr().out)
    assert len(view["players"]) == 4 and view["winners"]
    assert main(["replay", "--example", "medici-vs-strozzi", "--to", "3"]) == 0
    assert "step 3 of" in capsys.readouterr().out
    assert main(["replay", "--example", "chess", "--json"]) == 2
    assert "the examples are medici, medici-vs-strozzi" in capsys.readouterr().err
    assert main(["replay", "--json"]) == 2


def test_replay_text_shows_the_step(saved, capsys) -> None:
    path, _ = saved
    assert main(["replay", str(path), "--to", "2"]) == 0
    out = capsys.readouterr().out
    assert "step 2 of" in out and "   2. " in out


def test_replay_to_a_step_that_does_not_exist(saved, capsys) -> None:
    path, _ = saved
    assert main(["replay", str(path), "--to", "100000", "--json"]) == 2
    assert "no step 100000: this record has steps 0 to" in capsys.readouterr().err


def test_verify_says_ok_or_what_is_wrong(saved, tmp_path: Path, capsys) -> None:
    path, _ = saved
    assert main(["verify", str(path), str(HERE / "hand-written.json"),
                 str(HERE / "version-0.json")]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith("OK ") and "4 players" in out[0] and "finished" in out[0]
    assert "hand-written" in out[1] and "migrated from version 0" in out[2]
    broken = tmp_path / "broken.json"
    broken.write_text(path.read_text().replace('"pass"', '"bid", "amount": 999', 1))
    assert main(["verify", str(path), str(broken), str(HERE / "illegal-bid.json")]) == 1
    captured = capsys.readouterr()
    assert captured.out.startswith("OK ")
    errors = captured.err.splitlines()
    assert errors[0].startswith("FAILED ") and "broken.json: " in errors[0]
    assert errors[1].endswith(
        "illegal-bid.json: move 8 (bid 9 by Ada): Ada has only 0 florins (M-9)"
    )


def test_log_tells_the_story(saved, capsys) -> None:
    path, game = saved
    assert main(["log", str(path)]) == 0
    out = capsys.readouterr().out
    moves = sum(1 for e in game.events if game.logic.action_of(e) is not None)
    assert f"{moves:4d}. " in out
    assert out.count("== Day ") == 3 and " ends: " in out
    assert re.search(r"^   Player \d \+\d+: \d+ ship \(\d", out, re.M)  # M-13, per player
    assert "== Game over: " in out
    final = game.view()["players"]
    assert all(f"{p['name']} {p['money']}" in out.splitlines()[-1] for p in final)


def test_log_of_a_strozzi_game(tmp_path: Path, capsys) -> None:
    game = play_random("medici-vs-strozzi", 2, 42)
    path = save_game(game, "s", directory=tmp_path)
    assert main(["log", str(path)]) == 0
    out = capsys.readouterr().out
    assert out.count("== Round ") == 3 and "   Harbour 1: " in out
    assert re.search(r"^   (Medici|Strozzi) \+\d+: .*\d+ \w+ row \(harbour \d", out, re.M)
    assert " sets the price at " in out and "-hold ship" in out


def test_replay_help_says_the_json_is_the_full_view_and_how_to_get_a_players(capsys) -> None:
    """`--to N --json` is a study tool showing the pile order; the help points to --player."""
    with pytest.raises(SystemExit):
        main(["replay", "--help"])
    text = " ".join(capsys.readouterr().out.split())
    assert "--player SEAT" in text and "--full" in text and "G-3" in text
    assert "the view of the player to move" in text


def test_log_names_the_seed_only_once_the_game_is_over(tmp_path: Path, capsys) -> None:
    """G-3: the seed tells every pile to come, so the story of an unfinished game hides it."""
    finished = play_random("medici", 3, 43)
    assert finished.seed is not None
    unfinished = replay(finished.events, upto=40)
    assert not unfinished.is_over
    for game, shown in ((finished, True), (unfinished, False)):
        path = save_game(game, f"g{int(shown)}", directory=tmp_path)
        assert main(["log", str(path)]) == 0
        out = capsys.readouterr().out
        assert (f"seed {finished.seed}" in out) is shown
        assert ("seed left out of this story until the game ends" in out) is not shown
        assert ("but written in the file" in out) is not shown
