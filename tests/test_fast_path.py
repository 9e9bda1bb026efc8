"""``Game.push``, the unchecked fast path, against ``Game.apply``, the checked door.

Thousands of random games of each game are played twice in lockstep from the same seed
(the same chance), one copy through ``push`` and one through ``apply``, each move chosen
from ``legal_actions()``: the legal lists, events, views and results must be identical.
Then what ``push`` promises beyond that: a move that runs out of given chance leaves the
game as it was, and ``CHECK_PUSH`` makes it refuse illegal moves as ``apply`` does.
"""

from __future__ import annotations

from collections.abc import Sequence

import pytest

import engine
import engine.game
from engine import Action, ChanceExhausted, IllegalAction
from engine.chance import Chance, Rng
from engine.game import Game
from engine.runs.random_play import POLICY_SALT, play_random, random_choice

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
            rng = Rng(seed ^ POLICY_SALT)
            while not again.is_over:
                again.apply(random_choice(again.legal_actions(), rng))
            assert game.events == again.events
            assert engine.replay(game.events).view() == game.view()


def test_play_random_checks_its_moves_while_check_push_asks(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    fast = play_random("medici", 4, 11)
    checked: list[Action] = []
    apply = engine.Game.apply

    def counting(self: engine.Game, action: object) -> engine.Game:
        checked.append(action)  # type: ignore[arg-type]
        return apply(self, action)  # type: ignore[arg-type]

    monkeypatch.setattr(engine.game, "CHECK_PUSH", True)
    monkeypatch.setattr(engine.Game, "apply", counting)
    slow = play_random("medici", 4, 11)
    moves = [e for e in slow.events if e["type"] in ("draw", "stop", "bid", "pass")]
    assert len(checked) == len(moves) > 100  # every move through the checked door
    assert slow.events == fast.events


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


class UnknownOrders(Chance):
    """Chance as a table game gives it: every pile or bag unknown until drawn from, each
    piece and choice drawn from a seeded generator, or none at all when ``dry``."""

    def __init__(self, seed: int, dry: bool = False) -> None:
        self.rng = Rng(seed)
        self.dry = dry

    def order(self, what: str, items: Sequence[str], count: int) -> tuple[list[str], int]:
        if not what.endswith(", continued"):
            return [], count
        if self.dry:
            raise ChanceExhausted(f"{what}: dry")
        return [items[self.rng.below(len(items))]], count - 1

    def choose(self, what: str, options: Sequence[int]) -> int:
        if self.dry:
            raise ChanceExhausted(f"{what}: dry")
        return options[self.rng.below(len(options))]

    def clone(self) -> UnknownOrders:
        out = UnknownOrders(0, self.dry)
        out.rng = self.rng.clone()
        return out


@pytest.mark.parametrize(("name", "players"), [
    ("medici", 4), ("medici", 2), ("medici-tracks-on-purchase", 3), ("medici-vs-strozzi", 2),
])
def test_a_move_said_to_change_nothing_before_chance_changes_nothing(
    name: str, players: int
) -> None:
    """``Logic.changes_before_chance`` False (the OpenSpiel adapter then tries the move in
    place): every such move that runs out of chance leaves the state exactly as it was."""
    variant = engine.load_variant(name)
    logic = variant.logic
    tried = refused = 0
    for seed in range(40):
        game = engine.new_game(variant, players, chance=UnknownOrders(seed))
        rng = Rng(seed)
        while not game.is_over:
            st = game.state
            for entry in game.legal_actions():
                action = random_choice([entry], rng)
                if logic.changes_before_chance(st, action):
                    continue
                tried += 1
                copy = st.clone()
                copy.chance = UnknownOrders(0, dry=True)
                before = logic.view(copy, None), list(copy.log)
                try:
                    logic.perform(copy, action)
                except ChanceExhausted:
                    refused += 1
                    assert (logic.view(copy, None), copy.log) == before, (name, seed, action)
            game.push(random_choice(game.legal_actions(), rng))
    assert refused > 100 and tried > refused  # draws ran out, the other moves asked nothing
