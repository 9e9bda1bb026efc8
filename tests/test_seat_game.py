"""``seat_game`` and ``Bot.choose_in``: a seat's game built from the game itself is the game
built from that seat's view, to the last field, so a runner's bots make the same moves
through either door, and what the seat cannot see (G-3) stays as hidden as through the view.
"""

from __future__ import annotations

from typing import Any

import pytest

import engine
from engine.bots import make_bot
from engine.bots.base import BotError
from engine.chance import InOrderChance, Rng, SeededChance, seat_seed
from engine.game import Game, game_from_view, seat_game
from engine.logic import State
from engine.runs.games import play_game
from engine.simulate import random_action

CASES = [
    ("medici", 3), ("medici", 4), ("medici", 6), ("medici-loans", 4),
    ("medici-tracks-on-purchase", 5), ("medici-vs-strozzi", 2),
]


def slots(st: State) -> dict[str, Any]:
    """Every slot of a state but its chance source (compared apart) and log."""
    names = [n for cls in type(st).__mro__ for n in getattr(cls, "__slots__", ())]
    return {n: getattr(st, n) for n in names if n not in ("chance",)}


def positions(variant: str, players: int, seed: int) -> list[Game]:
    """Copies of a seeded game at every move, half random moves, half greedy ones."""
    var = engine.load_variant(variant)
    game = engine.new_game(var, players, seed=seed)
    bots = [make_bot("greedy", seat_seed(seed, k)) for k in range(players)]
    rng = Rng(seed)
    out = []
    while not game.is_over:
        out.append(game.clone())
        seat = game.current_player
        assert seat is not None
        if rng.below(2):
            game.apply(random_action(game, rng))
        else:
            game.apply(bots[seat].choose(game.view(seat), game.legal_actions(), var))
    return out


@pytest.mark.parametrize(("variant", "players"), CASES)
def test_a_seats_game_is_the_game_of_its_view_for_every_seat(variant: str, players: int) -> None:
    checked = 0
    for seed in (1, 2):
        for game in positions(variant, players, seed):
            for seat in range(players):
                for sample in (False, True):
                    direct = seat_game(game, seat, 99, sample=sample)
                    viewed = game_from_view(game.variant, game.view(seat), 99, sample=sample)
                    assert slots(direct.state) == slots(viewed.state), (seat, game.phase)
                    assert type(direct.state.chance) is type(viewed.state.chance)
                    assert direct.view(None) == viewed.view(None)
                    checked += 1
    assert checked > 200


def test_the_hidden_order_stays_hidden() -> None:
    """The seat's pile is the unseen cards in the rules' order (or shuffled by the seat's
    own seed), never the real one: two games that differ only in the pile's order give
    the same seat game."""
    game = engine.new_game("medici", 4, seed=5)
    other = game.clone()
    other.state.pile = other.state.pile[::-1]
    assert other.state.pile != game.state.pile
    for sample in (False, True):
        a = seat_game(game, 0, 7, sample=sample).state
        b = seat_game(other, 0, 7, sample=sample).state
        assert slots(a) == slots(b)
    assert isinstance(seat_game(game, 0, 7, sample=False).state.chance, InOrderChance)
    assert isinstance(seat_game(game, 0, 7).state.chance, SeededChance)


LINEUPS = [
    ("medici", ("greedy", "greedy", "thrifty", "spoiler")),
    ("medici", ("greedy", "casual", "style:face0.5/ours0.5/pay0.8/draw9", "novice")),
    ("medici-vs-strozzi", ("greedy", "greedy")),
    ("medici-vs-strozzi", ("greedy", "hoarder")),
    ("medici-vs-strozzi", ("style:ours0.4/face0.6/pay1.7/raise0.4/draw12", "club")),
]


@pytest.mark.parametrize(("variant", "bots"), LINEUPS)
def test_bots_move_the_same_through_either_door(variant: str, bots: tuple[str, ...]) -> None:
    """greedy and the field's styles build their game from the game; the levels (whose
    greedy forgets and overbids) and the rest go through the view: the same moves."""
    var = engine.load_variant(variant)
    for seed in (3, 4):
        moves = []
        for door in ("view", "game"):
            game = engine.new_game(var, len(bots), seed=seed)
            seats = [make_bot(spec, seat_seed(seed, k)) for k, spec in enumerate(bots)]
            played = []
            while not game.is_over:
                seat = game.current_player
                assert seat is not None
                if door == "view":
                    action = seats[seat].choose(game.view(seat), game.legal_actions(), var)
                else:
                    action = seats[seat].choose_in(game, seat)
                played.append(str(action))
                game.apply(action)
            moves.append(played)
        assert moves[0] == moves[1]


def test_the_runner_plays_the_field_and_the_search_through_the_view_door() -> None:
    """Bots without a door of their own (a style, the search) move as ``choose`` does."""
    result = play_game("medici", ["greedy", "thrifty", "mcts:20", "random"], 11)
    assert sum(result["money"]) > 0


def test_choose_in_refuses_a_seat_whose_turn_it_is_not() -> None:
    game = engine.new_game("medici", 4, seed=1)
    seat = game.current_player
    assert seat is not None
    with pytest.raises(BotError, match="turn"):
        make_bot("greedy", 1).choose_in(game, (seat + 1) % 4)


def test_a_subclass_that_moves_otherwise_keeps_its_own_move() -> None:
    """A greedy bot whose subclass decides otherwise (a level's forgetting, overbidding
    greedy) is asked through the view, so its own ``_choose`` decides."""
    from engine.bots.base import Turn
    from engine.bots.greedy import GreedyBot

    class Last(GreedyBot):
        def _choose(self, turn: Turn) -> Any:
            return turn.legal[-1]

    game = engine.new_game("medici", 4, seed=2)
    greedy = make_bot("greedy", 1)
    while True:  # to a move where greedy would not make the last legal one
        seat = game.current_player
        assert seat is not None
        legal = game.legal_actions()
        mine = greedy.choose_in(game, seat)
        if mine != legal[-1]:
            break
        game.apply(mine)
    assert mine == greedy.choose(game.view(seat), legal, game.variant)
    assert Last("last", 1).choose_in(game, seat) == legal[-1]
