"""One table, many front ends (issue 28): a game at a table has one owner (``engine.play``),
and what a person sees of it is the same whichever front end opens it.

Each test is one of the scenarios a person met when the shell and the host each put a table
together themselves: a resumed host that forgot its password and hints, a hosted game
reopened on one keyboard, a branch nobody could play, the acting player's money in your
toolbar, a variant file taken for two players' names, an unknown save opened as an empty
shell.
"""

from __future__ import annotations

import ast
import asyncio
import json
import os
import stat
import subprocess
import sys
from pathlib import Path

import pytest

from engine import new_game, records
from engine.chance import Rng
from engine.cli import main
from engine.play import (
    Hosting,
    SavesFolder,
    Settings,
    Table,
    TableError,
    open_table,
    parse_lineup,
)
from engine.records.settings import settings_from_section
from engine.shell.toolbar import play_toolbar
from engine.simulate import random_action

HERE = Path(__file__).parent
ENGINE = HERE.parent / "engine"


def _played(seed: int = 3, moves: int = 12, players: tuple[str, ...] = ("Ann", "Bo", "Cy")):
    game = new_game("medici", list(players), seed=seed)
    rng = Rng(seed)
    for _ in range(moves):
        game.apply(random_action(game, rng))
    return game


# -- the floors -------------------------------------------------------------------------------
def _imports(path: Path) -> set[str]:
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.ImportFrom) and node.module:
            found.add(node.module)
        elif isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
    return found


@pytest.mark.parametrize("folder", ["medici", "strozzi"])
def test_the_game_folders_import_no_front_end(folder: str) -> None:
    for path in (ENGINE / folder).glob("*.py"):
        for module in _imports(path):
            assert not module.startswith(("engine.shell", "engine.host")), (path.name, module)


def test_the_host_reaches_the_shell_only_through_its_public_names_and_opens_no_save() -> None:
    for path in (ENGINE / "host").glob("*.py"):
        imports = _imports(path)
        inner = [m for m in imports if m.startswith("engine.shell.")]
        assert inner == [], (path.name, inner)
        text = path.read_text()
        assert "load_game" not in text and "read_record" not in text, path.name


# -- the record's table section ---------------------------------------------------------------
def test_the_table_settings_travel_in_the_record_and_come_back(tmp_path: Path) -> None:
    settings = Settings(name="club", hints=True, confirm=False, pace=0.5,
                        hosting=Hosting(listen="0.0.0.0", port=9022, spectators=True,
                                        away_bot="greedy", away_after=30.0, host_seat=0))
    table = Table(_played(), [None, None, "greedy"], SavesFolder(str(tmp_path)),
                  settings=settings)
    path = table.save("club")
    doc = json.loads(path.read_text())
    assert doc["version"] == 3 and doc["table"]["version"] == 1
    assert doc["table"]["hosting"]["away_bot"] == "greedy"
    assert "password" not in path.read_text()  # no secret is ever in a record
    loaded = records.load_game(path)
    assert settings_from_section(loaded.record.table) == settings
    # A plain game keeps no section: its record is what it was.
    plain = Table(_played(), [None, None, None], SavesFolder(str(tmp_path)))
    assert "table" not in json.loads(plain.save("plain").read_text())


@pytest.mark.parametrize("section, says", [
    ({"version": 2}, "version 2 is newer than this program reads"),
    ({"version": 1, "hints": "yes"}, "table.hints"),
    ({"version": 1, "colour": True}, "unknown key 'colour'"),
    ({"version": 1, "hosting": {"port": 70000}}, "table.hosting.port"),
    ({"version": 1, "hosting": {"host_seat": 5}}, "table.hosting.host_seat"),
])
def test_a_broken_table_section_is_refused_whole(tmp_path: Path, section: dict,
                                                 says: str) -> None:
    path = Table(_played(), [None, None, None], SavesFolder(str(tmp_path))).save("x")
    doc = json.loads(path.read_text())
    doc.pop("checksum")
    doc["table"] = section
    path.write_text(json.dumps(doc))
    with pytest.raises(records.RecordError, match=says.replace("(", r"\(")):
        records.load_game(path)


@pytest.mark.parametrize("name", ["release-642ccfa-unfinished.json",
                                  "release-642ccfa-strozzi-finished.json"])
def test_records_of_the_last_release_load_verify_and_replay(name: str, tmp_path: Path) -> None:
    """Records written by release 642ccfa (record version 2, no table section)."""
    path = HERE / "records" / name
    loaded = records.load_game(path)
    assert loaded.record.migrated_from == 2 and loaded.record.table is None
    cursor = records.ReplayCursor(loaded.record)
    cursor.goto(cursor.total)
    assert cursor.game.events == loaded.game.events
    opened = open_table(path, SavesFolder(str(tmp_path)))
    assert opened.table.settings == Settings() and not opened.continues
    assert main(["verify", str(path)]) == 0


def test_the_shipped_examples_still_load_and_verify() -> None:
    from engine.records.examples import example_path, examples

    for game in examples():
        assert main(["verify", str(example_path(game))]) == 0


# -- a hosted table is never reopened on one keyboard -------------------------------------------
def _hosted_save(folder: Path, name: str = "club") -> Path:
    settings = Settings(name=name, hints=True, hosting=Hosting(host_seat=0))
    table = Table(_played(), [None, None, "greedy"], SavesFolder(str(folder)),
                  settings=settings)
    return table.save(name)


def test_a_hosted_game_is_refused_by_open_resume_and_the_greeting(tmp_path: Path,
                                                                   capsys) -> None:
    _hosted_save(tmp_path)
    with pytest.raises(TableError, match="club is a hosted table: `medici host --resume club"):
        open_table("club", SavesFolder(str(tmp_path)))
    assert main(["open", "club", "--saves", str(tmp_path)]) == 1
    assert "medici host --resume club" in capsys.readouterr().err
    assert main(["resume", "--saves", str(tmp_path)]) == 1
    assert "is a hosted table" in capsys.readouterr().err
    # The shell's greeting marks it and offers the host's command, not Enter.
    from test_shell_commands import Run

    run = Run(tmp_path)
    run.shell.mode.greet()
    said = run.out.getvalue()
    assert "a hosted table" in said and "medici host --resume club" in said
    assert run.shell.mode.offer is None
    assert "hosted: medici host --resume club" in run.do("saves")
    # A replay of it is fine: nothing is played.
    assert "Replay of" in run.do("replay club")


def test_host_resume_keeps_the_name_options_and_branch_of(tmp_path: Path) -> None:
    from engine.host.hosting import HostOptions, plan_table

    first = plan_table(HostOptions(words=("medici", "Ann", "Bo", "bot:greedy"), name="club",
                                   hints=True, spectators=True, away_bot="random",
                                   away_after=5.0, listen="0.0.0.0", port=9100,
                                   saves=str(tmp_path)))
    assert first.name == "club" and first.hosting.host_seat is not None
    game = new_game(first.variant, [c.name for c in first.chairs], seed=first.seed)
    table = Table(game, [c.bot for c in first.chairs], first.saves, settings=first.settings,
                  branch_of={"name": "friday", "step": 12})
    table.save("club")
    again = plan_table(HostOptions(resume="club", saves=str(tmp_path)))
    assert again.settings.name == "club" and again.settings.hints
    assert again.hosting == first.hosting
    assert again.table is not None and again.table.branch_of == {"name": "friday", "step": 12}
    # An option given again changes what the table kept; the rest stays.
    changed = plan_table(HostOptions(resume="club", hints=False, saves=str(tmp_path)))
    assert not changed.settings.hints and changed.hosting.spectators


def test_a_hosts_password_is_kept_hashed_and_made_again_only_on_request(tmp_path: Path) -> None:
    from engine.host import passwords
    from engine.host.hosting import HostOptions, _password, plan_table

    plan = plan_table(HostOptions(words=("medici", "Ann", "Bo"), name="club",
                                  saves=str(tmp_path)))
    made = _password(HostOptions(name="club"), plan, tmp_path / "host")
    assert made.made and made.shown and made.secret.matches(made.shown)
    kept = tmp_path / "host" / passwords.FILE_NAME
    assert stat.S_IMODE(kept.stat().st_mode) == 0o600
    assert made.shown not in kept.read_text()  # hashed, never in clear
    again = _password(HostOptions(resume="club"), plan, tmp_path / "host")
    assert again.shown is None and again.secret.matches(made.shown)  # the old one works
    assert not again.secret.matches(made.shown + "x")
    new = _password(HostOptions(resume="club", new_password=True), plan, tmp_path / "host")
    assert new.shown and not new.secret.matches(made.shown)


# -- the table closing, as each person reads it ---------------------------------------------
def test_closing_tells_joiners_how_to_come_back_and_the_host_how_to_reopen(
        tmp_path: Path) -> None:
    from concurrent.futures import ThreadPoolExecutor

    from test_host_parts import guest, make_table

    from engine.host.table import Chair

    with ThreadPoolExecutor(4) as pool:
        table = make_table(tmp_path, pool, [Chair("Ann", host=True), Chair("Bo")])
        ann, ann_out = guest(table, "Ann", host=True)
        bo, bo_out = guest(table, "Bo")
        table.sit(ann, 0)
        table.sit(bo, 1)
        table.close("the host stopped")
    told = " ".join(bo_out.getvalue().split())
    assert "The table is closed (the host stopped)" in told
    assert "Once the host reopens the table, `ssh -p 8022 bo@host` brings you back" in told
    assert str(tmp_path) not in bo_out.getvalue()  # no path of the host's machine
    host = " ".join(ann_out.getvalue().split())
    assert "medici host --resume" in host and "same ssh command and password" in host


# -- branching from a replay --------------------------------------------------------------
@pytest.fixture
def run(tmp_path: Path):
    from test_shell_commands import Run

    return Run(tmp_path)


def _bots_game(run, name: str = "bots") -> None:
    game = _played(seed=5, moves=20)
    records.save_game(game, name, bots=["greedy", "random", "random"],
                      directory=run.shell.saves.given)


def test_branch_as_takes_a_seat_in_a_game_of_bots(run) -> None:
    _bots_game(run)
    run.do("replay bots", "goto 10")
    refused = run.do("branch", ok=False)
    assert "every seat of this game is a bot: `branch --as NAME` takes a seat" in refused
    assert "no player 'Zed'" in run.do("branch --as Zed", ok=False)
    text = run.do("branch --as bo")
    assert "you play Bo" in text
    table = run.shell.table
    assert table.bots == ["greedy", None, "random"]
    assert table.branch_of == {"name": "bots", "step": 10}
    # The branch waits for Bo (a person), it does not run itself to the end.
    assert not table.game.is_over
    run.do("quit")
    assert table.path is not None and table.path.exists()
    again = open_table(table.path, run.shell.saves)
    assert again.table.branch_of == {"name": "bots", "step": 10}  # survives open


def test_branch_asks_which_seat_at_a_terminal(run) -> None:
    _bots_game(run)
    run.shell.interactive = True
    run.do("replay bots", "goto 6")
    assert "which seat do you take?" in run.do("branch")
    assert run.shell.prompt_text()[0][1] == "seat"
    run.do("Cy")
    assert run.shell.table is not None and run.shell.table.bots == ["greedy", "random", None]


def test_branch_keeps_which_seats_were_people(run) -> None:
    game = _played(seed=8, moves=16)
    records.save_game(game, "mine", bots=[None, "random", None], directory=run.shell.saves.given)
    run.do("replay mine", "goto 8", "branch")
    assert run.shell.table.bots == [None, "random", None]


# -- the toolbar shows your own money -----------------------------------------------------------
def test_the_toolbar_shows_your_money_and_names_the_player_to_act_apart() -> None:
    game = _played(seed=3, moves=25, players=("You", "Bo", "Cy"))
    view = game.view(0)
    current = game.current_player
    assert current is not None
    me = 0 if current != 0 else 1
    money = [p["money"] for p in view["players"]]
    text = "".join(t for _, t in play_toolbar(game.view(me), [None, "greedy", "greedy"], me))
    actor = game.players[current]
    name = game.players[me]
    assert f"{actor}" in text and " to act" in text
    assert f"{name}: {money[me]} florins" in text
    if money[current] != money[me]:
        assert f"{money[current]} florins" not in text


# -- new WORD -----------------------------------------------------------------------------
def test_new_refuses_a_word_that_is_no_game_before_a_count(tmp_path: Path,
                                                           monkeypatch) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "bigships.yaml").write_text("extends: medici\n")
    with pytest.raises(TableError) as err:
        parse_lineup(["bigships", "4"])
    message = str(err.value)
    assert "unknown game or variant 'bigships'" in message
    assert "the rules file bigships.yaml is named with its ending: new bigships.yaml 4" in message
    with pytest.raises(TableError, match="did you mean medici"):
        parse_lineup(["medicci", "4"])
    with pytest.raises(TableError, match="'4' is a number, not a player's name"):
        parse_lineup(["medici", "Ann", "4"])
    with pytest.raises(TableError, match="unknown game or variant 'nosuch'"):
        parse_lineup(["nosuch", "3"])
    assert parse_lineup(["Ann", "Bo"]).names == ("Ann", "Bo")  # names stay players


# -- the command line ---------------------------------------------------------------------
def _cli(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, NO_COLOR="1")
    return subprocess.run([sys.executable, "-m", "engine.cli", *args], cwd=cwd, env=env,
                          input="", capture_output=True, text=True, timeout=60)


def test_medici_open_of_an_unknown_name_suggests_and_fails(tmp_path: Path) -> None:
    saves = tmp_path / "saves"
    table = Table(_played(), [None, None, None], SavesFolder(str(saves)))
    table.save("friday")
    done = _cli("open", "fridy", "--saves", str(saves), cwd=tmp_path)
    assert done.returncode != 0
    assert "did you mean friday?" in done.stderr


def test_shell_options_work_before_and_after_a_subcommand(tmp_path: Path) -> None:
    (tmp_path / "friday.yaml").write_text("extends: medici\n")
    after = _cli("new", "friday.yaml", "4", "--saves", str(tmp_path / "a"), cwd=tmp_path)
    assert after.returncode == 0, after.stderr
    assert list((tmp_path / "a").glob("*.json"))
    before = _cli("--saves", str(tmp_path / "b"), "new", "medici", "2", cwd=tmp_path)
    assert before.returncode == 0, before.stderr
    assert list((tmp_path / "b").glob("*.json"))


def test_resume_of_a_hosted_table_offers_the_host(tmp_path: Path) -> None:
    _hosted_save(tmp_path / "saves")
    done = _cli("resume", "--saves", str(tmp_path / "saves"), cwd=tmp_path)
    assert done.returncode == 1 and "medici host --resume club" in done.stderr


# -- a real host: SIGTERM, then --resume with the same password --------------------------------
def test_a_resumed_host_keeps_its_name_hints_and_password(tmp_path: Path) -> None:
    pytest.importorskip("asyncssh", reason="medici host needs the host extra (asyncssh)")
    from hostclient import Host, Player

    host = Host(tmp_path, ["medici", "Bo", "Cy", "bot:greedy", "--no-seat", "--name", "club",
                           "--hints", "on"])
    word = host.password
    assert word and "Table club" in host.output()

    async def first() -> None:
        bo = await Player.connect(host.port, "bo", password=word)
        await bo.wait_for("Welcome, Bo")
        host.stop()
        await bo.wait_for("brings you back to your seat", timeout=15)

    asyncio.run(asyncio.wait_for(first(), 60))
    assert "medici host --resume club" in host.output()
    again = Host(tmp_path, ["--resume", "club", "--no-seat"])
    shown = again.wait_for("Table club")
    assert "Password: the same as before" in shown and "Allowed: hints" in shown

    async def second() -> None:
        bo = await Player.connect(again.port, "bo", password=word)  # the old password works
        await bo.wait_for("Welcome back, Bo")
        bo.line("help")
        await bo.wait_for("hint")

    asyncio.run(asyncio.wait_for(second(), 60))
    again.stop()
