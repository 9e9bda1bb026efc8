"""Undo: one action back, never past a chance outcome already seen (G-1, G-3)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.chance import Rng
from engine.errors import IllegalAction
from engine.game import Game, new_game, replay
from engine.records import undo
from engine.runs.random_play import random_action


def _moves(game: Game) -> list[int]:
    return [i for i, e in enumerate(game.events) if game.logic.action_of(e) is not None]


def test_nothing_to_undo_at_the_start() -> None:
    game = new_game("medici", 3, seed=1)
    with pytest.raises(IllegalAction, match="nothing to undo"):
        undo(game)


def test_undo_a_bid_equals_a_fresh_replay_and_leaves_the_game_alone() -> None:
    game = new_game("medici", 4, seed=2)
    for text in ("draw", "stop", "bid 3", "bid 5"):
        game.apply(text)
    before = (game.view(), list(game.events))
    back = undo(game)
    assert (game.view(), game.events) == before
    fresh = replay(game.events, upto=_moves(game)[-1])
    assert back.view() == fresh.view()
    assert back.legal_actions() == fresh.legal_actions()
    assert back.events == fresh.events
    assert back.view()["high_bid"] == 3
    again = undo(undo(back))  # bid 3, then stop: neither reveals anything
    assert again.phase == "selecting" and again.view()["lot"] == [back.view()["lot"][0]]


def test_a_drawn_card_stays_drawn() -> None:
    """G-3: undoing a draw would hide a seen card and allow drawing again: refused."""
    game = new_game("medici", 3, seed=3)
    game.apply("draw")
    card = game.events[-1]["card"]
    with pytest.raises(IllegalAction, match=f"cannot undo draw: {card} has been drawn and seen"):
        undo(game)
    game.apply("stop")
    back = undo(game)
    with pytest.raises(IllegalAction, match="never goes back past a chance outcome"):
        undo(back)


def test_undo_never_crosses_into_the_previous_day() -> None:
    """M-3, G-1: the move that ended a day started the next one, with its shuffle: refused."""
    game = new_game("medici", 3, seed=4)
    rng = Rng(4)
    while game.view()["day"] == 1:
        game.apply(random_action(game, rng))
    with pytest.raises(IllegalAction, match="a new pile was shuffled"):
        undo(game)


def test_the_free_fill_reveals_cards(medici_table) -> None:
    """M-12: the free fill turns up cards; the move that caused it cannot be undone."""
    cards = list(medici_table.cards)
    game = medici_table.new(3, [cards[:18]], choices=[0], fallback=9)
    medici_table.lot(game, cards[0:3], buyer=1)
    medici_table.lot(game, cards[3:6], buyer=2)
    medici_table.lot(game, cards[6:8], buyer=1)  # player 2's ship is full
    medici_table.lot(game, cards[8:10], buyer=2)  # player 3's too: player 1 fills for free
    last = game.events[_moves(game)[-1]:]
    assert any(e["type"] == "free_fill" for e in last)
    with pytest.raises(IllegalAction, match="cannot undo pass: the free fill turned up cards"):
        undo(game)


def test_strozzi_price_and_buy_undo_but_draw_does_not() -> None:
    game = new_game("medici-vs-strozzi", 2, seed=5)
    game.apply("draw")
    with pytest.raises(IllegalAction, match="has been drawn and seen"):
        undo(game)
    game.apply("stop")
    game.apply("price 4")
    back = undo(game)
    assert back.view() == replay(game.events, upto=_moves(game)[-1]).view()
    assert "price" in {entry.kind for entry in back.legal_actions()}
    assert "buy" in {entry.kind for entry in game.legal_actions()}
    game.apply("buy")
    assert undo(game).view() == replay(game.events, upto=_moves(game)[-1]).view()


@settings(max_examples=40, deadline=None)
@given(
    game=st.sampled_from([("medici", 2), ("medici", 5), ("medici-vs-strozzi", 2)]),
    seed=st.integers(0, 2**32),
    moves=st.integers(1, 250),
)
def test_undo_then_redo_is_the_same_game_and_chance_goes_on_alike(game, seed, moves) -> None:
    """After undo and the same action again, the game equals the original, future chance too."""
    variant, players = game
    original = new_game(variant, players, seed=seed)
    rng = Rng(seed)
    for _ in range(moves):
        if original.is_over:
            break
        original.apply(random_action(original, rng))
    try:
        back = undo(original)
    except IllegalAction as err:
        last = original.events[_moves(original)[-1]:]
        assert any(e["type"] in ("order", "choose", "draw", "free_fill") for e in last), err
        return
    redo = original.logic.action_of(original.events[_moves(original)[-1]])
    back.apply(redo)
    assert back.events == original.events and back.view() == original.view()
    more = Rng(seed + 1)
    while not original.is_over:
        action = random_action(original, more)
        original.apply(action)
        back.apply(action)
    assert back.events == original.events


def test_undo_keeps_outcomes_given_ahead_for_a_table_game(medici_table) -> None:
    """A table game entered with day 2's order in advance keeps it through an undo."""
    cards = list(medici_table.cards)
    day1, day2 = cards[:18], list(reversed(cards))[:18]
    game = medici_table.new(2, [day1, day2], choices=[0])
    game.apply("draw")
    game.apply("stop")
    game.apply("bid 2")
    back = undo(game)
    back.apply("bid 2")
    back.apply("pass")
    medici_table.discard_rest(back)
    assert [e for e in back.events if e["type"] == "order"][1]["order"] == day2
