"""Views and events are what their TypedDicts say (issue 13, item 4), and a player's money is
one field written one way (``engine.views.money_text``)."""

from __future__ import annotations

import collections.abc
import types
import typing
from typing import Any

import pytest
import typing_extensions

from engine import new_game
from engine.play import render
from engine.registry import game_info
from engine.shell.toolbar import toolbar
from engine.simulate import play_random
from engine.views import PlayerView, money_text

GAMES = [("medici", 4, 3), ("medici-loans", 3, 2), ("medici-vs-strozzi", 2, 3)]


def problems(value: Any, kind: Any, where: str) -> list[str]:
    """Where ``value`` is not of ``kind`` (TypedDicts key by key, lists item by item)."""
    if kind is Any:
        return []
    if typing_extensions.is_typeddict(kind):  # typing's own (3.11) knows not the backport
        if not isinstance(value, dict):
            return [f"{where}: expected a mapping, got {value!r}"]
        hints = typing_extensions.get_type_hints(kind)  # ReadOnly and NotRequired unwrapped
        out = [f"{where}: no {k!r}" for k in kind.__required_keys__ if k not in value]
        out += [f"{where}: unknown key {k!r}" for k in value if k not in hints]
        for key, item in value.items():
            if key in hints:
                out += problems(item, hints[key], f"{where}.{key}")
        return out
    origin = typing.get_origin(kind)
    if origin in (typing.Union, types.UnionType):
        options = typing.get_args(kind)
        return [] if any(not problems(value, o, where) for o in options) else [
            f"{where}: {value!r} is none of {options}"]
    if origin in (list, collections.abc.Sequence):
        if not isinstance(value, list):
            return [f"{where}: expected a list, got {value!r}"]
        (item,) = typing.get_args(kind)
        return [p for i, v in enumerate(value) for p in problems(v, item, f"{where}[{i}]")]
    if origin is dict:
        return [] if isinstance(value, dict) else [f"{where}: expected a mapping"]
    if kind is type(None):
        return [] if value is None else [f"{where}: expected None, got {value!r}"]
    if kind is int and isinstance(value, bool):
        return [f"{where}: expected int, got {value!r}"]
    return [] if isinstance(value, kind) else [f"{where}: expected {kind.__name__}, got {value!r}"]


@pytest.mark.parametrize(("variant", "players", "count"), GAMES)
def test_every_event_and_view_is_of_its_declared_type(variant: str, players: int,
                                                       count: int) -> None:
    for seed in range(count):
        game = play_random(variant, players, seed)
        info = game_info(game.variant.game)
        for index, event in enumerate(game.events):
            kind = info.event_types.get(event["type"])
            assert kind is not None, f"event type {event['type']!r} has no TypedDict"
            assert problems(event, kind, f"event {index}") == []
        for viewer in (None, *range(players)):
            assert problems(game.view(viewer), info.view_type, f"view({viewer})") == []
    mid = new_game(variant, players, seed=9)
    for _ in range(25):
        mid.apply(str(mid.legal_actions()[-1]).split("..")[0])
        assert problems(mid.view(0), info.view_type, "mid-game view") == []


def test_the_check_catches_a_wrong_key_and_type() -> None:
    player = {"name": "Ann", "money": "5"}
    assert problems(player, PlayerView, "p") == ["p.money: expected int, got '5'"]
    assert problems({"name": "Ann", "money": 5, "debt": 1}, PlayerView, "p") == [
        "p: unknown key 'debt'"]


def test_money_is_one_field_written_one_way() -> None:
    assert money_text({"name": "Ann", "money": 40}, "florins") == "40 florins"
    owing = {"name": "Bo", "money": -5, "coins": 0, "loans": 5}
    assert money_text(owing, "coins") == "-5 coins (0 less loans 5)"


def test_final_scores_show_the_money_as_is_not_less_the_loans_again() -> None:
    """``money`` is already coins minus loans (S-5): a view with money -5 prints -5."""
    view = {"players": [{"name": "Medici", "money": -5, "coins": 10, "loans": 15},
                        {"name": "Strozzi", "money": 30, "coins": 30, "loans": 0}],
            "winners": [1]}
    lines = render.final_scores(view).plain().splitlines()
    assert lines[1].split() == ["1.", "Strozzi", "30", "wins"]
    assert lines[2].split() == ["2.", "Medici", "-5"]


def test_the_toolbar_shows_the_loans_with_the_money(tmp_path) -> None:
    import io

    from engine.play import Table
    from engine.shell.app import Shell
    from engine.shell.console import Console

    game = new_game("medici-vs-strozzi", ["Ann", "Bo"], seed=1)
    game.apply("draw")
    game.apply("stop")
    game.apply("price 400")  # more than Bo's coins: buying borrows (S-5)
    game.apply("buy")
    shell = Shell(Console(io.StringIO(), io.StringIO()), saves=str(tmp_path))
    shell.table = Table(game, [None, None], shell.saves)
    text = "".join(part for _, part in toolbar(shell))
    bo = game.view(1)["players"][1]
    # The short form (issue 18: "-729 coins (0 less loans" overflowed): money, then the loans.
    assert bo["loans"] > 0 and f"{bo['money']} coins (loans {bo['loans']})" in text
