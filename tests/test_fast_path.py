"""``Game.push``, the unchecked fast path, against ``Game.apply``, the checked door.

Thousands of random games of each game are played twice in lockstep from the same seed
(the same chance), one copy through ``push`` and one through ``apply``, each move chosen
from ``legal_actions()``: the legal lists, events, views and results must be identical.
Then what ``push`` promises beyond that: a move that runs out of given chance leaves the
game as it was, and ``CHECK_PUSH`` makes it refuse illegal moves as ``apply`` does.
"""

from __future__ import annotations

import pytest

import engine
import engine.game
from engine import Action, ChanceExhausted, IllegalAction
from engine.chance import Rng
from engine.game import Game
from engine.simulate import play_random, random_choice

VIEW_EVERY = 53
"""Views (every seat's and the full one) are compared at every 53rd move and at the end:
comparing them at every move would make the test take a minute instead of seconds."""

# (variant, players, games): at least 2,000 games of each game. The Medici variants cover
# the open-ended bid range (loans), tracks moved on purchase and the own-lot limit.
MEDICI = [
    ("medici", 2, 300), ("medici", 3, 300), ("medici", 4, 400), ("medici", 5, 300),
    ("medici", 6, 300), ("medici-loans", 4, 150), ("medici-tracks-on-purchase", 3, 150),
    ("medici-own-lot-limit", 4, 150), ("medici-amigo", 5, 100),
]
STROZZI = [("medici-vs-strozzi", 2, 2000)]


def lockstep(variant: engine.Variant, players: int, seed: int) -> tuple[Game, Game, int]:
    """One random game played through ``push`` and through ``apply`` side by side."""
    fast = engine.new_game(variant, players, seed=seed)
    checked = engine.new_game(variant, players, seed=seed)
    rng = Rng(seed * 7919 + 1)
    moves = 0
    while not checked.is_over:
        legal = checked.legal_actions()
        assert fast.legal_actions() == legal
        assert fast.current_player == checked.current_player
        action = random_choice(legal, rng)
        assert fast.push(action) is fast
        checked.apply(action)
        moves += 1
        if moves % VIEW_EVERY == 0:
            same_views(fast, checked)
    assert fast.is_over
    return fast, checked, moves


def same_views(fast: Game, checked: Game) -> None:
    assert fast.phase == checked.phase
    for seat in [None, *range(len(checked.players))]:
        assert fast.view(seat) == checked.view(seat)


@pytest.mark.parametrize(("cases", "least"), [(MEDICI, 2000), (STROZZI, 2000)],
                         ids=["medici", "medici-vs-strozzi"])
def test_push_plays_the_same_games_as_apply(cases: list, least: int) -> None:
    games = 0
    for name, players, count in cases:
        variant = engine.load_variant(name)
        for seed in range(count):
            fast, checked, moves = lockstep(variant, players, seed)
            assert fast.events == checked.events, (name, players, seed)
            same_views(fast, checked)
            assert fast.summary() == checked.summary()
            assert fast.winners == checked.winners
            assert moves > 0
            games += 1
    assert games >= least


def test_play_random_is_the_game_apply_plays() -> None:
    """``play_random`` moves through ``push``: the same games as its policy through ``apply``."""
    for name, players in (("medici", 4), ("medici-vs-strozzi", 2)):
        for seed in range(30):
            game = play_random(name, players, seed)
            again = engine.new_game(name, players, seed=seed)
            rng = Rng(seed ^ 0x5DEECE66D)
            while not again.is_over:
                again.apply(random_choice(again.legal_actions(), rng))
            assert game.events == again.events
            assert engine.replay(game.events).view() == game.view()


def test_push_out_of_given_chance_leaves_the_game_as_it_was() -> None:
    # The pile's first card is given, the second is not: the second draw needs chance.
    game = engine.new_game("medici", ["Ann", "Bo", "Cy"], chance={"orders": [["fur:3"]],
                                                                   "choices": [0]})
    game.push(Action("draw"))
    before = game.view(), list(game.events)
    with pytest.raises(ChanceExhausted):
        game.push(Action("draw"))
    assert (game.view(), game.events) == before
    game.supply_chance(order=["gold:10"])
    game.push(Action("draw"))
    assert game.view()["lot"] == ["fur:3", "gold:10"]


def test_check_push_makes_push_refuse_like_apply(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(engine.game, "CHECK_PUSH", True)
    game = engine.new_game("medici", 3, seed=4)
    before = game.view(), list(game.events)
    for bad in (Action("stop"), Action("bid", 5), Action("load", 4), ("draw",)):
        with pytest.raises(IllegalAction):
            game.push(bad)  # type: ignore[arg-type]
        assert (game.view(), game.events) == before
    game.push(Action("draw"))
    assert len(game.view()["lot"]) == 1
