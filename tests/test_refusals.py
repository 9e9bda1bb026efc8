"""Hostile input is refused clearly: each case the fuzzing run found (issue 12) gets a clear
refusal or the right answer.

One test (or a few) per row of the issue's table, numbered as there: a one-line message,
a non-zero exit status, no traceback, nothing on disk changed that should not be.
"""

from __future__ import annotations

import io
import json
import os
import stat
import time
from pathlib import Path
from typing import Any

import pytest

import engine
from engine.actions import Action
from engine.bots import check_spec, make_bot
from engine.bots.mcts import MAX_ITERATIONS, MAX_SECONDS, parse_budget
from engine.cli import main
from engine.errors import IllegalAction, RecordError, RulesError, escape_controls
from engine.records import load_game, save_game
from engine.records.format import checksum
from engine.records.store import TEMP_SUFFIX, atomic_write, remove_stale_temps
from engine.rules import digest, rules_label
from engine.shell import run_shell
from engine.shell.app import MAX_LINE
from engine.tournament import MAX_GAMES, Tally, batch_ranges, play_game, run, summarise


# -- helpers ----------------------------------------------------------------------------------
def _played(moves: int = 12, players: int = 3, seed: int = 5) -> engine.Game:
    game = engine.new_game("medici", players, seed=seed)
    rng = engine.chance.Rng(seed)
    from engine.simulate import random_action

    for _ in range(moves):
        game.apply(random_action(game, rng))
    return game


def _record(tmp_path: Path, change: Any, name: str = "bad.json", bots: Any = None) -> Path:
    """A real save, changed by ``change(doc)`` and checksummed again (so only the change
    itself can be refused, not the checksum)."""
    source = save_game(_played(), tmp_path / "source.json", bots=bots)
    doc = json.loads(source.read_text(encoding="utf-8"))
    change(doc)
    doc["checksum"] = checksum(doc)
    path = tmp_path / name
    path.write_text(json.dumps(doc), encoding="utf-8")
    return path


def _cli(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    status = main(argv)
    out, err = capsys.readouterr()
    return status, out, err


def _clean_refusal(status: int, err: str, *parts: str) -> None:
    assert status != 0
    assert "Traceback" not in err
    assert err.strip(), "a refusal says why"
    for part in parts:
        assert part in err, err


def _shell(lines: list[str], saves: Path) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    status = run_shell(
        script="-", saves=str(saves), stdin=io.StringIO("\n".join(lines) + "\n"),
        stdout=out, stderr=err, color=False,
    )
    return status, out.getvalue(), err.getvalue()


# -- 1: a non-number key among the player counts ----------------------------------------------
@pytest.mark.parametrize("command", [["verify"], ["log"], ["replay", "--json"]])
def test_1_a_text_key_among_player_counts_is_refused_cleanly(tmp_path, capsys, command):
    path = _record(tmp_path, lambda d: d["rules"]["player_counts"].update(x={}))
    status, _, err = _cli([*command, str(path)], capsys)
    _clean_refusal(status, err, "bad.json", "rules")


def test_1_load_game_raises_record_error_for_mixed_keys(tmp_path):
    path = _record(tmp_path, lambda d: d["rules"]["player_counts"].update(x={}))
    with pytest.raises(RecordError, match="rules"):
        load_game(path)


def test_1_mixed_keys_still_get_a_digest_that_differs_from_the_real_rules():
    rules = engine.load_variant("medici").rules
    mixed = {**rules, "player_counts": {**rules["player_counts"], "x": {}}}
    assert digest(mixed) != digest(rules)
    assert len(digest(mixed)) == 64


# -- 2: an unpaired surrogate in a name -------------------------------------------------------
def _surrogate(doc: dict[str, Any]) -> None:
    doc["players"][0]["name"] = "\ud800"
    doc["events"][0]["players"][0] = "\ud800"
    doc.pop("state", None)


@pytest.mark.parametrize("command", [["verify"], ["log"], ["replay", "--json"]])
def test_2_an_unpaired_surrogate_is_refused_by_every_reader(tmp_path, capsys, command):
    path = _record(tmp_path, _surrogate)
    status, _, err = _cli([*command, str(path)], capsys)
    _clean_refusal(status, err, "unpaired surrogates", "U+D800")


def test_2_the_shell_refuses_the_record_and_quits_normally(tmp_path):
    path = _record(tmp_path, _surrogate)
    status, out, err = _shell([f"open {path}", "quit"], tmp_path / "saves")
    assert status == 1  # the load failed; nothing else did
    assert "internal error" not in err and "Traceback" not in err
    assert "U+D800" in err


def test_2_a_game_cannot_be_started_with_such_a_name_nor_saved(tmp_path):
    with pytest.raises(ValueError, match="control or hidden characters"):
        engine.new_game("medici", ["\ud800", "Bo", "Cy"], seed=1)
    game = _played()
    game.state.names = ("\ud800", *game.state.names[1:])  # past the check, as a bug might
    with pytest.raises(RecordError, match="not valid Unicode"):
        save_game(game, tmp_path / "x.json")
    assert not (tmp_path / "x.json").exists()


# -- 3: a billion games -------------------------------------------------------------------------
def test_3_simulate_refuses_more_games_than_the_bound(capsys):
    status, _, err = _cli(["simulate", "--games", "1000000000000"], capsys)
    _clean_refusal(status, err, f"at most {MAX_GAMES}")


def test_3_compare_refuses_more_games_than_the_bound(capsys):
    status, _, err = _cli(["compare", "medici", "medici", "--games", str(MAX_GAMES + 1)], capsys)
    _clean_refusal(status, err, f"at most {MAX_GAMES}")


def test_3_batches_are_made_lazily_however_many_games():
    parts = batch_ranges(MAX_GAMES, 2, ["greedy"])
    first = next(parts)
    assert isinstance(first, range) and 0 < len(first) < MAX_GAMES


def test_3_a_streamed_run_keeps_no_records_and_hands_each_over_in_order():
    seen: list[int] = []
    streamed = run("medici", ["greedy", "random"], 6, seed=3, keep=False,
                   on_record=lambda r: seen.append(r["game"]))
    kept = run("medici", ["greedy", "random"], 6, seed=3)
    assert streamed.records == [] and seen == list(range(6))
    assert streamed.summary == kept.summary == summarise(kept.records, ["greedy", "random"],
                                                         "medici", 3)


def test_3_a_tally_summarises_as_the_records_do():
    bots = ["greedy", "random", "random"]
    records = [{**play_game("medici", bots[i:] + bots[:i], 10 + i), "game": i} for i in range(5)]
    tally = Tally(bots, "medici", 10)
    for record in records:
        tally.add(record)
    assert tally.summary() == summarise(records, bots, "medici", 10)


def test_3_simulate_out_and_csv_are_written_whole(tmp_path, capsys):
    out, rows = tmp_path / "run.json", tmp_path / "run.csv"
    status, _, _ = _cli(["simulate", "--games", "5", "--bots", "greedy,random", "--jobs", "1",
                         "--out", str(out), "--csv", str(rows)], capsys)
    assert status == 0
    saved = json.loads(out.read_text(encoding="utf-8"))
    assert [r["game"] for r in saved["results"]] == list(range(5)) and saved["games"] == 5
    assert len(rows.read_text(encoding="utf-8").splitlines()) == 1 + 5 * 2
    assert sorted(p.name for p in tmp_path.iterdir()) == ["run.csv", "run.json"]


def test_3_compare_streams_to_the_figures_the_kept_results_give():
    from engine import compare as cmp
    from engine.stats import mean_interval, share_interval

    kept = cmp.compare("medici", "medici-four-days", players=3, games=12, seed=4)
    streamed = cmp.compare("medici", "medici-four-days", players=3, games=12, seed=4, keep=False)
    assert streamed.results_a == [] and streamed.games == 12 and len(kept.results_a) == 12
    figures = {m.key: m for m in streamed.measures()}
    # Every figure again, straight from the kept lists (as compare computed them before).
    ofs = {"winning_money": cmp._winning_money, "score_spread": cmp._spread,
           "seat_2_wins": cmp._seat_wins(1), "days_full_ships": cmp._end_share("full_ships")}
    for key, of in ofs.items():
        xs = [of(r) for r in kept.results_a]
        ys = [of(r) for r in kept.results_b]
        interval = share_interval if figures[key].kind == "share" else mean_interval
        assert figures[key].a == pytest.approx(interval([x for x in xs if x is not None]))
        assert figures[key].b == pytest.approx(interval([y for y in ys if y is not None]))
        diffs = [y - x for x, y in zip(xs, ys, strict=True) if None not in (x, y)]
        assert figures[key].diff == pytest.approx(mean_interval(diffs))


# -- 4: bot budgets -------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("spec", "says"),
    [
        ("mcts:999999999", f"at most {MAX_ITERATIONS} iterations"),
        ("mcts:2000000", f"at most {MAX_ITERATIONS} iterations"),
        ("mcts:3600s", f"at most {MAX_SECONDS:g} seconds"),
        ("mcts:61s", f"at most {MAX_SECONDS:g} seconds"),
        ("mcts:" + "9" * 5000, "give iterations"),
    ],
)
def test_4_bot_budgets_are_bounded(spec, says):
    assert says in (check_spec(spec) or "")
    with pytest.raises(ValueError, match=says):
        make_bot(spec, 0)


def test_4_the_bounds_themselves_are_accepted():
    assert parse_budget(str(MAX_ITERATIONS)) == (MAX_ITERATIONS, None)
    assert parse_budget(f"{MAX_SECONDS:g}s") == (None, MAX_SECONDS)


def test_4_a_record_asking_for_a_huge_budget_is_refused_on_load(tmp_path, capsys):
    path = _record(tmp_path, lambda d: d["players"][2].update(bot="mcts:999999999"),
                   bots=[None, "greedy", "mcts:50"])
    status, _, err = _cli(["verify", str(path)], capsys)
    _clean_refusal(status, err, "bad.json", "players.2.bot", "at most 1000000 iterations")


def test_4_the_shell_and_the_command_line_refuse_huge_budgets(tmp_path, capsys):
    status, _, err = _shell(["new medici Ann bot:mcts:3600s", "quit"], tmp_path)
    assert status == 1 and "at most 60 seconds" in err
    status, _, err = _cli(["simulate", "--games", "1", "--bots", "mcts:2000000,random"], capsys)
    _clean_refusal(status, err, "at most 1000000 iterations")


# -- 5 and 13: long lines and control characters in the shell -----------------------------------
def test_5_a_megabyte_line_is_refused_before_parsing(tmp_path):
    line = "new " + "x" * 1_000_000
    status, _, err = _shell([line, "quit"], tmp_path)
    assert status == 1
    assert f"at most {MAX_LINE}" in err and "nothing was run" in err
    assert len(err) < 1000  # the line is not echoed back


def test_5_a_line_without_a_newline_from_a_stream_is_not_held_whole(tmp_path):
    out, err = io.StringIO(), io.StringIO()
    stdin = io.StringIO("x" * (3 * MAX_LINE) + "\nquit\n")
    status = run_shell(script="-", saves=str(tmp_path), stdin=stdin, stdout=out, stderr=err,
                       color=False)
    assert status == 1 and f"at most {MAX_LINE}" in err.getvalue()
    assert err.getvalue().count("\n") == 1  # one refusal, and `quit` ran


def test_13_control_characters_are_escaped_in_messages(tmp_path):
    status, _, err = _shell(["dr\x1b[31maw", "new medici 'A\x1b]0;x\x07' bot:random"], tmp_path)
    assert status == 1
    assert "\x1b" not in err and "\x07" not in err
    assert "\\x1b[31m" in err


def test_13_the_escaping_helper_keeps_text_and_escapes_controls():
    assert escape_controls("Ann é\t\n") == "Ann é\t\n"
    assert escape_controls("a\x1b[2Jb\x7f\x9b\ud800") == "a\\x1b[2Jb\\x7f\\x9b\\ud800"


# -- 6: a 5,000-digit number in a rules file ----------------------------------------------------
def test_6_a_huge_number_in_a_rules_file_is_a_problem_not_a_traceback(tmp_path, capsys):
    rules = tmp_path / "big.yaml"
    rules.write_text("name: big\nextends: medici\ndays: " + "9" * 5000 + "\n", encoding="utf-8")
    status, _, err = _cli(["variant", "check", str(rules)], capsys)
    _clean_refusal(status, err, "big.yaml:3", "days", "5000 digits")


def test_6_an_overflowing_float_is_a_problem(tmp_path, capsys):
    rules = tmp_path / "float.yaml"
    rules.write_text("name: f\nextends: medici\ndays: 1" + "0" * 400 + ".0\n", encoding="utf-8")
    status, _, err = _cli(["variant", "check", str(rules)], capsys)
    _clean_refusal(status, err, "float.yaml:3", "finite number")


# -- 7: seeds out of range ------------------------------------------------------------------------
@pytest.mark.parametrize("seed", ["-1", str(2**64), str(2**64 - 2)])
@pytest.mark.parametrize("command", [["simulate"], ["compare", "medici", "medici"]])
def test_7_a_seed_out_of_range_is_refused_up_front(capsys, seed, command):
    status, _, err = _cli([*command, "--games", "3", "--seed", seed], capsys)
    _clean_refusal(status, err, "seed must be from 0 to 2**64 - 3")


def test_7_the_last_usable_seed_is_accepted(capsys):
    status, _, _ = _cli(["simulate", "--games", "2", "--seed", str(2**64 - 2)], capsys)
    assert status == 0


# -- 8 and 9: the public API --------------------------------------------------------------------
NOT_ACTIONS = [
    Action(["draw"]),  # type: ignore[arg-type]
    Action("bid", "5"),  # type: ignore[arg-type]
    Action("bid", 5.0),  # type: ignore[arg-type]
    Action("bid", True),  # type: ignore[arg-type]
    Action(None),  # type: ignore[arg-type]
    ("draw", None, None, None),
    ("draw",),
    ["draw"],
    {"kind": "draw"},
    None,
    7,
    b"draw",
    object(),
]


@pytest.mark.parametrize("junk", NOT_ACTIONS, ids=repr)
def test_8_apply_refuses_what_is_not_an_action_with_illegal_action(junk):
    game = _played()
    view = game.view()
    with pytest.raises(IllegalAction):
        game.apply(junk)
    assert game.view() == view
    assert game.is_legal(junk) is False


@pytest.mark.parametrize("seat", ["0", 1.0, True, False, -1, 3, 2**70, [0]], ids=repr)
def test_8_view_takes_an_int_seat_or_none_only(seat):
    game = _played()
    with pytest.raises(ValueError, match="a seat is a whole number"):
        game.view(seat)


def test_8_view_of_a_real_seat_and_of_none_still_work():
    game = _played()
    assert game.view(0)["players"] and game.view(None) == game.view()


def test_9_is_legal_agrees_with_apply_for_tuples_and_actions():
    game = _played(30)
    for entry in game.legal_actions():
        for action in (list(entry.actions(cap=entry.lo + 2)) if hasattr(entry, "lo")
                       else [entry]):
            for candidate in (action, tuple(action), str(action), list(action)):
                legal = game.is_legal(candidate)
                try:
                    game.clone().apply(candidate)
                    applied = True
                except IllegalAction:
                    applied = False
                assert legal == applied, candidate
            assert game.is_legal(action) and not game.is_legal(tuple(action))


# -- 10: a shipped variant's name on other rules ------------------------------------------------
def test_10_a_house_rule_named_medici_is_flagged_by_verify_and_log(tmp_path, capsys):
    rules = tmp_path / "house.yaml"
    rules.write_text("name: medici\nextends: medici\ndescription: more days\ndays: 4\n",
                     encoding="utf-8")
    game = engine.new_game(str(rules), 3, seed=3)
    game.apply("draw")
    path = save_game(game, tmp_path / "house.json")
    label = f"modified medici rules (digest {game.variant.digest[:12]})"
    status, out, _ = _cli(["verify", str(path)], capsys)
    assert status == 0 and label in out
    status, out, _ = _cli(["log", str(path)], capsys)
    assert status == 0 and label in out.splitlines()[0]
    status, out, _ = _cli(["variant", "check", str(rules)], capsys)
    assert status == 0 and label in out


def test_10_the_shipped_rules_keep_their_plain_name(tmp_path, capsys):
    medici = engine.load_variant("medici")
    assert rules_label("medici", medici.digest) == "medici"
    assert rules_label("my-house", "0" * 64) == "my-house"
    path = save_game(_played(), tmp_path / "plain.json")
    status, out, _ = _cli(["verify", str(path)], capsys)
    assert status == 0 and "OK plain.json: medici, 3 players" in out.replace(str(tmp_path) + "/",
                                                                              "")


# -- 11: the saves folder is a file -------------------------------------------------------------
def test_11_a_saves_folder_that_is_a_file_is_named_as_the_problem(tmp_path):
    folder = tmp_path / "saves"
    folder.write_text("not a folder", encoding="utf-8")
    with pytest.raises(RecordError, match="is a file, not a folder"):
        save_game(_played(), "game1", directory=folder)
    assert folder.read_text(encoding="utf-8") == "not a folder"


# -- 12: stale temporary files ------------------------------------------------------------------
def _dead_pid() -> int:
    pid = 2**22 - 1  # above Linux's default pid_max: never a running process
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return pid
    except OSError:
        pass
    pytest.skip("no free process id to play a dead writer")


def test_12_the_next_save_removes_what_an_interrupted_save_left(tmp_path):
    stale = tmp_path / f".game1.json.{_dead_pid()}.0badf00d{TEMP_SUFFIX}"
    stale.write_text('{"half": ', encoding="utf-8")
    live = tmp_path / f".game1.json.{os.getpid()}.0000beef{TEMP_SUFFIX}"
    live.write_text("being written", encoding="utf-8")
    save_game(_played(), "game1", directory=tmp_path)
    assert not stale.exists()
    assert live.exists()  # a save still being written (this process) is left alone
    old = time.time() - 3600
    os.utime(live, (old, old))
    assert remove_stale_temps(tmp_path) == 1  # unless it is hours old
    assert sorted(p.name for p in tmp_path.iterdir()) == ["game1.json"]


def test_12_the_shell_clears_stale_temporary_files_at_start(tmp_path):
    saves = tmp_path / "saves"
    saves.mkdir()
    stale = saves / f".x.json.{_dead_pid()}.0badf00d{TEMP_SUFFIX}"
    stale.write_text("{", encoding="utf-8")
    from engine.play import SavesFolder
    from engine.shell import saves as shell_saves

    shell_saves.latest_unfinished_info(SavesFolder(str(saves)))
    assert not stale.exists()


def test_12_only_names_saves_give_are_touched(tmp_path):
    keep = [tmp_path / "notes.tmp", tmp_path / ".hidden.tmp", tmp_path / "game.json"]
    for path in keep:
        path.write_text("mine", encoding="utf-8")
    assert remove_stale_temps(tmp_path) == 0
    assert all(p.read_text(encoding="utf-8") == "mine" for p in keep)


# -- 14: saving over a device, a FIFO, a folder or a link -------------------------------------
@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs FIFOs (POSIX)")
def test_14_a_save_never_replaces_a_fifo(tmp_path, capsys):
    fifo = tmp_path / "pipe.json"
    os.mkfifo(fifo)
    with pytest.raises(RecordError, match="is a FIFO"):
        save_game(_played(), fifo)
    assert stat.S_ISFIFO(os.lstat(fifo).st_mode)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["pipe.json"]
    status, _, err = _cli(["simulate", "--games", "1", "--out", str(fifo)], capsys)
    _clean_refusal(status, err, "FIFO")
    assert stat.S_ISFIFO(os.lstat(fifo).st_mode)


def test_14_a_save_never_replaces_a_device_node(tmp_path):
    node = tmp_path / "null.json"
    try:
        os.mknod(node, 0o666 | stat.S_IFCHR, os.makedev(1, 3))  # a /dev/null of our own
    except (PermissionError, AttributeError, OSError):
        pytest.skip("cannot make a device node here (not root?)")
    with pytest.raises(RecordError, match="is a character device"):
        save_game(_played(), node)
    assert stat.S_ISCHR(os.lstat(node).st_mode)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["null.json"]


def test_14_a_save_does_not_follow_or_replace_a_symbolic_link(tmp_path):
    target = tmp_path / "elsewhere.txt"
    target.write_text("precious", encoding="utf-8")
    link = tmp_path / "link.json"
    link.symlink_to(target)
    with pytest.raises(RecordError, match="symbolic link"):
        save_game(_played(), link)
    assert link.is_symlink() and target.read_text(encoding="utf-8") == "precious"


def test_14_the_check_runs_again_just_before_the_rename(tmp_path, monkeypatch):
    """A FIFO that appears while the save is written is still not replaced."""
    path = tmp_path / "late.json"
    real_fsync = os.fsync

    def fsync_then_fifo(fd: int) -> None:
        real_fsync(fd)
        if not path.exists():
            os.mkfifo(path)

    monkeypatch.setattr(os, "fsync", fsync_then_fifo)
    with pytest.raises(OSError, match="FIFO"):
        atomic_write(path, b"{}")
    monkeypatch.undo()
    assert stat.S_ISFIFO(os.lstat(path).st_mode)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["late.json"]


def test_14_a_regular_file_and_a_new_name_are_still_saved(tmp_path):
    existing = tmp_path / "old.json"
    existing.write_text("{}", encoding="utf-8")
    for path in (existing, tmp_path / "new.json"):
        save_game(_played(), path)
        assert load_game(path).game.view() == _played().view()


def test_3_a_kind_of_day_end_first_seen_late_counts_zero_in_the_games_before():
    from engine.compare import Comparison, GameResult

    full = GameResult((9, 1), (0,), ("full_ships", "full_ships"), 0)
    empty = GameResult((1, 9), (1,), ("full_ships", "empty_pile"), 0)
    cmp = Comparison("a", "b", "medici", 2, ("random", "random"), 1,
                     [full, full, full, empty], [full, empty, full, full])
    days = {m.key: m for m in cmp.measures()}["days_empty_pile"]
    assert (days.a.mean, days.b.mean) == (0.125, 0.125)  # one half-day of four games each
    assert days.games == 4 and days.diff.mean == 0.0


# -- found by the fuzz suite (tests/fuzzing.py), pinned ------------------------------------------
@pytest.mark.parametrize("kind", ["\ud800", "dr\x1b[2Jaw", "x" * 5000])
def test_fuzz_an_action_kind_that_is_no_word_is_refused_with_an_escaped_message(kind):
    game = _played()
    with pytest.raises(IllegalAction) as info:
        game.apply(Action(kind, {}, False, 3))  # type: ignore[arg-type]
    message = str(info.value)
    message.encode("utf-8")
    assert "\x1b" not in message and len(message) < 400
    assert game.is_legal(Action(kind)) is False


@pytest.mark.parametrize("name", ["g1\ud800", "./g1\ud800.json", "./a\x00b.json"])
def test_fuzz_a_save_name_no_file_system_takes_is_refused(tmp_path, name):
    with pytest.raises(RecordError, match="save name|not a possible file name"):
        save_game(_played(), name, directory=tmp_path)
    with pytest.raises(RecordError):
        load_game(name, directory=tmp_path)


def test_fuzz_the_shell_reports_bad_save_and_rules_names_without_internal_errors(tmp_path):
    lines = ["new medici Ann bot:random", "save g1\ud800", "rules medici-\x00amigo",
             "rules medici-\ud800", "quit"]
    status, _, err = _shell(lines, tmp_path)
    assert status == 1
    assert "internal error" not in err and "Traceback" not in err
    assert err.count("medici: line") == 3


@pytest.mark.parametrize(
    "ref", ["medici-\x00amigo", "medici-\ud800", "x" * 3000, "x" * 3000 + ".yaml"]
)
def test_fuzz_a_variant_reference_no_file_can_have_is_a_rules_error(ref):
    with pytest.raises(RulesError):
        engine.load_variant(ref)


def test_fuzz_a_rules_file_extending_a_name_too_long_for_the_system(tmp_path, capsys):
    rules = tmp_path / "long.yaml"
    rules.write_text(f'name: long\nextends: "{"x" * 3000}"\n', encoding="utf-8")
    status, _, err = _cli(["variant", "check", str(rules)], capsys)
    _clean_refusal(status, err, "extends", "no variant or rules file")


@pytest.mark.parametrize("command", [["verify"], ["log"], ["replay", "--json"]])
def test_fuzz_a_record_name_too_long_for_the_system(tmp_path, capsys, command, monkeypatch):
    monkeypatch.chdir(tmp_path)
    status, _, err = _cli([*command, "x" * 3000], capsys)
    _clean_refusal(status, err)
    assert any(why in err for why in ("no such file", "File name too long",
                                      "a save name has at most 80 characters"))


def test_fuzz_simulate_output_named_too_long_for_the_system(tmp_path, capsys, monkeypatch):
    monkeypatch.chdir(tmp_path)
    status, _, err = _cli(["simulate", "--games", "1", "--out", "x" * 3000 + "/r.json"], capsys)
    _clean_refusal(status, err, "cannot write")


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs FIFOs (POSIX)")
def test_14_compare_never_draws_its_plot_into_a_fifo(tmp_path, capsys):
    fifo = tmp_path / "plot.png"
    os.mkfifo(fifo)
    status, _, err = _cli(["compare", "medici", "medici-rich", "--games", "2", "--plot",
                           str(fifo)], capsys)
    _clean_refusal(status, err, "FIFO")
    assert stat.S_ISFIFO(os.lstat(fifo).st_mode)


@pytest.mark.parametrize("command", [["simulate"], ["compare", "medici", "medici"]])
def test_3_a_huge_number_of_processes_is_refused(capsys, command):
    status, _, err = _cli([*command, "--games", "2", "--jobs", "1000000"], capsys)
    _clean_refusal(status, err, "at most 256")


def test_5_the_completer_offers_nothing_for_a_line_too_long_to_run(tmp_path):
    from prompt_toolkit.completion import CompleteEvent
    from prompt_toolkit.document import Document

    from engine.shell.app import Shell
    from engine.shell.completion import ShellCompleter
    from engine.shell.console import Console

    shell = Shell(Console(io.StringIO(), io.StringIO()), saves=str(tmp_path))
    event = CompleteEvent(completion_requested=True)
    completer = ShellCompleter(shell)
    assert list(completer.get_completions(Document("new  "), event))  # it does complete
    assert not list(completer.get_completions(Document("new " + " " * MAX_LINE), event))
