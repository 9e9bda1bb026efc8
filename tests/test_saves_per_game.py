"""Saves that follow the player and the game: the user's data folder from any working
folder, one file per game, never an overwrite by surprise, today's autosaves migrated."""

from __future__ import annotations

import io
import os
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from engine.records import list_saves, load_game, save_game
from engine.records.store import default_saves_dir
from engine.shell.app import Shell
from engine.shell.console import Console

ROOT = Path(__file__).resolve().parent.parent


class Run:
    """A shell on buffers; ``do`` returns what the lines printed (errors included)."""

    def __init__(self, saves: Path | None) -> None:
        self.out, self.err = io.StringIO(), io.StringIO()
        self.shell = Shell(Console(self.out, self.err),
                           saves=None if saves is None else str(saves))

    def do(self, *lines: str, ok: bool = True) -> str:
        start, estart = len(self.out.getvalue()), len(self.err.getvalue())
        results = [self.shell.execute(line, line) for line in lines]
        if ok:
            assert all(results), self.err.getvalue()[estart:]
        return self.out.getvalue()[start:] + self.err.getvalue()[estart:]


def _medici(args: list[str], cwd: Path, env: dict[str, str], stdin: str = "") -> str:
    run = subprocess.run([sys.executable, "-m", "engine.cli", *args], cwd=cwd, input=stdin,
                         capture_output=True, text=True, timeout=120,
                         env={**env, "PYTHONPATH": str(ROOT)})
    assert run.returncode == 0, run.stderr
    return run.stdout + run.stderr


def test_resume_from_another_folder_finds_the_game(tmp_path: Path) -> None:
    """No --saves, no MEDICI_SAVES: the game goes to the user's data folder, and `medici
    resume` from any other working folder continues it."""
    env = {k: v for k, v in os.environ.items() if k != "MEDICI_SAVES"}
    env["XDG_DATA_HOME"] = str(tmp_path / "data")
    here, there = tmp_path / "here", tmp_path / "there"
    here.mkdir()
    there.mkdir()
    _medici(["--script", "-"], here, env, "new medici Ann Bo --seed 4\ndraw\n")
    assert not (here / "saves").exists()
    folder = tmp_path / "data" / "medici" / "saves"
    if sys.platform.startswith("linux"):
        (saved,) = folder.glob("medici-*-1.json")
    out = _medici(["resume", "--no-color"], there, env, "quit\n")
    assert "Resumed medici-" in out and "Ann" in out


def test_the_default_folder_is_the_platforms_user_data_folder(monkeypatch, tmp_path) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg"))
    if sys.platform.startswith("linux"):
        assert default_saves_dir() == tmp_path / "xdg" / "medici" / "saves"
    assert default_saves_dir().is_absolute()


def test_a_named_game_goes_on_under_its_name_and_resume_continues_it(tmp_path: Path) -> None:
    folder = tmp_path / "saves"
    run = Run(folder)
    run.do("new medici Ann Bo --seed 5", "draw")
    assert "now saved as friday" in run.do("save friday")
    run.do("stop", "pass", "pass")
    played = list(run.shell.table.game.events)
    run.do("quit")
    assert [i.name for i in list_saves(folder)] == ["friday"]  # one row per game
    assert load_game("friday", folder).game.events == played
    again = Run(folder)
    assert "Resumed friday" in again.do("resume")
    assert again.shell.table.game.events == played
    again.do("draw")
    assert len(load_game("friday", folder).game.events) > len(played)
    assert [i.name for i in list_saves(folder)] == ["friday"]


def test_saves_lists_one_row_per_game_newest_first(tmp_path: Path) -> None:
    folder = tmp_path / "saves"
    run = Run(folder)
    run.do("new medici Ann Bo --seed 1", "draw", "stop")
    run.do("new medici-vs-strozzi Cy Di --seed 2", "draw")
    run.do("new medici Ann Bo --seed 3")
    listing = run.do("saves")
    rows = [line for line in listing.splitlines() if line.startswith("  ")]
    assert len(rows) == 3, listing
    assert "Cy, Di" in rows[1] and "round 1" in rows[1]
    assert all(re.search(r"-\d{4}-\d\d-\d\d-\d+ ", row) for row in rows)
    # Opening a game and playing on does not start another file; nor does quitting.
    name = rows[2].split()[0]
    run.do(f"open {name}", "pass")
    assert len(list_saves(folder)) == 3


def test_saves_all_and_delete(tmp_path: Path) -> None:
    folder = tmp_path / "saves"
    run = Run(folder)
    for seed in range(22):
        run.do(f"new medici Ann Bo --seed {seed}")
    listing = run.do("saves")
    assert "and 2 older: `saves --all`" in listing
    assert len([r for r in run.do("saves --all").splitlines() if r.startswith("  medici")]) == 22
    oldest = list_saves(folder)[-1].name
    assert "Deleted" in run.do(f"saves --delete {oldest}")
    assert oldest not in {i.name for i in list_saves(folder)}
    current = run.shell.table.path.stem
    assert "the game in progress" in run.do(f"saves --delete {current}", ok=False)
    assert "no such save" in run.do("saves --delete nothing-here", ok=False)


def test_save_refuses_to_replace_another_games_save(tmp_path: Path) -> None:
    folder = tmp_path / "saves"
    run = Run(folder)
    run.do("new medici Ann Bo --seed 1", "draw", "stop", "pass", "pass")
    run.do("save club")
    club = (folder / "club.json").read_bytes()
    run.do("new medici Cy Di --seed 2", "draw")
    text = run.do("save club", ok=False)
    assert "holds another game: medici, Ann, Bo" in text and "`save club --replace`" in text
    assert (folder / "club.json").read_bytes() == club
    assert "`save club --copy --replace`" in run.do("save club --copy", ok=False)
    assert (folder / "club.json").read_bytes() == club
    assert "now saved as club" in run.do("save club --replace")
    assert load_game("club", folder).game.players == ("Cy", "Di")


def test_the_refusal_says_round_for_a_medici_vs_strozzi_save(tmp_path: Path) -> None:
    run = Run(tmp_path / "saves")
    run.do("new medici-vs-strozzi Ann Bo --seed 1", "draw", "save harbour")
    run.do("new medici Cy Di --seed 2")
    assert "medici-vs-strozzi, Ann, Bo, round 1, saved" in run.do("save harbour", ok=False)


def test_save_refuses_to_replace_a_file_that_is_no_save(tmp_path: Path, monkeypatch) -> None:
    monkeypatch.chdir(tmp_path)
    notes = tmp_path / "notes.txt"
    notes.write_text("my notes\n")
    (tmp_path / "saves").mkdir()
    (tmp_path / "saves" / "junk.json").write_text('{"not": "a record"}')
    run = Run(tmp_path / "saves")
    run.do("new medici Ann Bo --seed 1", "draw")
    text = run.do("save ./notes.txt", ok=False)
    assert "a file that is not a saved game" in text and "--replace" in text
    assert notes.read_text() == "my notes\n"
    assert "not a saved game" in run.do("save junk", ok=False)
    assert (tmp_path / "saves" / "junk.json").read_text() == '{"not": "a record"}'
    # An earlier save of this very game is this game's: replaced without a fuss.
    run.do("save ./mine.json")
    run.do("stop")
    assert "Saved a copy" in run.do("save ./mine.json")


def test_save_copy_keeps_a_snapshot_and_the_game_goes_on_in_its_file(tmp_path: Path) -> None:
    folder = tmp_path / "saves"
    run = Run(folder)
    run.do("new medici Ann Bo --seed 1", "draw")
    own = run.shell.table.path
    assert "Saved a copy as before-stop; the game goes on in" in run.do("save before-stop --copy")
    run.do("stop")
    assert run.shell.table.path == own
    assert len(load_game("before-stop", folder).game.events) < len(load_game(own).game.events)


def test_opening_a_finished_game_or_branching_makes_no_file_until_play_goes_on(
    tmp_path: Path,
) -> None:
    from engine.simulate import play_random

    folder = tmp_path / "saves"
    save_game(play_random("medici", 2, 3), "done", bots=[None, None], directory=folder)
    run = Run(folder)
    run.do("open done")
    run.do("replay done", "goto 5", "branch")
    assert [i.name for i in list_saves(folder)] == ["done"]
    assert "saved in" not in run.do("quit").lower()
    run = Run(folder)
    run.do("replay done", "goto 5", "branch")
    legal = run.shell.table.legal()
    run.do(str(legal[0]).split("..")[0])
    assert len(list_saves(folder)) == 2


def test_todays_autosave_files_are_migrated_and_open(tmp_path: Path) -> None:
    from engine.game import new_game

    folder = tmp_path / "saves"
    game = new_game("medici", ["Ann", "Bo"], seed=9)
    game.apply("draw")
    save_game(game, "autosave-20261130-221501-175824", bots=[None, "greedy"], directory=folder)
    run = Run(folder)
    listing = run.do("saves")
    assert "medici-2026-11-30-1" in listing and "autosave-" not in listing
    assert "Resumed medici-2026-11-30-1" in run.do("resume")
    assert run.shell.table.game.events[: len(game.events)] == game.events


def test_the_greeting_points_to_an_old_saves_folder(tmp_path: Path, monkeypatch) -> None:
    from engine.game import new_game

    monkeypatch.chdir(tmp_path)
    game = new_game("medici", ["Ann", "Bo"], seed=9)
    save_game(game, "autosave-20261130-221501-175824", directory=tmp_path / "saves")
    run = Run(tmp_path / "elsewhere")
    run.shell.mode.greet()
    text = run.out.getvalue()
    assert "./saves holds 1 game of earlier versions: `medici --saves saves`" in text
    run = Run(tmp_path / "saves")
    run.shell.mode.greet()
    assert "earlier versions" not in run.out.getvalue()


@pytest.mark.parametrize("name", ["saves/medici-4-players.json",
                                  "saves/medici-vs-strozzi.json"])
def test_the_shipped_examples_verify(name: str) -> None:
    loaded = load_game(ROOT / name)
    assert loaded.game.is_over and all(loaded.bots)


def test_the_wheel_carries_the_examples_and_replay_finds_them(tmp_path: Path,
                                                            unpacked_wheel: Any) -> None:
    assert {"engine/examples/medici-4-players.json",
            "engine/examples/medici-vs-strozzi.json"} <= unpacked_wheel.names
    probe = ("from engine.records.examples import example_path as e; "
             "print(e()); print(e('medici-vs-strozzi'))")
    done = unpacked_wheel.run(probe, tmp_path)
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert len(lines) == 2
    for line in lines:
        assert line.startswith(str((unpacked_wheel.site / "engine" / "examples").resolve()))
