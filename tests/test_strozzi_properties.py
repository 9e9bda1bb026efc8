"""Medici vs Strozzi invariants over random legal play (hypothesis), the strict machine,
replay, and the rules file's validation (S-1..S-17 as data)."""

from __future__ import annotations

import copy
import json
from collections import Counter
from pathlib import Path

import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import engine
from engine import IllegalAction, RulesError
from engine.chance import Rng
from engine.game import Game
from engine.rules import variant_from_rules
from engine.runs.random_play import play_random, random_action

VARIANT = "medici-vs-strozzi"
TILES = Counter(
    [f"{g}:{v}" for g in ("cloth", "dye", "fur", "spice") for v in (0, 1, 2, 3, 4, 4)]
    + ["gold:5", "gold:5"]
)
# Text forms of every kind, with good and bad arguments; the illegal ones are tried.
PROBES = [
    "draw", "stop", "price 0", "price 40", "price -1", "buy", "decline", "discard", "load 3",
    "load 4", "load 5", "load 4 harbour 1", "load 5 harbour 3", "load 3 harbour 9", "load 7",
    "bid 3", "pass", "draw 2", "load", "",
]


def tiles_on_table(view: dict) -> Counter:
    """Every tile the full view shows: bag, lot, ships, discards."""
    seen = Counter(view["bag"]) + Counter(view["lot"]) + Counter(view["discards"])
    for player in view["players"]:
        for ship in player["ships"]:
            seen += Counter(ship["tiles"])
    return seen


def check_invariants(game: Game, expected_money: list[int]) -> None:
    """S-1, S-2, S-4, S-5, S-11 invariants of one position."""
    view = game.view()
    assert "?" not in view["bag"]
    assert tiles_on_table(view) == TILES  # S-1: 26 tiles, always all accounted for
    assert view["bag_count"] == len(view["bag"])
    for seat, player in enumerate(view["players"]):
        assert player["money"] == player["coins"] - player["loans"] == expected_money[seat]
        assert player["loans"] >= 0
        if not game.is_over:
            assert player["coins"] >= 0  # S-5: what coins do not cover is borrowed
        harbours = [s["harbour"] for s in player["ships"] if s["harbour"] is not None]
        assert len(harbours) == len(set(harbours))  # S-11: one ship per harbour
        for ship in player["ships"]:
            assert 0 <= len(ship["tiles"]) <= ship["holds"]  # no ship over capacity
            assert ship["free_holds"] == ship["holds"] - len(ship["tiles"])
            assert (ship["harbour"] is None) == (ship["tiles"] == [])
    for harbour in view["harbours"]:
        for row in harbour["rows"]:
            assert -5 <= row["marker"] <= 5  # S-4: never past the end
    assert len(view["lot"]) <= 3


def money_moves(events: list[dict], money: list[int]) -> None:
    """Money changes only by prices paid (S-10) and payouts (S-14, S-16)."""
    for event in events:
        if event["type"] == "purchase":
            money[event["player"]] -= event["price"]
        elif event["type"] == "payout":
            money[event["player"]] += event["amount"]


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1), play=st.integers(0, 2**32 - 1))
def test_random_play_keeps_the_invariants(seed: int, play: int) -> None:
    """S-1, S-5, S-10, S-11, G-2 over whole random games, illegal probes on the way."""
    game = engine.new_game(VARIANT, seed=seed)
    rng = Rng(play)
    money = [300, 300]
    seen = len(game.events)
    clone_at = rng.below(200)
    steps = 0
    while not game.is_over:
        money_moves(game.events[seen:], money)
        seen = len(game.events)
        check_invariants(game, money)
        probe = PROBES[rng.below(len(PROBES))]
        if not game.is_legal(probe):
            before = (game.view(), list(game.events), game.phase)
            with pytest.raises(IllegalAction):
                game.apply(probe)
            assert (game.view(), game.events, game.phase) == before  # G-2
        if steps == clone_at:
            twin = game.clone()
            snapshot = (game.view(), list(game.events))
            twin_rng = Rng(play + 1)
            while not twin.is_over:
                twin.apply(random_action(twin, twin_rng))
            assert (game.view(), game.events) == snapshot  # the clone is independent
        game.apply(random_action(game, rng))
        steps += 1
    money_moves(game.events[seen:], money)
    check_invariants(game, money)
    final = game.events[-1]
    assert final["type"] == "game_over" and final["money"] == money
    assert game.summary()["money"] == money
    assert [e["round"] for e in game.events if e["type"] == "round_end"] == [1, 2, 3]
    again = engine.replay(game.events)
    assert again.events == game.events and again.view() == game.view()


@settings(max_examples=50, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), steps=st.integers(0, 300))
def test_views_rebuild_the_position_for_each_player(seed: int, steps: int) -> None:
    """G-3: a player's view rebuilds a game that looks the same to them, bag sampled."""
    game = engine.new_game(VARIANT, seed=seed)
    rng = Rng(seed)
    for _ in range(steps):
        if game.is_over:
            break
        game.apply(random_action(game, rng))
    for seat in (0, 1):
        view = game.view(seat)
        assert "bag" not in view
        copy = engine.game.game_from_view(VARIANT, view, seed=steps)
        assert copy.view(seat) == view
        assert copy.legal_actions() == game.legal_actions()
    upto = engine.replay(game.events, upto=len(game.events))
    assert upto.view() == game.view()


def test_strict_machine_plays_the_same_games() -> None:
    """MEDICI_STRICT_MACHINE semantics: every trigger through transitions, identical events."""
    fast = engine.load_variant(VARIANT, strict=False)
    strict = engine.load_variant(VARIANT, strict=True)
    assert strict.logic.pm.strict and not fast.logic.pm.strict
    for seed in range(20):
        assert play_random(strict, 2, seed).events == play_random(fast, 2, seed).events
    saved = variant_from_rules(copy.deepcopy(fast.rules), "saved game", strict=True)
    assert saved.logic.pm.strict
    assert play_random(saved, 2, 9).events == play_random(fast, 2, 9).events


def test_same_seed_same_game_and_simulate_command(capsys: pytest.CaptureFixture[str]) -> None:
    assert play_random(VARIANT, 2, 4).events == play_random(VARIANT, 2, 4).events
    from engine.cli import main

    assert main(["simulate", "--game", VARIANT, "--games", "4", "--seed", "3", "--json"]) == 0
    result = json.loads(capsys.readouterr().out)
    assert result["players"] == 2 and result["games"] == 4 and len(result["seats"]) == 2


# -- the rules file ---------------------------------------------------------------------
def write(tmp_path: Path, text: str) -> str:
    path = tmp_path / "house.yaml"
    path.write_text("extends: medici-vs-strozzi\nname: house\n" + text)
    return str(path)


def problems(path: str) -> list[str]:
    with pytest.raises(RulesError) as info:
        engine.load_variant(path)
    return [str(p) for p in info.value.problems]


def test_rules_file_holds_every_number() -> None:
    rules = engine.load_variant(VARIANT).rules
    assert rules["tiles"] == {
        "goods": ["cloth", "dye", "fur", "spice"], "values": [0, 1, 2, 3, 4, 4], "gold": [5, 5]
    }
    assert (rules["start_money"], rules["ships"], rules["rounds"]) == (300, [3, 4, 5], 3)
    assert rules["round_starters"] == ["Medici", "Strozzi", "Strozzi"]
    assert rules["harbours"] == [
        ["cloth", "dye", "fur"], ["dye", "fur", "spice"], ["cloth", "spice"]
    ]
    assert rules["rows"] == {"spaces": 5, "bonuses": {4: 10, 5: 20}, "move": 1,
                             "move_by_value": {0: 2}}
    assert (rules["harbour_prize"], rules["row_payment"]) == (20, 10)


def test_rules_cross_checks_name_file_line_and_key(tmp_path: Path) -> None:
    path = write(
        tmp_path,
        "ships: [3, 4, 5, 6]\n"  # line 3
        "harbours:\n"
        "  - [cloth, dye, silk]\n"  # line 5
        "  - [dye, fur, spice]\n"
        "  - [cloth, spice]\n"
        "rows:\n"
        "  bonuses: {6: 30}\n"  # line 9
        "  move_by_value: {7: 3}\n"  # line 10
        "round_starters: [Medici, Borgia, Strozzi]\n"  # line 11
        "rounds: 4\n",  # line 12
    )
    found = problems(path)
    expect = [
        (":5: harbours.0.2: ", "'silk', which is not one of the goods"),
        (":3: ships: ", "4 ships but 3 harbours"),
        (":9: rows.bonuses.6: ", "bonus space 6 is outside the row"),
        (":10: rows.move_by_value.7: ", "no tile of a good has value 7"),
        (":11: round_starters: ", "3 round starters for 4 rounds"),
        (":11: round_starters.1: ", "expected one of Medici, Strozzi, got 'Borgia'"),
    ]
    assert len(found) == len(expect), found
    for (where, what), text in zip(expect, found, strict=True):
        assert text.startswith(path + where) and what in text, text


@pytest.mark.parametrize(
    ("text", "where", "what"),
    [
        ("ships: [3, 3, 5]\n", "ships.1", "duplicate entry 3"),
        ("players: [Medici]\n", "players", "expected 2 entries"),
        ("tiles:\n  goods: [cloth, gold]\n", "tiles.goods", "'gold' is reserved"),
        ("max_lot: 6\n", "max_lot", "a lot of 6 tiles fits no ship"),
        ("start_money: -5\n", "start_money", "expected an integer from 0"),
        ("harbour_prize: twenty\n", "harbour_prize", "got 'twenty'"),
        ("rows:\n  corners: 2\n", "rows.corners", "unknown key 'corners'"),
    ],
)
def test_rules_shape_errors(tmp_path: Path, text: str, where: str, what: str) -> None:
    found = problems(write(tmp_path, text))
    assert any(f": {where}: " in p and what in p for p in found), found


def test_layout_and_geometry_change_in_yaml_alone(tmp_path: Path) -> None:
    """S-3, S-4 are our reading of the board: a rules file alone may change them."""
    rules = copy.deepcopy(engine.load_variant(VARIANT).rules)
    rules.update(
        name="other-board",
        harbours=[["cloth", "fur"], ["dye", "spice"], ["cloth", "dye", "fur", "spice"]],
        rows={"spaces": 2, "bonuses": {2: 7}, "move": 1, "move_by_value": {0: 3}},
        harbour_prize=15,
    )
    path = tmp_path / "other-board.yaml"
    path.write_text(yaml.safe_dump(rules))
    var = engine.load_variant(str(path))
    for seed in range(4):
        game = play_random(var, 2, seed)
        view = game.view()
        assert [len(h["rows"]) for h in view["harbours"]] == [2, 2, 4]
        assert all(abs(r["marker"]) <= 2 for h in view["harbours"] for r in h["rows"])
        for event in game.events:
            if event["type"] == "payout" and event["reason"] == "row":
                assert event["amount"] == 10 + (7 if event["space"] == 2 else 0)
            if event["type"] == "harbour" and event["winner"] is not None:
                assert event["prize"] == 15
            if event["type"] == "marker":
                pushes = event["moves"]
                assert abs(event["net"]) == abs(pushes[1] - pushes[0])
    # Merging keeps the base's bonus spaces 4 and 5, which a 2-space row cannot hold.
    short = tmp_path / "short.yaml"
    short.write_text("extends: medici-vs-strozzi\nname: short\nrows:\n  spaces: 2\n")
    found = problems(str(short))
    assert len(found) == 2 and all(":4: rows.spaces: bonus space" in p for p in found), found
