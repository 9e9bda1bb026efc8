"""Scripted mode: commands from a file (``--script``) or a pipe, no prompt decoration,
exit status 0 only if every command succeeded, each error on stderr with its line."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from engine import new_game
from engine.chance import Rng
from engine.play import render
from engine.simulate import random_action

ROOT = Path(__file__).resolve().parent.parent


def run_medici(args: list[str], tmp_path: Path, stdin: str = "") -> subprocess.CompletedProcess:
    env = dict(os.environ, MEDICI_HOME=str(tmp_path / "home"), PYTHONPATH=str(ROOT))
    env.pop("MEDICI_SAVES", None)
    return subprocess.run(
        [sys.executable, "-m", "engine.cli", *args], input=stdin, capture_output=True,
        text=True, cwd=tmp_path, env=env, timeout=120,
    )


def scripted_game(variant: str, names: list[str], seed: int, moves: int | None = None):
    """A game played by seeded random moves, and the script that plays it in the shell."""
    game = new_game(variant, names, seed=seed)
    lines = [f"new {variant} {' '.join(names)} --seed {seed}"]
    rng = Rng(seed)
    while not game.is_over and (moves is None or len(lines) <= moves):
        action = random_action(game, rng)
        game.apply(action)
        lines.append(str(action))
    return game, lines


def last_show(stdout: str, marker: str) -> str:
    """The output from the last table heading on, less the closing "saved in" line."""
    shown = stdout[stdout.rindex(marker):]
    lines = shown.splitlines(keepends=True)
    if lines and lines[-1].startswith("Your game is saved in "):
        lines.pop()
    return "".join(lines)


def test_whole_game_script_final_show_matches_the_engine(tmp_path):
    """A script of a whole 3-player game runs; its final `show` is the engine's final view."""
    game, lines = scripted_game("medici", ["Ann", "Bo", "Cy"], seed=7)
    script = tmp_path / "game.txt"
    script.write_text("# a whole game\n" + "\n".join([*lines, "show"]) + "\n")
    result = run_medici(["--script", str(script), "--saves", "sv"], tmp_path)
    assert result.returncode == 0, result.stderr
    assert result.stderr == ""
    view = game.view(0)
    rules = game.variant.rules
    expected = (render.table(view, [None, None, None], rules=rules).plain() + "\n"
                + render.final_scores(view).plain() + "\n")
    shown = last_show(result.stdout, "Medici · day")
    assert shown == expected
    # And the numbers in it are the engine's: each player's final money on their row.
    rows = shown.splitlines()[3:6]  # under the title, the columns' group line and heads
    for row, player in zip(rows, view["players"], strict=True):
        assert row.split()[0] == player["name"] and int(row.split()[1]) == player["money"]
    assert "›" not in result.stdout  # no prompt decoration
    assert (tmp_path / "sv").is_dir() and any((tmp_path / "sv").glob("medici-*.json"))


def test_script_mid_game_show_of_medici_vs_strozzi_from_stdin(tmp_path):
    """Piped stdin (not a terminal) is read like a script; `show` mid-round is the view."""
    game, lines = scripted_game("medici-vs-strozzi", ["Ann", "Bo"], seed=4, moves=23)
    result = run_medici(["--saves", "sv"], tmp_path, stdin="\n".join([*lines, "show"]) + "\n")
    assert result.returncode == 0, result.stderr
    view = game.view(game.current_player)
    expected = render.table(view, [None, None]).plain() + "\n"
    assert last_show(result.stdout, "Medici vs Strozzi · round") == expected
    assert f"Bag: {view['bag_count']} tiles left" in expected


def test_one_illegal_move_fails_the_script_with_the_reason_on_stderr(tmp_path):
    """G-2: the illegal move is refused with the engine's reason and changes nothing; the
    script goes on, and the exit status says it failed."""
    game, lines = scripted_game("medici", ["Ann", "Bo"], seed=3, moves=12)
    bidding = next(i for i, line in enumerate(lines) if line.startswith(("bid", "pass")))
    bad = [*lines[:bidding], "bid 999", *lines[bidding:], "show"]
    script = tmp_path / "bad.txt"
    script.write_text("\n".join(bad) + "\n")
    result = run_medici(["--script", str(script), "--saves", "sv"], tmp_path)
    assert result.returncode == 1
    errors = result.stderr.strip().splitlines()
    assert len(errors) == 1
    assert errors[0].startswith(f"medici: {script}:{bidding + 1}: bid 999: ")
    assert "has only 40 florins (M-9); legal now: bid" in errors[0]
    # Everything after the refused line was still played: the final table is the game's.
    view = game.view(game.current_player)
    expected = render.table(view, [None, None], rules=game.variant.rules).plain() + "\n"
    assert last_show(result.stdout, "Medici · day") == expected


def test_script_errors_unknown_command_and_missing_file(tmp_path):
    result = run_medici(["--saves", "sv"], tmp_path, stdin="new medici 9\nshwo\nhelp\n")
    assert result.returncode == 1
    assert "line 1: new medici 9: medici is played by 2, 3, 4, 5, 6 players, not 9" in result.stderr
    assert "line 2: shwo: unknown command 'shwo': did you mean `show`?" in result.stderr
    assert "Commands (play mode)" in result.stdout
    missing = run_medici(["--script", "nope.txt"], tmp_path)
    assert missing.returncode == 2 and "cannot read the script nope.txt" in missing.stderr


def test_medici_replay_and_new_subcommands_open_the_shell(tmp_path):
    """`medici replay FILE` opens replay mode; `medici new ARGS` starts a game; both then
    read commands like the shell does."""
    game, lines = scripted_game("medici", ["Ann", "Bo"], seed=5)
    result = run_medici(["new", "--saves", "sv", "medici", "Ann", "Bo", "--seed", "5"], tmp_path,
                        stdin="\n".join([*lines[1:], "save whole"]) + "\n")
    assert result.returncode == 0, result.stderr
    assert "Game over:" in result.stdout
    record = tmp_path / "sv" / "whole.json"
    replay = run_medici(["replay", str(record)], tmp_path, stdin="next 3\ngoto day 2\nshow\nexit\n")
    assert replay.returncode == 0, replay.stderr
    assert "Replay of" in replay.stdout and "Step 3/" in replay.stdout
    assert "Medici · day 2 of 3" in replay.stdout and "Left replay mode." in replay.stdout
