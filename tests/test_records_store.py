"""The saves folder, save names, atomic saves, listing, one file per game, migration."""

from __future__ import annotations

import errno
import json
import os
import re
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from engine.chance import Rng
from engine.errors import RecordError
from engine.game import Game, new_game
from engine.records import (
    game_path,
    latest_unfinished,
    list_saves,
    load_game,
    migrate_autosaves,
    resolve_save_path,
    same_game,
    save_game,
    saves_dir,
    write_record,
)
from engine.records.format import record_from_game
from engine.simulate import play_random, random_action

ROOT = Path(__file__).resolve().parent.parent


def _played(moves: int, seed: int = 3, variant: str = "medici", players: int = 3) -> Game:
    game = new_game(variant, players, seed=seed)
    rng = Rng(seed)
    for _ in range(moves):
        game.apply(random_action(game, rng))
    return game


# -- where saves go -------------------------------------------------------------------------
def test_saves_dir_option_then_environment_then_default(monkeypatch, tmp_path: Path) -> None:
    monkeypatch.delenv("MEDICI_SAVES", raising=False)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    if sys.platform.startswith("linux"):
        assert saves_dir() == tmp_path / "data" / "medici" / "saves"
    assert saves_dir().is_absolute() and saves_dir().parts[-2:] == ("medici", "saves")
    monkeypatch.setenv("MEDICI_SAVES", str(tmp_path / "env"))
    assert saves_dir() == tmp_path / "env"
    assert saves_dir(tmp_path / "opt") == tmp_path / "opt"


def test_bare_names_stay_in_the_folder(tmp_path: Path) -> None:
    assert resolve_save_path("game", tmp_path) == tmp_path / "game.json"
    assert resolve_save_path("game.json", tmp_path) == tmp_path / "game.json"
    assert resolve_save_path("club/monday", tmp_path) == tmp_path / "club" / "monday.json"


def test_explicit_paths_are_taken_as_given(tmp_path: Path) -> None:
    assert resolve_save_path("./x.json", tmp_path) == Path("./x.json")
    assert resolve_save_path("../x.json", tmp_path) == Path("../x.json")
    assert resolve_save_path(str(tmp_path / "abs.rec"), "elsewhere") == tmp_path / "abs.rec"
    assert resolve_save_path(Path("rel/x.json"), tmp_path) == Path("rel/x.json")
    assert resolve_save_path("~/x.json", tmp_path) == Path.home() / "x.json"


@pytest.mark.parametrize(
    "name", ["a/../../x", "club/../../../etc/passwd", "..", ".hidden", "club/.x", "", "  ",
             "a\\..\\b", "nul\x00byte", "c:x"]
)
def test_names_cannot_escape_the_saves_folder(tmp_path: Path, name: str) -> None:
    with pytest.raises(RecordError):
        resolve_save_path(name, tmp_path)


def test_a_symlink_out_of_the_folder_is_not_a_way_out(tmp_path: Path) -> None:
    folder = tmp_path / "saves"
    folder.mkdir()
    outside = tmp_path / "outside"
    outside.mkdir()
    (folder / "link").symlink_to(outside, target_is_directory=True)
    with pytest.raises(RecordError, match="must stay inside the saves folder"):
        resolve_save_path("link/x", folder)


def test_save_creates_the_folder_and_a_default_name(tmp_path: Path) -> None:
    game = _played(10)
    folder = tmp_path / "new" / "saves"
    first = save_game(game, directory=folder)
    second = save_game(game, directory=folder)
    assert first.parent == folder and first.name.startswith("medici-")
    assert first.stem.endswith("-1") and "player" not in first.stem
    assert second.stem == first.stem[:-1] + "2"
    assert first != second and first.exists() and second.exists()


# -- atomic saves ---------------------------------------------------------------------------
def _fail_half_way(monkeypatch, what: str) -> None:
    """Make the save fail as a full disk would: after part of the data, or at fsync/rename."""
    real_write = os.write
    calls = {"n": 0}

    def write(fd: int, data) -> int:
        calls["n"] += 1
        if calls["n"] > 1:
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
        return real_write(fd, bytes(data)[: len(data) // 2])

    def fail(*args, **kwargs):
        raise OSError(errno.EIO, os.strerror(errno.EIO))

    if what == "write":
        monkeypatch.setattr(os, "write", write)
    else:
        monkeypatch.setattr(os, what, fail)


@pytest.mark.parametrize("what", ["write", "fsync", "replace"])
def test_a_failed_save_leaves_the_previous_save_intact(monkeypatch, tmp_path, what) -> None:
    """A crash or full disk half-way through a save: the old file is untouched, no debris."""
    game = _played(60)
    path = save_game(game, "keep", directory=tmp_path)
    before = path.read_bytes()
    later = _played(90)
    with monkeypatch.context() as patch:
        _fail_half_way(patch, what)
        with pytest.raises(RecordError, match="could not save: .*the previous save is unchanged"):
            save_game(later, "keep", directory=tmp_path)
    assert path.read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["keep.json"]
    assert load_game("keep", directory=tmp_path).game.view() == game.view()
    # and the disk "recovers": the next save goes through
    save_game(later, "keep", directory=tmp_path)
    assert load_game("keep", directory=tmp_path).game.view() == later.view()


def test_a_big_record_is_written_in_full(tmp_path: Path) -> None:
    """Writes go in chunks; a full 6-player game is whole after the save."""
    game = play_random("medici", 6, 2)
    path = save_game(game, "big", directory=tmp_path)
    assert path.read_text(encoding="utf-8").endswith("}\n")
    assert load_game(path).game.events == game.events


# -- listing --------------------------------------------------------------------------------
def test_list_saves_reports_each_file(tmp_path: Path) -> None:
    unfinished = _played(30, seed=1)
    finished = play_random("medici-vs-strozzi", 2, 4)
    save_game(unfinished, "mid", bots=[None, "random", None], directory=tmp_path)
    os.utime(tmp_path / "mid.json", (1_000_000, 1_000_000))
    save_game(finished, "club/done", directory=tmp_path)
    (tmp_path / "broken.json").write_text("{")
    (tmp_path / ".mid.json.123.tmp").write_text("debris")
    infos = {i.name: i for i in list_saves(tmp_path)}
    assert set(infos) == {"mid", "club/done", "broken"}
    mid = infos["mid"]
    assert (mid.game, mid.variant, mid.players, mid.period, mid.finished) == (
        "medici", "medici", ("Player 1", "Player 2", "Player 3"), 1, False
    )
    assert mid.bots == (None, "random", None) and mid.problem is None
    done = infos["club/done"]
    assert (done.game, done.period, done.finished) == ("medici-vs-strozzi", 3, True)
    assert infos["broken"].problem is not None and "cut short" in infos["broken"].problem
    assert [i.name for i in list_saves(tmp_path)][-1] == "mid"  # oldest last


def test_list_saves_of_a_missing_folder_is_empty(tmp_path: Path) -> None:
    assert list_saves(tmp_path / "none") == []
    assert latest_unfinished(tmp_path / "none") is None


def test_latest_unfinished_skips_finished_and_broken_games(tmp_path: Path) -> None:
    old = save_game(_played(20, seed=1), "old", directory=tmp_path)
    os.utime(old, (1_000_000, 1_000_000))
    newer = save_game(_played(25, seed=2), "newer", directory=tmp_path)
    os.utime(newer, (2_000_000, 2_000_000))
    save_game(play_random("medici", 2, 1), "finished", directory=tmp_path)
    bad = tmp_path / "bad.json"
    bad.write_text(newer.read_text().replace('"bid"', '"bidd"', 1))
    assert latest_unfinished(tmp_path) == newer
    newer.unlink()
    assert latest_unfinished(tmp_path) == old


def test_hand_written_records_are_listed_after_a_replay(tmp_path: Path) -> None:
    source = Path(__file__).parent / "records" / "hand-written.json"
    (tmp_path / "table.json").write_text(source.read_text())
    (info,) = list_saves(tmp_path)
    got = (info.players, info.period, info.finished, info.problem)
    assert got == (("Ada", "Bo"), 1, False, None)


# -- one file per game ---------------------------------------------------------------------
def test_a_game_keeps_one_file_up_to_date(tmp_path: Path) -> None:
    game = new_game("medici", 4, seed=8)
    path = game_path(game, tmp_path)
    assert path.parent == tmp_path and path.name.startswith("medici-")
    rng = Rng(8)
    for _ in range(15):
        game.apply(random_action(game, rng))
        write_record(record_from_game(game, [None, "random", None, None]), path)
        assert load_game(path).game.events == game.events
    assert [p.name for p in tmp_path.iterdir()] == [path.name]
    assert latest_unfinished(tmp_path) == path


def test_game_names_are_the_game_the_date_and_a_counter(tmp_path: Path) -> None:
    # Issue 34 item 5: short enough to copy, whoever plays (the players are in the file).
    game = new_game("medici", ["Ann", "Zoë", "Bo Li", "Player 4", "Player 5", "Player 6"],
                    seed=1)
    first = save_game(game, directory=tmp_path)
    assert re.fullmatch(r"medici-20\d\d-\d\d-\d\d-1", first.stem), first.stem
    assert game_path(game, tmp_path).stem == first.stem[:-1] + "2"


def test_same_game_knows_its_own_earlier_saves_and_no_other(tmp_path: Path) -> None:
    game = _played(10, seed=4)
    early = save_game(game, "early", directory=tmp_path)
    rng = Rng(9)
    for _ in range(5):
        game.apply(random_action(game, rng))
    other = save_game(_played(10, seed=5), "other", directory=tmp_path)
    (tmp_path / "notes.json").write_text("not a record")
    assert same_game(early, game)
    assert not same_game(other, game)
    assert not same_game(tmp_path / "notes.json", game)


def test_migration_renames_autosaves_and_keeps_them_readable(tmp_path: Path) -> None:
    """Today's ``autosave-DATE-TIME-XXXX.json`` files take the game's name; a broken one and
    a file of another name are left alone, and nothing is overwritten."""
    game = new_game("medici", ["Ann", "Bo"], seed=2)
    game.apply("draw")
    old = save_game(game, "autosave-20261130-221501-175824", directory=tmp_path)
    second = save_game(game, "autosave-20261130-231501-aa00ff", directory=tmp_path)
    (tmp_path / "autosave-20261130-101010-000000.json").write_text("{")
    save_game(game, "mine", directory=tmp_path)
    moved = dict(migrate_autosaves(tmp_path))
    assert set(moved) == {old, second}
    assert {p.name for p in moved.values()} == {"medici-2026-11-30-1.json",
                                                "medici-2026-11-30-2.json"}
    for new in moved.values():
        assert load_game(new.stem, tmp_path).game.events == game.events
    assert (tmp_path / "autosave-20261130-101010-000000.json").exists()
    assert migrate_autosaves(tmp_path) == []


def test_a_killed_process_loses_nothing(tmp_path: Path) -> None:
    """Saved before each prompt: SIGKILL right after a save, and every move is on disk."""
    script = textwrap.dedent(
        f"""
        import os, signal
        from engine.chance import Rng
        from engine.game import new_game
        from engine.records import game_path, record_from_game, write_record
        from engine.simulate import random_action
        game = new_game("medici", 3, seed=12)
        path = game_path(game, {str(tmp_path)!r})
        rng = Rng(1)
        for _ in range(40):
            game.apply(random_action(game, rng))
            write_record(record_from_game(game), path)
        print(path, len(game.events), flush=True)
        os.kill(os.getpid(), signal.SIGKILL)
        """
    )
    run = subprocess.run([sys.executable, "-c", script], cwd=ROOT, capture_output=True,
                         text=True, timeout=60, env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert run.returncode == -9, run.stderr
    path, count = run.stdout.split()
    loaded = load_game(Path(path))
    assert len(loaded.game.events) == int(count)
    assert latest_unfinished(tmp_path) == Path(path)


def test_an_explicit_path_into_a_missing_folder_is_not_created(tmp_path: Path) -> None:
    with pytest.raises(RecordError, match="could not save: No such file or directory"):
        save_game(_played(3), tmp_path / "typo" / "x.json")
    assert not (tmp_path / "typo").exists()


# -- what a save shows (G-3) ----------------------------------------------------------------
@pytest.mark.parametrize(("variant", "players", "hidden"),
                         [("medici", 3, {"pile", "removed"}), ("medici-vs-strozzi", 2, {"bag"})])
def test_an_unfinished_save_keeps_the_pile_order_out_of_its_state(
    tmp_path: Path, variant: str, players: int, hidden: set[str]
) -> None:
    """G-3: a save of a game in progress must not spell out the pile (or bag) order in its
    final state; the state still verifies (only keys both sides have are compared)."""
    game = _played(25, seed=11, variant=variant, players=players)
    assert hidden <= game.view().keys() and not game.is_over
    path = save_game(game, "live", directory=tmp_path)
    state = json.loads(path.read_text())["state"]
    assert not hidden & state.keys()
    assert state == {k: v for k, v in json.loads(json.dumps(game.view())).items()
                     if k not in hidden}
    loaded = load_game(path)
    assert loaded.game.view() == game.view() and not hidden & loaded.record.state.keys()
    # Once the game is over there is nothing left to hide: the state is the full view.
    done = play_random(variant, players, 11)
    state = json.loads(save_game(done, "done", directory=tmp_path).read_text())["state"]
    assert hidden <= state.keys()
    assert load_game("done", tmp_path).record.finished
