"""Checking variant files: every problem, each at the file and line where it was written;
``medici variant check`` exit codes; the ``variants`` / ``variant`` commands."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from engine.cli import main
from engine.errors import RulesError
from engine.rules import load_variant
from engine.variants import check_variant

BASE = """\
name: base
extends: medici
description: A base with a mistake of its own.
days: many
"""

HOUSE = """\
name: house
extends: base.yaml
description: House rules with many mistakes.
max_lot: 8
start_mony: 3
tracks:
  bonuses: {9: 50}
remove: [player_counts.2]
player_counts:
  4:
    ship_capacity: 7
    ship_payouts: [30, 20, 10]
  3:
    cards_per_day: 99
cards:
  commodities: [cloth, fur, "Grain:x", dye, gold]
"""


def write(folder: Path, name: str, text: str) -> str:
    path = folder / name
    path.write_text(text, encoding="utf-8")
    return str(path)


def found(ref: str) -> list[tuple[str, int | None, str, str]]:
    result = check_variant(ref)
    return [(Path(p.file).name, p.line, p.path, p.message) for p in result.problems]


def test_every_problem_is_reported_at_the_line_that_wrote_it(tmp_path: Path) -> None:
    write(tmp_path, "base.yaml", BASE)
    ref = write(tmp_path, "house.yaml", HOUSE)
    problems = found(ref)
    assert sorted((f, line, path) for f, line, path, _ in problems) == sorted([
        ("base.yaml", 4, "days"),
        ("house.yaml", 5, "start_mony"),
        ("house.yaml", 16, "cards.commodities.2"),
        ("house.yaml", 16, "cards.commodities.4"),
        ("house.yaml", 7, "tracks.bonuses.9"),
        ("house.yaml", 14, "player_counts.3.cards_per_day"),
        ("house.yaml", 12, "player_counts.4.ship_payouts"),
        ("house.yaml", 11, "player_counts.4.ship_capacity"),
        ("house.yaml", 4, "max_lot"),
    ])
    messages = {path: message for _, _, path, message in problems}
    assert messages["days"] == "expected an integer from 1 to 20, got 'many'"
    # The closest key, even one a level deeper (issue 18: `dayz` -> `days`).
    assert messages["start_mony"].startswith(
        "unknown key 'start_mony': did you mean 'start_money'? It goes at "
        "player_counts.N.start_money (expected one of:")
    # In the order of the file: the checked file's problems by line, then the base's.
    assert [(f, line) for f, line, _, _ in problems] == sorted(
        [(f, line) for f, line, _, _ in problems], key=lambda p: (p[0] != "house.yaml", p))
    assert "'gold' is reserved" in messages["cards.commodities.4"]
    # Cross-checks (M-17, M-13, M-3/M-4, M-8) name the other value and where it was written.
    assert messages["tracks.bonuses.9"] == (
        "bonus level 9 is above the top of the track, level 7 (tracks.top at "
        f"{load_variant('medici').source}:23)"
    )
    assert messages["player_counts.4.ship_payouts"] == (
        "expected 4 entries (one per place with 4 players), got 3"
    )
    assert messages["player_counts.4.ship_capacity"].startswith(
        "24 cards per day cannot fill 4 ships of 7 holds, 28 holds in all "
        "(player_counts.4.cards_per_day at "
    )
    assert messages["player_counts.3.cards_per_day"].startswith(
        "99 cards per day, but the deck has only 36"
    )
    assert messages["max_lot"].startswith(
        "a lot of 8 cards could never be presented: the largest ship has 7 holds"
    )


def test_load_variant_raises_the_same_problems(tmp_path: Path) -> None:
    write(tmp_path, "base.yaml", BASE)
    ref = write(tmp_path, "house.yaml", HOUSE)
    with pytest.raises(RulesError) as info:
        load_variant(ref)
    assert len(info.value.problems) == 9
    assert all(p.line is not None for p in info.value.problems)


def test_a_cross_check_broken_by_the_base_is_reported_in_the_base(tmp_path: Path) -> None:
    # The variant is innocent: the base's own payout table is one entry short (M-13).
    write(
        tmp_path,
        "base.yaml",
        "extends: medici\ndescription: b\nplayer_counts:\n  5:\n    ship_payouts: [30, 20]\n",
    )
    ref = write(tmp_path, "v.yaml", "extends: base.yaml\ndescription: v\ndays: 2\n")
    assert found(ref) == [
        ("base.yaml", 5, "player_counts.5.ship_payouts",
         "expected 5 entries (one per place with 5 players), got 2"),
    ]


def test_a_smaller_deck_is_blamed_on_the_variant_that_shrank_it(tmp_path: Path) -> None:
    ref = write(
        tmp_path, "v.yaml", "extends: medici\ndescription: d\ncards:\n  values: [1, 2, 3]\n"
    )
    problems = found(ref)
    # 5 commodities x 3 values + 1 gold = 16 cards: too few for 18, 18, 24, 30, 36 a day (M-3).
    assert {(f, line) for f, line, _, _ in problems} == {("v.yaml", 4)}
    assert [p for _, _, p, _ in problems] == ["cards.values"] * 5
    assert problems[0][3].startswith("18 cards per day, but the deck has only 16")


def test_missing_base_is_reported_at_the_extends_line(tmp_path: Path) -> None:
    ref = write(tmp_path, "v.yaml", "name: v\ndescription: d\nextends: medicci\n")
    [(file, line, path, message)] = found(ref)
    assert (file, line, path) == ("v.yaml", 3, "extends")
    assert message.startswith("no variant or rules file 'medicci': did you mean 'medici'? "
                              "(shipped variants: medici,")


def test_remove_of_a_key_the_base_lacks_is_reported_per_entry(tmp_path: Path) -> None:
    ref = write(
        tmp_path,
        "v.yaml",
        "extends: medici\ndescription: d\nremove:\n  - player_counts.7\n  - days\n"
        "  - cards.values.1\n",
    )
    assert found(ref) == [
        ("v.yaml", 4, "remove.0",
         "cannot remove player_counts.7: the base has no key '7' at player_counts"),
        ("v.yaml", 6, "remove.2",
         "cannot remove cards.values.1: cards.values is a list (write the whole list instead)"),
    ]


def test_removing_a_required_key_is_a_missing_key(tmp_path: Path) -> None:
    ref = write(tmp_path, "v.yaml", "extends: medici\ndescription: d\nremove: [days]\n")
    assert found(ref) == [("v.yaml", 1, "", "missing key 'days'")]


def test_yaml_errors_are_reported_with_their_line(tmp_path: Path) -> None:
    ref = write(tmp_path, "v.yaml", "extends: medici\ndays: 4\ndays: 5\nmax_lot: !!int 3\n")
    problems = found(ref)
    assert [(f, line) for f, line, _, _ in problems] == [("v.yaml", 4)]
    assert "tags are not allowed" in problems[0][3]


def test_warnings_for_an_inherited_description() -> None:
    result = check_variant("medici-rich")
    assert result.ok and result.warnings == []


def test_inherited_description_is_a_warning_not_a_problem(tmp_path: Path) -> None:
    result = check_variant(write(tmp_path, "v.yaml", "extends: medici\ndays: 4\n"))
    assert result.ok
    [warning] = result.warnings
    assert (warning.path, warning.line) == ("description", 1)


# -- the commands -----------------------------------------------------------------------------


def test_a_wrong_extends_still_reports_the_files_own_problems(tmp_path: Path) -> None:
    """Issue 18: the closest variant for an unknown ``extends``, and the rest of the file
    checked all the same (its own keys against the game's schema), by line."""
    ref = write(tmp_path, "v.yaml", "name: v\nextends: medicci\ndescription: d\ndayz: 4\n"
                                    "days: many\nplayer_counts: {4: {start_money: lots}}\n")
    problems = found(ref)
    assert [(line, path) for _, line, path, _ in problems] == [
        (2, "extends"), (4, "dayz"), (5, "days"), (6, "player_counts.4.start_money")]
    messages = [m for *_, m in problems]
    assert "did you mean 'medici'?" in messages[0]
    assert messages[1].startswith("unknown key 'dayz': did you mean 'days'?")


def test_check_exit_codes(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    write(tmp_path, "base.yaml", BASE)
    bad = write(tmp_path, "house.yaml", HOUSE)
    good = write(tmp_path, "good.yaml", "name: good\nextends: medici\ndescription: d\ndays: 4\n")
    assert main(["variant", "check", good]) == 0
    assert f"{good}: ok (good; " in capsys.readouterr().out
    assert main(["variant", "check", good, bad]) == 1
    captured = capsys.readouterr()
    errors = captured.err.splitlines()
    assert errors[-1] == f"{bad}: 9 problems"
    assert len([e for e in errors[:-1] if ".yaml:" in e]) == 9  # every problem, not the first
    assert any(e.endswith("house.yaml:5: start_mony: unknown key 'start_mony': did you mean "
                          "'start_money'? It goes at player_counts.N.start_money "
                          "(expected one of: name, game, description, cards, days, max_lot, "
                          "min_bid, lot_limit, track_moves, start_player, later_start_player, "
                          "tie_break, tracks, player_counts, extends, remove, loans)")
               for e in errors)


def test_check_without_files_checks_every_shipped_variant(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["variant", "check"]) == 0
    out = capsys.readouterr().out
    for name in ("medici", "medici-amigo", "medici-rich", "medici-vs-strozzi"):
        assert f"{name}: ok ({name}; " in out


def test_check_of_a_missing_file_fails(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["variant", "check", str(tmp_path / "nope.yaml")]) == 1
    assert "no such rules file" in capsys.readouterr().err


def test_variants_lists_every_shipped_variant(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["variants"]) == 0
    out = capsys.readouterr().out
    assert "medici-amigo" in out and "3-6 players  extends medici" in out
    assert "The original Amigo edition (M-19)" in out
    assert main(["variants", "--json"]) == 0
    records = {r["name"]: r for r in json.loads(capsys.readouterr().out)}
    assert records["medici-rich"]["extends"] == "medici"
    assert records["medici-vs-strozzi"]["players"] == [2]


def test_variant_show_and_diff_commands(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["variant", "show", "medici-rich"]) == 0
    out = capsys.readouterr().out
    assert "name: medici-rich\n" in out and "    start_money: 60\n" in out
    assert main(["variant", "show", "medici-rich", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["player_counts"]["5"]["start_money"] == 60
    assert main(["variant", "diff", "medici", "medici-four-days"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[-1] == "days: 3 -> 4"
    assert main(["variant", "diff", "medici", "medici-four-days", "--exit-code"]) == 1
    capsys.readouterr()
    assert main(["variant", "diff", "medici", "medici", "--exit-code"]) == 0
    assert "(no differences)" in capsys.readouterr().out


def test_variant_show_of_an_unknown_name_fails_clearly(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["variant", "show", "medici-nope"]) == 2
    assert "no such rules file (shipped variants: medici," in capsys.readouterr().err


# -- docs/house-rules.md documents every key ---------------------------------------------------


def schema_keys(node: object, path: str = "") -> list[str]:
    """Dotted keys of a schema: leaves, with ``N`` for the keys of a map of records."""
    from engine.schema import MapOf, Record

    if isinstance(node, Record):
        out = []
        for key, sub in {**node.fields, **node.optional}.items():
            full = f"{path}.{key}" if path else key
            out += schema_keys(sub, full) or [full]
        return out
    if isinstance(node, MapOf) and isinstance(node.value_node, Record):
        return schema_keys(node.value_node, f"{path}.N")
    return []


def test_the_docs_document_every_medici_key_with_its_default() -> None:
    from engine.medici.schema import SCHEMA

    page = Path(__file__).resolve().parent.parent / "docs" / "house-rules.md"
    text = page.read_text(encoding="utf-8")
    section = text.split("## The keys of a Medici rules file", 1)[1].split("\n## ", 1)[0]
    keys = schema_keys(SCHEMA)
    assert "player_counts.N.start_money" in keys and "tracks.bonuses" in keys
    rows = {line.split("|")[1].strip().strip("`") for line in section.splitlines()
            if line.startswith("| `")}
    assert set(keys) - rows == set()
    assert "remove" in rows  # the variant-only keys too


def test_a_shipped_file_named_unlike_its_variant_is_warned_about(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("MEDICI_CONFIG", str(tmp_path))
    base = Path(__file__).resolve().parent.parent / "config" / "medici.yaml"
    write(tmp_path, "medici.yaml", base.read_text(encoding="utf-8"))
    ref = write(tmp_path, "rich.yaml", "name: richer\nextends: medici\ndescription: d\n")
    [warning] = check_variant(ref).warnings
    assert (warning.path, warning.line) == ("name", 1)
    assert "found as 'rich'" in warning.message
