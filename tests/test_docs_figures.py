"""The figures the docs quote from runs have generators that still run (issue 21).

``scripts/docs_figures.py`` rewrites each ``<!-- figures: NAME -->`` region of a page from
the command behind it. These tests check that every region has a generator and every
generator its region, and run each generator's commands at their quick size, so a command
that no longer exists or no longer prints what the region shows fails here, not on the day
someone regenerates the figures.
"""

from __future__ import annotations

import dataclasses
import importlib.util
import tempfile
from pathlib import Path

import pytest
from docs_scripts import docs_figures as figures
from docs_scripts import docs_pages as pages

ROOT = Path(__file__).resolve().parent.parent


def test_every_region_has_a_figure_and_every_figure_its_region() -> None:
    assert figures.problems() == []
    regions = figures.marked_regions()
    assert len(regions) >= 10
    assert {"compare-rich", "league-greedy", "bench-sections"} <= set(regions)


def test_the_check_names_a_region_without_a_figure(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delitem(figures.FIGURES, "compare-rich")
    [problem] = figures.problems()
    assert problem.startswith("docs/house-rules.md:") and "'compare-rich' has no figure" in problem
    assert figures.main(["--check"]) == 1


@pytest.mark.parametrize("name", [n for n, f in figures.FIGURES.items() if f.tested])
def test_the_figures_command_still_runs(name: str) -> None:
    figure = figures.FIGURES[name]
    if figure.needs and importlib.util.find_spec(figure.needs) is None:
        pytest.skip(f"needs {figure.needs}")
    body = figures.generate(figure, quick=True)
    first, _, shown = body.partition("\n\n")
    named = "The commands in the table" if figure.commands_in_body else f"`{figure.quick[0]}`"
    assert first.startswith(named) and f"--only {name}" in first
    assert "load average" in first and "commit" in first
    if figure.render is figures.as_league_table:
        assert shown.startswith("| players | field | games |") and "worst:" in shown
    elif figure.render is figures.as_text:
        assert shown.startswith("```text\n") and len(shown.splitlines()) >= 4
    else:
        assert shown.startswith("| ") and len(shown.splitlines()) >= 3
    assert str(ROOT) not in body and "/tmp/" not in body  # paths made relative


def test_the_untested_figures_scripts_load() -> None:
    """What the tests do not run is at least there and imports (its imports name what
    exists: a function moved between scripts is caught here)."""
    for figure in figures.FIGURES.values():
        if figure.tested:
            continue
        assert figure.notes.get("untested"), figure.name  # says why
        for command in figure.commands:
            _, argv = figures._argv(command)
            scripts = [Path(a) for a in argv if a.endswith(".py")]
            assert scripts, command
            for script in scripts:
                path = script if script.is_absolute() else ROOT / script
                spec = importlib.util.spec_from_file_location(f"docs_check_{path.stem}", path)
                assert spec and spec.loader, path
                spec.loader.exec_module(importlib.util.module_from_spec(spec))


def test_a_region_is_rewritten_in_place(tmp_path: Path) -> None:
    text = ("# Page\n\nBefore.\n\n<!-- figures: demo -->\nold figure\n<!-- /figures -->\n\n"
            "After.\n\n```text\n<!-- figures: shown-not-meant -->\n```\n")
    page = tmp_path / "page.md"
    [region] = pages.regions(page, text)
    assert region.name == "demo" and region.line == 5
    new = pages.replace_region(text, region, "`cmd`: written ...\n\n| a |\n|---|\n| 1 |\n")
    assert new.startswith("# Page\n\nBefore.\n\n<!-- figures: demo -->\n\n`cmd`: written")
    assert new.endswith("| 1 |\n\n<!-- /figures -->\n\nAfter.\n\n```text\n"
                        "<!-- figures: shown-not-meant -->\n```\n")
    # Rewriting again replaces the content, not adds to it.
    [again] = pages.regions(page, new)
    assert pages.replace_region(new, again, "x") == pages.replace_region(text, region, "x")


@pytest.mark.parametrize("text, error", [
    ("<!-- figures: a -->\n<!-- figures: b -->\n<!-- /figures -->\n", "inside 'a'"),
    ("<!-- figures: a -->\nno end\n", "never closed"),
    ("<!-- /figures -->\n", "without its opening"),
    ("<!-- figures: A B -->\n<!-- /figures -->\n", "malformed figures marker"),
    ("<!-- figures: a -->\n<!-- /figures -->\n<!-- figures: a -->\n<!-- /figures -->\n",
     "named twice"),
])
def test_malformed_regions_are_refused(tmp_path: Path, text: str, error: str) -> None:
    with pytest.raises(pages.PageError, match=error):
        pages.regions(tmp_path / "page.md", text)


def test_output_paths_are_made_relative(tmp_path: Path) -> None:
    text = f"{ROOT}/config/medici.yaml:23 and {tmp_path}/house.yaml:4 in {ROOT}"
    assert figures.relative(text, tmp_path) == "config/medici.yaml:23 and house.yaml:4 in ."
    other = Path(tempfile.gettempdir()) / "medici-base-x"
    assert figures.relative(f"base: 61198a6 in {other}") == "base: 61198a6 in $TMPDIR/medici-base-x"


def test_the_command_line_lists_and_refuses_unknown_names(
        capsys: pytest.CaptureFixture[str]) -> None:
    assert figures.main(["--list"]) == 0
    listed = capsys.readouterr().out
    assert "league-mcts-4p" in listed and "long" in listed and "$ medici league" in listed
    with pytest.raises(SystemExit, match="no such figure: nope"):
        figures.main(["--quick", "--only", "nope"])


def test_a_failing_command_is_reported_and_writes_nothing(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    broken = dataclasses.replace(figures.FIGURES["compare-rich"],
                                 commands=("medici compare medici no-such-variant --games 2",))
    monkeypatch.setitem(figures.FIGURES, "compare-rich", broken)
    before = (ROOT / "docs" / "house-rules.md").read_text(encoding="utf-8")
    assert figures.main(["--only", "compare-rich"]) == 1  # not --quick: it would write
    err = capsys.readouterr().err
    assert "compare-rich: `medici compare medici no-such-variant --games 2` exited 2" in err
    assert "not written, a command failed: compare-rich" in err
    assert (ROOT / "docs" / "house-rules.md").read_text(encoding="utf-8") == before
