"""docs/rules.md: every cited rule id is in it, one rule prints by its id (command line and
shell), an unknown id is refused clearly, and the wheel carries the file."""

from __future__ import annotations

import io
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine import rulebook
from engine.cli import main as cli
from engine.rules import variant_names
from engine.shell.app import Shell
from engine.shell.console import Console

ROOT = Path(__file__).resolve().parent.parent
EXPECTED = ([f"G-{n}" for n in range(1, 5)] + [f"M-{n}" for n in range(1, 20)]
            + [f"S-{n}" for n in range(1, 18)])
# An id (M-8) or a span of ids (M-13..M-17, S-14 to S-16): a span cites every id inside it.
CITED = re.compile(r"\b([GMS])-([0-9]+)(?:\s*(?:\.\.|to)\s*(?:[GMS]-)?([0-9]+))?\b")


def cited_ids(text: str) -> set[str]:
    """Every rule id ``text`` cites, spans expanded."""
    found = set()
    for letter, first, last in CITED.findall(text):
        for number in range(int(first), int(last or first) + 1):
            found.add(f"{letter}-{number}")
    return found


def test_docs_hold_exactly_the_decided_ids_in_order_each_with_title_and_text():
    rules = rulebook.rules()
    assert list(rules) == EXPECTED
    for rule in rules.values():
        assert rule.title and len(rule.text) > 40, rule.id
        # A group heading ends the rule before it: no heading leaks into a rule's text.
        assert not any(line.startswith("#") for line in rule.text.splitlines()), rule.id


def test_every_rule_id_cited_in_the_code_config_and_docs_exists():
    sources = [*ROOT.glob("engine/**/*.py"), *ROOT.glob("config/*.yaml"), ROOT / "README.md",
               ROOT / "CHANGELOG.md", *(p for p in ROOT.glob("docs/*.md") if p.name != "rules.md")]
    cited: dict[str, list[str]] = {}
    for path in sources:
        for rule_id in cited_ids(path.read_text(encoding="utf-8")):
            cited.setdefault(rule_id, []).append(str(path.relative_to(ROOT)))
    missing = {rule_id: where for rule_id, where in cited.items()
               if rule_id not in rulebook.rules()}
    assert not missing, f"ids cited but not in docs/rules.md: {missing}"
    # The scan really reads the sources: the code cites nearly every rule.
    assert len(cited) >= 35


def test_the_scan_expands_spans_and_would_catch_an_unknown_id():
    assert cited_ids("scoring (M-13..M-17), S-14 to S-16, and G-2") == {
        "M-13", "M-14", "M-15", "M-16", "M-17", "S-14", "S-15", "S-16", "G-2"}
    assert "M-20" in cited_ids("see M-20") and "M-20" not in rulebook.rules()


def test_every_variant_the_rules_name_is_shipped_and_the_switches_name_theirs():
    text = rulebook.rules_path().read_text(encoding="utf-8")
    named = set(re.findall(r"`(medici[a-z-]*)`", text))
    assert named and named <= set(variant_names())
    rules = rulebook.rules()
    assert "`medici-own-lot-limit`" in rules["M-8"].text and "any_player" in rules["M-8"].text
    assert "`medici-tracks-on-purchase`" in rules["M-15"].text
    assert "day_end" in rules["M-15"].text
    assert "`medici-amigo`" in rules["M-19"].text
    assert "`medici-loans`" in rules["M-2"].text


def test_the_worked_examples_are_there():
    rules = rulebook.rules()
    assert "25 each" in rules["M-14"].text and "7 each" in rules["M-16"].text
    assert "Medici earn 80" in rules["S-16"].text and "Strozzi 50" in rules["S-16"].text


def test_nothing_in_the_repo_points_outside_it():
    paths = [*ROOT.glob("engine/**/*.py"), *ROOT.glob("config/*.yaml"), *ROOT.glob("docs/*.md"),
             *ROOT.glob("tests/**/*.py"), *ROOT.glob("scripts/*.py"), ROOT / "README.md",
             ROOT / "CHANGELOG.md", ROOT / "mkdocs.yml", ROOT / "pyproject.toml"]
    for path in paths:
        if path.resolve() == Path(__file__).resolve():
            continue
        text = path.read_text(encoding="utf-8")
        for bad in ("../shared", "/work/", ".en.txt", ".zh.txt", ".da.txt"):
            assert bad not in text, f"{path.relative_to(ROOT)} points outside: {bad}"


# -- the lookup ---------------------------------------------------------------------------
@pytest.mark.parametrize("ref", ["M-8", "m-8", "m8", " M 8 "])
def test_an_id_is_found_however_it_is_written(ref):
    assert rulebook.rule(ref).id == "M-8" and rulebook.rule(ref).title == "Selecting a lot"


@pytest.mark.parametrize(("ref", "says"), [
    ("M-20", "no rule M-20: the rules of Medici are M-1..M-19 (nearest: M-19)"),
    ("S-0", "no rule S-0: the rules of Medici vs Strozzi are S-1..S-17 (nearest: S-1)"),
    ("G-9", "no rule G-9: the rules of both games are G-1..G-4 (nearest: G-4)"),
    ("X-3", "no rule 'X-3'; rule ids are G-1..G-4 (both games), M-1..M-19 (Medici), "
            "S-1..S-17 (Medici vs Strozzi)"),
    ("auction", "no rule 'auction'; rules with it in their title: M-9 The auction; rule ids "
                "are G-1..G-4"),
    ("a\x1b[2Jb", r"no rule 'a\x1b[2Jb'"),
])
def test_an_unknown_id_names_the_nearest_or_the_families(ref, says):
    with pytest.raises(rulebook.UnknownRule) as info:
        rulebook.rule(ref)
    assert str(info.value).startswith(says)
    assert "\n" not in str(info.value) and "\x1b" not in str(info.value)


def test_parse_refuses_an_id_written_twice_and_ends_a_rule_at_any_heading():
    text = "# Title\n## M-1 One\nfirst\n### Group\nnot in M-1\n#### M-2 Two\nsecond\n"
    rules = rulebook.parse(text)
    assert {r.id: (r.title, r.text) for r in rules.values()} == {
        "M-1": ("One", "first"), "M-2": ("Two", "second")}
    with pytest.raises(ValueError, match="rules.md:3: rule M-1 is written twice"):
        rulebook.parse("## M-1 One\nx\n## M-1 Again\n")


def test_a_missing_rules_file_is_a_clear_error(tmp_path, monkeypatch, capsys):
    monkeypatch.setattr(rulebook, "rules_path", lambda: tmp_path / "rules.md")
    rulebook.rules.cache_clear()
    try:
        assert cli(["rules", "M-8"]) == 2
        assert "cannot read the rules text" in capsys.readouterr().err
    finally:
        rulebook.rules.cache_clear()


@given(st.sampled_from(EXPECTED), st.integers(min_value=40, max_value=100))
def test_rendering_wraps_at_the_width_and_keeps_every_word_whole(rule_id, width):
    rule = rulebook.rules()[rule_id]
    shown = rule.render(width)
    assert all(len(line) <= width for line in shown.splitlines())
    head, _, body = shown.partition("\n\n")
    assert head.split() == f"{rule.id} {rule.title}".split()
    assert body.split() == rule.text.split()


# -- the command line ---------------------------------------------------------------------
def test_medici_rules_id_prints_that_rule(capsys, monkeypatch):
    monkeypatch.setenv("COLUMNS", "70")
    assert cli(["rules", "M-8"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("M-8 Selecting a lot\n\nThe selector turns up the top card")
    assert "medici-own-lot-limit" in out and "M-9 The auction" not in out
    assert max(len(line) for line in out.splitlines()) <= 70


def test_medici_rules_unknown_id_fails_with_the_message(capsys):
    assert cli(["rules", "M-99"]) == 2
    err = capsys.readouterr().err
    assert err == "medici: no rule M-99: the rules of Medici are M-1..M-19 (nearest: M-19)\n"
    assert cli(["rules", "Q-1"]) == 2
    assert "G-1..G-4 (both games), M-1..M-19 (Medici), S-1..S-17" in capsys.readouterr().err


def test_medici_rules_lists_every_id_and_title(capsys):
    assert cli(["rules"]) == 0
    out = capsys.readouterr().out
    for rule in rulebook.rules().values():
        assert re.search(rf"^  {rule.id} +{re.escape(rule.title)}$", out, re.M), rule.id
    assert "medici rules M-8" in out and "medici rules all" in out


def test_medici_rules_diagram_still_needs_its_variant_and_ids_take_no_more(capsys):
    assert cli(["rules", "diagram"]) == 2
    assert "rules diagram needs a variant" in capsys.readouterr().err
    assert cli(["rules", "M-8", "M-9"]) == 2
    assert "rules takes one rule id" in capsys.readouterr().err
    assert cli(["rules", "diagram", "medici-vs-strozzi"]) == 0
    assert capsys.readouterr().out.startswith("stateDiagram-v2\n")


def test_medici_rules_runs_as_a_program():
    """The installed console script, from another folder (as .ci/run does)."""
    medici = shutil.which("medici", path=os.path.dirname(sys.executable))
    if medici is None:
        pytest.skip("the medici script is not installed next to this Python")
    done = subprocess.run([medici, "rules", "s15"], capture_output=True, text=True,
                          cwd=Path(os.sep), check=False)
    assert done.returncode == 0 and done.stdout.startswith("S-15 Moving the markers\n")


# -- the shell ----------------------------------------------------------------------------
def _shell(tmp_path: Path) -> tuple[Shell, io.StringIO, io.StringIO]:
    out, err = io.StringIO(), io.StringIO()
    return Shell(Console(out, err), saves=str(tmp_path / "saves")), out, err


def test_shell_rules_id_prints_that_rule(tmp_path, monkeypatch):
    monkeypatch.setenv("COLUMNS", "60")
    shell, out, err = _shell(tmp_path)
    assert shell.execute("rules M-8", "rules M-8")
    shown = out.getvalue()
    assert shown.startswith("M-8 Selecting a lot\n\nThe selector turns up the top card")
    assert max(len(line) for line in shown.splitlines()) <= 60
    assert not err.getvalue()


def test_shell_rules_id_works_during_a_game_and_the_summary_still_works(tmp_path):
    shell, out, _ = _shell(tmp_path)
    assert shell.execute("new medici-vs-strozzi Ann Bo", "new")
    start = len(out.getvalue())
    assert shell.execute("rules s-16", "rules s-16")
    assert out.getvalue()[start:].startswith("S-16 The row payments")
    start = len(out.getvalue())
    assert shell.execute("rules medici-vs-strozzi", "rules medici-vs-strozzi")
    summary = out.getvalue()[start:]
    assert "Harbours and their monopoly rows (S-3)" in summary and "rules S-7" in summary


def test_shell_rules_alone_lists_the_games_ids_a_line_each_and_all_is_the_whole_text(tmp_path):
    """Issue 29: `rules` alone lists the rule ids with one line each (the game's own and both
    games'), `rules all` gives every rule in full from the installed text."""
    shell, out, _ = _shell(tmp_path)
    assert shell.execute("new medici-vs-strozzi Ann Bo", "new")
    start = len(out.getvalue())
    assert shell.execute("rules", "rules")
    listed = out.getvalue()[start:]
    for rule in rulebook.rules().values():
        line = re.search(rf"^  {rule.id} +{re.escape(rule.title)}$", listed, re.M)
        assert (line is not None) == (rule.id[0] in "GS"), rule.id
    assert "`rules medici-vs-strozzi`" in listed and "`rules all`" in listed
    start = len(out.getvalue())
    assert shell.execute("rules all", "rules all")
    whole = out.getvalue()[start:]
    for rule in rulebook.rules().values():
        assert (f"{rule.id} {rule.title}" in whole) == (rule.id[0] in "GS"), rule.id
    # Word for word the installed text: every paragraph of a rule is there.
    assert " ".join(rulebook.rules()["S-15"].text.split()) in " ".join(whole.split())
    fresh, out, _ = _shell(tmp_path)
    assert fresh.execute("rules", "rules")
    assert "M-8" in out.getvalue() and "S-8" in out.getvalue()  # no game: every game's


def test_medici_rules_all_prints_every_rule_in_full(capsys):
    assert cli(["rules", "all"]) == 0
    out = " ".join(capsys.readouterr().out.split())
    for rule in rulebook.rules().values():
        assert " ".join(rule.text.split()) in out, rule.id


def test_shell_rules_unknown_id_is_refused_with_the_families(tmp_path):
    shell, out, err = _shell(tmp_path)
    assert not shell.execute("rules M-25", "rules M-25")
    assert "no rule M-25: the rules of Medici are M-1..M-19 (nearest: M-19)" in err.getvalue()
    assert not out.getvalue()


def test_shell_rules_summary_says_once_around(tmp_path):
    shell, out, _ = _shell(tmp_path)
    assert shell.execute("rules medici", "rules medici")
    assert "once around, selector last" in out.getvalue() and "once round" not in out.getvalue()


# -- the wheel ----------------------------------------------------------------------------
def test_the_wheel_carries_the_rules_and_finds_them_installed(tmp_path, unpacked_wheel):
    assert "engine/docs/rules.md" in unpacked_wheel.names
    # The unpacked wheel stands in for site-packages: the rules must come from it, not from
    # this checkout.
    probe = ("import engine, engine.rulebook as r; print(engine.__file__); "
             "print(r.rules_path()); print(r.rule('M-8').title)")
    done = unpacked_wheel.run(probe, tmp_path)
    assert done.returncode == 0, done.stderr
    engine_file, path, title = done.stdout.splitlines()
    site = unpacked_wheel.site
    assert engine_file.startswith(str(site))
    assert path == str((site / "engine" / "docs" / "rules.md").resolve())
    assert title == "Selecting a lot"
