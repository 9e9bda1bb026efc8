"""House-rule variants: inheritance, deep merge, removal, shipped variants, show and diff."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import engine
from engine.actions import Span
from engine.chance import Rng
from engine.rules import load_variant, resolve_document, variant_names
from engine.runs.random_play import play_random, random_action
from engine.variants import MISSING, diff, format_diff, list_variants, show, to_yaml
from engine.yamlsafe import load_yaml, load_yaml_text

CONFIG = Path(__file__).resolve().parent.parent / "config"

SHIPPED = [
    "medici",
    "medici-amigo",
    "medici-tracks-on-purchase",
    "medici-own-lot-limit",
    "medici-vs-strozzi",
]
HOUSE_RULES = ["medici-rich", "medici-four-days", "medici-loans"]


def write(folder: Path, name: str, text: str) -> str:
    path = folder / name
    path.write_text(text, encoding="utf-8")
    return str(path)


# -- inheritance and deep merge ---------------------------------------------------------------


def test_variant_overrides_only_what_it_names(tmp_path: Path) -> None:
    ref = write(
        tmp_path,
        "rich.yaml",
        "name: rich\nextends: medici\ndescription: Start with 60.\n"
        "player_counts: {3: {start_money: 60}, 4: {start_money: 60}}\n",
    )
    base = load_variant("medici").rules
    rules = load_variant(ref).rules
    assert rules["player_counts"][4]["start_money"] == 60
    assert rules["player_counts"][3]["start_money"] == 60
    # Deep merge: the siblings of an overridden key keep the base's values.
    assert rules["player_counts"][4]["ship_payouts"] == base["player_counts"][4]["ship_payouts"]
    assert rules["player_counts"][5] == base["player_counts"][5]
    assert rules["tracks"] == base["tracks"]
    assert (rules["name"], rules["description"]) == ("rich", "Start with 60.")
    assert "extends" not in rules


def test_a_list_replaces_a_list_and_a_mapping_merges(tmp_path: Path) -> None:
    ref = write(
        tmp_path,
        "v.yaml",
        "extends: medici\ndescription: d\n"
        "tracks: {bonuses: {7: 30}}\n"
        "player_counts: {6: {ship_payouts: [40, 20, 10, 10, 5, 0]}}\n",
    )
    rules = load_variant(ref).rules
    assert rules["tracks"]["bonuses"] == {5: 5, 6: 10, 7: 30}  # M-17 levels merged
    assert rules["player_counts"][6]["ship_payouts"] == [40, 20, 10, 10, 5, 0]


def test_extends_chains_by_name_and_relative_path(tmp_path: Path) -> None:
    (tmp_path / "sub").mkdir()
    write(tmp_path, "mid.yaml", "name: mid\nextends: medici-rich\ndescription: m\ndays: 4\n")
    ref = write(tmp_path / "sub", "top.yaml", "name: top\nextends: ../mid.yaml\ndescription: t\n")
    files: list[Path] = []
    doc = resolve_document(ref, files=files)
    assert [p.name for p in files] == ["top.yaml", "mid.yaml", "medici-rich.yaml", "medici.yaml"]
    assert doc.data["days"] == 4
    assert doc.data["player_counts"][4]["start_money"] == 60
    # Provenance: each value remembers the file that wrote it.
    assert doc.where(("days",))[0].endswith("mid.yaml")
    assert doc.where(("player_counts", 4, "start_money"))[0].endswith("medici-rich.yaml")
    assert doc.where(("player_counts", 4, "cards_per_day"))[0].endswith("medici.yaml")


def test_remove_drops_base_keys_before_the_merge(tmp_path: Path) -> None:
    ref = write(
        tmp_path,
        "v.yaml",
        "extends: medici\ndescription: d\n"
        "remove: [player_counts.2, tracks.bonuses]\n"
        "tracks: {bonuses: {7: 25}}\n",
    )
    rules = load_variant(ref).rules
    assert sorted(rules["player_counts"]) == [3, 4, 5, 6]
    # Removed, then written again: the mapping is replaced, not merged.
    assert rules["tracks"]["bonuses"] == {7: 25}
    assert list(load_variant(ref).logic.player_counts()) == [3, 4, 5, 6]
    with pytest.raises(ValueError, match="2 players: this variant plays with 3, 4, 5, 6"):
        engine.new_game(ref, 2, seed=1)


def test_unnamed_house_rule_is_named_after_its_file(tmp_path: Path) -> None:
    ref = write(tmp_path, "friday-night.yaml", "extends: medici\ndescription: d\ndays: 2\n")
    var = load_variant(ref)
    assert var.name == "friday-night"
    game = engine.new_game(ref, 3, seed=5)
    assert game.events[0]["variant"] == "friday-night"


# -- shipped variants -------------------------------------------------------------------------


def test_every_required_variant_is_shipped_with_a_description() -> None:
    names = variant_names()
    for name in SHIPPED + HOUSE_RULES:
        assert name in names
    for name in names:
        data = load_yaml(CONFIG / f"{name}.yaml").data
        assert data["name"] == name, "a shipped variant is named after its file"
        assert isinstance(data.get("description"), str) and len(data["description"]) > 20
        if name not in ("medici", "medici-vs-strozzi"):
            assert data.get("extends"), f"{name} should extend a base, not copy it"


@pytest.mark.parametrize("name", sorted(set(variant_names()) - {"medici-vs-strozzi"}))
def test_each_shipped_medici_variant_plays_random_games_to_the_end(name: str) -> None:
    var = load_variant(name)
    for players in var.logic.player_counts():
        game = play_random(var, players, seed=players * 7)
        assert game.is_over
        summary = game.summary()
        assert len(summary["day_ends"]) == var.rules["days"]  # M-18
        assert summary["winners"]
        if not var.rules.get("loans"):
            assert min(summary["money"]) >= 0  # M-2: no loans by default


def test_medici_vs_strozzi_loads_and_plays_to_the_end() -> None:
    var = load_variant("medici-vs-strozzi")
    assert var.game == "medici-vs-strozzi"
    assert show("medici-vs-strozzi").splitlines()[1] == "name: medici-vs-strozzi"
    game = play_random(var, 2, seed=3)
    assert game.is_over


def test_amigo_is_m19() -> None:
    rules = load_variant("medici-amigo").rules
    assert sorted(rules["player_counts"]) == [3, 4, 5, 6]
    assert rules["player_counts"][6]["ship_payouts"] == [30, 20, 10, 10, 5, 0]
    assert rules["tracks"]["bonuses"] == {6: 10, 7: 20}


def test_rule_switch_variants_set_their_switch() -> None:
    assert load_variant("medici-tracks-on-purchase").rules["track_moves"] == "on_purchase"
    assert load_variant("medici-own-lot-limit").rules["lot_limit"] == "self"  # M-8 self
    assert load_variant("medici").rules["loans"] is False  # M-2 default


def test_list_variants_names_descriptions_and_bases() -> None:
    infos = {i.name: i for i in list_variants()}
    assert set(SHIPPED + HOUSE_RULES) <= set(infos)
    assert infos["medici-amigo"].extends == "medici"
    assert infos["medici-amigo"].players == (3, 4, 5, 6)
    assert infos["medici"].extends is None
    assert infos["medici-rich"].description.startswith("House rule: everyone starts with 60")
    assert all(i.problem is None for i in infos.values())


def test_list_variants_reports_a_broken_file_instead_of_failing(tmp_path: Path) -> None:
    write(tmp_path, "good.yaml", f"extends: {CONFIG / 'medici.yaml'}\ndescription: d\n")
    write(tmp_path, "bad.yaml", "extends: medici\ndays: [\n")
    infos = {i.name: i for i in list_variants(tmp_path)}
    assert infos["good"].problem is None
    assert infos["bad"].problem is not None and "bad.yaml:3" in infos["bad"].problem


# -- a house rule really changes play ---------------------------------------------------------


def first_bid(variant: str, players: int = 4) -> list:
    game = engine.new_game(variant, players, seed=11)
    game.apply("draw")
    game.apply("stop")
    return game.legal_actions()


def test_rich_start_lets_the_first_bid_reach_60() -> None:
    # M-9: a bid is at most the bidder's money; medici-rich starts everyone with 60 (M-2).
    assert first_bid("medici")[0] == Span("bid", 1, 40)
    assert first_bid("medici-rich")[0] == Span("bid", 1, 60)
    assert first_bid("medici-rich", 6)[0] == Span("bid", 1, 60)
    game = engine.new_game("medici-rich", 4, seed=11)
    game.apply("draw")
    game.apply("stop")
    game.apply("bid 60")
    with pytest.raises(engine.IllegalAction):
        engine.new_game("medici", 4, seed=11).apply("draw").apply("stop").apply("bid 41")


def test_loans_open_the_bid_range_and_money_goes_below_zero() -> None:
    # M-2 switch: with loans a bid may exceed money, and the debt stays on the books.
    assert first_bid("medici-loans")[0] == Span("bid", 1, None)
    game = engine.new_game("medici-loans", 4, seed=11)
    game.apply("draw")
    game.apply("stop")
    bidder = game.current_player
    game.apply("bid 75")
    while game.phase == "bidding":
        game.apply("pass")
    assert game.view()["players"][bidder]["money"] == 40 - 75


def test_four_days_plays_four_days() -> None:
    game = play_random("medici-four-days", 3, seed=2)
    assert [e["day"] for e in game.events if e["type"] == "day_end"] == [1, 2, 3, 4]


@settings(
    max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(
    start=st.integers(0, 120),
    min_bid=st.integers(1, 10),
    days=st.integers(1, 4),
    loans=st.booleans(),
    lot_limit=st.sampled_from(["any_player", "self"]),
    players=st.integers(2, 5),
    seed=st.integers(0, 10_000),
)
def test_any_valid_money_rules_play_to_the_end(
    tmp_path_factory: pytest.TempPathFactory,
    start: int,
    min_bid: int,
    days: int,
    loans: bool,
    lot_limit: str,
    players: int,
    seed: int,
) -> None:
    """M-2, M-9, M-18 under house rules: bids stay in range, money >= 0 without loans."""
    counts = ", ".join(f"{n}: {{start_money: {start}}}" for n in range(2, 7))
    ref = write(
        tmp_path_factory.mktemp("v"),
        "h.yaml",
        f"extends: medici\ndescription: d\nmin_bid: {min_bid}\ndays: {days}\n"
        f"loans: {str(loans).lower()}\nlot_limit: {lot_limit}\nplayer_counts: {{{counts}}}\n",
    )
    game = engine.new_game(ref, players, seed=seed)
    rng = Rng(seed)
    while not game.is_over:
        for entry in game.legal_actions():
            if isinstance(entry, Span):
                assert entry.lo >= min_bid
                if loans:
                    assert entry.hi is None
                else:
                    assert entry.hi == game.view()["players"][game.current_player]["money"]
        game.apply(random_action(game, rng))
    summary = game.summary()
    assert len(summary["day_ends"]) == days
    if not loans:
        assert min(summary["money"]) >= 0


# -- show and diff ----------------------------------------------------------------------------


@pytest.mark.parametrize("name", variant_names())
def test_show_prints_yaml_that_loads_back_to_the_same_rules(name: str) -> None:
    text = show(name)
    assert text.startswith(f"# {name}: resolved rules (")
    assert load_yaml_text(text, "shown.yaml").data == load_variant(name).rules


def test_show_with_origins_names_the_file_of_every_value() -> None:
    lines = show("medici-amigo", origins=True).splitlines()
    six = lines[lines.index("  6:") + 4]
    assert six.startswith("    ship_payouts: [30, 20, 10, 10, 5, 0]")
    assert six.endswith("medici-amigo.yaml:13")
    assert [line for line in lines if line.startswith("days:")][0].endswith("medici.yaml:12")


def test_to_yaml_quotes_what_would_read_as_something_else() -> None:
    data = {"a": "true", "b": "12", "c": "x: y", "d": "", "e": "plain-word", "f": [1, "no"]}
    text = to_yaml(data)
    assert "e: plain-word" in text
    assert load_yaml_text(text, "t.yaml").data == data


AMIGO_DIFF = """\
--- medici
+++ medici-amigo
name: medici -> medici-amigo
description: "Medici for 2-6 players, Rio Grande / Grail Games rules (docs/rules.md M-1..M-18)." \
-> "The original Amigo edition (M-19): 3-6 players, 6-player ship payouts 30/20/10/10/5/0, \
track bonuses only on levels 6 and 7."
tracks.bonuses.5: 5 -> (not set)
player_counts.2.cards_per_day: 18 -> (not set)
player_counts.2.start_money: 40 -> (not set)
player_counts.2.ship_capacity: 7 -> (not set)
player_counts.2.ship_payouts: [20, 0] -> (not set)
player_counts.2.track_payouts: [10, 0] -> (not set)
player_counts.6.ship_payouts: [30, 20, 15, 10, 5, 0] -> [30, 20, 10, 10, 5, 0]
"""


def test_diff_of_a_known_pair() -> None:
    assert format_diff("medici", "medici-amigo", diff("medici", "medici-amigo")) == AMIGO_DIFF


def test_diff_is_symmetric_and_empty_for_the_same_rules(tmp_path: Path) -> None:
    forward = diff("medici", "medici-rich")
    backward = diff("medici-rich", "medici")
    assert [(d.key, d.left, d.right) for d in forward] == [
        (d.key, d.right, d.left) for d in backward
    ]
    assert [d.key for d in forward] == ["name", "description"] + [
        f"player_counts.{n}.start_money" for n in range(2, 7)
    ]
    copy = write(tmp_path, "medici.yaml", (CONFIG / "medici.yaml").read_text())
    assert diff("medici", copy) == []


def test_diff_tells_a_value_from_an_unset_key_and_true_from_1(tmp_path: Path) -> None:
    one = write(tmp_path, "one.yaml", "extends: medici\ndescription: d\nloans: true\n")
    two = write(tmp_path, "two.yaml", "extends: medici\ndescription: d\nremove: [loans]\n")
    [name, loans] = diff(one, two)
    assert (name.left, name.right) == ("one", "two")
    assert (loans.key, loans.left, loans.right) == ("loans", True, MISSING)
    assert loans.left_at is not None and loans.left_at[0].endswith("one.yaml")
