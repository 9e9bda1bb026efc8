"""Tests for the strict YAML loader: what it accepts, what it refuses, where values came from."""

from __future__ import annotations

import copy
from pathlib import Path

import pytest
import yaml
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.errors import RulesError
from engine.yamlsafe import Document, load_yaml, load_yaml_text, merge

RULES = """\
name: standard
player_counts:
  3:
    ship_payouts: [30, 20, 10]
  4:
    ship_payouts:
      - 30
      - 20
      - 10
      - 0
commodities:
  - name: grain
    count: 5
  - name: dyes
    count: 5
"""


def refusal(text: str) -> tuple[int | None, str]:
    """Load ``text``, expecting exactly one problem; return its line and message."""
    with pytest.raises(RulesError) as info:
        load_yaml_text(text, "rules.yaml")
    [problem] = info.value.problems
    assert problem.file == "rules.yaml"
    return problem.line, problem.message


# --- accepted values and their origins ----------------------------------------------------------


def test_plain_data_with_int_keys() -> None:
    doc = load_yaml_text(RULES, "rules.yaml")
    assert doc.name == "rules.yaml"
    assert doc.data["player_counts"][4]["ship_payouts"] == [30, 20, 10, 0]
    assert list(doc.data["player_counts"]) == [3, 4]
    assert doc.data["commodities"][1] == {"name": "dyes", "count": 5}


def test_lines_of_nested_keys_and_list_items() -> None:
    doc = load_yaml_text(RULES, "rules.yaml")
    assert doc.where(()) == ("rules.yaml", 1)
    assert doc.where(("player_counts",)) == ("rules.yaml", 2)
    assert doc.where(("player_counts", 3, "ship_payouts")) == ("rules.yaml", 4)
    # Items of a flow list sit on their key's line, block items on their own lines.
    assert doc.where(("player_counts", 3, "ship_payouts", 2)) == ("rules.yaml", 4)
    assert doc.where(("player_counts", 4, "ship_payouts", 0)) == ("rules.yaml", 7)
    assert doc.where(("player_counts", 4, "ship_payouts", 3)) == ("rules.yaml", 10)
    assert doc.where(("commodities", 1)) == ("rules.yaml", 14)
    assert doc.where(("commodities", 1, "count")) == ("rules.yaml", 15)


def test_where_falls_back_to_nearest_ancestor() -> None:
    doc = load_yaml_text(RULES, "rules.yaml")
    assert doc.where(("commodities", 1, "no_such_key", 7)) == ("rules.yaml", 14)
    assert doc.where(("nothing", "here")) == ("rules.yaml", 1)


def test_yes_no_on_off_stay_strings() -> None:
    doc = load_yaml_text("a: yes\nb: No\nc: on\nd: OFF\ne: y\nf: n\n", "f.yaml")
    assert doc.data == {"a": "yes", "b": "No", "c": "on", "d": "OFF", "e": "y", "f": "n"}


def test_true_false_are_bools() -> None:
    doc = load_yaml_text("a: true\nb: False\nc: TRUE\nd: false\n", "f.yaml")
    assert doc.data == {"a": True, "b": False, "c": True, "d": False}
    assert all(type(v) is bool for v in doc.data.values())


def test_scalar_types() -> None:
    text = "i: -12\nf: 2.5\nn: null\nt: ~\ne:\ns: '7'\nhex: 0x10\noct: 012\nday: 2024-01-01\n"
    doc = load_yaml_text(text, "f.yaml")
    assert doc.data == {
        "i": -12,
        "f": 2.5,
        "n": None,
        "t": None,
        "e": None,
        "s": "7",
        # Forms that surprise readers stay strings rather than becoming numbers or dates.
        "hex": "0x10",
        "oct": "012",
        "day": "2024-01-01",
    }


def test_load_yaml_reads_a_file(tmp_path: Path) -> None:
    path = tmp_path / "rules.yaml"
    path.write_text(RULES, encoding="utf-8")
    doc = load_yaml(path)
    assert doc.name == str(path)
    assert doc.where(("commodities", 0, "name")) == (str(path), 12)
    assert load_yaml(path, name="standard.yaml").where(("name",)) == ("standard.yaml", 1)


# --- refusals -------------------------------------------------------------------------------------


def test_refuses_file_over_the_size_limit(tmp_path: Path) -> None:
    path = tmp_path / "big.yaml"
    path.write_text("a: 1\n" * 100, encoding="utf-8")
    with pytest.raises(RulesError) as info:
        load_yaml(path, max_bytes=499, name="big.yaml")
    [problem] = info.value.problems
    assert problem.file == "big.yaml"
    assert "500 bytes" in problem.message
    assert "limit of 499 bytes" in problem.message


def test_file_exactly_at_the_limit_is_read(tmp_path: Path) -> None:
    path = tmp_path / "ok.yaml"
    path.write_bytes(b"a: 1\n")
    assert load_yaml(path, max_bytes=5).data == {"a": 1}


def test_refuses_non_utf8(tmp_path: Path) -> None:
    path = tmp_path / "latin1.yaml"
    path.write_bytes("a: 1\nb: caf\u00e9\n".encode("latin-1"))
    with pytest.raises(RulesError) as info:
        load_yaml(path, name="latin1.yaml")
    [problem] = info.value.problems
    assert (problem.file, problem.line) == ("latin1.yaml", 2)
    assert "not UTF-8" in problem.message
    assert "0xe9" in problem.message


def test_missing_file_is_a_rules_error(tmp_path: Path) -> None:
    with pytest.raises(RulesError, match="cannot read the file"):
        load_yaml(tmp_path / "absent.yaml", name="absent.yaml")


def test_syntax_error_has_line() -> None:
    line, message = refusal("a: 1\nb: [1, 2\nc: 3\n")
    assert line == 3
    assert message.startswith("the list or mapping opened on line 2")


def test_syntax_error_bad_indentation() -> None:
    line, message = refusal("a:\n  b: 1\n c: 2\n")
    assert line == 3
    assert "check its indentation" in message


@pytest.mark.parametrize(
    ("text", "line"),
    [
        ("a: &x 1\nb: 2\n", 1),
        ("a: 1\nb: &x\n  c: 1\n", 2),
        ("a: 1\nb: 2\nc: *x\n", 3),
    ],
)
def test_refuses_anchors_and_aliases(text: str, line: int) -> None:
    assert refusal(text) == (line, "anchors and aliases are not allowed: write the value out")


def test_refuses_merge_keys() -> None:
    line, message = refusal("base:\n  a: 1\nother:\n  <<: {a: 1}\n  b: 2\n")
    assert line == 4
    assert "merge keys (<<)" in message
    assert "anchors and aliases are not allowed: write the value out" in message


def test_quoted_merge_key_is_just_a_string() -> None:
    assert load_yaml_text("'<<': 1\n", "f.yaml").data == {"<<": 1}


@pytest.mark.parametrize(
    ("text", "shown"),
    [
        ("a: 1\nb: !!python/object:os.system ls\n", "!!python/object:os.system"),
        ("a: 1\nb: !foo 3\n", "!foo"),
        ("a: 1\nb: !!str 3\n", "!!str"),
        ("a: 1\nb: !!map {c: 1}\n", "!!map"),
    ],
)
def test_refuses_every_explicit_tag(text: str, shown: str) -> None:
    line, message = refusal(text)
    assert line == 2
    assert f"tags are not allowed (found {shown})" in message


def test_refuses_duplicate_keys_with_both_lines() -> None:
    line, message = refusal("a: 1\nb:\n  c: 1\n  d: 2\n  c: 3\n")
    assert line == 5
    assert "duplicate key 'c' (first written on line 3)" in message


def test_int_and_str_keys_are_different_keys() -> None:
    assert load_yaml_text("1: a\n'1': b\n", "f.yaml").data == {1: "a", "1": "b"}


def test_reports_every_construction_problem() -> None:
    text = "a: 1\na: 2\n1.5: x\nb:\n  true: y\n  c: .inf\n"
    with pytest.raises(RulesError) as info:
        load_yaml_text(text, "f.yaml")
    found = [(p.line, p.path, p.message) for p in info.value.problems]
    assert found == [
        (2, "a", "duplicate key 'a' (first written on line 1): write each key once"),
        (3, "", "mapping keys must be strings or integers, got 1.5"),
        (5, "b", "mapping keys must be strings or integers, got true"),
        (6, "b.c", "'.inf' is not allowed: write a finite number (no infinity or NaN)"),
    ]


@pytest.mark.parametrize("key", ["null", "~", "[1, 2]", "{a: 1}", "1.5", "false"])
def test_refuses_keys_that_are_not_str_or_int(key: str) -> None:
    line, message = refusal(f"ok: 1\n? {key}\n: 2\n")
    assert line == 2
    assert message.startswith("mapping keys must be strings or integers, got ")


@pytest.mark.parametrize("value", [".inf", "-.inf", "+.INF", ".nan", ".NaN"])
def test_refuses_infinity_and_nan(value: str) -> None:
    line, message = refusal(f"a: 1\nb: {value}\n")
    assert line == 2
    assert "finite number" in message


def test_nesting_limit() -> None:
    assert load_yaml_text("[" * 32 + "]" * 32, "f.yaml").data is not None
    line, message = refusal("a: 1\nb: " + "[" * 33 + "]" * 33 + "\n")
    assert line == 2
    assert message == "nesting is deeper than 32 levels: flatten the structure"


def test_deep_nesting_does_not_blow_the_stack() -> None:
    _, message = refusal("[" * 100_000 + "]" * 100_000)
    assert "nesting is deeper than 32 levels" in message


def test_refuses_more_than_one_document() -> None:
    line, message = refusal("a: 1\n---\nb: 2\n")
    assert line == 2
    assert "more than one document" in message


@pytest.mark.parametrize("text", ["", "\n\n", "# just a comment\n", "---\n"])
def test_refuses_empty_file(text: str) -> None:
    assert refusal(text) == (1, "file is empty")


def test_refuses_control_characters() -> None:
    line, message = refusal("a: 1\nb: x\x07y\n")
    assert line == 2
    assert "U+0007" in message


# --- merge --------------------------------------------------------------------------------------

BASE = """\
name: standard
rounds: 3
player_counts:
  3:
    ship_payouts: [30, 20, 10]
    hand: 5
  4:
    ship_payouts: [30, 20, 10, 0]
"""

VARIANT = """\
extends: standard
rounds: 4
player_counts:
  3:
    ship_payouts: [40, 20]
  5:
    ship_payouts: [30, 20, 10, 5, 0]
"""


def test_merge_is_deep_and_lists_replace() -> None:
    merged = merge(load_yaml_text(BASE, "base.yaml"), load_yaml_text(VARIANT, "variant.yaml"))
    assert merged.data == {
        "name": "standard",
        "rounds": 4,
        "player_counts": {
            3: {"ship_payouts": [40, 20], "hand": 5},
            4: {"ship_payouts": [30, 20, 10, 0]},
            5: {"ship_payouts": [30, 20, 10, 5, 0]},
        },
        "extends": "standard",
    }
    assert merged.name == "variant.yaml"


def test_merge_provenance_follows_the_values() -> None:
    merged = merge(load_yaml_text(BASE, "base.yaml"), load_yaml_text(VARIANT, "variant.yaml"))
    assert merged.where(("name",)) == ("base.yaml", 1)
    assert merged.where(("rounds",)) == ("variant.yaml", 2)
    assert merged.where(("player_counts", 3, "hand")) == ("base.yaml", 6)
    assert merged.where(("player_counts", 3, "ship_payouts")) == ("variant.yaml", 5)
    assert merged.where(("player_counts", 4, "ship_payouts", 3)) == ("base.yaml", 8)
    assert merged.where(("player_counts", 5, "ship_payouts", 4)) == ("variant.yaml", 7)


def test_merge_replaced_list_keeps_no_stale_origins() -> None:
    base = load_yaml_text("xs:\n  - 1\n  - 2\n  - 3\n", "base.yaml")
    over = load_yaml_text("xs: [9]\n", "over.yaml")
    merged = merge(base, over)
    assert merged.data == {"xs": [9]}
    # Index 2 no longer exists; it must not point into the base file.
    assert merged.where(("xs", 2)) == ("over.yaml", 1)


def test_merge_scalar_replaces_mapping_and_back() -> None:
    base = load_yaml_text("a:\n  b: 1\nc: 2\n", "base.yaml")
    over = load_yaml_text("a: 5\nc:\n  d: 3\n", "over.yaml")
    merged = merge(base, over)
    assert merged.data == {"a": 5, "c": {"d": 3}}
    assert merged.where(("a", "b")) == ("over.yaml", 1)
    assert merged.where(("c", "d")) == ("over.yaml", 3)


def test_merge_does_not_touch_its_inputs() -> None:
    base = load_yaml_text(BASE, "base.yaml")
    over = load_yaml_text(VARIANT, "variant.yaml")
    before = (copy.deepcopy(base.data), dict(base.origins), copy.deepcopy(over.data))
    merged = merge(base, over)
    merged.data["player_counts"][4]["ship_payouts"].append(99)
    merged.data["player_counts"][5]["ship_payouts"].clear()
    assert (base.data, base.origins, over.data) == before


def test_without_drops_a_top_level_key_and_its_origins() -> None:
    doc = load_yaml_text(VARIANT, "variant.yaml")
    trimmed = doc.without("extends")
    assert "extends" not in trimmed.data
    assert "extends" in doc.data
    assert ("extends",) not in trimmed.origins
    assert trimmed.where(("rounds",)) == ("variant.yaml", 2)
    assert trimmed.without("absent").data == trimmed.data


# --- round trip ----------------------------------------------------------------------------------

scalars = st.none() | st.booleans() | st.integers() | st.text()
keys = st.text() | st.integers()
plain = st.recursive(
    scalars,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(keys, inner, max_size=4),
    max_leaves=20,
)


@settings(max_examples=300)
@given(plain)
def test_safe_dump_round_trips(value: object) -> None:
    # allow_unicode stays off: PyYAML itself mangles a raw U+0085 line break when it is on.
    text = yaml.safe_dump(value, sort_keys=False)
    doc = load_yaml_text(text, "dumped.yaml")
    assert doc.data == value
    # repr tells 1 from true and keeps key order, which == alone does not check.
    assert repr(doc.data) == repr(value)
    assert isinstance(doc, Document)
