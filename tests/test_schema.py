"""Tests for the declarative validator: every problem reported, each at the right path and line."""

from __future__ import annotations

import pytest

from engine.errors import Problem, RulesError
from engine.schema import (
    Any,
    Bool,
    Checker,
    Int,
    ListOf,
    MapOf,
    Record,
    Str,
    raise_if,
    validate,
)
from engine.yamlsafe import load_yaml_text, merge

SCHEMA = Record(
    {
        "name": Str(),
        "player_counts": MapOf(
            Int(2, 6),
            Record(
                {"ship_payouts": ListOf(Int(0, 100), min_len=1)},
                optional={"hand": Int(min=1)},
            ),
            required_keys=[3],
        ),
        "target": Str(choices=["any_player", "self"]),
    },
    optional={"shuffle": Bool(), "notes": Any()},
)

GOOD = """\
name: standard
player_counts:
  3:
    ship_payouts: [30, 20, 10]
  4:
    ship_payouts: [30, 20, 10, 0]
    hand: 6
target: self
shuffle: true
notes: {anything: [goes, 1, null]}
"""

BAD = """\
name: standard
player_counts:
  4:
    ship_payouts:
      - 30
      - ten
      - 10
  7:
    ship_payouts: []
    hnad: 5
target: selff
shuffle: yes
colour: red
"""


def problems_of(text: str, schema: object = SCHEMA) -> list[tuple[int | None, str, str]]:
    doc = load_yaml_text(text, "rules.yaml")
    return [(p.line, p.path, p.message) for p in validate(doc, schema)]


def test_valid_document_has_no_problems() -> None:
    assert problems_of(GOOD) == []


def test_reports_every_problem_with_path_and_line() -> None:
    assert problems_of(BAD) == [
        (6, "player_counts.4.ship_payouts.1", "expected an integer from 0 to 100, got 'ten'"),
        (8, "player_counts.7", "bad key: expected an integer from 2 to 6, got 7"),
        (9, "player_counts.7.ship_payouts", "expected at least 1 entry, got 0"),
        (
            10,
            "player_counts.7.hnad",
            "unknown key 'hnad': did you mean 'hand'? (expected one of: ship_payouts, hand)",
        ),
        (2, "player_counts", "missing key 3"),
        (11, "target", "expected one of any_player, self, got 'selff'"),
        (12, "shuffle", "expected true or false, got 'yes'"),
        (
            13,
            "colour",
            "unknown key 'colour' (expected one of: name, player_counts, target, shuffle, notes)",
        ),
    ]


def test_problems_carry_the_file_name() -> None:
    doc = load_yaml_text(BAD, "variants/fast.yaml")
    problems = validate(doc, SCHEMA)
    assert {p.file for p in problems} == {"variants/fast.yaml"}
    assert str(problems[0]) == (
        "variants/fast.yaml:6: player_counts.4.ship_payouts.1: "
        "expected an integer from 0 to 100, got 'ten'"
    )


def test_missing_required_keys_point_at_the_mapping() -> None:
    text = "player_counts:\n  3:\n    hand: 2\n"
    assert problems_of(text) == [
        (2, "player_counts.3", "missing key 'ship_payouts'"),
        (1, "", "missing key 'name'"),
        (1, "", "missing key 'target'"),
    ]


def test_bool_is_not_an_int() -> None:
    doc = load_yaml_text("a: true\nb: 1\nc: 0\n", "f.yaml")
    problems = validate(doc, MapOf(Str(), Int()))
    assert [(p.path, p.message) for p in problems] == [("a", "expected an integer, got true")]


@pytest.mark.parametrize(
    ("node", "text", "message"),
    [
        (Int(), "'3'", "expected an integer, got '3'"),
        (Int(), "2.5", "expected an integer, got 2.5"),
        (Int(min=2), "1", "expected an integer of at least 2, got 1"),
        (Int(max=5), "6", "expected an integer of at most 5, got 6"),
        (Int(0, 100), "[1]", "expected an integer from 0 to 100, got a list"),
        (Str(), "5", "expected a string, got 5"),
        (Str(), "null", "expected a string, got null"),
        (Str(["a", "b"]), "c", "expected one of a, b, got 'c'"),
        (Bool(), "1", "expected true or false, got 1"),
        (Bool(), "no", "expected true or false, got 'no'"),
        (ListOf(Int()), "{a: 1}", "expected a list, got a mapping"),
        (ListOf(Int(), length=5), "[1, 2, 3, 4]", "expected 5 entries, got 4"),
        (ListOf(Int(), max_len=2), "[1, 2, 3]", "expected at most 2 entries, got 3"),
        (Record({"a": Int()}), "[]", "expected a mapping, got a list"),
        (MapOf(Str(), Int()), "x", "expected a mapping, got 'x'"),
    ],
)
def test_messages_say_expected_and_found(node: object, text: str, message: str) -> None:
    doc = load_yaml_text(f"value: {text}\n", "f.yaml")
    problems = validate(doc, Record({"value": node}))
    assert [(p.line, p.path, p.message) for p in problems] == [(1, "value", message)]


def test_long_strings_are_shortened_in_messages() -> None:
    doc = load_yaml_text("value: " + "x" * 200 + "\n", "f.yaml")
    [problem] = validate(doc, Record({"value": Int()}))
    assert len(problem.message) < 80
    assert problem.message.endswith("...'")


def test_wrong_type_stops_descent_but_not_siblings() -> None:
    doc = load_yaml_text("a: 5\nb: [1, x]\n", "f.yaml")
    schema = Record({"a": Record({"inner": Int()}), "b": ListOf(Int())})
    assert [(p.path, p.message) for p in validate(doc, schema)] == [
        ("a", "expected a mapping, got 5"),
        ("b.1", "expected an integer, got 'x'"),
    ]


def test_unique_lists_point_at_the_repeat() -> None:
    text = (
        "xs:\n  - grain\n  - dyes\n  - grain\n  - {a: 1, b: 2}\n  - {b: 2, a: 1}\n  - 1\n  - true\n"
    )
    doc = load_yaml_text(text, "f.yaml")
    problems = validate(doc, Record({"xs": ListOf(Any(), unique=True)}))
    # Equal mappings are repeats whatever their key order; 1 and true are not the same entry.
    assert [(p.line, p.path, p.message) for p in problems] == [
        (4, "xs.2", "duplicate entry 'grain': entries must be unique"),
        (6, "xs.4", "duplicate entry a mapping: entries must be unique"),
    ]


def test_mapof_key_and_value_problems_both_reported() -> None:
    doc = load_yaml_text("counts:\n  1: x\n  two: 3\n", "f.yaml")
    problems = validate(doc, Record({"counts": MapOf(Int(2, 6), Int())}))
    assert [(p.line, p.path, p.message) for p in problems] == [
        (2, "counts.1", "bad key: expected an integer from 2 to 6, got 1"),
        (2, "counts.1", "expected an integer, got 'x'"),
        (3, "counts.two", "bad key: expected an integer from 2 to 6, got 'two'"),
    ]


def test_int_keys_are_unknown_in_a_record() -> None:
    doc = load_yaml_text("a: 1\n2: 3\n", "f.yaml")
    [problem] = validate(doc, Record({"a": Int()}))
    assert (problem.line, problem.path, problem.message) == (
        2,
        "2",
        "unknown key 2 (expected one of: a)",
    )


def test_lines_after_merge_point_into_the_right_file() -> None:
    base = load_yaml_text(GOOD, "standard.yaml")
    variant = load_yaml_text(
        "extends: standard\nplayer_counts:\n  4:\n    hand: zero\n", "fast.yaml"
    ).without("extends")
    problems = validate(merge(base, variant), SCHEMA)
    assert [(p.file, p.line, p.path) for p in problems] == [
        ("fast.yaml", 4, "player_counts.4.hand"),
    ]


def test_checker_places_cross_checks() -> None:
    text = (
        "player_counts:\n  3:\n    ship_payouts: [30, 20, 10]\n  4:\n    ship_payouts: [30, 20]\n"
    )
    doc = load_yaml_text(text, "rules.yaml")
    checker = Checker(doc)
    for count, entry in doc.data["player_counts"].items():
        payouts = entry["ship_payouts"]
        if len(payouts) != count:
            checker.error(
                ("player_counts", count, "ship_payouts"),
                f"expected {count} payouts, one per player, got {len(payouts)}",
            )
    checker.error(("player_counts", 4, "ship_payouts", 9), "an index past the end")
    assert checker.problems == [
        Problem(
            "rules.yaml",
            5,
            "player_counts.4.ship_payouts",
            "expected 4 payouts, one per player, got 2",
        ),
        # A path that does not exist is placed at its nearest existing ancestor.
        Problem("rules.yaml", 5, "player_counts.4.ship_payouts.9", "an index past the end"),
    ]


def test_raise_if() -> None:
    raise_if([])
    problem = Problem("rules.yaml", 3, "a.b", "expected a string, got 5")
    with pytest.raises(RulesError) as info:
        raise_if([problem, problem])
    assert info.value.problems == [problem, problem]
    assert str(info.value).splitlines()[0] == "rules.yaml:3: a.b: expected a string, got 5"
