"""engine.narrative: one describer per game, whose sentences the story and the shell both tell."""

from __future__ import annotations

import re

import pytest

from engine.narrative import Role, tell
from engine.play import render
from engine.records import ReplayCursor, story
from engine.simulate import play_random
from engine.text import STYLE

GAMES = [("medici", 4, 41), ("medici-vs-strozzi", 2, 42)]


@pytest.fixture(scope="module", params=GAMES, ids=[g for g, _, _ in GAMES])
def played(request):
    variant, players, seed = request.param
    return play_random(variant, players, seed)


def test_story_and_shell_tell_the_same_sentences(played) -> None:
    """Every line the shell shows stands in the story, which adds only its own layout."""
    shell = [t.plain().strip() for t in render.narrate(played.events, 0, played.players)]
    told = story(ReplayCursor(played))
    bare = [re.sub(r"^\s*(\d+\. |-> |== )?", "", line).removesuffix(" ==") for line in told]
    for line in shell:
        assert any(b.startswith(line.rstrip(".")) for b in bare), line
    moves = sum(1 for e in played.events if played.logic.action_of(e) is not None)
    numbered = [line for line in told if re.match(r"^ *\d+\. ", line)]
    assert len(numbered) == moves and len(shell) <= len(told)


def test_every_move_is_told_as_a_move_and_every_style_is_known(played) -> None:
    lines = tell(played.events, 0, played.players)
    moves = [i for i, e in enumerate(played.events) if played.logic.action_of(e) is not None]
    assert [line.index for line in lines if line.role is Role.MOVE] == moves
    styles = {style for line in lines for _, style in line.segments}
    assert styles - {""} <= set(STYLE)
    assert all(line.plain() and "None" not in line.plain() for line in lines)


def test_a_scoring_is_told_per_player_with_totals(played) -> None:
    """M-13..M-17, S-14..S-16: each player's payouts on one line, adding up to the total."""
    lines = tell(played.events, 0, played.players)
    payouts = [e for e in played.events if e["type"] == "payout"]
    totals = {}
    for line in lines:
        found = re.match(r"(.+) \+(-?\d+): (.+)$", line.plain())
        if line.role is Role.DETAIL and found and found[1] in played.players:
            amounts = [int(part.split(" ", 1)[0]) for part in found[3].split(", ")
                       if part[:1].isdigit()]
            assert sum(amounts) == int(found[2]), line.plain()
            totals[found[1]] = totals.get(found[1], 0) + int(found[2])
    for p, name in enumerate(played.players):
        assert totals.get(name, 0) == sum(e["amount"] for e in payouts if e["player"] == p)


def test_the_lot_a_stop_offers_comes_from_the_draws_before_it() -> None:
    events = [
        {"type": "setup", "game": "medici", "players": ["Ann", "Bo"]},
        {"type": "draw", "player": 1, "card": "fur:3"},
        {"type": "draw", "player": 1, "card": "gold:10"},
        {"type": "stop", "player": 1},
    ]
    (line,) = tell(events, 3, ["Ann", "Bo"])
    assert line.plain() == "Bo stops and offers the lot fur:3, gold:10."
    assert ("gold:10", "good.gold") in line.segments and ("Bo", "name") in line.segments


def test_ties_and_unknown_events_are_told() -> None:
    """S-14: a tied harbour pays nobody; G-4: equal money shares the victory; an event type
    no describer knows is still told, plainly, with seats named."""
    events = [
        {"type": "setup", "game": "medici-vs-strozzi", "players": ["Ann", "Bo"]},
        {"type": "harbour", "harbour": 2, "values": [5, 5], "winner": None, "prize": 0},
        {"type": "game_over", "money": [40, 40], "winners": [0, 1]},
        {"type": "omen", "player": 0, "sign": "comet"},
    ]
    said = [line.plain() for line in tell(events, 1, ["Ann", "Bo"])]
    assert said == [
        "Harbour 2: Ann 5 vs Bo 5, a tie: no prize (S-14).",
        "Game over: Ann and Bo share the victory with 40 coins.",
        "omen: player Ann, sign comet",
    ]
    shell = [t.plain() for t in render.narrate(events, 1, ["Ann", "Bo"])]
    assert shell == ["  " + said[0], *said[1:]]


def test_strozzi_decline_names_who_must_buy_and_at_what_price():
    """S-9: after a decline the player who set the price buys at it; the line says who."""
    from engine.game import new_game
    from engine.narrative import tell

    game = new_game("medici-vs-strozzi", ["Medici", "Strozzi"], seed=1)
    game.apply("draw")
    game.apply("stop")
    owner = game.players[game.current_player]
    game.apply("price 7")
    other = game.players[game.current_player]
    game.apply("decline")
    index = max(i for i, e in enumerate(game.events) if e["type"] == "decline")
    lines = [line.plain() for line in tell(game.events, index, game.players)]
    assert f"{other} declines: {owner} must buy at 7 (S-9)." in lines
